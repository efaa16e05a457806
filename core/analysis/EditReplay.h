// SPDX-License-Identifier: MIT
#pragma once

#include "PipelineRequest.h"

#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

namespace se {

class Analyzer;

/// The base schedule and the edits on top, replayed with a prefix cache:
/// the schedules after 0, 1, ... edits of the last replay are kept, so an
/// edit, an undo or a redo applies at most the edits past the common prefix,
/// not the whole log again. Holds isl objects of the analyzer's context:
/// it goes before that context.
class EditReplay {
public:
    struct Outcome {
        isl::schedule schedule;
        std::vector<isl::schedule> steps; ///< after each applied edit
        std::vector<Edit> applied;
        std::vector<std::string> dropped; ///< lenient: skipped edits, described
        std::vector<std::string> notes; ///< from reading the base
        /// The schedule the last edit was applied to (not lenient, one edit
        /// or more): what the pipeline's flat schedule may be patched from.
        std::optional<isl::schedule> beforeLast;
    };

    /// Throws InputError for a base that does not read or (unless lenient)
    /// an edit that does not apply.
    Outcome replay(Analyzer &analyzer, const PipelineRequest &request);
    void clear();

private:
    bool sameBase(const PipelineRequest::Base &base) const;
    void readBase(Analyzer &analyzer, const PipelineRequest::Base &base);

    PipelineRequest::Base::Kind m_kind = PipelineRequest::Base::Kind::Original;
    std::string m_text, m_name;
    std::vector<std::string> m_notes;
    std::vector<Edit> m_edits;
    std::vector<isl::schedule> m_schedules; ///< size m_edits.size() + 1; empty: nothing cached
};

} // namespace se
