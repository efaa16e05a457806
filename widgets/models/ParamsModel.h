// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include "TableModel.h"

namespace se {

/// The kernel's parameters: name, value, whether the analysis fixes it to
/// that value (pair counts need every parameter fixed), and its bounds.
/// Editing a value fixes the parameter; the model then reports the new
/// fixed set through fixedParamsEdited().
class ParamsModel : public TableModel {
    Q_OBJECT
public:
    enum Column { Name, Value, Fixed, Bounds, NUM_COLUMNS };

    explicit ParamsModel(QObject *parent = nullptr);

    void setKernel(const KernelPtr &kernel, const ParamValues &fixed);
    void setFixed(const ParamValues &fixed);
    ParamValues fixed() const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void fixedParamsEdited(const se::ParamValues &fixed);

private:
    int rows() const override;
    struct Row {
        std::string name;
        std::optional<std::int64_t> min, max;
        std::int64_t value = 0;
        bool fixed = false;
    };
    std::vector<Row> m_rows;
};

} // namespace se
