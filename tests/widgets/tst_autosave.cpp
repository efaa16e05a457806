// SPDX-License-Identifier: MIT
// Autosave and crash recovery, offscreen: unsaved work reaches the autosave
// file soon after each change; a window destroyed without its clean close
// (as a crash leaves things) leaves the file, and a new window restores the
// same schedule, edit script, parameters, overrides and verdict, with the
// edits undoable, also past the lock a killed process left (a stale lock
// written by hand, and a child process killed with SIGKILL); saving or a
// clean close removes the file; a live window's file is never offered; a
// vanished kernel, or one the edits no longer fit, is reported and the
// work kept.
#include "WidgetTestUtil.h"
#include "app/gui/Autosave.h"
#include "app/gui/AutosaveRecovery.h"
#include "app/gui/MainWindow.h"
#include "core/edit/Edit.h"
#include "widgets/document/Explorer.h"
#include "widgets/document/Session.h"

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QProcess>
#include <QTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cstdio>

#include <memory>

using namespace se;
using se::test::settle;
using se::test::source;

namespace {

std::unique_ptr<MainWindow> newWindow()
{
    auto w = std::make_unique<MainWindow>();
    w->setInteractive(false);
    w->autosave()->setDelays(100, 400); // the app waits 2 s (at most 10 s)
    return w;
}

// True once the autosave file holds exactly the Explorer's document.
bool holdsDocument(const QString &file, const Explorer *e)
{
    AutosaveRecord r;
    return !file.isEmpty() && Autosave::read(file, &r, nullptr) && r.session == e->session();
}

struct Shown {
    Session session;
    std::string yaml, editScript;
    bool legal = false;
    std::size_t violations = 0;
};

Shown shown(const Explorer *e)
{
    return {e->session(), e->snapshot()->scheduleYaml, e->editScriptText(), e->snapshot()->report.legal,
            e->snapshot()->report.violations.size()};
}

} // namespace

class tst_Autosave : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void writesSoonAfterChanges();
    void restoresAfterCrash();
    void restoresAfterKill();
    void offeredInADialog();
    void cleanCloseRemovesIt();
    void liveWindowsFileIsNotOffered();
    void vanishedKernelKeepsTheFile();
    void editsThatNoLongerApplyAreKeptAside();

private:
    /// A copy of the stencil the test may change or delete.
    QString kernelCopy(const QString &name);
    /// Opens `kernel`, fixes N = 8, interchanges the loops (illegal: a WAR
    /// and a RAW are violated) and assumes the WAR absent.
    void makeWork(MainWindow *w, const QString &kernel);

    QTemporaryDir m_dir;
};

void tst_Autosave::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("schedule-explorer-tests"));
    QVERIFY(m_dir.isValid());
    QVERIFY(Autosave::directory().contains(QStringLiteral("qttest")));
    QDir(Autosave::directory()).removeRecursively();
}

QString tst_Autosave::kernelCopy(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    if (!QFile::copy(source("sample-kernels/gauss_seidel_2d.json"), path))
        return {};
    QFile(path).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

void tst_Autosave::makeWork(MainWindow *w, const QString &kernel)
{
    Explorer *e = w->explorer();
    QVERIFY(w->openKernel(kernel));
    QVERIFY(settle(e));
    e->setFixedParams({{"N", 8}});
    QVERIFY(settle(e));
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    e->assumeAbsent({"WAR", "s0", "s0", "A", "copy of the old row"});
    QVERIFY(settle(e));
    QCOMPARE(e->edits().size(), std::size_t(1));
    QCOMPARE(e->assumptions().size(), std::size_t(1));
    QVERIFY(e->isModified());
}

void tst_Autosave::writesSoonAfterChanges()
{
    const QString kernel = kernelCopy(QStringLiteral("write.json"));
    auto w = newWindow();
    Explorer *e = w->explorer();
    QVERIFY(w->openKernel(kernel));
    QVERIFY(settle(e));
    QVERIFY(w->autosave()->currentFile().isEmpty()); // nothing unsaved yet
    makeWork(w.get(), kernel);
    QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w->autosave()->currentFile(), e), 5000);
    const QString file = w->autosave()->currentFile();
    QCOMPARE(file, Autosave::fileFor(QFileInfo(kernel).absoluteFilePath()));
    QVERIFY(file.startsWith(Autosave::directory()));

    AutosaveRecord r;
    QString error;
    QVERIFY2(Autosave::read(file, &r, &error), qPrintable(error));
    QCOMPARE(r.editCount(), 1);
    QCOMPARE(Edit::fromJson(r.session.edits[0]), Edit::interchange({0}));
    QCOMPARE(r.session.fixedParams.at("N"), 8);
    QCOMPARE(r.session.assumeNoDep.size(), std::size_t(1));
    QCOMPARE(r.session.assumeNoDep[0].reason, std::string("copy of the old row"));
    QCOMPARE(r.kernelSha256, Autosave::digest(kernel));
    QVERIFY(qAbs(r.savedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);

    // A further change is written too.
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(file, e), 5000);
    QVERIFY(Autosave::read(file, &r, nullptr));
    QCOMPARE(r.editCount(), 2);

    // Saving the work removes the autosave at once.
    QVERIFY(w->saveSession(m_dir.filePath(QStringLiteral("write.session.json"))));
    QVERIFY(!QFile::exists(file));
    QVERIFY(w->autosave()->currentFile().isEmpty());
    // More work after the save is autosaved again, with the session named.
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w->autosave()->currentFile(), e), 5000);
    QVERIFY(Autosave::read(w->autosave()->currentFile(), &r, nullptr));
    QCOMPARE(r.sessionFile, e->sessionPath());
    // Undone back to the saved state: nothing unsaved, no file.
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QVERIFY(!e->isModified());
    QVERIFY(!QFile::exists(file));
}

void tst_Autosave::restoresAfterCrash()
{
    const QString kernel = kernelCopy(QStringLiteral("crash.json"));
    Shown before;
    QString file;
    QByteArray lockText;
    {
        auto w = newWindow();
        makeWork(w.get(), kernel);
        QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w->autosave()->currentFile(), w->explorer()), 5000);
        file = w->autosave()->currentFile();
        before = shown(w->explorer());
        QVERIFY(!before.legal); // the RAW is still violated
        QVERIFY(before.violations > 0);
        QFile lock(file + QStringLiteral(".lock"));
        QVERIFY(lock.open(QIODevice::ReadOnly));
        lockText = lock.readAll();
        // Destroyed without closeEvent: what a crash leaves behind.
    }
    QVERIFY(QFile::exists(file));
    // A killed run also leaves its lock: the same lock, naming a process
    // that has exited.
    QProcess gone;
    gone.start(QStringLiteral("true"));
    QVERIFY(gone.waitForStarted());
    const qint64 deadPid = gone.processId();
    QVERIFY(gone.waitForFinished());
    QList<QByteArray> lines = lockText.split('\n');
    QCOMPARE(lines.front(), QByteArray::number(QCoreApplication::applicationPid()));
    lines.front() = QByteArray::number(deadPid);
    {
        QFile lock(file + QStringLiteral(".lock"));
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write(lines.join('\n'));
    }

    auto w = newWindow();
    Explorer *e = w->explorer();
    QVERIFY(w->recovery()->leftovers().contains(file));
    QVERIFY(w->recovery()->leftovers(QFileInfo(kernel).absoluteFilePath()).contains(file));
    QVERIFY(!w->recovery()->leftovers(m_dir.filePath(QStringLiteral("other.json"))).contains(file));
    QVERIFY(w->recovery()->restore(file));
    QVERIFY(settle(e));
    const Shown after = shown(e);
    QVERIFY(after.session == before.session);
    QCOMPARE(after.yaml, before.yaml);
    QCOMPARE(after.editScript, before.editScript);
    QCOMPARE(after.legal, before.legal);
    QCOMPARE(after.violations, before.violations);
    QVERIFY(e->isModified()); // restored, not saved
    QVERIFY(QFile::exists(file)); // taken over, still the only copy
    QVERIFY(!w->recovery()->leftovers().contains(file));

    // The edit and the assumption are undo steps.
    QUndoStack *undo = e->undoStack();
    QCOMPARE(undo->count(), 2);
    undo->undo();
    QVERIFY(settle(e));
    QVERIFY(e->assumptions().empty());
    QCOMPARE(e->edits().size(), std::size_t(1));
    undo->undo();
    QVERIFY(settle(e));
    QVERIFY(e->edits().empty());
    QVERIFY(e->snapshot()->report.legal);
    undo->redo();
    undo->redo();
    QVERIFY(settle(e));
    QVERIFY(e->session() == before.session);
    QCOMPARE(e->snapshot()->scheduleYaml, before.yaml);
    QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(file, e), 5000); // kept up to date

    // A clean save removes it.
    QVERIFY(w->saveSession(m_dir.filePath(QStringLiteral("crash.session.json"))));
    QVERIFY(!QFile::exists(file));
}

void tst_Autosave::offeredInADialog()
{
    const QString kernel = kernelCopy(QStringLiteral("dialog.json"));
    Session before;
    QString file;
    {
        auto w = newWindow();
        makeWork(w.get(), kernel);
        QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w->autosave()->currentFile(), w->explorer()), 5000);
        file = w->autosave()->currentFile();
        before = w->explorer()->session();
    }
    auto w = newWindow();
    w->setInteractive(true);
    QString text;
    const auto answer = [&](const QString &button) {
        QTimer::singleShot(50, this, [&text, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            text = box->text();
            for (QAbstractButton *b : box->buttons())
                if (b->text() == button)
                    b->click();
        });
    };
    answer(QStringLiteral("Later"));
    w->recovery()->offer();
    QVERIFY2(text.contains(QStringLiteral("dialog.json")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("1 edit, 1 fixed parameter, 1 assumption")), qPrintable(text));
    QVERIFY(!w->explorer()->kernel());
    text.clear();
    w->recovery()->offer(); // put off for this run: not asked again
    QVERIFY(text.isEmpty());
    // Opening the kernel offers it again; Restore.
    answer(QStringLiteral("Restore"));
    QVERIFY(w->openKernel(kernel));
    QVERIFY(!text.isEmpty());
    QVERIFY(settle(w->explorer()));
    QVERIFY(w->explorer()->session() == before);
    QVERIFY(QFile::exists(file));
    w->setInteractive(false);
    QVERIFY(w->close());
    QVERIFY(!QFile::exists(file));
}

void tst_Autosave::restoresAfterKill()
{
    // A real process, killed with SIGKILL once its work is autosaved.
    const QString kernel = kernelCopy(QStringLiteral("killed.json"));
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SE_AUTOSAVE_CHILD"), kernel);
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForStarted());
    nlohmann::json report;
    QElapsedTimer t;
    t.start();
    while (report.is_null() && t.elapsed() < 120000) {
        if (!child.canReadLine() && !child.waitForReadyRead(1000)) {
            QVERIFY2(child.state() == QProcess::Running, child.readAllStandardError().right(2000).constData());
            continue;
        }
        const QByteArray line = child.readLine().trimmed();
        if (line.startsWith("READY "))
            report = nlohmann::json::parse(line.mid(6).toStdString());
    }
    QVERIFY2(!report.is_null(), "the child never autosaved");
    child.kill();
    QVERIFY(child.waitForFinished());
    const QString file = QString::fromStdString(report["file"].get<std::string>());
    QVERIFY(QFile::exists(file));
    QVERIFY(QFile::exists(file + QStringLiteral(".lock"))); // left by the dead process

    auto w = newWindow();
    Explorer *e = w->explorer();
    QVERIFY(w->recovery()->leftovers().contains(file));
    QVERIFY(w->recovery()->restore(file));
    QVERIFY(settle(e));
    QCOMPARE(e->snapshot()->scheduleYaml, report["yaml"].get<std::string>());
    QCOMPARE(e->editScriptText(), report["script"].get<std::string>());
    QCOMPARE(e->snapshot()->report.legal, report["legal"].get<bool>());
    QCOMPARE(e->snapshot()->report.violations.size(), report["violations"].get<std::size_t>());
    QCOMPARE(e->session().fixedParams.at("N"), 8);
    QCOMPARE(e->undoStack()->count(), 2);
    QVERIFY(w->close());
    QVERIFY(!QFile::exists(file));
}

void tst_Autosave::cleanCloseRemovesIt()
{
    const QString kernel = kernelCopy(QStringLiteral("close.json"));
    auto w = newWindow();
    makeWork(w.get(), kernel);
    QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w->autosave()->currentFile(), w->explorer()), 5000);
    const QString file = w->autosave()->currentFile();
    QVERIFY(w->close()); // non-interactive: the unsaved work is discarded
    QVERIFY(!QFile::exists(file));
}

void tst_Autosave::liveWindowsFileIsNotOffered()
{
    const QString kernel = kernelCopy(QStringLiteral("live.json"));
    auto w1 = newWindow();
    makeWork(w1.get(), kernel);
    QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w1->autosave()->currentFile(), w1->explorer()), 5000);
    const QString file = w1->autosave()->currentFile();
    auto w2 = newWindow();
    QVERIFY(!w2->recovery()->leftovers().contains(file));
    // The same kernel in the second window gets a file of its own.
    makeWork(w2.get(), kernel);
    QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w2->autosave()->currentFile(), w2->explorer()), 5000);
    QVERIFY(w2->autosave()->currentFile() != file);
    QVERIFY(QFile::exists(file));
    QVERIFY(w2->close());
    QVERIFY(w1->close());
    QVERIFY(!QFile::exists(file));
}

void tst_Autosave::vanishedKernelKeepsTheFile()
{
    const QString kernel = kernelCopy(QStringLiteral("vanish.json"));
    QString file;
    {
        auto w = newWindow();
        makeWork(w.get(), kernel);
        QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w->autosave()->currentFile(), w->explorer()), 5000);
        file = w->autosave()->currentFile();
    }
    QVERIFY(QFile::remove(kernel));
    auto w = newWindow();
    QVERIFY(!w->recovery()->restore(file));
    QVERIFY2(w->lastError().contains(QStringLiteral("no longer exists")), qPrintable(w->lastError()));
    QVERIFY(w->lastError().contains(QStringLiteral("vanish.json")));
    QVERIFY(w->lastError().contains(file));
    QVERIFY(QFile::exists(file));
    QVERIFY(w->recovery()->leftovers().contains(file)); // offered again next time
    QVERIFY(!w->explorer()->kernel());
    QFile::remove(file);
}

void tst_Autosave::editsThatNoLongerApplyAreKeptAside()
{
    const QString kernel = kernelCopy(QStringLiteral("changed.json"));
    QString file;
    {
        auto w = newWindow();
        makeWork(w.get(), kernel);
        QTRY_VERIFY_WITH_TIMEOUT(holdsDocument(w->autosave()->currentFile(), w->explorer()), 5000);
        file = w->autosave()->currentFile();
    }
    const QByteArray saved = [&] {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    // The kernel becomes a 1-D one: no band below the root to interchange.
    QVERIFY(QFile::remove(kernel));
    QVERIFY(QFile::copy(source("sample-kernels/jacobi_1d.json"), kernel));
    auto w = newWindow();
    QSignalSpy failed(w->autosave(), &Autosave::restoreFailed);
    QVERIFY(w->recovery()->restore(file)); // reopened; the check then refuses the edit
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
    const QString kept = failed.at(0).at(0).toString();
    QVERIFY(kept != file);
    QVERIFY(kept.contains(QStringLiteral(".unrestored-")));
    QFile f(kept);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), saved); // untouched
    QTRY_VERIFY(w->lastError().contains(kept)); // said after why the check failed
    QVERIFY(w->lastError().contains(QStringLiteral("kept")));
    qInfo("%s", qPrintable(w->lastError()));
    QVERIFY(w->recovery()->leftovers().contains(kept)); // offered at the next start
    QVERIFY(settle(w->explorer()));
    QFile::remove(kept);
}

namespace {

// The child of restoresAfterKill(): makes the work, waits for its autosave,
// says where it is and what the window shows, then idles until killed.
int childMain(const QString &kernel)
{
    auto w = newWindow();
    Explorer *e = w->explorer();
    if (!w->openKernel(kernel) || !settle(e))
        return 3;
    e->setFixedParams({{"N", 8}});
    e->applyEdit(Edit::interchange({0}));
    if (!settle(e))
        return 3;
    e->assumeAbsent({"WAR", "s0", "s0", "A", "copy of the old row"});
    if (!settle(e) || e->edits().size() != 1)
        return 3;
    QSignalSpy written(w->autosave(), &Autosave::written);
    while (!holdsDocument(w->autosave()->currentFile(), e))
        if (!written.wait(10000))
            return 4;
    nlohmann::json report;
    report["file"] = w->autosave()->currentFile().toStdString();
    report["yaml"] = e->snapshot()->scheduleYaml;
    report["script"] = e->editScriptText();
    report["legal"] = e->snapshot()->report.legal;
    report["violations"] = e->snapshot()->report.violations.size();
    std::printf("READY %s\n", report.dump().c_str());
    std::fflush(stdout);
    return QCoreApplication::exec();
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("schedule-explorer-tests"));
    if (qEnvironmentVariableIsSet("SE_AUTOSAVE_CHILD"))
        return childMain(qEnvironmentVariable("SE_AUTOSAVE_CHILD"));
    tst_Autosave test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
