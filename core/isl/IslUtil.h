// SPDX-License-Identifier: MIT
#pragma once

#include "core/support/Integer.h"

#include <isl/cpp.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace se::islutil {

/// Coordinates of a point of a set (its set dimensions).
std::vector<std::int64_t> coordinates(const isl::point &p);
/// Coordinates of a point exactly, beyond 64 bits too.
std::vector<Integer> exactCoordinates(const isl::point &p);
/// True when `v` is an integer that fits in 64 bits (get_num_si would
/// otherwise return 0, silently).
bool fitsInt64(const isl::val &v);
/// `v` as an integer within 64 bits; nullopt for a rational, infinite, NaN
/// or larger value.
std::optional<std::int64_t> int64(const isl::val &v);
/// The value of output dimension `d` of `m` (set dimension of `s`) when isl
/// sees at a glance that it is one integer (plain_get_val_if_fixed) that
/// fits in 64 bits.
std::optional<std::int64_t> plainFixed(const isl::map &m, unsigned d);
std::optional<std::int64_t> plainFixed(const isl::set &s, unsigned d);
/// Values of the parameters of a point, in space order.
std::vector<std::pair<std::string, std::int64_t>> paramValues(const isl::point &p);
/// The number of points of a bounded, parameter-free set; nullopt when
/// the set has parameters or is unbounded.
std::optional<std::int64_t> count(const isl::set &set);
/// The one map in `umap` whose domain tuple is `tuple`; an empty map in
/// `space` when there is none.
isl::map mapForDomain(const isl::union_map &umap, const std::string &tuple);
/// Text of an isl object without the ` -> ` noise of empty parameter lists.
std::string str(const isl::set &s);
std::string str(const isl::map &m);
std::string str(const isl::union_map &m);
std::string str(const isl::union_set &s);
std::string str(const isl::pw_aff &a);
std::string str(const isl::multi_aff &f);
/// The same object with anonymous tuples, `{ [i, j] -> [i', j'] : ... }`:
/// keys that hold for every statement of the same shape (a kernel's tiles).
/// A multi_aff or pw_aff loses its input tuple's name.
isl::set anonymous(const isl::set &s);
isl::map anonymous(const isl::map &m);
isl::pw_aff anonymous(const isl::pw_aff &a);
isl::multi_aff anonymous(const isl::multi_aff &f);
/// One statement's piece of a band member, `{ S[...] -> [x] }`, by the
/// statement's space `{ S[...] }` (empty when the member has none).
isl::pw_aff statementPiece(const isl::union_pw_aff &member, const isl::space &statement);
/// One statement's part of a partial schedule, `{ S[...] -> [x...] }`.
isl::multi_pw_aff statementPart(const isl::multi_union_pw_aff &schedule, const isl::space &statement);
/// Takes a string isl allocated (may be null) and frees it.
std::string take(char *s);
/// Reads an isl set without throwing: a null set when `text` is not one,
/// with isl's message (or "syntax error") in `error`, so callers can name
/// their own file and place.
isl::set readSet(isl::ctx ctx, const std::string &text, std::string &error);
/// The set's tuple name, "" when it has none.
std::string tupleName(const isl::set &s);
/// The tuple names of the sets of `s` (its statements).
std::set<std::string> tupleNames(const isl::union_set &s);
/// `[3, 1]`
std::string vec(const std::vector<std::int64_t> &v);
std::string vec(const std::vector<Integer> &v);
/// A map { A[...] -> B[...] } made of `[dom] -> [ran]` projections:
/// { S[i0..in] -> [i0..ik-1] } keeping the first k dimensions.
isl::map prefixProjection(const isl::set &domain, unsigned k);

/// isl's coalesce, checked. isl 0.25 can return more points than it was
/// given: the union of `{ s[x, 2] -> s[x, 5] : 0 <= x <= 1 }` and the same
/// with `x` even up to 4 (and a constant division) comes back as all
/// `0 <= x <= 5` (tests/differential/regressions/coalesce_constant_div).
/// The result is kept only when it is equal to the input; else the input,
/// uncoalesced, is returned. Every coalesce whose result is used goes here.
isl::set coalesce(const isl::set &s);
isl::map coalesce(const isl::map &m);
isl::union_map coalesce(const isl::union_map &m);

/// True when every existential of `s` has a definition (floor of an
/// affine expression). isl's gist, subset and equality tests first give
/// each undefined one a definition (isl_map_compute_divs: parametric
/// integer programming), which explodes on the projections of accesses
/// with nested floors and mods; callers that only tidy or describe a set
/// skip those operations when this is false.
bool divsKnown(const isl::set &s);
bool divsKnown(const isl::map &m);

/// True when `a` and `b` are written alike, set by set (isl's plain
/// equality: no computation; sets written differently may still be equal).
bool plainEqual(const isl::union_set &a, const isl::union_set &b);

/// Adds `part` to `all` in place: cpp.h's unite copies the growing union
/// each time (quadratic over a 400-statement or 11,360-edge union).
void addTo(isl::union_map &all, isl::map part);
void addTo(isl::union_set &all, isl::set part);
void addTo(isl::union_set &all, const isl::union_set &part);

/// The function of a single-valued map with one piece (its domain dropped),
/// or null when it is not a function or has several pieces (min/max).
isl::multi_aff onlyPiece(const isl::map &m);
/// The function of `space` (a map space) whose output dimensions are `pas`,
/// one per dimension, when every one is affine; nullopt otherwise.
std::optional<isl::multi_aff> multiAff(const isl::space &space, const std::vector<isl::pw_aff> &pas);
/// The map of `space` whose output dimensions are `pas`: through one
/// multi_aff when every one is affine (the usual case), else through a
/// pw_multi_aff (isl_map_from_multi_pw_aff builds one range product per
/// dimension, each with an emptiness test).
isl::map mapFromPwAffs(const isl::space &space, const std::vector<isl::pw_aff> &pas);
/// { [a -> b] -> [dst(b) - src(a)] } over the pairs of `pairs` ({ [a] -> [b] }).
isl::multi_aff pairDifference(const isl::map &pairs, const isl::multi_aff &src, const isl::multi_aff &dst);
/// A function's constant terms and the function without them (its
/// divisions keep their own constants); nullopt when a constant is not an
/// integer within 64 bits.
struct ConstantSplit {
    isl::multi_aff linear;
    std::vector<std::int64_t> constants;
};
std::optional<ConstantSplit> splitConstants(const isl::multi_aff &f);
/// Per output of `f`: whether it is a constant (no variable, parameter or
/// division); on a split's linear part, whether the time there is the
/// constant alone.
std::vector<bool> constantOutputs(const isl::multi_aff &f);

/// A tile band's member, floor(numerator / size) + constant, the numerator
/// free of divisions (the aff's unused divisions dropped); nullopt for any
/// other form or a constant beyond 64 bits.
struct FloorForm {
    isl::aff numerator;
    long size = 0;
    long constant = 0;
};
std::optional<FloorForm> floorForm(const isl::aff &a);

} // namespace se::islutil
