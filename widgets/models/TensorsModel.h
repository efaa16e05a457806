// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include "TableModel.h"

namespace se {

/// The kernel's tensors: name, shape, memory space and allocation.
class TensorsModel : public TableModel {
    Q_OBJECT
public:
    enum Column { Name, Shape, Space, Allocation, NUM_COLUMNS };

    explicit TensorsModel(QObject *parent = nullptr);

    void setKernel(const KernelPtr &kernel);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int rows() const override;
    KernelPtr m_kernel;
};

} // namespace se
