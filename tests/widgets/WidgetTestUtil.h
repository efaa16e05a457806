// SPDX-License-Identifier: MIT
// Helpers shared by the widget tests.
#pragma once

#include "widgets/document/Explorer.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QString>

namespace se::test {

/// A file of the source tree.
inline QString source(const char *rel)
{
    return QStringLiteral(SE_SOURCE_DIR "/") + QLatin1String(rel);
}

/// Waits for the newest request's snapshot (the worker idle with one).
inline bool settle(Explorer *e, int timeoutMs = 60000)
{
    QSignalSpy spy(e, &Explorer::snapshotChanged);
    QElapsedTimer t;
    t.start();
    do {
        if (!e->isBusy() && e->snapshot())
            return true;
        spy.wait(200);
    } while (t.elapsed() < timeoutMs);
    return false;
}

/// Waits for the next snapshot `spy` (on Explorer::snapshotChanged) sees,
/// then, while later requests are still queued, for the newest one.
inline bool waitForSnapshot(Explorer &e, QSignalSpy &spy, int timeoutMs = 60000)
{
    if (spy.count() == 0 && !spy.wait(timeoutMs))
        return false;
    spy.clear();
    // Busy until the newest request's loop nest is there too (nestReady,
    // after its snapshotChanged): poll rather than wait for one signal.
    QElapsedTimer t;
    t.start();
    while (e.isBusy()) {
        if (t.elapsed() > timeoutMs)
            return false;
        spy.wait(20);
    }
    spy.clear();
    return true;
}

} // namespace se::test
