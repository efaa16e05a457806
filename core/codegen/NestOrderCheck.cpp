// SPDX-License-Identifier: MIT
#include "NestOrderCheck.h"

#include "RegeneratedNest.h"
#include "core/isl/ExprToIsl.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"
#include "core/support/InputError.h"

#include <isl/map.h>
#include <isl/space.h>

namespace se {

namespace {

// One statement of the nest with the loops around it and its position in
// each enclosing body (positions.size() == loops.size() + 1).
struct Placement {
    const GenStatement *statement = nullptr;
    std::vector<const GenLoop *> loops;
    std::vector<std::int64_t> positions;
};

void collect(const std::vector<GenNode> &body, std::vector<const GenLoop *> &loops,
             std::vector<std::int64_t> &positions, std::vector<Placement> &out)
{
    for (std::size_t k = 0; k < body.size(); ++k) {
        positions.push_back(static_cast<std::int64_t>(k));
        const GenNode &n = body[k];
        if (n.isLoop()) {
            loops.push_back(&n.loop());
            collect(n.loop().body, loops, positions, out);
            loops.pop_back();
        } else {
            out.push_back({&n.statement(), loops, positions});
        }
        positions.pop_back();
    }
}

std::string join(const std::vector<std::string> &names)
{
    std::string out;
    for (const auto &n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

// { [a] -> [t] } of one placement: its place in the nest, padded with zeros
// to `length`, to the schedule's time of the instance it runs.
isl::map placeToTime(const PolyhedralModel &model, const FlatSchedule &flat, const Placement &p, unsigned length)
{
    const isl::ctx ctx = model.islContext().ctx();
    std::vector<std::string> iterators;
    for (const GenLoop *l : p.loops)
        iterators.push_back(l->iterator);
    const isl::set universe(ctx, "[" + join(model.paramNames()) + "] -> { [" + join(iterators) + "] }");
    const ExprToIsl conv(universe.get_space());
    isl::set domain = universe;
    for (const GenLoop *l : p.loops) {
        const isl::pw_aff c = conv.convert(Expr::variable(l->iterator));
        for (const auto &lb : l->lb)
            domain = domain.intersect(c.ge_set(conv.convert(lb)));
        for (const auto &ub : l->ub)
            domain = domain.intersect(c.lt_set(conv.convert(ub)));
        if (l->stride > 1 && l->lb.size() == 1)
            domain = domain.intersect(c.sub(conv.convert(l->lb.front())).mod(l->stride).eq_set(conv.constant(0)));
    }
    for (const auto &pred : p.statement->predicates)
        domain = domain.intersect(conv.constraint(pred));
    domain = domain.intersect_params(model.context());

    isl::multi_pw_aff place(conv.constant(p.positions.front()));
    for (std::size_t k = 0; k < p.loops.size(); ++k)
        place = place.flat_range_product(conv.convert(Expr::variable(p.loops[k]->iterator)))
                    .flat_range_product(conv.constant(p.positions[k + 1]));
    for (auto n = static_cast<unsigned>(2 * p.loops.size() + 1); n < length; ++n)
        place = place.flat_range_product(conv.constant(0));

    const std::string name = "s" + std::to_string(p.statement->originId);
    const int k = model.statementIndex(name);
    if (k < 0 || p.statement->originIterators.empty())
        return {};
    isl::multi_pw_aff origin(conv.convert(p.statement->originIterators.front().second));
    for (std::size_t i = 1; i < p.statement->originIterators.size(); ++i)
        origin = origin.flat_range_product(conv.convert(p.statement->originIterators[i].second));
    // raw isl: cpp.h 0.25 has no setter of a tuple's name by text
    const isl::map instance = isl::manage(isl_map_set_tuple_name(origin.as_map().release(), isl_dim_out, name.c_str()));
    // { [c] -> [t] } and { [c] -> [a] } over the statement's counters
    const isl::map times = instance.intersect_domain(domain).apply_range(flat.of(static_cast<std::size_t>(k)));
    return place.as_map().intersect_domain(domain).reverse().apply_range(times);
}

} // namespace

std::optional<std::string> NestOrderCheck::wrongPair(const PolyhedralModel &model, const isl::schedule &schedule,
                                                     const std::vector<GenNode> &body)
{
    std::vector<Placement> placements;
    std::vector<const GenLoop *> loops;
    std::vector<std::int64_t> positions;
    collect(body, loops, positions, placements);
    if (placements.size() < 2 || placements.size() > MaxStatements)
        return std::nullopt;
    std::string found;
    try {
        found = QuotaScope::run(model.islContext(), "checking the loop nest's order", [&]() -> std::string {
            const FlatSchedule flat(model, schedule);
            for (std::size_t s = 0; s < flat.size(); ++s)
                if (!flat.setLevels(s).empty())
                    return {}; // a set's children run in any order
            std::size_t depth = 0;
            for (const auto &p : placements)
                depth = std::max(depth, p.loops.size());
            const auto length = static_cast<unsigned>(2 * depth + 1);
            isl::map all; // { [a] -> [t] }
            for (const auto &p : placements) {
                QuotaScope::nextStep(model.islContext());
                const isl::map m = placeToTime(model, flat, p, length);
                if (m.is_null())
                    return {};
                all = all.is_null() ? m : all.unite(m);
            }
            // raw isl begin: cpp.h 0.25 has no lexicographic order of a space
            const isl::map before = isl::manage(isl_map_lex_lt(all.domain().get_space().release()));
            const isl::map later = isl::manage(isl_map_lex_gt(all.range().get_space().release()));
            // raw isl end
            // { [t1] -> [t2] : the nest runs t1's instance first, the schedule t2's }
            const isl::map wrong = all.reverse().apply_range(before).apply_range(all).intersect(later);
            if (wrong.is_empty())
                return {};
            const isl::point at = wrong.wrap().sample_point();
            const auto t = islutil::exactCoordinates(at);
            std::string out = "an instance at time [";
            for (std::size_t i = 0; i < t.size(); ++i)
                out += (i == 0 ? "" : i == t.size() / 2 ? "] before one at [" : ", ") + t[i].text();
            out += "]";
            std::string params;
            for (const auto &[n, v] : islutil::paramValues(at))
                params += (params.empty() ? "" : ", ") + n + " = " + std::to_string(v);
            return params.empty() ? out : out + " (with " + params + ")";
        });
    } catch (const ResourceLimitError &) {
        return std::nullopt; // too big to check: nothing refused
    }
    if (found.empty())
        return std::nullopt;
    return found;
}

InputError NestOrderCheck::refusal(const std::string &file, const std::string &wrongPair)
{
    return InputError(file, "",
                      "isl's loop nest for this schedule runs instances out of order: it runs " + wrongPair
                          + " (an isl 0.25 code generation fault); refused rather than printed wrong");
}

} // namespace se
