// SPDX-License-Identifier: MIT
// Shared by the edit tests: kernels with every parameter fixed at its
// `value` (as the oracle runs them), scripts from JSON text, map equality.
#pragma once

#include "core/analysis/Analyzer.h"
#include "core/edit/EditScript.h"
#include "core/model/KernelLoader.h"

#include <isl/cpp.h>
#include <nlohmann/json.hpp>

#include <QString>

#include <memory>
#include <string>

namespace se::test {

/// `jacobi_1d` is a conformance kernel, `sample:gauss_seidel_2d` a sample one.
inline std::string kernelPath(const QString &spec)
{
    const std::string s = spec.toStdString();
    if (s.rfind("sample:", 0) == 0)
        return std::string(SE_SOURCE_DIR) + "/sample-kernels/" + s.substr(7) + ".json";
    if (s.rfind("data:", 0) == 0)
        return std::string(SE_SOURCE_DIR) + "/tests/data/kernels/" + s.substr(5) + ".json";
    return std::string(SE_CONFORMANCE_DIR) + "/kernels/" + s + ".json";
}

/// Every parameter with a `value` fixed at it (as the oracle runs them).
inline Analyzer::Options fixedParams(const Kernel &k)
{
    Analyzer::Options o;
    for (const auto &p : k.params)
        if (p.value)
            o.params[p.name] = *p.value;
    return o;
}

inline std::unique_ptr<Analyzer> analyzer(const QString &spec)
{
    KernelPtr k = KernelLoader::loadFile(kernelPath(spec));
    return std::make_unique<Analyzer>(k, fixedParams(*k));
}

/// `[ {edit}, ... ]` as a script.
inline EditScript script(const QString &edits)
{
    const auto doc = nlohmann::json{{"edits", nlohmann::json::parse(edits.toStdString())}};
    return EditScript::fromJson(doc, "test");
}

inline isl::schedule apply(Analyzer &a, const QString &edits)
{
    return script(edits).apply(a.context(), a.originalSchedule(), "test");
}

/// The schedule's map equals `expected` (isl notation) on the kernel's domain.
inline bool sameMap(Analyzer &a, const isl::schedule &s, const QString &expected)
{
    const isl::union_set dom = a.model().domain();
    const isl::union_map want = isl::union_map(a.context().ctx(), expected.toStdString()).intersect_domain(dom);
    return s.get_map().intersect_domain(dom).is_equal(want);
}

inline bool sameMap(Analyzer &a, const isl::schedule &x, const isl::schedule &y)
{
    const isl::union_set dom = a.model().domain();
    return x.get_map().intersect_domain(dom).is_equal(y.get_map().intersect_domain(dom));
}

} // namespace se::test
