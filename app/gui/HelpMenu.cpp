// SPDX-License-Identifier: MIT
#include "HelpMenu.h"

#include "widgets/figures/GraphEdgeItem.h"
#include "widgets/figures/StatementPalette.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <functional>

namespace se {

namespace {

QString hex(const QColor &c)
{
    return c.name(QColor::HexRgb);
}

// A swatch as HTML: a coloured box with a border (pill when `pill`).
QString swatch(const QColor &fill, const QColor &border, const QString &text, bool dashed = false,
               const QColor &ink = QColor(0x1d, 0x21, 0x27))
{
    return QStringLiteral("<span style=\"background:%1; color:%4; border:2px %3 %2; padding:1px 6px;\">"
                          "&nbsp;%5&nbsp;</span>")
        .arg(hex(fill), hex(border), dashed ? QStringLiteral("dashed") : QStringLiteral("solid"), hex(ink), text);
}

QString line(const QColor &c, const QString &text, bool dashed = false)
{
    return QStringLiteral("<span style=\"color:%1; font-weight:bold;\">%2</span> %3")
        .arg(hex(c), dashed ? QStringLiteral("- - - \u25b6") : QStringLiteral("\u2501\u2501\u25b6"), text);
}

} // namespace

HelpMenu::HelpMenu(QMainWindow *window) : QObject(window), m_window(window)
{
    QMenu *help = window->menuBar()->addMenu(tr("&Help"));
    QAction *keys = help->addAction(tr("&Keyboard Shortcuts"));
    keys->setObjectName(QStringLiteral("helpShortcuts"));
    keys->setShortcut(QKeySequence::HelpContents);
    connect(keys, &QAction::triggered, this, [this] {
        dialog(tr("Keyboard Shortcuts"), shortcutsHtml(m_window), QStringLiteral("shortcutsDialog"))->show();
    });
    QAction *legend = help->addAction(tr("&Legend"));
    legend->setObjectName(QStringLiteral("helpLegend"));
    connect(legend, &QAction::triggered, this,
            [this] { dialog(tr("Legend"), legendHtml(), QStringLiteral("legendDialog"))->show(); });
    QAction *tour = help->addAction(tr("Short &Tour"));
    tour->setObjectName(QStringLiteral("helpTour"));
    connect(tour, &QAction::triggered, this,
            [this] { dialog(tr("A Short Tour"), tourHtml(), QStringLiteral("tourDialog"))->show(); });
    help->addSeparator();
    connect(help->addAction(tr("&About Schedule Explorer")), &QAction::triggered, this, [this] {
        QMessageBox::about(m_window, tr("About Schedule Explorer"),
                           tr("<b>Schedule Explorer</b> %1<br>See a loop nest's isl schedule tree and dependences, "
                              "edit the schedule, and get an exact legality verdict with a witness after every "
                              "edit.<br>Built on isl, Graphviz and Qt %2.")
                               .arg(QApplication::applicationVersion(), QLatin1String(qVersion())));
    });
}

QDialog *HelpMenu::dialog(const QString &title, const QString &html, const QString &name)
{
    auto *d = new QDialog(m_window);
    d->setObjectName(name);
    d->setWindowTitle(title);
    d->setAttribute(Qt::WA_DeleteOnClose);
    auto *text = new QTextBrowser(d);
    text->setObjectName(QStringLiteral("helpText"));
    text->setOpenExternalLinks(true);
    text->setHtml(html);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, d);
    connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::reject);
    auto *layout = new QVBoxLayout(d);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    d->resize(620, 560);
    return d;
}

QString HelpMenu::shortcutsHtml(const QMainWindow *window)
{
    // Read off the menus themselves: the list cannot drift from the actions.
    QString html = tr("<h3>Keyboard shortcuts</h3><table cellspacing=\"2\" cellpadding=\"2\">");
    const std::function<void(QMenu *, const QString &)> walk = [&](QMenu *menu, const QString &where) {
        for (QAction *a : menu->actions()) {
            if (a->menu()) {
                walk(a->menu(), where + QStringLiteral(" \u203a ") + a->menu()->title().remove(QLatin1Char('&')));
                continue;
            }
            if (a->shortcut().isEmpty())
                continue;
            html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td><td><i>%3</i></td></tr>")
                        .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                             a->text().remove(QLatin1Char('&')).toHtmlEscaped(), where.toHtmlEscaped());
        }
    };
    for (QAction *top : window->menuBar()->actions())
        if (top->menu())
            walk(top->menu(), top->text().remove(QLatin1Char('&')));
    html += QStringLiteral("</table>");
    html += tr(
        "<h4>In the views</h4><table cellspacing=\"2\" cellpadding=\"2\">"
        "<tr><td><b>Ctrl+wheel</b>, <b>+</b> / <b>-</b></td><td>zoom the tree, graph or iteration space</td></tr>"
        "<tr><td><b>drag the background</b></td><td>pan</td></tr>"
        "<tr><td><b>right-click</b></td><td>a node's edits (tree), an edge's overrides (graph, Dependences)</td></tr>"
        "<tr><td><b>double-click</b></td><td>edit a band member's expression (tree); apply a move (Legal "
        "moves)</td></tr>"
        "<tr><td><b>drag a filter</b></td><td>reorder a sequence's children</td></tr></table>");
    return html;
}

QString HelpMenu::legendHtml()
{
    const QColor ink(0x1d, 0x21, 0x27);
    QString h = tr("<h3>Schedule tree: node shapes</h3><p>");
    h += swatch(QColor(0xec, 0xef, 0xf4), QColor(0x3b, 0x4a, 0x5a), tr("domain"))
        + tr(" the statements' instances (rounded box)<br>");
    h += swatch(QColor(0xe8, 0xf0, 0xfe), QColor(0x1f, 0x5f, 0x9e), tr("band"))
        + tr(" loops: one column per time dimension t<i>k</i>, one row per statement<br>");
    h += swatch(QColor(0xff, 0xf1, 0xe0), QColor(0xc2, 0x5e, 0x00), tr("sequence"))
        + tr(" children run in order (pill)<br>");
    h += swatch(QColor(0xe0, 0xf4, 0xf3), QColor(0x13, 0x8a, 0x99), tr("set"), true)
        + tr(" children in any order (dashed pill)<br>");
    h += swatch(QColor(0xf4, 0xec, 0xf8), QColor(0x7a, 0x4f, 0xa3), tr("filter"))
        + tr(" which statements go down this branch (drag to reorder)<br>");
    h += swatch(QColor(0xfd, 0xf8, 0xdc), QColor(0x8a, 0x7a, 0x12), tr("mark")) + tr(" a named annotation<br>");
    h += swatch(QColor(0xf3, 0xf3, 0xf3), QColor(0x9e, 0x9e, 0x9e), tr("leaf")) + tr(" the statements themselves</p>");
    h += tr("<p>Outlines: ") + swatch(Qt::white, QColor(0x0d, 0x47, 0xa1), tr("selected")) + QStringLiteral(" ")
        + swatch(Qt::white, QColor(0xd5, 0x00, 0x00), tr("where a selected violation breaks the order"))
        + QStringLiteral(" ")
        + swatch(QColor(0xff, 0xf6, 0xc4), QColor(0x9e, 0x9e, 0x9e), tr("holds the selected statements"))
        + QStringLiteral("</p>");
    h += tr("<h3>Flag pills</h3><p>");
    h += swatch(QColor(0x2e, 0x7d, 0x32), QColor(0x2e, 0x7d, 0x32), tr("permutable"), false, Qt::white)
        + tr(" declared, and the dependences allow it<br>");
    h += swatch(QColor(0xc6, 0x28, 0x28), QColor(0xc6, 0x28, 0x28), tr("C"), false, Qt::white)
        + tr(" declared, but the dependences no longer allow it (a stale flag)<br>");
    h += swatch(QColor(0x54, 0x6e, 0x7a), QColor(0x54, 0x6e, 0x7a), tr("C"), false, Qt::white)
        + tr(" declared, not re-verified<br>");
    h += swatch(Qt::white, QColor(0x2e, 0x7d, 0x32), tr("C"), true, QColor(0x2e, 0x7d, 0x32))
        + tr(" not declared, but the dependences allow it<br>");
    h += tr("<i>C</i> is coincident (the loop may run in parallel); <i>permutable</i> means the band's loops may "
            "be interchanged and tiled.</p>");
    h += tr("<h3>Dependence graph: edges</h3><p>");
    h += line(GraphEdgeItem::typeColor(QStringLiteral("RAW")), tr("RAW: read after write (true dependence)"))
        + QStringLiteral("<br>");
    h += line(GraphEdgeItem::typeColor(QStringLiteral("WAR")), tr("WAR: write after read (anti)"))
        + QStringLiteral("<br>");
    h += line(GraphEdgeItem::typeColor(QStringLiteral("WAW")), tr("WAW: write after write (output)"))
        + QStringLiteral("<br>");
    h += line(GraphEdgeItem::violatedColor(), tr("violated by the current schedule (thick)")) + QStringLiteral("<br>");
    h += line(QColor(0x60, 0x60, 0x60), tr("assumed absent by an override (dashed)"), true) + QStringLiteral("</p>");
    h += tr("<p>Nodes are statements, in their colours everywhere in the app: ");
    for (int k = 0; k < 6; ++k)
        h += QStringLiteral("<span style=\"color:%1; font-weight:bold;\">s%2</span> ")
                 .arg(hex(StatementPalette::color(k)))
                 .arg(k);
    h += QStringLiteral("\u2026</p>");
    h += tr("<h3>Iteration space</h3><p>One dot per instance, numbered by the order the schedule runs it; arrows "
            "are dependence pairs (red: violated). A selected violation's witness is ringed (dashed: the "
            "instance that runs too early) and joined by a bold arrow.</p>");
    Q_UNUSED(ink);
    return h;
}

QString HelpMenu::tourHtml()
{
    return tr("<h3>A short tour</h3><ol>"
              "<li><b>Open</b> a kernel (File \u203a Open, or File \u203a Open Sample; samples come with the "
              "schedules their descriptions talk about).</li>"
              "<li>The <b>schedule tree</b> in the middle is the schedule. The <b>verdict</b> at the bottom right "
              "says whether it respects every dependence.</li>"
              "<li><b>Right-click</b> a band to interchange, tile, shift, skew\u2026 Every edit is checked at "
              "once, and can be undone (Ctrl+Z).</li>"
              "<li>A red verdict lists its <b>violations</b> (bottom dock). Click one: the tree outlines the "
              "band where the order breaks, the graph highlights the edge, the loop nest tints the two "
              "statements, and the <b>iteration space</b> shows the witness pair.</li>"
              "<li><b>Legal moves</b> (left) lists the edits that fit the selected node, with their verdicts: "
              "double-click one to apply it.</li>"
              "<li><b>Loop nest</b> (right) is the code isl generates from the schedule; File \u203a Export "
              "writes it, the schedule, or the pictures.</li></ol>"
              "<p>More: the README and docs/ of the source tree (docs/architecture.md, docs/performance.md).</p>");
}

} // namespace se
