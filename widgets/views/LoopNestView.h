// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include <QTabWidget>

class QPlainTextEdit;

namespace se {

class NestHighlighter;
class Selection;

/// The regenerated loop nest (Axis text and C) and the schedule in isl's
/// own notation. Follows every snapshot; lines of the selected statements
/// are tinted in their colours.
class LoopNestView : public QTabWidget {
    Q_OBJECT
public:
    explicit LoopNestView(Selection *selection, QWidget *parent = nullptr);

    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    QPlainTextEdit *nestEdit() const { return m_nest; }
    QPlainTextEdit *cEdit() const { return m_c; }
    QPlainTextEdit *islEdit() const { return m_isl; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateHighlights();
    static void markLines(QPlainTextEdit *edit, const QStringList &statements, const QStringList &order);

    Selection *m_selection;
    AnalysisSnapshotPtr m_snapshot;
    QPlainTextEdit *m_nest, *m_c, *m_isl;
    NestHighlighter *m_nestHl, *m_cHl, *m_islHl;
    QStringList m_order;
};

} // namespace se
