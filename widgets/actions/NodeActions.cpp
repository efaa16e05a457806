// SPDX-License-Identifier: MIT
#include "NodeActions.h"
#include "widgets/common/QtString.h"

#include "widgets/dialogs/BandStatementsDialog.h"
#include "widgets/dialogs/EditDialogs.h"
#include "widgets/document/Explorer.h"
#include "MenuHeader.h"
#include "widgets/dialogs/MemberExprValidator.h"

#include <QMenu>

namespace se {

namespace {

using Kind = ScheduleTreeSnapshot::Kind;

QStringList paramNames(const Kernel &k)
{
    QStringList out;
    for (const auto &n : k.allParamNames())
        out << q(n);
    return out;
}

template <typename F> QAction *add(QMenu *menu, const QString &text, F &&f, bool enabled = true)
{
    QAction *a = menu->addAction(text);
    a->setEnabled(enabled);
    QObject::connect(a, &QAction::triggered, menu, std::forward<F>(f));
    return a;
}

void bandActions(QMenu *menu, Explorer *ex, const AnalysisSnapshot &snap, int index, QWidget *parent)
{
    const auto &tree = snap.tree;
    const ScheduleTreeSnapshot::Node n = tree.nodes[static_cast<std::size_t>(index)];
    const int members = static_cast<int>(n.members.size());
    const auto &children = n.children;
    const Kind childKind = children.size() == 1 ? tree.nodes[static_cast<std::size_t>(children[0])].kind : Kind::Leaf;
    const bool childBand = childKind == Kind::Band;
    const auto path = n.path;
    const KernelPtr kernel = snap.kernel;

    {
        // The figure lists a few statements ("+249 more"): all of them on demand.
        std::vector<std::string> order;
        for (const auto &p : snap.kernel->statements())
            order.push_back(p.statement->tupleName());
        const int first = tree.bandDepth(index) - members;
        add(menu, QObject::tr("Show All %1 Statements\u2026").arg(n.statements.size()), [n, first, order, parent] {
            BandStatementsDialog d(n, first, order, parent);
            d.exec();
        });
        menu->addSeparator();
    }
    // Routes (docs/routes.md): the edits found on the worker, each checked,
    // applied as ordinary edits.
    add(menu, QObject::tr("Make Permutable (for Tiling)"),
        [ex, path] { ex->repairSchedule(QStringLiteral("permutable"), path); });
    add(menu, QObject::tr("Make Outer Member Parallel"),
        [ex, path] { ex->repairSchedule(QStringLiteral("parallel"), path); });
    menu->addSeparator();
    add(
        menu, QObject::tr("Interchange with child band"), [ex, path] { ex->applyEdit(Edit::interchange(path)); },
        childBand);
    add(menu, QObject::tr("Tile\u2026"), [ex, n, parent] {
        if (auto e = EditDialogs::tile(parent, n))
            ex->applyEdit(*e);
    });
    add(
        menu, QObject::tr("Permute members\u2026"),
        [ex, n, parent] {
            if (auto e = EditDialogs::permute(parent, n))
                ex->applyEdit(*e);
        },
        members > 1);
    add(
        menu, QObject::tr("Split\u2026"),
        [ex, n, parent] {
            if (auto e = EditDialogs::split(parent, n))
                ex->applyEdit(*e);
        },
        members > 1);
    add(
        menu, QObject::tr("Merge with child band"), [ex, path] { ex->applyEdit(Edit::merge(path)); }, childBand);
    add(
        menu, QObject::tr("Distribute over children"), [ex, path] { ex->applyEdit(Edit::distribute(path)); },
        childKind == Kind::Sequence || childKind == Kind::Set);
    menu->addSeparator();
    QMenu *rev = menu->addMenu(QObject::tr("Reverse"));
    for (int m = 0; m < members; ++m)
        add(rev, QObject::tr("Member %1").arg(m), [ex, path, m] { ex->applyEdit(Edit::reverse(path, m)); });
    add(menu, QObject::tr("Shift\u2026"), [ex, n, parent, kernel] {
        if (auto e = EditDialogs::shift(parent, n, paramNames(*kernel)))
            ex->applyEdit(*e);
    });
    add(
        menu, QObject::tr("Skew\u2026"),
        [ex, n, parent] {
            if (auto e = EditDialogs::skew(parent, n))
                ex->applyEdit(*e);
        },
        members > 1);
    add(menu, QObject::tr("Scale\u2026"), [ex, n, parent] {
        if (auto e = EditDialogs::scale(parent, n))
            ex->applyEdit(*e);
    });
    add(menu, QObject::tr("Edit member expression\u2026"), [ex, n, parent, kernel] {
        const MemberExprValidator v = MemberExprValidator::forKernel(*kernel);
        if (auto e = EditDialogs::memberExpr(parent, n, v.iterators(), v.params()))
            ex->applyEdit(*e);
    });
    menu->addSeparator();
    QAction *perm = add(menu, QObject::tr("Declared permutable"),
                        [ex, path, on = n.permutable] { ex->applyEdit(Edit::setPermutable(path, !on)); });
    perm->setCheckable(true);
    perm->setChecked(n.permutable);
    QMenu *coinc = menu->addMenu(QObject::tr("Declared coincident"));
    for (int m = 0; m < members; ++m) {
        const bool on = n.members[static_cast<std::size_t>(m)].coincident;
        QAction *a = add(coinc, QObject::tr("Member %1").arg(m),
                         [ex, path, m, on] { ex->applyEdit(Edit::setCoincident(path, m, !on)); });
        a->setCheckable(true);
        a->setChecked(on);
    }
}

void childrenActions(QMenu *menu, Explorer *ex, const AnalysisSnapshot &snap, int index)
{
    const auto &tree = snap.tree;
    const auto &n = tree.nodes[static_cast<std::size_t>(index)];
    const auto path = n.path;
    const int count = static_cast<int>(n.children.size());
    const auto label = [&](int c) {
        const auto &f = tree.nodes[static_cast<std::size_t>(n.children[static_cast<std::size_t>(c)])];
        QStringList s;
        for (const auto &x : f.statements)
            s << q(x);
        return QStringLiteral("%1 (%2)").arg(c).arg(s.join(QStringLiteral(", ")));
    };
    QMenu *fuse = menu->addMenu(QObject::tr("Fuse children"));
    for (int c = 0; c + 1 < count; ++c)
        add(fuse, label(c) + QStringLiteral(" + ") + label(c + 1),
            [ex, path, c] { ex->applyEdit(Edit::fuse(path, c)); });
    QMenu *move = menu->addMenu(QObject::tr("Move child"));
    for (int c = 0; c < count; ++c) {
        if (c > 0)
            add(move, QObject::tr("%1 up").arg(label(c)), [ex, path, c] { ex->applyEdit(Edit::move(path, c, c - 1)); });
        if (c + 1 < count)
            add(move, QObject::tr("%1 down").arg(label(c)),
                [ex, path, c] { ex->applyEdit(Edit::move(path, c, c + 1)); });
    }
    if (n.kind == Kind::Sequence)
        add(menu, QObject::tr("Make a set (any order)"), [ex, path] { ex->applyEdit(Edit::toSet(path)); });
    else
        add(menu, QObject::tr("Make a sequence"), [ex, path] { ex->applyEdit(Edit::toSequence(path)); });
}

void filterActions(QMenu *menu, Explorer *ex, const AnalysisSnapshot &snap, int index)
{
    const auto &tree = snap.tree;
    const auto &n = tree.nodes[static_cast<std::size_t>(index)];
    if (n.parent < 0)
        return;
    const auto &parent = tree.nodes[static_cast<std::size_t>(n.parent)];
    if (parent.kind != Kind::Sequence && parent.kind != Kind::Set)
        return;
    const auto ppath = parent.path;
    const int c = n.path.back();
    const int count = static_cast<int>(parent.children.size());
    add(
        menu, QObject::tr("Move earlier"), [ex, ppath, c] { ex->applyEdit(Edit::move(ppath, c, c - 1)); }, c > 0);
    add(
        menu, QObject::tr("Move later"), [ex, ppath, c] { ex->applyEdit(Edit::move(ppath, c, c + 1)); }, c + 1 < count);
    add(
        menu, QObject::tr("Fuse with the next"), [ex, ppath, c] { ex->applyEdit(Edit::fuse(ppath, c)); },
        c + 1 < count);
}

} // namespace

bool NodeActions::populate(QMenu *menu, Explorer *ex, const std::vector<int> &path, QWidget *parent)
{
    const AnalysisSnapshotPtr snap = ex->snapshot();
    if (!snap)
        return false;
    const int index = snap->tree.find(path);
    if (index < 0)
        return false;
    const auto &n = snap->tree.nodes[static_cast<std::size_t>(index)];
    menu->setTitle(QStringLiteral("%1 %2").arg(QLatin1String(ScheduleTreeSnapshot::kindName(n.kind)),
                                               q(ScheduleTreeSnapshot::pathText(n.path))));
    if (menu->isEmpty()) // a context menu of its own (not the Edit menu's submenu, titled already)
        MenuHeader::add(menu, menu->title());
    switch (n.kind) {
    case Kind::Band: bandActions(menu, ex, *snap, index, parent); break;
    case Kind::Sequence:
    case Kind::Set: childrenActions(menu, ex, *snap, index); break;
    case Kind::Filter: filterActions(menu, ex, *snap, index); break;
    case Kind::Mark: {
        const ScheduleTreeSnapshot::Node node = n;
        add(menu, QObject::tr("Rename mark\u2026"), [ex, node, parent] {
            if (auto e = EditDialogs::renameMark(parent, node))
                ex->applyEdit(*e);
        });
        add(menu, QObject::tr("Delete mark"), [ex, p = n.path] { ex->applyEdit(Edit::deleteMark(p)); });
        break;
    }
    default: break;
    }
    if (!snap->report.legal) {
        menu->addSeparator();
        add(menu, QObject::tr("Repair Schedule"), [ex] { ex->repairSchedule(QStringLiteral("legal"), {}); });
    }
    if (n.kind != Kind::Domain && n.kind != Kind::Filter) { // no mark between a sequence and its filters
        menu->addSeparator();
        const ScheduleTreeSnapshot::Node node = n;
        add(menu, QObject::tr("Insert mark above\u2026"), [ex, node, parent] {
            if (auto e = EditDialogs::insertMark(parent, node))
                ex->applyEdit(*e);
        });
    }
    return true;
}

} // namespace se
