// SPDX-License-Identifier: MIT
#include "ScheduleValidator.h"
#include "UnionMapPieces.h"

#include "IslSyntaxProbe.h"

#include "ScheduleTreeWalk.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/InputError.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/stream.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <memory>
#include <vector>

namespace se {

namespace {

// Where the text after the union map that starts `text` begins (the first
// non-blank character after the '}' closing its first '{'; isl text has no
// braces inside names), as `line L, column C`, and that text up to the end
// of its line.
std::pair<std::string, std::string> afterFirstMap(const std::string &text)
{
    int depth = 0;
    std::size_t at = std::string::npos;
    for (std::size_t k = 0; k < text.size(); ++k) {
        if (text[k] == '{') {
            ++depth;
        } else if (text[k] == '}' && --depth == 0) {
            at = text.find_first_not_of(" \t\r\n", k + 1);
            break;
        }
    }
    if (at == std::string::npos)
        return {"", ""};
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t k = 0; k < at; ++k)
        if (text[k] == '\n') {
            ++line;
            lineStart = k + 1;
        }
    std::string quote = text.substr(at, std::min<std::size_t>(40, text.find('\n', at) - at));
    return {"line " + std::to_string(line) + ", column " + std::to_string(at - lineStart + 1), quote};
}

} // namespace

isl::union_map ScheduleValidator::readWholeUnionMap(isl_ctx *ctx, const std::string &text, const std::string &file,
                                                    UnionMapPieces *pieces)
{
    if (pieces)
        if (auto m = pieces->read(isl::ctx(ctx), text))
            return *m;
    const auto lastError = [&] {
        const char *msg = isl_ctx_last_error_msg(ctx); // raw isl: cpp.h keeps the message inside its exception
        return std::string(msg ? msg : "syntax error");
    };
    std::unique_ptr<isl_stream, void (*)(isl_stream *)> s(isl_stream_new_str(ctx, text.c_str()), isl_stream_free);
    if (!s)
        throw InputError(file, "", "neither an isl schedule tree nor an isl union map: " + lastError());
    isl_union_map *m = isl_stream_read_union_map(s.get());
    if (!m) {
        const std::string fault = "neither an isl schedule tree nor an isl union map: " + lastError();
        IslSyntaxProbe::throwWithPosition(text, false, file, fault);
        throw InputError(file, "", fault);
    }
    isl::union_map out = isl::manage(m);
    if (!isl_stream_is_empty(s.get())) {
        const auto [place, quote] = afterFirstMap(text);
        throw InputError(file, place,
                         "text after the union map" + (quote.empty() ? std::string() : " (`" + quote + "`)")
                             + ": a schedule file holds one union map (write every piece inside its one "
                               "`{ ...; ... }`)");
    }
    return out;
}

namespace {

const char *kindName(isl_schedule_node_type t)
{
    switch (t) {
    case isl_schedule_node_sequence: return "sequence";
    case isl_schedule_node_set: return "set";
    case isl_schedule_node_band: return "band";
    case isl_schedule_node_filter: return "filter";
    case isl_schedule_node_mark: return "mark";
    default: return "tree";
    }
}

// Through isl's C API only: the C++ bindings throw isl's own message
// (`isl_list_templ.c:136: index out of bounds`) for a child that is not there.
void checkChildrenReadable(isl_schedule_node *node, std::vector<int> &path, const std::string &file)
{
    // raw isl begin: see above; a missing child must come back as null, not as an exception
    const isl_schedule_node_type t = isl_schedule_node_get_type(node);
    const bool list = t == isl_schedule_node_sequence || t == isl_schedule_node_set;
    const int n = isl_schedule_node_n_children(node);
    for (int k = 0; k < n; ++k) {
        isl_schedule_node *c = isl_schedule_node_get_child(node, k);
        if (!c) {
            isl_ctx_reset_error(isl_schedule_node_get_ctx(node));
            const std::string kind = kindName(t);
            throw InputError(file, "node " + ScheduleTreeWalk::pathText(path),
                             list ? "a " + kind + " node without children (every " + kind
                                     + " needs at least one filter child)"
                                  : "a " + kind + " node whose child cannot be read");
        }
        path.push_back(k);
        try {
            checkChildrenReadable(c, path, file);
        } catch (...) {
            isl_schedule_node_free(c);
            throw;
        }
        path.pop_back();
        isl_schedule_node_free(c);
    }
    // raw isl end
}

} // namespace

void ScheduleValidator::checkReadable(const isl::schedule &tree, const std::string &file)
{
    std::vector<int> path;
    // raw isl begin: the walk above is in C (a missing child is null, not an exception)
    isl_schedule_node *root = isl_schedule_get_root(tree.get());
    if (!root)
        throw InputError(file, "", "a schedule tree without a root node");
    try {
        checkChildrenReadable(root, path, file);
    } catch (...) {
        isl_schedule_node_free(root);
        throw;
    }
    isl_schedule_node_free(root);
    // raw isl end
}

void ScheduleValidator::checkDisjointFilters(const PolyhedralModel &model, const isl::schedule &tree,
                                             const std::string &file)
{
    ScheduleTreeWalk::forEach(tree.root(), [&](const isl::schedule_node &n, const std::vector<int> &path) {
        const auto t = isl_schedule_node_get_type(n.get()); // raw isl: the type as an enum, tested twice
        if (t != isl_schedule_node_sequence && t != isl_schedule_node_set)
            return;
        const char *kind = t == isl_schedule_node_sequence ? "sequence" : "set";
        const int children = static_cast<int>(n.n_children());
        if (children <= 0)
            throw InputError(file, "node " + ScheduleTreeWalk::pathText(path),
                             std::string("a ") + kind + " node without children (every " + kind
                                 + " needs at least one filter child)");
        // The instances that reach this node, as the kernel has them.
        const isl::union_set reach = isl::manage(isl_schedule_node_get_domain(n.get())).intersect(model.domain());
        std::vector<isl::union_set> filters;
        for (int k = 0; k < children; ++k) {
            const isl::schedule_node c = n.child(k);
            if (!c.isa<isl::schedule_node_filter>())
                continue; // isl's reader puts a filter above every child
            filters.push_back(c.as<isl::schedule_node_filter>().filter().intersect(reach));
        }
        for (std::size_t a = 0; a < filters.size(); ++a)
            for (std::size_t b = a + 1; b < filters.size(); ++b) {
                const isl::union_set both = filters[a].intersect(filters[b]);
                if (both.is_empty())
                    continue;
                throw InputError(file, "node " + ScheduleTreeWalk::pathText(path),
                                 std::string("the filters of children ") + std::to_string(a) + " and "
                                     + std::to_string(b) + " of this " + kind
                                     + " overlap: the schedule would run these instances twice (each instance "
                                       "must have exactly one time): "
                                     + islutil::str(both.gist_params(model.context())));
            }
    });
}

isl::set ScheduleValidator::scheduledTwice(const isl::map &times)
{
    // { i -> [t1 -> t2] : t1 <lex t2 both times of i }
    const isl::map pairs = times.range_product(times);
    const isl::map lt = isl::manage(isl_map_lex_lt(times.get_space().range().release()));
    return pairs.intersect_range(lt.wrap()).domain();
}

} // namespace se
