// SPDX-License-Identifier: MIT
// Test helper: the regenerated nest of a schedule as text, or the error that
// refused it.
#pragma once

#include "core/codegen/AstBuilder.h"
#include "core/codegen/AstTranslator.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/codegen/RegeneratedNest.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/InputError.h"

#include <QString>

namespace se::test {

inline QString nestText(const PolyhedralModel &model, const isl::schedule &s, AstBuilder::From from)
{
    try {
        RegeneratedNest nest;
        nest.source = model.kernel();
        nest.body = AstTranslator(*model.kernel(), "test").translate(AstBuilder::build(model, s, "test", from));
        return QString::fromStdString(NestTextPrinter::print(nest));
    } catch (const InputError &e) {
        return QStringLiteral("refused: ") + QString::fromStdString(e.fault());
    }
}

} // namespace se::test
