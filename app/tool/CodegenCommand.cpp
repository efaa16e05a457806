// SPDX-License-Identifier: MIT
// codegen: the regenerated loop nest of a schedule.
#include "Commands.h"

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
        out = nlohmann::json{{"kernel", s.model().kernel()->name}, {"format", format}, {"code", out}}.dump(1) + "\n";
    if (!o.out.empty()) {
        std::ofstream f(o.out, std::ios::binary);
        if (!(f << out))
            throw InputError(o.out, "", "cannot write the file");
        return Ok;
    }
    std::cout << out;
    return Ok;
}

} // namespace se::tool
