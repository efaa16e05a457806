// SPDX-License-Identifier: MIT
// The schedules every export test covers: each sample kernel and each
// conformance kernel with its original schedule and with every schedule
// file written for it (sample-kernels/schedules, the conformance suite's).
#pragma once

#include <QDir>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace se::test {

struct ExportCase {
    QString name; ///< "matmul.ikj"
    QString kernel; ///< kernel file
    QString schedule; ///< schedule file, empty for the original schedule
};

inline std::vector<ExportCase> exportCases()
{
    std::vector<ExportCase> out;
    const std::vector<std::pair<QString, QString>> suites = {
        {QStringLiteral(SE_SOURCE_DIR "/sample-kernels"), QStringLiteral(SE_SOURCE_DIR "/sample-kernels/schedules")},
        {QStringLiteral(SE_CONFORMANCE_DIR "/kernels"), QStringLiteral(SE_CONFORMANCE_DIR "/schedules")}};
    for (const auto &[kernels, schedules] : suites) {
        const QDir kd(kernels), sd(schedules);
        for (const QString &k : kd.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            const QString base = k.chopped(5);
            out.push_back({base + QStringLiteral(".original"), kd.filePath(k), QString()});
            for (const QString &s : sd.entryList({base + QStringLiteral(".*.map")}, QDir::Files, QDir::Name))
                out.push_back({s.chopped(4), kd.filePath(k), sd.filePath(s)});
        }
    }
    return out;
}

} // namespace se::test
