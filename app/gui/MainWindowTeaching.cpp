// SPDX-License-Identifier: MIT
// MainWindow's teaching and interop parts (issue 8): the iteration-space
// dock, the dependence edges' override menu, the verdict with assumptions,
// and JSCoP import and export.
#include "MainWindow.h"

#include "core/interop/JscopExport.h"
#include "core/support/InputError.h"
#include "widgets/views/DependenceGraphView.h"
#include "widgets/views/DependencesView.h"
#include "widgets/document/Explorer.h"
#include "widgets/views/IterationSpaceView.h"
#include "widgets/actions/OverrideActions.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>

#include <algorithm>

namespace se {

namespace {

QString badge(const char *background)
{
    return QStringLiteral("QLabel { background: %1; color: white; padding: 1px 8px; border-radius: 3px; "
                          "font-weight: bold; }")
        .arg(QLatin1String(background));
}

} // namespace

void MainWindow::createTeachingViews()
{
    m_space = new IterationSpaceView(m_explorer, this);
    QDockWidget *space =
        addViewDock(tr("Iteration space"), QStringLiteral("iterationSpace"), m_space, Qt::RightDockWidgetArea);
    // A tab beside the dependence graph: the same edges, instance by instance.
    if (auto *graph = findChild<QDockWidget *>(QStringLiteral("graph"))) {
        tabifyDockWidget(graph, space);
        graph->raise();
    }
    // Slices are computed only while the plot can be seen.
    connect(space, &QDockWidget::visibilityChanged, m_space, &IterationSpaceView::setActive);
    connect(m_graph, &DependenceGraphView::edgeMenuRequested, this, &MainWindow::showEdgeMenu);
    connect(m_dependences, &DependencesView::edgeMenuRequested, this, &MainWindow::showEdgeMenu);
}

void MainWindow::showEdgeMenu(int edge, const QPoint &globalPos)
{
    QMenu menu(this);
    if (OverrideActions::populate(&menu, m_explorer, edge, this))
        menu.exec(globalPos);
}

void MainWindow::showVerdict(const CheckReport &r)
{
    if (!r.legal) {
        m_verdict->setText(r.violations.size() == 1 ? tr("1 violation") : tr("%1 violations").arg(r.violations.size()));
        m_verdict->setStyleSheet(badge("#c62828"));
        m_verdict->setToolTip(tr("%1 of %2 dependence edges violated").arg(r.violations.size()).arg(r.edges.size()));
        m_violationsDock->raise();
        return;
    }
    const QString verdict = QString::fromStdString(r.verdict()); // "legal" or "legal, assuming: ..."
    if (verdict == QLatin1String("legal")) {
        m_verdict->setText(tr("legal"));
        m_verdict->setStyleSheet(badge("#2e7d32"));
        m_verdict->setToolTip(tr("Every dependence is respected"));
        return;
    }
    // Legal only under overrides: say so, in words, with the reasons.
    m_verdict->setText(QFontMetrics(m_verdict->font()).elidedText(verdict, Qt::ElideRight, 520));
    m_verdict->setStyleSheet(badge("#9a6700"));
    m_verdict->setToolTip(verdict.toHtmlEscaped().replace(QStringLiteral("; "), QStringLiteral("<br>")));
}

void MainWindow::showFirstViolation(const CheckReport &r)
{
    if (r.violations.empty())
        return;
    const ViolationReport &v = r.violations.front();
    m_verdict->setText(tr("violated\u2026"));
    m_verdict->setStyleSheet(badge("#c62828"));
    m_verdict->setToolTip(tr("%1 %2 \u2192 %3 on %4 is violated; checking the other edges\u2026")
                              .arg(QString::fromStdString(v.type), QString::fromStdString(v.src),
                                   QString::fromStdString(v.dst), QString::fromStdString(v.allocation)));
}

void MainWindow::importJscopDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a JSCoP schedule"), dialogDir(),
                                                      tr("JSCoP (*.jscop *.jscop.* *.json);;All files (*)"));
    if (!path.isEmpty())
        loadSchedule(path); // the worker's reader recognises a JSCoP by name and content
}

std::string MainWindow::jscopText(QString *error) const
{
    const AnalysisSnapshotPtr s = m_explorer->snapshot();
    if (!s || !s->kernel)
        return {};
    try {
        return JscopExport::write(s->kernel, s->fixedParams, s->scheduleYaml, "the current schedule");
    } catch (const InputError &e) {
        *error = QString::fromStdString(e.what());
    } catch (const std::exception &e) {
        *error = tr("Cannot write the JSCoP: %1").arg(QString::fromUtf8(e.what()));
    }
    return {};
}

std::string MainWindow::withAssumptions(const AnalysisSnapshot &s, Export what, std::string text)
{
    const bool c = what == Export::C;
    if (s.report.assumptions.empty() || !(c || what == Export::ScheduleYaml || what == Export::ScheduleMap))
        return text; // the edit script and the JSCoP carry theirs as data, or have no place for them
    // A reason is free text: keep it on one line, inside the comment.
    const auto oneLine = [](std::string line) {
        std::replace(line.begin(), line.end(), '\n', ' ');
        for (std::size_t k; (k = line.find("*/")) != std::string::npos;)
            line.replace(k, 2, "* /");
        return line;
    };
    const char *lead = c ? " * " : "# ";
    std::string head = c ? "/*\n" : "";
    head += std::string(lead) + "Judged assuming these dependences absent (audited overrides):\n";
    for (const auto &a : s.report.assumptions)
        head += std::string(lead) + "  " + oneLine(a.text()) + (a.needed ? "" : " [not needed]") + "\n";
    head += std::string(lead) + "verdict: " + oneLine(s.report.verdict()) + "\n" + (c ? " */\n" : "");
    return head + text;
}

} // namespace se
