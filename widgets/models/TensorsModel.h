// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisSnapshot.h"

#include <QAbstractTableModel>

namespace se {

/// The kernel's tensors: name, shape, memory space and allocation.
class TensorsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Shape, Space, Allocation, NUM_COLUMNS };

    using QAbstractTableModel::QAbstractTableModel;

    void setKernel(const KernelPtr &kernel);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    KernelPtr m_kernel;
};

} // namespace se
