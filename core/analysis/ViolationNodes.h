// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

/// Names each violation's tree node (the node that owns its level for its
/// source statement: a band's member, or a sequence's or set's child
/// position) by walking down the statement's branch of the isl tree. The
/// answer of ScheduleTreeSnapshot::nodeForLevel without building the
/// snapshot, whose isl text is most of a check's time on a big kernel.
class ViolationNodes {
public:
    /// Fills `node` of every violation that has a level and none yet.
    static void name(const isl::schedule &schedule, std::vector<ViolationReport> &violations);
    /// `0.1`, or empty when the statement's schedule is shorter than `level`.
    static std::string nodeFor(const isl::schedule &schedule, const std::string &statement, int level);
};

} // namespace se
