// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

// No isl header here: views include this on their side of the thread line.
namespace isl {
class schedule;
}

namespace se {

class PolyhedralModel;
class ScheduleTreeMemo;

/// A schedule tree as plain data, for views on other threads: one entry per
/// node in pre-order, with its kind, path, statements and isl text. Holds
/// no isl object; `build` is the only function that touches isl.
struct ScheduleTreeSnapshot {
    enum class Kind { Domain, Sequence, Set, Filter, Band, Mark, Leaf, Context, Guard, Extension, Expansion };

    /// One band member: its expression for each statement in the band.
    struct Member {
        struct Part {
            std::string statement; ///< s<id>
            std::string expr; ///< `i`, `t + i`, `floord(i, 32)`, or `i >= 5 ? 0 : i`
        };
        std::vector<Part> parts;
        bool coincident = false; ///< as declared in the tree
        std::optional<bool> coincidentComputed; ///< re-verified against the dependences, when known
    };

    struct Node {
        Kind kind = Kind::Leaf;
        std::vector<int> path; ///< child indices from the root
        int parent = -1; ///< index into nodes, -1 for the root
        std::vector<int> children;
        /// Statements whose instances reach this node, in program order.
        std::vector<std::string> statements;
        /// isl text: the domain or filter set, the band's partial schedule,
        /// the mark's name; empty for sequence, set and leaf.
        std::string text;
        // Bands only.
        std::vector<Member> members;
        bool permutable = false;
        std::optional<bool> permutableComputed;
    };

    std::vector<Node> nodes; ///< pre-order; nodes[0] is the root

    /// The index of the node at `path`, or -1.
    int find(const std::vector<int> &path) const;
    /// The depth of the schedule dimensions above and including a band node:
    /// the sum of the members of the bands from the root down to it.
    int bandDepth(int node) const;
    /// The node that owns flat schedule dimension `level` for `statement`:
    /// the band holding that member, or the sequence/set whose child
    /// position that dimension is (isl's flat map gives each one a
    /// dimension). -1 when the statement's schedule is shorter.
    int nodeForLevel(const std::string &statement, int level) const;
    static const char *kindName(Kind kind);
    /// `0.1.0`, or `root` for the empty path.
    static std::string pathText(const std::vector<int> &path);

    /// Reads `schedule` (a tree over `model`'s statements). Runs under the
    /// model's operation quota (ResourceLimitError, CancelledError).
    /// `memo` (of this model): what the last build read, reused for nodes
    /// that are the same, and replaced by what this one read.
    static ScheduleTreeSnapshot build(const PolyhedralModel &model, const isl::schedule &schedule,
                                      ScheduleTreeMemo *memo = nullptr);
};

bool operator==(const ScheduleTreeSnapshot::Member::Part &a, const ScheduleTreeSnapshot::Member::Part &b);

} // namespace se
