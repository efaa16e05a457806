// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/ReportJson.h"

#include <nlohmann/json.hpp>

#include <ostream>

#include <string>

namespace se::tool {

/// The version of every --json object: a consumer checks `"format": 1`
/// and reads the keys documented in docs/schema/<command>.schema.json.
/// A change that removes or retypes a key raises it.
inline constexpr int JsonFormatVersion = 1;

/// `j` with its format version, as one indented object and a newline
/// (`indent` < 0: on one line, for one object per line).
inline std::string versionedJson(nlohmann::json j, int indent = 1)
{
    j["format"] = JsonFormatVersion;
    return j.dump(indent) + "\n";
}

/// The same for a check or deps document made without its edges
/// (ReportJson::check(r, false)): the edges are streamed into it.
inline void writeVersionedJson(std::ostream &out, nlohmann::json j, const CheckReport &r, int indent = 1)
{
    j["format"] = JsonFormatVersion;
    ReportJson::write(out, std::move(j), r, indent);
    out << "\n";
}

} // namespace se::tool
