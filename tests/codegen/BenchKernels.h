// SPDX-License-Identifier: MIT
// Test helper: bench/generate.py's pipeline_40 and tiled_matmul_10 (their
// kernels and schedules), made once per test process in a temporary folder.
#pragma once

#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace se::test {

/// The folder holding them.
inline QString generatedBench()
{
    static QTemporaryDir dir;
    if (!QFileInfo::exists(dir.filePath(QStringLiteral("pipeline_40.json")))) {
        QProcess gen;
        gen.start(QStringLiteral(SE_PYTHON),
                  {QStringLiteral(SE_SOURCE_DIR "/bench/generate.py"), dir.path(), QStringLiteral("--pipeline"),
                   QStringLiteral("40"), QStringLiteral("--matmul"), QStringLiteral("10")});
        gen.waitForFinished(120000);
    }
    return dir.path();
}

/// One of their files.
inline QString generatedBench(const char *file)
{
    return generatedBench() + QLatin1Char('/') + QString::fromLatin1(file);
}

} // namespace se::test
