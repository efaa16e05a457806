// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/LegalRanges.h"
#include "core/explore/MoveFinder.h"
#include "core/explore/Repair.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace se::tool {

/// The JSON and text forms of the routes to legality (docs/routes.md), shared
/// by `moves --ranges`, `repair` and serve's requests for them.
class RouteJson {
public:
    /// `{range, range_text, empty[, exact][, min, max]}`
    static nlohmann::json range(const ArgumentRange &r);
    /// moves --json's `ranges` (docs/schema/moves.schema.json)
    static nlohmann::json ranges(const BandRanges &r);
    /// moves --json without `format` (with `ranges` when given)
    static nlohmann::json moves(const MovesReport &r, const std::optional<BandRanges> &ranges,
                                const std::string &kernel, const std::string &deps);
    /// repair --json without `format` (docs/schema/repair.schema.json)
    static nlohmann::json repair(const RepairReport &r, const std::string &kernel, const std::string &deps);
    /// Why a move is illegal, in words: the dependence it breaks.
    static std::string reasonText(const ViolationReport &v);
    /// The ranges as a table, after the moves list.
    static std::string rangesText(const BandRanges &r);
};

} // namespace se::tool
