// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"
#include "core/edit/Edit.h"

#include <nlohmann/json.hpp>

#include <QString>

namespace se {

/// What a saved session holds: the kernel by path, the base schedule (the
/// original one, or a loaded schedule's text, kept inline so a session does
/// not depend on the schedule file staying put), the edit script on top,
/// the fixed parameters and the dependence mode.
///
/// ```json
/// { "session": "schedule-explorer", "version": 1, "kernel": "jacobi_1d.json",
///   "params": { "N": 16 }, "deps": "may", "schedule": null, "edits": [ ... ],
///   "assume_no_dep": [ { "type": "WAR", "src": "s0", "dst": "s1", "tensor": "A", "reason": "..." } ] }
/// ```
struct Session {
    QString kernelPath; ///< absolute, or a `:/` resource
    ParamValues fixedParams;
    DepMode mode = DepMode::May;
    std::string scheduleText; ///< empty: the original schedule
    QString scheduleFile; ///< where scheduleText came from (for people)
    std::vector<Edit> edits; ///< the edit log, as values (JSON only in the file)
    /// Dependence edges assumed absent, each with its reason (issue 8).
    std::vector<DependenceOverride> assumeNoDep;

    bool operator==(const Session &o) const;
    bool operator!=(const Session &o) const { return !(*this == o); }

    /// The kernel path is written relative to the session file's folder
    /// when it lies below it.
    nlohmann::json toJson(const QString &sessionFile) const;
    /// Throws InputError(file, place, fault).
    static Session fromJson(const nlohmann::json &doc, const QString &sessionFile);

    /// Atomic save (QSaveFile); returns false with `error` set.
    bool save(const QString &path, QString *error) const;
    /// Throws InputError.
    static Session load(const QString &path);
};

/// Reads a whole file (also `:/` resources); throws InputError naming it.
std::string readTextFile(const QString &path);
/// Writes atomically (QSaveFile); returns false with `error` set.
bool writeTextFile(const QString &path, const QByteArray &data, QString *error);

} // namespace se
