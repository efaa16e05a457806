// SPDX-License-Identifier: MIT
#pragma once

#include "Analyzer.h"
#include "core/edit/Edit.h"

#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

namespace se {

/// One analysis for SchedulePipeline: a base schedule, the edits on top
/// (values, not JSON), the dependence mode, the check's options (counts,
/// warnings, overrides) and how much of the result to compute.
struct PipelineRequest {
    /// The schedule the edits start from.
    struct Base {
        enum class Kind { Original, Text, Tree };
        Kind kind = Kind::Original;
        std::string text; ///< Text: isl YAML tree, union map or JSCoP
        std::string name; ///< Text: the file that labels its errors
        /// Tree: already made in the pipeline's isl context (a file the
        /// caller read, isl's scheduler's).
        std::optional<isl::schedule> tree;

        static Base original() { return {}; }
        static Base fromText(std::string text, std::string name)
        {
            Base b;
            b.kind = Kind::Text;
            b.text = std::move(text);
            b.name = std::move(name);
            return b;
        }
        static Base fromTree(isl::schedule tree)
        {
            Base b;
            b.kind = Kind::Tree;
            b.tree = std::move(tree);
            return b;
        }
    };
    enum class Flags {
        None, ///< no band flags
        Hint, ///< computed; too large to compute leaves a note, not an error
        Required, ///< computed; too large is a ResourceLimitError
    };

    Base base;
    std::vector<Edit> edits;
    /// Labels an edit that does not apply: InputError(editsFile, `edits[k]`, why).
    std::string editsFile = "the edit log";
    /// Skip edits that do not apply (after the kernel changed on disk)
    /// instead of failing; the result lists them.
    bool lenientEdits = false;
    DepMode mode = DepMode::May;
    Analyzer::CheckOptions check;
    /// false: only the schedule (no legality check, no tree).
    bool verdict = true;
    /// The tree snapshot in the result (with computed flags merged).
    bool tree = false;
    Flags flags = Flags::None;
    /// Each step's verdict and flags (without counts or warnings), as
    /// `schedule-tool apply` lists them.
    bool stepVerdicts = false;
};

} // namespace se
