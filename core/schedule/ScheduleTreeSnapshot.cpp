// SPDX-License-Identifier: MIT
#include "ScheduleTreeSnapshot.h"

#include "ScheduleTreeMemo.h"
#include "ScheduleTreeWalk.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/aff.h>
#include <isl/printer.h>
#include <isl/schedule_node.h>
#include <isl/union_set.h>

#include <algorithm>
#include <deque>
#include <functional>

namespace se {

namespace {

ScheduleTreeSnapshot::Kind kindOf(const isl::schedule_node &n)
{
    using K = ScheduleTreeSnapshot::Kind;
    // raw isl: one switch over the node type; cpp.h has only isa<> per class
    switch (isl_schedule_node_get_type(n.get())) {
    case isl_schedule_node_domain: return K::Domain;
    case isl_schedule_node_sequence: return K::Sequence;
    case isl_schedule_node_set: return K::Set;
    case isl_schedule_node_filter: return K::Filter;
    case isl_schedule_node_band: return K::Band;
    case isl_schedule_node_mark: return K::Mark;
    case isl_schedule_node_context: return K::Context;
    case isl_schedule_node_guard: return K::Guard;
    case isl_schedule_node_extension: return K::Extension;
    case isl_schedule_node_expansion: return K::Expansion;
    default: return K::Leaf;
    }
}

// Statement names of a union set, in the model's (program) order.
std::vector<std::string> statementsOf(const PolyhedralModel &model, const isl::union_set &set)
{
    std::vector<int> idx;
    set.foreach_set([&](isl::set s) {
        if (s.is_empty())
            return;
        const int k = model.statementIndex(s);
        if (k >= 0)
            idx.push_back(k);
    });
    std::sort(idx.begin(), idx.end());
    idx.erase(std::unique(idx.begin(), idx.end()), idx.end());
    std::vector<std::string> out;
    for (int k : idx)
        out.push_back(model.statements()[static_cast<std::size_t>(k)].name);
    return out;
}

// A piecewise expression as C: `t + i`, `floord(i, 32)`, `i >= 5 ? 0 : i`.
std::string cExpr(const isl::pw_aff &pa)
{
    isl_printer *p = isl_printer_to_str(pa.ctx().get());
    p = isl_printer_set_output_format(p, ISL_FORMAT_C);
    p = isl_printer_print_pw_aff(p, pa.get());
    std::string out = islutil::take(isl_printer_get_str(p));
    isl_printer_free(p);
    return out;
}

// The parts of each member of a band, for the statements reaching it.
std::vector<ScheduleTreeMemo::Parts> partsOf(const PolyhedralModel &model, const isl::schedule_node_band &band,
                                             const isl::union_set &domain, const std::vector<std::string> &reaching,
                                             ScheduleTreeMemo &known)
{
    std::vector<ScheduleTreeMemo::Parts> out;
    // { s0[t, i] -> [t, i]; s1[t, i] -> [t, i] }
    const isl::multi_union_pw_aff mupa = band.partial_schedule();
    const int n = static_cast<int>(band.n_member());
    for (int m = 0; m < n; ++m) {
        ScheduleTreeMemo::Parts parts;
        const isl::union_pw_aff upa = mupa.at(m).intersect_domain(domain);
        // Only the statements reaching the band (all of them, per band, is
        // quadratic on a 400-statement pipeline).
        for (const auto &name : reaching) {
            const auto &st = model.statements()[static_cast<std::size_t>(model.statementIndex(name))];
            const isl::pw_aff pa = islutil::statementPiece(upa, st.domain.get_space()); // { s0[t, i] -> [x] }
            if (pa.is_null())
                continue;
            // The text depends only on the domain and the part, names aside.
            const std::string *domainText = known.domainText(st.name);
            const std::string key =
                (domainText ? *domainText : known.storeDomainText(st.name, islutil::str(islutil::anonymous(st.domain))))
                + '\n' + islutil::str(islutil::anonymous(pa));
            const std::optional<std::string> *shown = known.partText(key);
            if (!shown) {
                std::optional<std::string> text;
                if (!pa.domain().is_empty()) // simplified with what the domain and context say
                    text = cExpr(pa.gist(st.domain).gist_params(model.context()));
                shown = known.storePartText(key, std::move(text));
            }
            if (*shown)
                parts.push_back({st.name, **shown});
        }
        out.push_back(std::move(parts));
    }
    return out;
}

std::string text(const isl::union_set &s, const PolyhedralModel &model)
{
    return islutil::str(s.gist_params(model.context()));
}

} // namespace

bool operator==(const ScheduleTreeSnapshot::Member::Part &a, const ScheduleTreeSnapshot::Member::Part &b)
{
    return a.statement == b.statement && a.expr == b.expr;
}

int ScheduleTreeSnapshot::find(const std::vector<int> &path) const
{
    for (std::size_t k = 0; k < nodes.size(); ++k)
        if (nodes[k].path == path)
            return static_cast<int>(k);
    return -1;
}

int ScheduleTreeSnapshot::bandDepth(int node) const
{
    int depth = 0;
    for (int k = node; k >= 0; k = nodes[static_cast<std::size_t>(k)].parent)
        depth += static_cast<int>(nodes[static_cast<std::size_t>(k)].members.size());
    return depth;
}

int ScheduleTreeSnapshot::nodeForLevel(const std::string &statement, int level) const
{
    const auto reaches = [&](int k) {
        const auto &st = nodes[static_cast<std::size_t>(k)].statements;
        return std::find(st.begin(), st.end(), statement) != st.end();
    };
    if (level < 0 || nodes.empty() || !reaches(0))
        return -1;
    int depth = 0;
    int k = 0;
    while (true) {
        const Node &n = nodes[static_cast<std::size_t>(k)];
        if (n.kind == Kind::Band) {
            depth += static_cast<int>(n.members.size());
            if (level < depth)
                return k;
        } else if (n.kind == Kind::Sequence || n.kind == Kind::Set) {
            if (level == depth)
                return k;
            ++depth;
        }
        int next = -1;
        for (int c : n.children)
            if (reaches(c)) {
                next = c;
                break;
            }
        if (next < 0)
            return -1;
        k = next;
    }
}

const char *ScheduleTreeSnapshot::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Domain: return "domain";
    case Kind::Sequence: return "sequence";
    case Kind::Set: return "set";
    case Kind::Filter: return "filter";
    case Kind::Band: return "band";
    case Kind::Mark: return "mark";
    case Kind::Leaf: return "leaf";
    case Kind::Context: return "context";
    case Kind::Guard: return "guard";
    case Kind::Extension: return "extension";
    case Kind::Expansion: return "expansion";
    }
    return "?";
}

std::string ScheduleTreeSnapshot::pathText(const std::vector<int> &path)
{
    return ScheduleTreeWalk::pathText(path);
}

ScheduleTreeSnapshot ScheduleTreeSnapshot::build(const PolyhedralModel &model, const isl::schedule &schedule,
                                                 ScheduleTreeMemo *memo)
{
    ScheduleTreeMemo scratch; // no memo given: one for this build only
    ScheduleTreeMemo &known = memo ? *memo : scratch;
    return QuotaScope::run(model.islContext(), "reading the schedule tree", [&] {
        known.begin();
        ScheduleTreeSnapshot out;
        std::vector<int> stack; // indices of the nodes on the current path
        // Per node: the instances reaching it, made only when a node below
        // needs them and the memo does not know the answer (an edit leaves
        // most of the tree as it was). Tracked top-down:
        // isl_schedule_node_get_domain walks from the root every time, and
        // intersecting the filter first costs one lookup per filtered
        // statement, not one per statement reaching the parent.
        struct Reach {
            int id = -1; ///< ScheduleTreeMemo::domainId
            isl::union_set own; ///< a domain node's domain, a filter's filter
            isl::union_set set; ///< the instances, once made
        };
        std::deque<Reach> reach; // never relocated (see emplace_back below)
        const std::function<const isl::union_set &(int)> instances = [&](int k) -> const isl::union_set & {
            Reach &r = reach[static_cast<std::size_t>(k)];
            if (r.set.is_null()) {
                const int parent = out.nodes[static_cast<std::size_t>(k)].parent;
                const Kind kind = out.nodes[static_cast<std::size_t>(k)].kind;
                if (kind == Kind::Domain)
                    r.set = r.own;
                else if (kind == Kind::Filter)
                    r.set = r.own.intersect(instances(parent));
                else
                    r.set = instances(parent);
            }
            return r.set;
        };
        const auto shown = [&](const isl::union_set &set, const std::string &raw) {
            if (const std::string *t = known.shownText(raw))
                return *t;
            std::string t = text(set, model);
            known.storeShownText(raw, t);
            return t;
        };
        ScheduleTreeWalk::forEach(schedule.root(), [&](const isl::schedule_node &n, const std::vector<int> &path) {
            QuotaScope::nextStep(model.islContext()); // one node, one unit of work
            stack.resize(path.size());
            Node node;
            node.kind = kindOf(n);
            node.path = path;
            node.parent = path.empty() ? -1 : stack[path.size() - 1];
            const int index = static_cast<int>(out.nodes.size());
            Reach &r = reach.emplace_back(); // made in place: cpp.h copies, and refuses a null set
            std::string raw; // isl's text of a domain or filter set
            if (node.kind == Kind::Domain || node.kind == Kind::Filter) {
                r.own = node.kind == Kind::Domain ? n.as<isl::schedule_node_domain>().domain()
                                                  : n.as<isl::schedule_node_filter>().filter();
                raw = islutil::str(r.own);
                r.id = known.domainId(node.parent < 0 ? -1 : reach[static_cast<std::size_t>(node.parent)].id, raw);
            } else if (node.parent < 0) {
                r.set = isl::manage(isl_schedule_node_get_domain(n.get()));
                r.id = known.domainId(-1, islutil::str(r.set));
            } else {
                r.id = reach[static_cast<std::size_t>(node.parent)].id;
            }
            if (node.parent >= 0)
                out.nodes[static_cast<std::size_t>(node.parent)].children.push_back(index);
            out.nodes.push_back(std::move(node));
            stack.push_back(index);
            Node &at = out.nodes.back();

            if (const auto *statements = known.statements(reach.back().id)) {
                at.statements = *statements;
            } else {
                at.statements = statementsOf(model, instances(index));
                known.storeStatements(reach.back().id, at.statements);
            }
            switch (at.kind) {
            case Kind::Domain:
            case Kind::Filter: at.text = shown(reach.back().own, raw); break;
            case Kind::Band: {
                const auto band = n.as<isl::schedule_node_band>();
                at.permutable = band.permutable();
                // raw isl: isl's text; cpp.h has no to_str, only operator<<
                at.text = islutil::take(isl_multi_union_pw_aff_to_str(band.partial_schedule().get()));
                const int id = reach.back().id;
                const std::vector<ScheduleTreeMemo::Parts> *parts = known.members(id, at.text);
                if (!parts)
                    parts =
                        known.storeMembers(id, at.text, partsOf(model, band, instances(index), at.statements, known));
                for (std::size_t m = 0; m < parts->size(); ++m) {
                    Member member;
                    member.coincident = band.member_get_coincident(static_cast<int>(m));
                    member.parts = (*parts)[m];
                    at.members.push_back(std::move(member));
                }
                break;
            }
            case Kind::Mark: {
                // raw isl begin: a mark's id may have no name, which cpp.h's id::name() would
                // turn into a std::string from null
                isl_id *id = isl_schedule_node_mark_get_id(n.get());
                at.text = id && isl_id_get_name(id) ? isl_id_get_name(id) : "";
                isl_id_free(id);
                // raw isl end
                break;
            }
            default: break;
            }
        });
        known.finish();
        return out;
    });
}

} // namespace se
