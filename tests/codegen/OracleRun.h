// SPDX-License-Identifier: MIT
// Test helper: runs the conformance oracle's verify-codegen on a kernel and
// a regenerated kernel: every original instance runs once, in schedule
// order, touching the same elements.
#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace se::test {

struct OracleVerdict {
    bool ran = false;
    bool ok = false;
    QString report; ///< the oracle's output, or why it did not run
};

inline OracleVerdict verifyCodegen(const QString &kernel, const QString &exported, const QString &scheduleMap,
                                   const QStringList &params)
{
    QStringList args{QStringLiteral(SE_CONFORMANCE_DIR "/tools/oracle.py"), QStringLiteral("verify-codegen"), kernel,
                     exported};
    if (!scheduleMap.isEmpty())
        args << QStringLiteral("--schedule") << scheduleMap;
    for (const auto &p : params)
        args << QStringLiteral("--param") << p;
    QProcess p;
    p.start(QStringLiteral(SE_PYTHON), args);
    OracleVerdict v;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit) {
        v.report = QStringLiteral("oracle did not finish: ") + QString::fromUtf8(p.readAllStandardError());
        return v;
    }
    const QByteArray out = p.readAllStandardOutput();
    const QJsonDocument doc = QJsonDocument::fromJson(out);
    v.ran = doc.isObject();
    v.ok = v.ran && doc.object().value(QStringLiteral("ok")).toBool();
    v.report = QString::fromUtf8(out) + QString::fromUtf8(p.readAllStandardError());
    return v;
}

} // namespace se::test
