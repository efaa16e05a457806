// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace se {

/// The elements a statement's accesses touch at one instance, kept by
/// instance: the violations of a tile meet the same instances again and
/// again (a first tile by 32 of tiled_matmul_64's pipelined band: 246
/// instances at the 2,016 ends of its 1,008 violations), and each is an
/// evaluation of every matching access's functions. Elements depend on
/// the model alone, so a memo lives as long as its checker.
class MeetingElements {
public:
    struct Element {
        std::string tensor; ///< t0[0, 2]
        std::string allocation; ///< SB_alloc[0, 2]
    };
    /// Each matching access's element and its tensor's name.
    using List = std::vector<std::pair<Element, std::string>>;
    struct Key {
        std::size_t statement = 0;
        bool write = false;
        std::string allocation;
        std::vector<std::int64_t> coords;
        ParamList params;
        bool operator<(const Key &o) const
        {
            return std::tie(statement, write, allocation, coords, params)
                < std::tie(o.statement, o.write, o.allocation, o.coords, o.params);
        }
    };

    /// The list kept for `key`, or null.
    const List *find(const Key &key) const;
    const List &store(Key key, List list);

private:
    std::map<Key, List> m_known;
};

} // namespace se
