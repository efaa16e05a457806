// SPDX-License-Identifier: MIT
#include "OutputFile.h"

#include "core/support/InputError.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

namespace se::tool {

void OutputFile::write(const std::string &out, const std::string &text)
{
    if (isStdout(out)) {
        std::cout << text; // a failed stdout is reported at exit
        return;
    }
    std::ofstream f(out, std::ios::binary);
    if (!f)
        throw InputError(out, "", std::string("cannot write the file: ") + std::strerror(errno));
    if (!(f << text) || !f.flush())
        throw InputError(out, "", std::string("writing the file failed: ") + std::strerror(errno));
}

} // namespace se::tool
