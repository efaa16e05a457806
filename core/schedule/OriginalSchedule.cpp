// SPDX-License-Identifier: MIT
#include "OriginalSchedule.h"

#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/schedule_node.h>
#include <isl/union_set.h>

namespace se {

namespace {

class Builder {
public:
    explicit Builder(const PolyhedralModel &m) : m_model(m) { }

    // Statements (model indices) under a body item.
    void collect(const Node &n, std::vector<int> &out) const
    {
        if (n.isLoop()) {
            for (const auto &c : n.loop().body)
                collect(c, out);
        } else {
            out.push_back(m_model.statementIndex(n.statement().tupleName()));
        }
    }

    isl::union_set domainOf(const std::vector<int> &stmts) const
    {
        isl::union_set u = isl::union_set::empty(m_model.islContext().ctx());
        for (int s : stmts)
            u = u.unite(isl::union_set(m_model.statements()[static_cast<std::size_t>(s)].domain));
        return u;
    }

    // Builds `body` at `node` (a leaf) and returns the node at the same position.
    isl::schedule_node body(isl::schedule_node node, const std::vector<Node> &items, unsigned depth) const
    {
        std::vector<const Node *> live;
        std::vector<std::vector<int>> stmts;
        for (const auto &n : items) {
            std::vector<int> s;
            collect(n, s);
            if (!s.empty()) { // a loop with no statements schedules nothing
                live.push_back(&n);
                stmts.push_back(std::move(s));
            }
        }
        if (live.empty())
            return node;
        if (live.size() == 1)
            return item(node, *live.front(), stmts.front(), depth);
        isl::union_set_list filters(m_model.islContext().ctx(), static_cast<int>(live.size()));
        for (const auto &s : stmts)
            filters = filters.add(domainOf(s));
        node = node.insert_sequence(filters);
        for (std::size_t k = 0; k < live.size(); ++k) {
            QuotaScope::nextStep(m_model.islContext());
            node = node.child(static_cast<int>(k)).child(0);
            node = item(node, *live[k], stmts[k], depth);
            node = node.parent().parent();
        }
        return node;
    }

    isl::schedule_node item(isl::schedule_node node, const Node &n, const std::vector<int> &stmts, unsigned depth) const
    {
        if (!n.isLoop())
            return node.insert_mark(n.statement().tupleName());
        // { s[i0, ..., in] -> [i_depth] } for every statement in the loop
        isl::union_pw_aff upa;
        for (int s : stmts) {
            const auto &sm = m_model.statements()[static_cast<std::size_t>(s)];
            isl_local_space *ls = isl_local_space_from_space(sm.domain.get_space().release());
            const isl::pw_aff pa(isl::manage(isl_aff_var_on_domain(ls, isl_dim_set, depth)));
            upa = upa.is_null() ? isl::union_pw_aff(pa) : upa.union_add(isl::union_pw_aff(pa));
        }
        isl::multi_union_pw_aff mupa(upa);
        node = node.insert_partial_schedule(mupa);
        node = body(node.child(0), n.loop().body, depth + 1);
        return node.parent();
    }

private:
    const PolyhedralModel &m_model;
};

} // namespace

isl::schedule OriginalSchedule::build(const PolyhedralModel &model)
{
    return QuotaScope::run(model.islContext(), "building the original schedule", [&] {
        isl::schedule sched = isl::schedule::from_domain(model.domain());
        isl::schedule_node root = sched.root();
        // from_domain gives domain -> leaf
        isl::schedule_node node = Builder(model).body(root.child(0), model.kernel()->body, 0);
        return node.schedule();
    });
}

} // namespace se
