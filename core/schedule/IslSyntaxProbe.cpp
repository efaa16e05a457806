// SPDX-License-Identifier: MIT
#include "IslSyntaxProbe.h"

#include "core/support/ChildProcess.h"
#include "core/support/InputError.h"
#include "core/support/JsonText.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/aff.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <regex>
#include <vector>
#include <unistd.h>

namespace se {

namespace {

struct Quoted {
    std::size_t start; ///< offset of the first character inside the quotes
    std::string text;
};

// The double-quoted values of a YAML text, in order (isl writes no escapes
// inside its sets and maps; a backslash is kept as it is).
std::vector<Quoted> quotedValues(const std::string &yaml)
{
    std::vector<Quoted> out;
    for (std::size_t k = 0; k < yaml.size(); ++k) {
        if (yaml[k] != '"')
            continue;
        const std::size_t end = yaml.find('"', k + 1);
        if (end == std::string::npos)
            break;
        out.push_back({k + 1, yaml.substr(k + 1, end - k - 1)});
        k = end;
    }
    return out;
}

// isl reads a tree's quoted sets and maps as texts of their own, so its
// position is inside the value: the first value isl reads as neither a set
// nor a schedule (read in a child: a scratch context). -1 when none fails.
int firstBrokenValue(const std::vector<Quoted> &values)
{
    const ChildProcess::Result r = ChildProcess::run(
        [&](int fd) {
            // raw isl begin: parse without throwing in a scratch context
            isl_ctx *ctx = isl_ctx_alloc();
            isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
            std::string found = "-1";
            for (std::size_t k = 0; k < values.size(); ++k) {
                if (values[k].text.find('{') == std::string::npos)
                    continue; // a mark's name, not a set or a schedule
                isl_union_set *set = isl_union_set_read_from_str(ctx, values[k].text.c_str());
                isl_multi_union_pw_aff *mupa =
                    set ? nullptr : isl_multi_union_pw_aff_read_from_str(ctx, values[k].text.c_str());
                const bool broken = !set && !mupa;
                isl_union_set_free(set);
                isl_multi_union_pw_aff_free(mupa);
                if (broken) {
                    found = std::to_string(k);
                    break;
                }
            }
            isl_ctx_free(ctx);
            // raw isl end
            return write(fd, found.data(), found.size()) == static_cast<ssize_t>(found.size()) ? 0 : 1;
        },
        5);
    if (r.outcome != ChildProcess::Outcome::Exited || r.output.empty())
        return -1;
    return std::stoi(r.output);
}

} // namespace

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

void IslSyntaxProbe::throwWithPosition(const std::string &text, bool tree, const std::string &file,
                                       const std::string &fault)
{
    if (fault.size() < 12 || fault.compare(fault.size() - 12, 12, "syntax error") != 0)
        return; // isl said more than "syntax error": its words stand
    const auto p = probe(text, tree);
    if (!p)
        return;
    const std::string message = p->message.empty() ? fault : fault + ": " + p->message;
    if (tree) {
        // A position inside a quoted value: made a position in the file.
        const auto values = quotedValues(text);
        const int k = values.size() <= 10000 ? firstBrokenValue(values) : -1;
        if (k >= 0) {
            const Quoted &v = values[static_cast<std::size_t>(k)];
            std::size_t offset = v.start;
            for (int line = 1; line < p->line && offset < v.start + v.text.size(); ++offset)
                if (v.text[offset - v.start] == '\n')
                    ++line;
            throw InputError(file, JsonText::where(text, offset + static_cast<std::size_t>(p->column) - 1), message);
        }
    }
    throw InputError(file, "line " + std::to_string(p->line) + ", column " + std::to_string(p->column), message);
}

} // namespace se
