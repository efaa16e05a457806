// SPDX-License-Identifier: MIT
// export-jscop: the kernel and its schedule as a JSCoP (Polly's exchange
// format). Import needs no command: `--schedule FILE.jscop` reads one.
#include "Commands.h"
#include "ToolOptions.h"
#include "OutputFile.h"
#include "ToolSession.h"
#include "core/interop/JscopMerge.h"
#include "core/interop/JscopWriter.h"
#include "core/support/InputFile.h"

#include <iostream>

namespace se::tool {

int exportJscopCommand(ToolSession &s)
{
    const auto &o = s.options();
    if (!o.into.empty()) {
        const std::string text = JscopMerge::into(s.model(), s.schedule(), InputFile::read(o.into), o.into);
        if (OutputFile::isStdout(o.out))
            std::cout << text;
        else
            OutputFile::write(o.out, text);
        return Ok;
    }
    if (OutputFile::isStdout(o.out))
        std::cout << JscopWriter::write(s.model(), s.schedule());
    else
        JscopWriter::writeFile(s.model(), s.schedule(), o.out);
    return Ok;
}

} // namespace se::tool
