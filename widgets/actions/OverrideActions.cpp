// SPDX-License-Identifier: MIT
#include "OverrideActions.h"

#include "widgets/document/Explorer.h"
#include "MenuHeader.h"
#include "widgets/dialogs/OverrideDialog.h"

#include <QMenu>

namespace se {

bool OverrideActions::populate(QMenu *menu, Explorer *explorer, int edge, QWidget *dialogParent)
{
    const AnalysisSnapshotPtr s = explorer->snapshot();
    if (!s || edge < 0 || edge >= static_cast<int>(s->report.edges.size()))
        return false;
    const EdgeReport &e = s->report.edges[static_cast<std::size_t>(edge)];
    DependenceOverride o{e.type, e.src, e.dst, e.allocation, {}};
    const QString text = QString::fromStdString(o.edgeText());
    // The document's list, not the snapshot's: it may be newer.
    const DependenceOverride *current = nullptr;
    for (const auto &a : explorer->assumptions())
        if (a.matches(e.type, e.src, e.dst, e.allocation))
            current = &a;
    MenuHeader::add(menu, text);
    if (!current) {
        QObject::connect(menu->addAction(QObject::tr("Assume Absent\u2026")), &QAction::triggered, menu,
                         [explorer, o, text, dialogParent]() mutable {
                             const QString reason = OverrideDialog::ask(dialogParent, text);
                             if (reason.isEmpty())
                                 return;
                             o.reason = reason.toStdString();
                             explorer->assumeAbsent(o);
                         });
        return true;
    }
    const QString old = QString::fromStdString(current->reason);
    QObject::connect(menu->addAction(QObject::tr("Change the Reason\u2026")), &QAction::triggered, menu,
                     [explorer, o, text, old, dialogParent]() mutable {
                         const QString reason = OverrideDialog::ask(dialogParent, text, old);
                         if (reason.isEmpty() || reason == old)
                             return;
                         o.reason = reason.toStdString();
                         explorer->assumeAbsent(o);
                     });
    QObject::connect(menu->addAction(QObject::tr("Stop Assuming Absent")), &QAction::triggered, menu,
                     [explorer, o] { explorer->removeAssumption(o); });
    return true;
}

} // namespace se
