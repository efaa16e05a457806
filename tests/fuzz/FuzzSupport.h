// SPDX-License-Identifier: MIT
#pragma once
// Shared by the fuzz targets: the fixed kernel the schedule, JSCoP and edit
// targets read against, the bounds on isl work, and the rule for what a
// target may throw.
//
// A target passes when the input is accepted or refused with an InputError
// (bad input) or a ResourceLimitError / CancelledError (isl work bounded).
// Anything else escaping is a finding: an unchecked isl failure, a
// std::out_of_range from nlohmann::json, and so on. libFuzzer reports the
// abort() with the input that caused it.

#include "core/analysis/Analyzer.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>

namespace se::fuzz {

/// isl work per unit (one statement, one edge): enough for the seed kernels,
/// small enough that one input never runs for long.
constexpr unsigned long Quota = 200'000;
/// Seconds for all the isl work of one input (the watchdog aborts the context).
constexpr double TimeLimit = 2.0;

/// A small kernel with statements of depth 1 and 2, a triangular loop, a
/// parameter, a strided loop and a `%` in an index, so schedules over it have
/// something to get wrong. Domain:
/// [N] -> { s0[i] : 0 <= i < N; s1[i, j] : 0 <= j <= i < N;
///          s2[k] : 0 <= k < N and k % 2 = 0 }  (B index: (k + 1) % 4)
inline const char *KernelText = R"({
  "version": 1, "name": "fuzz_kernel",
  "params": [{"name": "N", "min": 2, "max": 64, "value": 6}],
  "tensors": [{"name": "A", "shape": ["N"], "space": "dram"},
              {"name": "B", "shape": ["N", "N"], "space": "dram"}],
  "body": [
    {"loop": "i", "lb": 0, "ub": "N", "body": [
      {"id": 0, "op": "init", "writes": [{"tensor": "A", "index": ["i"]}]},
      {"loop": "j", "lb": 0, "ub": "i + 1", "body": [
        {"id": 1, "op": "acc", "writes": [{"tensor": "A", "index": ["i"]}],
         "reads": [{"tensor": "A", "index": ["i"]}, {"tensor": "B", "index": ["i", "j"]}]}]}]},
    {"loop": "k", "lb": 0, "ub": "N", "stride": 2, "body": [
      {"id": 2, "op": "use", "writes": [{"tensor": "B", "index": ["k", "(k + 1) % 4"]}],
       "reads": [{"tensor": "A", "index": ["k"]}]}]}
  ]
})";

inline KernelPtr fixedKernel()
{
    static const KernelPtr k = KernelLoader::loadText(KernelText, "fuzz_kernel.json");
    return k;
}

inline Analyzer::Options boundedOptions()
{
    Analyzer::Options o;
    o.quota = Quota;
    o.timeLimit = TimeLimit;
    return o;
}

[[noreturn]] inline void finding(const char *kind, const char *what)
{
    std::fprintf(stderr, "fuzz finding: %s escaped: %s\n", kind, what);
    std::abort();
}

/// Runs `f`, accepting the errors bad input may cause; aborts on others.
template <typename F> void expectOnlyInputErrors(F &&f)
{
    try {
        f();
    } catch (const InputError &) {
    } catch (const ResourceLimitError &) {
    } catch (const CancelledError &) {
    } catch (const std::exception &e) {
        finding(typeid(e).name(), e.what());
    }
}

} // namespace se::fuzz
