// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/DepMode.h"
#include "core/model/ParamValues.h"

#include "widgets/figures/GraphFigure.h"
#include "widgets/figures/TreeFigure.h"
#include "core/report/CheckReport.h"
#include "core/analysis/IterationSpace.h"
#include "core/edit/Edit.h"
#include "core/legality/DependenceOverride.h"
#include "core/model/Kernel.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>

namespace se {

/// Everything the views show after one analysis, as immutable plain data:
/// made on the worker thread, handed to the GUI by a queued signal, shared
/// read-only by every view. No isl object lives here.
struct AnalysisSnapshot {
    quint64 generation = 0;
    KernelPtr kernel;
    QString kernelFile;
    ParamValues fixedParams;
    DepMode mode = DepMode::May;

    CheckReport report;
    ScheduleTreeSnapshot tree;
    TreeFigure treeFigure;
    GraphFigure graphFigure;

    std::string scheduleYaml; ///< isl YAML, block style
    /// The flat schedule as a union map, for the Loop nest dock's isl tab:
    /// made with the nest (empty while nestPending or nestDeferred) when
    /// that tab is shown, else when it is (mapDeferred, Explorer::requestMap).
    std::string scheduleMap;
    bool mapDeferred = false;
    /// The regenerated loop nest (empty until code generation exists or
    /// when it failed: see nestError).
    std::string nestText;
    std::string nestC;
    std::string nestKernelJson;
    std::string nestError;
    /// The loop nest is still being generated (on big kernels it takes
    /// longer than every other view together): its fields are empty, and a
    /// snapshot of the same generation with the nest follows.
    bool nestPending = false;
    /// The loop nest was not made: nothing showed it when the analysis ran
    /// (the Loop nest dock hidden). Asking for it gives a snapshot of the
    /// same generation with the nest.
    bool nestDeferred = false;
    /// The dependence graph was not laid out (its view hidden):
    /// graphFigure is empty until Explorer::requestGraph makes it.
    bool graphDeferred = false;
    /// The edits applied on top of the base schedule, the same as the
    /// JSON array an edit script holds (for exports), and those a lenient
    /// request had to skip (their descriptions).
    std::vector<Edit> edits;
    std::string editScript;
    std::vector<std::string> droppedEdits;
    /// The overrides the check used, and what reading the schedule noted
    /// (how a JSCoP's statements were matched).
    std::vector<DependenceOverride> assumeNoDep;
    std::vector<std::string> scheduleNotes;
    /// The slice the iteration-space view plots.
    IterationSpace space;

    QDateTime checkedAt;
    qint64 elapsedMs = 0;
    /// False for the verdict sent ahead (report only; the views wait for
    /// the complete snapshot).
    bool complete = true;
    /// True for the first violation sent ahead of the verdict: `report`
    /// names one violated edge (no witness, count or warnings); how many
    /// there are, and which overrides were needed, comes with the verdict.
    bool firstViolationOnly = false;

    /// Program-order index of a statement `s<id>`, or -1.
    int statementIndex(const std::string &name) const;
};

using AnalysisSnapshotPtr = std::shared_ptr<const AnalysisSnapshot>;
/// A copy of a snapshot nobody else holds yet: the controller fills in the
/// loop nest without copying the views on the GUI thread.
using AnalysisSnapshotDraft = std::shared_ptr<AnalysisSnapshot>;

/// Why an analysis produced no snapshot.
struct AnalysisError {
    enum class Kind { Input, Limit, Internal };
    Kind kind = Kind::Internal;
    QString file, place, fault; ///< Input errors
    QString message; ///< everything, for people
};

} // namespace se

Q_DECLARE_METATYPE(se::AnalysisSnapshotPtr)
Q_DECLARE_METATYPE(se::AnalysisSnapshotDraft)
Q_DECLARE_METATYPE(se::AnalysisError)
