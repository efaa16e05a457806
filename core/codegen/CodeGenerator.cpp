// SPDX-License-Identifier: MIT
#include "CodeGenerator.h"

#include "AstBuilder.h"
#include "AstCPrinter.h"
#include "AstTranslator.h"
#include "NestTextPrinter.h"
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"

namespace se {

RegeneratedNest CodeGenerator::generate(const PolyhedralModel &model, const isl::schedule &schedule,
                                        const std::string &scheduleFile, const std::string &scheduleDescription)
{
    return generate(model, schedule, scheduleFile, scheduleDescription, nullptr);
}

std::string CodeGenerator::cCode(const PolyhedralModel &model, const isl::schedule &schedule,
                                 const std::string &scheduleFile, const std::string &scheduleDescription)
{
    const isl::ast_node ast =
        AstBuilder::build(model, schedule, scheduleFile.empty() ? model.kernel()->sourcePath : scheduleFile);
    RegeneratedNest heading;
    heading.source = model.kernel();
    heading.fixedParams = model.fixedParams();
    heading.schedule = scheduleDescription;
    return QuotaScope::run(model.islContext(), "printing the loop nest", [&] {
        return AstCPrinter::print(*model.kernel(), model.paramNames(), ast, NestTextPrinter::title(heading));
    });
}

RegeneratedNest CodeGenerator::generateWithC(const PolyhedralModel &model, const isl::schedule &schedule,
                                             const std::string &scheduleFile, const std::string &scheduleDescription,
                                             std::string &c)
{
    return generate(model, schedule, scheduleFile, scheduleDescription, &c);
}

RegeneratedNest CodeGenerator::generate(const PolyhedralModel &model, const isl::schedule &schedule,
                                        const std::string &scheduleFile, const std::string &scheduleDescription,
                                        std::string *c)
{
    const std::string file = scheduleFile.empty() ? model.kernel()->sourcePath : scheduleFile;
    const isl::ast_node ast = AstBuilder::build(model, schedule, file);
    RegeneratedNest nest;
    nest.source = model.kernel();
    nest.fixedParams = model.fixedParams();
    nest.schedule = scheduleDescription;
    if (c)
        *c = QuotaScope::run(model.islContext(), "printing the loop nest", [&] {
            return AstCPrinter::print(*model.kernel(), model.paramNames(), ast, NestTextPrinter::title(nest));
        });
    AstTranslator translator(*model.kernel(), file);
    nest.body = QuotaScope::run(model.islContext(), "translating the loop nest",
                                [&] { return translator.translate(ast); });
    return nest;
}

} // namespace se
