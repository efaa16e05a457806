// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableView;

namespace se {

class NestHighlighter;
class ParamsModel;
class Selection;
class TensorsModel;

/// The kernel as written: its description, original loop nest, parameters
/// (values editable: editing fixes the parameter for the analysis) and
/// tensors.
class KernelView : public QWidget {
    Q_OBJECT
public:
    explicit KernelView(Selection *selection, QWidget *parent = nullptr);

    void setKernel(const KernelPtr &kernel, const ParamValues &fixed);
    void setFixed(const ParamValues &fixed);
    /// Marks the accesses that leave their tensor's shape (a wavy underline
    /// on each in its statement's line; the report's message on hover).
    void setBounds(const std::vector<BoundsReport> &bounds);
    /// The marked spans: line, start, length, message (for tests).
    struct BoundsMark {
        int line, start, length;
        QString message;
    };
    const QList<BoundsMark> &boundsMarks() const { return m_boundsMarks; }
    ParamsModel *paramsModel() const { return m_params; }
    TensorsModel *tensorsModel() const { return m_tensors; }
    QPlainTextEdit *nestEdit() const { return m_nest; }

Q_SIGNALS:
    void fixedParamsEdited(const se::ParamValues &fixed);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateHighlights();

    Selection *m_selection;
    KernelPtr m_kernel;
    QLabel *m_title;
    QPlainTextEdit *m_nest;
    NestHighlighter *m_highlighter;
    ParamsModel *m_params;
    TensorsModel *m_tensors;
    QTableView *m_paramsView, *m_tensorsView;
    QStringList m_lines; ///< statement of each line
    QStringList m_order;
    QList<BoundsMark> m_boundsMarks;
};

} // namespace se
