// SPDX-License-Identifier: MIT
// schedule-explorer [KERNEL | SESSION] [--schedule FILE] [--edits FILE]
//                   [--param NAME=VALUE]... [--deps may|flow]
#include "AutosaveRecovery.h"
#include "MainWindow.h"

#include "core/layout/GraphvizLayout.h"
#include "widgets/document/Explorer.h"

#include "core/isl/IslContext.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>
#include <string>

namespace {

// The command line, the same for the display-less --help/--version and a
// real run.
struct CommandLine {
    QCommandLineParser parser;
    const QCommandLineOption schedule{QStringLiteral("schedule"),
                                      QStringLiteral("Start from this schedule (isl YAML tree or union map)."),
                                      QStringLiteral("FILE")};
    const QCommandLineOption edits{QStringLiteral("edits"), QStringLiteral("Apply this edit script."),
                                   QStringLiteral("FILE")};
    const QCommandLineOption param{QStringLiteral("param"), QStringLiteral("Fix a parameter (repeatable)."),
                                   QStringLiteral("NAME=VALUE")};
    const QCommandLineOption deps{QStringLiteral("deps"), QStringLiteral("Dependence mode: may (default) or flow."),
                                  QStringLiteral("MODE"), QStringLiteral("may")};

    CommandLine()
    {
        QCoreApplication::setApplicationName(QStringLiteral("schedule-explorer"));
        QCoreApplication::setOrganizationName(QStringLiteral("schedule-explorer"));
        // The libraries doing the work, as loaded (a bug report needs them).
        const std::string isl = se::IslContext::islVersion();
        QCoreApplication::setApplicationVersion(QStringLiteral(SE_VERSION " (%1, Graphviz %2, Qt %3)")
                                                    .arg(QString::fromStdString(isl),
                                                         QString::fromStdString(se::GraphvizLayout::version()),
                                                         QLatin1String(qVersion())));
        parser.setApplicationDescription(QStringLiteral(
            "See a loop nest's schedule tree and dependences, edit the schedule, and watch legality live.\n"
            "With no kernel, a bundled sample opens."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("kernel"), QStringLiteral("A kernel (JSON) or a saved session."),
                                     QStringLiteral("[KERNEL]"));
        parser.addOptions({schedule, edits, param, deps});
    }
};

} // namespace

int main(int argc, char **argv)
{
    // --help and --version need no display: answered before QApplication,
    // which aborts without one (process() prints and exits).
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-h" || a == "--help" || a == "--help-all" || a == "-v" || a == "--version") {
            QCoreApplication core(argc, argv);
            CommandLine cl;
            cl.parser.process(core);
        }
    }
    QApplication app(argc, argv);
    CommandLine cl;
    QApplication::setApplicationDisplayName(QStringLiteral("Schedule Explorer"));
    QCommandLineParser &parser = cl.parser;
    const QCommandLineOption &schedule = cl.schedule, &edits = cl.edits, &param = cl.param, &deps = cl.deps;
    parser.process(app);

    const auto fail = [](const QString &message) {
        std::fprintf(stderr, "schedule-explorer: %s\n", qPrintable(message));
        return 2;
    };
    if (parser.positionalArguments().size() > 1)
        return fail(QStringLiteral("give at most one kernel"));
    se::ParamValues fixed;
    for (const QString &p : parser.values(param)) {
        const auto parts = p.split(QLatin1Char('='));
        bool ok = false;
        const qlonglong v = parts.size() == 2 ? parts[1].toLongLong(&ok) : 0;
        if (!ok)
            return fail(QStringLiteral("--param takes NAME=VALUE, got '%1'").arg(p));
        fixed[parts[0].trimmed().toStdString()] = v;
    }
    const QString mode = parser.value(deps);
    if (mode != QLatin1String("may") && mode != QLatin1String("flow"))
        return fail(QStringLiteral("--deps takes may or flow, got '%1'").arg(mode));

    se::MainWindow window;
    window.show();
    const QStringList args = parser.positionalArguments();
    bool opened = false;
    if (!args.isEmpty() && args[0].endsWith(QLatin1String(".json")) && !parser.isSet(schedule) && !parser.isSet(edits))
        opened = window.openAny(args[0]);
    else if (!args.isEmpty())
        opened = window.openKernel(args[0], parser.value(schedule), parser.value(edits));
    if (!opened && args.isEmpty())
        opened = window.openKernel(se::MainWindow::defaultSample(), parser.value(schedule), parser.value(edits));
    if (opened) {
        if (!fixed.empty())
            window.explorer()->setFixedParams(fixed);
        if (mode == QLatin1String("flow"))
            window.explorer()->setMode(se::DepMode::Flow);
    }
    // Work a run that crashed or was killed left behind: offered once the
    // window is up (the kernel just opened has had its own offer).
    QTimer::singleShot(0, &window, [&window] { window.recovery()->offer(); });
    return app.exec();
}
