// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace se {

/// An audited assumption that one dependence edge does not exist (a false
/// dependence the analysis cannot see through): the legality check ignores
/// that edge and the verdict names the assumption and its reason.
/// PSyclone's and Polly's escape hatch, with the audit trail their users
/// asked for: the reason is required.
struct DependenceOverride {
    std::string type; ///< RAW, WAR or WAW
    std::string src; ///< s<id>
    std::string dst;
    std::string allocation; ///< the `tensor` of the edge (an allocation)
    std::string reason;

    bool matches(const std::string &t, const std::string &s, const std::string &d, const std::string &a) const
    {
        return t == type && s == src && d == dst && a == allocation;
    }
    /// `WAR s0 -> s1 on A`
    std::string edgeText() const;

    nlohmann::json toJson() const;
    /// Reads the `assume_no_dep` list of a JSON document (an overrides file,
    /// an edit script or a session); InputErrors name `file` and the path.
    static std::vector<DependenceOverride> readList(const nlohmann::json &doc, const std::string &file);
    /// Reads an overrides file: `{ "assume_no_dep": [ {...}, ... ] }` or a bare list.
    static std::vector<DependenceOverride> readFile(const std::string &path);
};

} // namespace se
