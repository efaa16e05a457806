// SPDX-License-Identifier: MIT
#include "ScheduleFlattener.h"

#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include <algorithm>
#include <stdexcept>

namespace se {

namespace {

struct Entry {
    std::size_t statement;
    isl::set instances; // { s[...] } reaching this node
    std::vector<isl::pw_aff> time; // one per dimension so far
    std::vector<unsigned> setDims; // dimensions that are a set's child position
};

struct FlatPiece {
    std::size_t statement;
    isl::set instances;
    std::vector<isl::pw_aff> time;
    std::vector<unsigned> setDims;
};

class Walker {
public:
    explicit Walker(const PolyhedralModel &model) : m_model(model) { }

    void walk(const isl::schedule_node &node, std::vector<Entry> entries)
    {
        if (entries.empty())
            return;
        // raw isl: one switch over the node type; cpp.h has only isa<> per class
        switch (isl_schedule_node_get_type(node.get())) {
        case isl_schedule_node_band: {
            const isl::multi_union_pw_aff mupa = node.as<isl::schedule_node_band>().partial_schedule();
            const int n = static_cast<int>(mupa.size());
            for (auto &e : entries) {
                QuotaScope::nextStep(m_model.islContext());
                const isl::multi_pw_aff mpa = islutil::statementPart(mupa, e.instances.get_space());
                for (int k = 0; k < n; ++k)
                    e.time.push_back(mpa.at(k));
            }
            walk(node.child(0), std::move(entries));
            return;
        }
        case isl_schedule_node_sequence:
        case isl_schedule_node_set: {
            // Children are filters: hand each only the entries its filter
            // names (a 400-statement sequence would otherwise copy 400 x 400).
            std::vector<int> position(m_model.statements().size(), -1);
            for (std::size_t i = 0; i < entries.size(); ++i)
                position[entries[i].statement] = static_cast<int>(i);
            const int n = static_cast<int>(node.n_children());
            const bool set = node.isa<isl::schedule_node_set>();
            for (int k = 0; k < n; ++k) {
                const isl::schedule_node child = node.child(k);
                const isl::union_set filter = child.as<isl::schedule_node_filter>().filter();
                std::vector<Entry> sub;
                QuotaScope::nextStep(m_model.islContext());
                filter.foreach_set([&](isl::set part) {
                    const int s = m_model.statementIndex(part);
                    if (s < 0 || position[static_cast<std::size_t>(s)] < 0)
                        return;
                    const Entry &e = entries[static_cast<std::size_t>(position[static_cast<std::size_t>(s)])];
                    isl::set inst = e.instances.intersect(part);
                    if (inst.is_empty())
                        return;
                    Entry copy{e.statement, inst, e.time, e.setDims};
                    if (set)
                        copy.setDims.push_back(static_cast<unsigned>(copy.time.size()));
                    copy.time.push_back(constant(inst, k));
                    sub.push_back(std::move(copy));
                });
                walk(child.child(0), std::move(sub));
            }
            return;
        }
        case isl_schedule_node_filter: {
            const isl::union_set filter = node.as<isl::schedule_node_filter>().filter();
            std::vector<Entry> kept;
            for (auto &e : entries) {
                isl::set part = filter.extract_set(e.instances.get_space());
                part = e.instances.intersect(part);
                if (part.is_empty())
                    continue;
                e.instances = part;
                kept.push_back(std::move(e));
            }
            walk(node.child(0), std::move(kept));
            return;
        }
        case isl_schedule_node_leaf:
            for (auto &e : entries)
                m_pieces.push_back({e.statement, e.instances, std::move(e.time), std::move(e.setDims)});
            return;
        case isl_schedule_node_domain:
        case isl_schedule_node_mark: walk(node.child(0), std::move(entries)); return;
        default:
            // ScheduleReader refuses context, guard, extension and expansion nodes.
            throw std::invalid_argument("schedule tree node kind not supported in flattening");
        }
    }

    std::vector<FlatPiece> &pieces() { return m_pieces; }

private:
    static isl::pw_aff constant(const isl::set &domain, int value)
    {
        isl::set all = isl::set::universe(domain.get_space());
        isl::val v(domain.ctx(), value);
        return isl::manage(isl_pw_aff_val_on_domain(all.release(), v.release()));
    }

    const PolyhedralModel &m_model;
    std::vector<FlatPiece> m_pieces;
};

} // namespace

namespace {

// The instances of each of `statements` in the tree's domain: where the walk starts.
std::vector<Entry> startingEntries(const PolyhedralModel &model, const isl::schedule &schedule,
                                   const std::vector<std::size_t> &statements)
{
    const isl::union_set treeDomain = schedule.root().as<isl::schedule_node_domain>().domain();
    std::vector<Entry> entries;
    for (std::size_t k : statements) {
        const auto &s = model.statements()[k];
        isl::set inst = treeDomain.extract_set(s.domain.get_space());
        inst = inst.intersect(s.domain);
        if (!inst.is_empty())
            entries.push_back({k, inst, {}, {}});
    }
    return entries;
}

} // namespace

namespace {

// { s[...] -> [t0, ..., tn-1] } of `instances`' statement.
isl::space timesSpace(const isl::set &instances, std::size_t n)
{
    // raw isl begin: positional dimensions are C-only in cpp.h 0.25
    isl_space *range = isl_space_set_from_params(isl_space_params(isl_set_get_space(instances.get())));
    range = isl_space_add_dims(range, isl_dim_set, static_cast<unsigned>(n));
    return isl::manage(isl_space_map_from_domain_and_range(isl_set_get_space(instances.get()), range));
    // raw isl end
}

// `time` cut or padded with zeros to n dimensions.
std::vector<isl::pw_aff> paddedTime(const isl::set &instances, const std::vector<isl::pw_aff> &time, std::size_t n)
{
    std::vector<isl::pw_aff> out(time.begin(), time.begin() + static_cast<long>(std::min(n, time.size())));
    if (out.size() < n) {
        // raw isl begin: a constant on a universe domain (cpp.h 0.25 has no such constructor)
        const isl::pw_aff zero = isl::manage(isl_pw_aff_val_on_domain(
            isl_set_universe(isl_set_get_space(instances.get())), isl_val_zero(instances.ctx().get())));
        // raw isl end
        out.resize(n, zero);
    }
    return out;
}

} // namespace

std::optional<isl::multi_aff> ScheduleFlattener::functionOf(const isl::set &instances,
                                                            const std::vector<isl::pw_aff> &time, std::size_t n)
{
    const std::size_t given = std::min(n, time.size());
    for (std::size_t k = 0; k < given; ++k)
        if (!time[k].isa_aff())
            return std::nullopt;
    // Zeros set where the time has a value: isl_multi_aff_from_aff_list
    // aligns the parameters of every element with the whole's first, a
    // sizeable part of a tile's verdict on a 400-statement band.
    // raw isl begin: positional setting of an affine function's elements (cpp.h 0.25 has set_at only by copy)
    isl_multi_aff *f = isl_multi_aff_zero(timesSpace(instances, n).release());
    for (std::size_t k = 0; k < given; ++k)
        f = isl_multi_aff_set_at(f, static_cast<int>(k), isl_pw_aff_as_aff(time[k].copy()));
    // raw isl end
    return isl::manage(f);
}

isl::map ScheduleFlattener::timesOf(const isl::set &instances, const std::vector<isl::pw_aff> &time, std::size_t n,
                                    std::optional<isl::multi_aff> *function)
{
    // Affine everywhere (the usual case): a multi_aff, whose map is built
    // directly (and kept); otherwise islutil::mapFromPwAffs's way.
    const isl::space space = timesSpace(instances, n);
    const std::vector<isl::pw_aff> pas = paddedTime(instances, time, n);
    if (auto f = islutil::multiAff(space, pas)) {
        isl::map out = f->as_map().intersect_domain(instances);
        if (function)
            *function = std::move(f);
        return out;
    }
    return islutil::mapFromPwAffs(space, pas).intersect_domain(instances);
}

namespace {

// Adds one piece's times to its statement's: a first piece over the whole
// domain as its function alone (the map is made when asked), any other as
// a map (a second piece makes the first one's map too).
void addPiece(const PolyhedralModel &model, StatementTimes &slot, const FlatPiece &p, std::size_t n)
{
    const bool first = slot.map.is_null() && !slot.function;
    std::optional<isl::multi_aff> f = ScheduleFlattener::functionOf(p.instances, p.time, n);
    if (first && f && p.instances.is_equal(model.statements()[p.statement].domain)) {
        slot.function = std::move(f);
        slot.instances = p.instances;
        return;
    }
    if (slot.function) {
        slot.map = slot.function->as_map().intersect_domain(slot.instances);
        slot.function.reset();
    }
    const isl::map m =
        f ? f->as_map().intersect_domain(p.instances) : ScheduleFlattener::timesOf(p.instances, p.time, n);
    slot.map = slot.map.is_null() ? m : slot.map.unite(m);
}

} // namespace

std::vector<StatementTimes> ScheduleFlattener::flatten(const PolyhedralModel &model, const isl::schedule &schedule,
                                                       unsigned *dims, std::vector<std::vector<SetLevel>> *setLevels)
{
    std::vector<std::size_t> all(model.statements().size());
    for (std::size_t k = 0; k < all.size(); ++k)
        all[k] = k;
    Walker w(model);
    w.walk(schedule.root(), startingEntries(model, schedule, all));

    std::size_t n = 0;
    for (const auto &p : w.pieces())
        n = std::max(n, p.time.size());
    std::vector<StatementTimes> out(model.statements().size());
    for (auto &p : w.pieces()) {
        QuotaScope::nextStep(model.islContext());
        addPiece(model, out[p.statement], p, n);
        if (!setLevels)
            continue;
        setLevels->resize(out.size());
        auto &levels = (*setLevels)[p.statement];
        for (unsigned d : p.setDims) {
            auto it = std::find_if(levels.begin(), levels.end(), [&](const SetLevel &l) { return l.dim == d; });
            if (it == levels.end())
                levels.push_back({d, p.instances});
            else
                it->instances = it->instances.unite(p.instances);
        }
    }
    if (setLevels)
        setLevels->resize(out.size());
    if (dims)
        *dims = static_cast<unsigned>(n);
    return out;
}

bool ScheduleFlattener::flattenSome(const PolyhedralModel &model, const isl::schedule &schedule,
                                    const std::vector<std::size_t> &statements, unsigned dims,
                                    std::vector<StatementTimes> &out)
{
    Walker w(model);
    w.walk(schedule.root(), startingEntries(model, schedule, statements));
    out.clear(); // isl's null objects cannot be copied: default-construct them
    out.resize(model.statements().size());
    for (auto &p : w.pieces()) {
        if (p.time.size() > dims)
            return false;
        QuotaScope::nextStep(model.islContext());
        addPiece(model, out[p.statement], p, dims);
    }
    return true;
}

} // namespace se
