// SPDX-License-Identifier: MIT
#include "IslSyntaxProbe.h"

#include "core/support/ChildProcess.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/union_map.h>

#include <regex>
#include <unistd.h>

namespace se::tool {

std::optional<IslSyntaxProbe::Result> IslSyntaxProbe::probe(const std::string &text, bool tree)
{
    if (text.find('\0') != std::string::npos)
        return std::nullopt;
    const ChildProcess::Result r = ChildProcess::run(
        [&](int fd) {
            // isl writes the position with fprintf(stderr): stderr is the pipe.
            if (dup2(fd, STDERR_FILENO) < 0)
                return 1;
            // raw isl begin: a scratch context whose parse errors isl prints (ISL_ON_ERROR_WARN)
            // with the position; cpp.h would throw and print nothing
            isl_ctx *ctx = isl_ctx_alloc();
            isl_options_set_on_error(ctx, ISL_ON_ERROR_WARN);
            if (tree)
                isl_schedule_free(isl_schedule_read_from_str(ctx, text.c_str()));
            else
                isl_union_map_free(isl_union_map_read_from_str(ctx, text.c_str()));
            isl_ctx_free(ctx);
            // raw isl end
            return 0;
        },
        5);
    if (r.outcome != ChildProcess::Outcome::Exited)
        return std::nullopt;
    static const std::regex position(R"(syntax error \((\d+), (\d+)\): ([^\n]*))");
    std::smatch m;
    if (!std::regex_search(r.output, m, position))
        return std::nullopt;
    Result out;
    out.line = std::stoi(m[1]);
    out.column = std::stoi(m[2]);
    out.message = m[3];
    if (out.line <= 0 || out.column <= 0)
        return std::nullopt;
    return out;
}

} // namespace se::tool
