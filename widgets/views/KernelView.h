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
    ParamsModel *paramsModel() const { return m_params; }
    TensorsModel *tensorsModel() const { return m_tensors; }
    QPlainTextEdit *nestEdit() const { return m_nest; }

Q_SIGNALS:
    void fixedParamsEdited(const se::ParamValues &fixed);

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
};

} // namespace se
