// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace se::tool {

/// The schedules serve keeps by name, so that a search walking a tree of
/// candidates sends each candidate's edits, not its whole schedule:
/// `"keep": NAME` keeps a request's schedule after its edits, `"base":
/// NAME` starts a request from it, `{"drop": NAME}` forgets it.
///
/// A base is kept as its definition: the schedule text or file it started
/// from and the edit scripts applied since (a base kept from a base
/// starts where that one started). Definitions are made on the reading
/// thread in request order (prepare()), and each request is rewritten to
/// carry the definition it needs: the request after a `keep` may name the
/// base while another worker still answers the `keep`, and workers share
/// no isl object. A worker reads a definition once (its generation names
/// it) and keeps the schedule while the base is live.
class ServeBases {
public:
    /// The request line as the worker should see it: unchanged unless it
    /// keeps, names or drops a base; then with the definition under
    /// "_base", the name under "_kept", the dropped name under "_dropped",
    /// or why the base is unknown under "_error". Request order matters:
    /// call it for each line as it is read.
    std::string prepare(const std::string &text);

    /// The number of bases kept now.
    std::size_t size() const { return m_bases.size(); }

private:
    struct Definition {
        nlohmann::json source; ///< {"schedule": text} or {"schedule_file": path}
        std::vector<nlohmann::json> edits; ///< edit script objects, in order
        std::uint64_t generation = 0;
    };
    std::map<std::string, Definition> m_bases;
    std::uint64_t m_generation = 0;
};

} // namespace se::tool
