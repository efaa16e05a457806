// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include <QTabWidget>

#include <optional>

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
    /// Each tab's editor, its text that of the last snapshot (a hidden
    /// tab's text is set when it is shown or asked for here).
    QPlainTextEdit *nestEdit();
    QPlainTextEdit *cEdit();
    QPlainTextEdit *islEdit();
    /// The isl tab is the current one (its flat map is wanted).
    bool islShown() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    enum class Tab { Nest, C, Isl };
    static constexpr int TabCount = 3;
    QPlainTextEdit *edit(Tab tab) const;
    /// `text` for `tab`, set now when the tab is shown, else when it is.
    void setText(Tab tab, const QString &text);
    void flush(Tab tab);
    void updateHighlights();
    static void markLines(QPlainTextEdit *edit, const QStringList &statements, const QStringList &order);

    Selection *m_selection;
    AnalysisSnapshotPtr m_snapshot;
    QPlainTextEdit *m_nest, *m_c, *m_isl;
    NestHighlighter *m_nestHl, *m_cHl, *m_islHl;
    QStringList m_order;
    std::optional<QString> m_pending[TabCount]; ///< a tab's text not set yet
};

} // namespace se
