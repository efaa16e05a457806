// SPDX-License-Identifier: MIT
#include "TreeFigureBuilder.h"
#include "widgets/common/QtString.h"

#include "FigureText.h"
#include "core/layout/GraphvizLayout.h"
#include "core/layout/TreeLayout.h"

#include <algorithm>

namespace se {

namespace {

using Kind = ScheduleTreeSnapshot::Kind;
using Font = FigureLabel::Font;
using Tone = FigureLabel::Tone;

constexpr double Pad = 8;
constexpr double Gap = 10;
constexpr double MaxExprWidth = 170;
constexpr int MaxChips = 6;
// Above this many nodes the tree is laid out by TreeLayout, not Graphviz.
constexpr std::size_t LargeTree = 200;

int indexOf(const std::vector<std::string> &statements, const std::string &name)
{
    const auto it = std::find(statements.begin(), statements.end(), name);
    return it == statements.end() ? -1 : static_cast<int>(it - statements.begin());
}

QString badgeTooltip(const QString &flag, FigureBadge::State s)
{
    switch (s) {
    case FigureBadge::State::Verified: return flag + QStringLiteral(": declared, and the dependences allow it");
    case FigureBadge::State::Stale:
        return flag + QStringLiteral(": declared, but the dependences no longer allow it (a stale flag)");
    case FigureBadge::State::Available: return flag + QStringLiteral(": not declared, but the dependences allow it");
    case FigureBadge::State::Declared: return flag + QStringLiteral(": declared (not re-verified)");
    }
    return flag;
}

FigureBadge badge(const FigureText &ft, const QString &text, const QString &flag, FigureBadge::State state, double x,
                  double y)
{
    FigureBadge b;
    b.text = text;
    b.state = state;
    b.tooltip = badgeTooltip(flag, state);
    const double h = ft.lineHeight(Font::Small) + 2;
    b.rect = QRectF(x, y, ft.width(text, Font::Small) + 10, h);
    return b;
}

constexpr std::size_t MaxTipLines = 12;
constexpr int MaxTipChars = 400;

// Builds one node's labels and badges at the origin; returns its size.
class NodeBuilder {
public:
    NodeBuilder(const FigureText &ft, const ScheduleTreeSnapshot &tree, const std::vector<std::string> &statements)
        : m_ft(ft), m_tree(tree), m_statements(statements)
    {
    }

    QSizeF build(int index, TreeFigure::Node &out)
    {
        const auto &n = m_tree.nodes[static_cast<std::size_t>(index)];
        m_out = &out;
        m_width = 0;
        m_y = Pad;
        out.kind = n.kind;
        out.path = n.path;
        for (const auto &s : n.statements)
            out.statements << q(s);
        QString tip =
            QStringLiteral("<b>%1</b> at %2")
                .arg(QLatin1String(ScheduleTreeSnapshot::kindName(n.kind)), q(ScheduleTreeSnapshot::pathText(n.path)));
        // A tooltip is read at a glance: statements in program order and at
        // most MaxTipLines of them; the rest are counted, not listed.
        std::vector<std::string> sorted = n.statements;
        std::stable_sort(sorted.begin(), sorted.end(), [&](const std::string &a, const std::string &b) {
            return indexOf(m_statements, a) < indexOf(m_statements, b);
        });
        if (!sorted.empty()) {
            QStringList names;
            for (std::size_t k = 0; k < std::min<std::size_t>(sorted.size(), MaxTipLines); ++k)
                names << q(sorted[k]);
            tip += QStringLiteral("<br>statements: ") + names.join(QStringLiteral(", "));
            if (sorted.size() > MaxTipLines)
                tip += QStringLiteral(" \u2026 (%1 in all)").arg(sorted.size());
        }
        switch (n.kind) {
        case Kind::Domain:
            title(QStringLiteral("domain"));
            chips(n.statements);
            domainLines(q(n.text));
            break;
        case Kind::Filter:
            title(QStringLiteral("filter"));
            chips(n.statements);
            break;
        case Kind::Band: band(index, n, tip); break;
        case Kind::Mark: {
            const double w = m_ft.width(QStringLiteral("mark "), Font::Title);
            add(m_ft.label(QStringLiteral("mark"), Font::Title, Pad, m_y, 100));
            add(m_ft.label(q(n.text), Font::Mono, Pad + w, m_y, MaxExprWidth));
            m_y += m_ft.lineHeight(Font::Title);
            break;
        }
        case Kind::Leaf:
            add(m_ft.label(QStringLiteral("leaf"), Font::Small, Pad, m_y, 100, Tone::Muted));
            m_y += m_ft.lineHeight(Font::Small);
            break;
        default: title(QLatin1String(ScheduleTreeSnapshot::kindName(n.kind))); break;
        }
        if (n.kind == Kind::Band) {
            // One line per statement, in program order, instead of isl's
            // union text in hash order.
            int lines = 0;
            for (const auto &st : sorted) {
                if (lines == static_cast<int>(MaxTipLines)) {
                    tip += QStringLiteral("<br>\u2026 %1 more (context menu: Show All Statements)")
                               .arg(sorted.size() - MaxTipLines);
                    break;
                }
                QStringList exprs;
                for (const auto &m : n.members)
                    for (const auto &p : m.parts)
                        if (p.statement == st)
                            exprs << q(p.expr);
                if (exprs.isEmpty())
                    continue;
                tip += QStringLiteral("<br><tt>%1: [%2]</tt>")
                           .arg(q(st), exprs.join(QStringLiteral(", ")).toHtmlEscaped());
                ++lines;
            }
        } else if (!n.text.empty() && n.kind != Kind::Mark) {
            QString t = q(n.text);
            if (t.size() > MaxTipChars)
                t = t.left(MaxTipChars) + QStringLiteral(" \u2026");
            tip += QStringLiteral("<br><tt>") + t.toHtmlEscaped() + QStringLiteral("</tt>");
        }
        out.tooltip = tip;
        const double minWidth = n.kind == Kind::Leaf ? 40 : 64;
        // A little more room on the right: zoomed out, hinted text runs
        // slightly wider than its measured width scaled.
        return QSizeF(std::max(m_width + Pad + 4, minWidth), m_y + Pad - 2);
    }

private:
    void add(const FigureLabel &l)
    {
        m_out->labels.push_back(l);
        m_width = std::max(m_width, l.rect.right());
    }
    void addBadge(const FigureBadge &b)
    {
        m_out->badges.push_back(b);
        m_width = std::max(m_width, b.rect.right());
    }
    void title(const QString &t)
    {
        add(m_ft.label(t, Font::Title, Pad, m_y, 200));
        m_y += m_ft.lineHeight(Font::Title) + 2;
    }
    void text(const QString &t)
    {
        add(m_ft.label(t, Font::Mono, Pad, m_y, TreeFigureBuilder::MaxTextWidth, Tone::Muted));
        m_y += m_ft.lineHeight(Font::Mono) + 2;
    }
    // The domain one statement per line (`s0[i, j] : ...`), not one line cut
    // off after a statement and a half: a few lines, then a count.
    void domainLines(const QString &t)
    {
        QString body = t;
        const int open = body.indexOf(QLatin1Char('{')), close = body.lastIndexOf(QLatin1Char('}'));
        if (open >= 0 && close > open)
            body = body.mid(open + 1, close - open - 1).trimmed();
        const QStringList parts = body.split(QStringLiteral("; "), Qt::SkipEmptyParts);
        if (parts.size() <= 1) {
            text(t);
            return;
        }
        constexpr int MaxLines = 6;
        for (int k = 0; k < std::min<int>(static_cast<int>(parts.size()), MaxLines); ++k)
            text(parts[k].trimmed());
        if (parts.size() > MaxLines) {
            add(m_ft.label(QStringLiteral("+%1 more").arg(parts.size() - MaxLines), Font::Small, Pad, m_y, 200,
                           Tone::Muted));
            m_y += m_ft.lineHeight(Font::Small);
        }
    }
    // Statement names in their colours, on one line.
    void chips(const std::vector<std::string> &names)
    {
        double x = Pad;
        int shown = 0;
        for (const auto &s : names) {
            if (shown == MaxChips) {
                add(m_ft.label(QStringLiteral("+%1").arg(names.size() - MaxChips), Font::Body, x, m_y, 60,
                               Tone::Muted));
                break;
            }
            const FigureLabel l = m_ft.label(q(s), Font::Title, x, m_y, 80, Tone::Statement, indexOf(m_statements, s));
            add(l);
            x = l.rect.right() + 6;
            ++shown;
        }
        m_y += m_ft.lineHeight(Font::Title) + 2;
    }

    // Title with the permutable pill, then a grid: one column per member
    // (headed by its time dimension and coincident pill), one row per statement.
    void band(int index, const ScheduleTreeSnapshot::Node &n, QString &tip)
    {
        const double titleH = m_ft.lineHeight(Font::Title);
        add(m_ft.label(QStringLiteral("band"), Font::Title, Pad, m_y, 100));
        FigureBadge::State ps;
        const bool hasP = badgeState(n.permutable, n.permutableComputed, &ps);
        if (hasP) {
            addBadge(badge(m_ft, QStringLiteral("permutable"), QStringLiteral("permutable"), ps,
                           Pad + m_ft.width(QStringLiteral("band"), Font::Title) + Gap, m_y + 1));
            tip += QStringLiteral("<br>") + m_out->badges.back().tooltip;
        }
        m_y += titleH + 4;

        // Column widths.
        const int first = m_tree.bandDepth(index) - static_cast<int>(n.members.size());
        std::vector<std::string> rows;
        for (const auto &m : n.members)
            for (const auto &p : m.parts)
                if (std::find(rows.begin(), rows.end(), p.statement) == rows.end())
                    rows.push_back(p.statement);
        std::sort(rows.begin(), rows.end(), [&](const std::string &a, const std::string &b) {
            return indexOf(m_statements, a) < indexOf(m_statements, b);
        });
        const std::size_t shownRows = std::min<std::size_t>(rows.size(), TreeFigureBuilder::MaxBandRows);
        double nameW = 0;
        for (std::size_t r = 0; r < shownRows; ++r)
            nameW = std::max(nameW, m_ft.width(q(rows[r]) + QLatin1Char(':'), Font::Title));
        std::vector<double> colW(n.members.size(), 0);
        std::vector<FigureBadge> headerBadges(n.members.size());
        std::vector<bool> hasC(n.members.size(), false);
        for (std::size_t m = 0; m < n.members.size(); ++m) {
            const auto &mem = n.members[m];
            FigureBadge::State cs;
            hasC[m] = badgeState(mem.coincident, mem.coincidentComputed, &cs);
            if (hasC[m])
                headerBadges[m] = badge(m_ft, QStringLiteral("C"), QStringLiteral("coincident (parallel)"), cs, 0, 0);
            const QString head = QStringLiteral("t%1").arg(first + static_cast<int>(m));
            colW[m] = m_ft.width(head, Font::Small) + (hasC[m] ? headerBadges[m].rect.width() + 4 : 0);
            for (const auto &p : mem.parts)
                colW[m] = std::max(colW[m], std::min(m_ft.width(q(p.expr), Font::Mono), MaxExprWidth));
        }
        // Header row.
        const double headH = m_ft.lineHeight(Font::Small) + 4;
        double x = Pad + nameW + Gap;
        for (std::size_t m = 0; m < n.members.size(); ++m) {
            const QString head = QStringLiteral("t%1").arg(first + static_cast<int>(m));
            const FigureLabel h = m_ft.label(head, Font::Small, x, m_y + 1, 60, Tone::Muted);
            add(h);
            if (hasC[m]) {
                FigureBadge b = headerBadges[m];
                b.rect.moveTo(h.rect.right() + 3, m_y);
                addBadge(b);
                tip += QStringLiteral("<br>t%1 ").arg(first + static_cast<int>(m)) + b.tooltip;
            }
            x += colW[m] + Gap;
        }
        m_y += headH;
        // Statement rows.
        const double rowH = std::max(m_ft.lineHeight(Font::Mono), m_ft.lineHeight(Font::Title)) + 1;
        for (std::size_t r = 0; r < shownRows; ++r) {
            const int si = indexOf(m_statements, rows[r]);
            add(m_ft.label(q(rows[r]) + QLatin1Char(':'), Font::Title, Pad, m_y, nameW, Tone::Statement, si));
            x = Pad + nameW + Gap;
            for (std::size_t m = 0; m < n.members.size(); ++m) {
                for (const auto &p : n.members[m].parts)
                    if (p.statement == rows[r]) {
                        m_out->cells.push_back({m_out->labels.size(), static_cast<int>(m), q(p.statement)});
                        add(m_ft.label(q(p.expr), Font::Mono, x, m_y, MaxExprWidth));
                    }
                x += colW[m] + Gap;
            }
            m_y += rowH;
        }
        if (rows.size() > shownRows) {
            add(m_ft.label(QStringLiteral("+%1 more statements").arg(rows.size() - shownRows), Font::Small, Pad, m_y,
                           200, Tone::Muted));
            m_y += m_ft.lineHeight(Font::Small);
        }
        m_width = std::max(m_width, x - Gap);
    }

    const FigureText &m_ft;
    const ScheduleTreeSnapshot &m_tree;
    const std::vector<std::string> &m_statements;
    TreeFigure::Node *m_out = nullptr;
    double m_width = 0;
    double m_y = 0;
};

} // namespace

bool badgeState(bool declared, const std::optional<bool> &computed, FigureBadge::State *state)
{
    if (declared)
        *state = !computed ? FigureBadge::State::Declared
            : *computed    ? FigureBadge::State::Verified
                           : FigureBadge::State::Stale;
    else if (computed && *computed)
        *state = FigureBadge::State::Available;
    else
        return false;
    return true;
}

TreeFigure TreeFigureBuilder::build(const ScheduleTreeSnapshot &tree, const std::vector<std::string> &statements,
                                    const FigureFonts &fonts)
{
    TreeFigure fig;
    const FigureText ft(fonts);
    NodeBuilder nb(ft, tree, statements);
    LayoutGraph g;
    g.keepChildOrder = true;
    g.splines = LayoutGraph::Splines::Straight;
    g.nodeSeparation = 18;
    g.rankSeparation = 26;
    fig.nodes.resize(tree.nodes.size());
    for (std::size_t k = 0; k < tree.nodes.size(); ++k) {
        const QSizeF size = nb.build(static_cast<int>(k), fig.nodes[k]);
        g.nodes.push_back({size.width(), size.height()});
        for (int c : tree.nodes[k].children) {
            g.edges.push_back({k, static_cast<std::size_t>(c), 0, 0});
            fig.links.push_back({static_cast<int>(k), c, {}});
        }
    }
    if (g.nodes.empty())
        return fig;
    try {
        // Graphviz draws the small trees; its crossing minimisation is
        // slow on the 1,600 nodes of a 400-statement pipeline, where the
        // linear tree layout is not.
        const GraphLayout l = tree.nodes.size() > LargeTree ? TreeLayout::compute(g) : GraphvizLayout::compute(g);
        const QPointF margin(16, 16);
        fig.size = QSizeF(l.width + 32, l.height + 32);
        for (std::size_t k = 0; k < l.nodes.size(); ++k)
            fig.nodes[k].rect =
                QRectF(l.nodes[k].x, l.nodes[k].y, l.nodes[k].width, l.nodes[k].height).translated(margin);
        // Straight links from the parent's border to the child's: no arrow
        // heads in a tree, so run the line up to where the tip would be.
        for (std::size_t k = 0; k < l.edges.size(); ++k) {
            const auto &e = l.edges[k];
            if (e.points.empty())
                continue;
            const auto end = e.hasArrow ? e.arrowTip : e.points.back();
            QPainterPath p;
            p.moveTo(QPointF(e.points.front().x, e.points.front().y) + margin);
            p.lineTo(QPointF(end.x, end.y) + margin);
            fig.links[k].path.path = p;
        }
    } catch (const std::exception &e) {
        fig.error = QStringLiteral("could not lay out the tree: ") + QString::fromUtf8(e.what());
    }
    return fig;
}

} // namespace se
