// SPDX-License-Identifier: MIT
#include "ColumnFit.h"

#include <QHeaderView>
#include <QTableView>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

namespace se {

void ColumnFit::fit(QTableView &view, int cappedBefore, int cap)
{
    const QAbstractItemModel *model = view.model();
    if (!model)
        return;
    const int rows = model->rowCount();
    std::vector<std::pair<qsizetype, int>> lengths; // (characters, row)
    lengths.reserve(static_cast<std::size_t>(rows));
    for (int c = 0; c < model->columnCount(); ++c) {
        if (view.isColumnHidden(c))
            continue;
        lengths.clear();
        for (int r = 0; r < rows; ++r)
            lengths.emplace_back(model->index(r, c).data().toString().size(), r);
        const auto measured = lengths.begin() + std::min<std::ptrdiff_t>(Candidates, rows);
        std::partial_sort(lengths.begin(), measured, lengths.end(), std::greater<>());
        // As QTableView::resizeColumnToContents: the cells' hint (one more
        // for the grid line) or the header's, whichever is wider.
        int width = view.horizontalHeader()->sectionSizeHint(c);
        for (auto it = lengths.begin(); it != measured; ++it)
            width =
                std::max(width, view.sizeHintForIndex(model->index(it->second, c)).width() + (view.showGrid() ? 1 : 0));
        view.setColumnWidth(c, c < cappedBefore ? std::min(width, cap) : width);
    }
}

} // namespace se
