// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>

namespace se {

class PolyhedralModel;
struct StatementModel;

/// How a JSCoP statement's coordinates relate to a kernel statement's.
///
/// Polly numbers a statement's dimensions by loop counters from 0, step 1
/// (`i0 = (t - lb) / stride`), not by the source's iterator values; the
/// project's own JSCoP export keeps the kernel's iterators. Which of the two
/// a file uses is read from its domain: the bijection chosen is the one
/// under which the kernel's domain is exactly the file's domain. A domain
/// that matches neither is an error naming the statement: never a silent
/// shift, which would turn a legal schedule into an illegal one (or back).
class JscopCoordinates {
public:
    enum class Kind { Iterators, Counters };
    struct Mapping {
        /// { s0[t, i] -> J[i0, i1] }: kernel instance -> the file's instance,
        /// restricted to the kernel's domain. J is the file's tuple.
        isl::map toFile;
        Kind kind = Kind::Iterators;
    };

    /// `jdomain` is the file's domain text (empty: none given, read in the
    /// kernel's coordinates); `tuple` names the file's statement (its
    /// schedule's domain tuple). `file` and `place` label errors.
    static Mapping map(const PolyhedralModel &model, const StatementModel &st, const std::string &jdomain,
                       const std::string &tuple, const std::string &file, const std::string &place);

    /// { s0[t, i] -> s0[(t - lb0) / stride0, (i - lb1) / stride1] } from the
    /// kernel's loops (the lower bound is the maximum of the loop's `lb`s).
    static isl::map counters(const PolyhedralModel &model, const StatementModel &st);
};

} // namespace se
