// SPDX-License-Identifier: MIT
// codegen: the regenerated loop nest of a schedule.
#include "Commands.h"

#include "JsonOutput.h"
#include "OutputFile.h"
#include "ToolSession.h"
#include "core/codegen/CodeGenerator.h"
#include "core/codegen/NestKernelWriter.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace se::tool {

int codegenCommand(ToolSession &s)
{
    const auto &o = s.options();
    const std::string format = o.format.empty() ? "text" : o.format;
    if (format != "text" && format != "kernel" && format != "c")
        throw UsageError("codegen --format takes text, kernel or c, got '" + format + "'");
    const isl::schedule &schedule = s.schedule();
    std::string out;
    if (format == "c") {
        out = s.exported().c();
    } else {
        const RegeneratedNest nest = CodeGenerator::generate(s.model(), schedule, o.schedule, s.scheduleSource());
        out = format == "kernel" ? NestKernelWriter::text(nest) : NestTextPrinter::print(nest);
    }
    // The kernel form is JSON already; --json wraps the other two.
    if (o.json && format != "kernel")
        out = versionedJson({{"kernel", s.model().kernel()->name}, {"form", format}, {"code", out}});
    OutputFile::write(o.out, out);
    return Ok;
}

} // namespace se::tool
