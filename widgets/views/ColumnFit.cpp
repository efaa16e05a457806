// SPDX-License-Identifier: MIT
#include "ColumnFit.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>
#include <functional>
#include <tuple>
#include <vector>

namespace se {

void ColumnFit::fit(QTableView &view, int cappedBefore, int cap)
{
    const QAbstractItemModel *model = view.model();
    if (!model)
        return;
    const int rows = model->rowCount();
    const QFontMetrics plain(view.font());
    std::vector<std::tuple<int, QString, int>> widths; // (text's width, text, row)
    widths.reserve(static_cast<std::size_t>(rows));
    for (int c = 0; c < model->columnCount(); ++c) {
        if (view.isColumnHidden(c))
            continue;
        widths.clear();
        for (int r = 0; r < rows; ++r) {
            if (view.isRowHidden(r))
                continue;
            const QModelIndex index = model->index(r, c);
            QString text = index.data().toString();
            // The text's own width in the cell's font (a bold column):
            // cheap beside the delegate's layout of the whole cell.
            const QVariant font = index.data(Qt::FontRole);
            const int w = font.isValid() ? QFontMetrics(font.value<QFont>()).horizontalAdvance(text)
                                         : plain.horizontalAdvance(text);
            widths.emplace_back(w, std::move(text), r);
        }
        std::sort(widths.begin(), widths.end(),
                  [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
        // As QTableView::resizeColumnToContents: the widest cells' hint
        // (one more for the grid line) or the header's, whichever is wider,
        // within the header's bounds. The widest texts, each once.
        int width = view.horizontalHeader()->sectionSizeHint(c);
        QStringList measured;
        for (const auto &[w, text, r] : widths) {
            if (measured.size() >= Candidates)
                break;
            if (measured.contains(text))
                continue;
            measured << text;
            width = std::max(width, view.sizeHintForIndex(model->index(r, c)).width() + (view.showGrid() ? 1 : 0));
        }
        const QHeaderView *header = view.horizontalHeader();
        width = std::clamp(width, header->minimumSectionSize(),
                           std::max(header->minimumSectionSize(), header->maximumSectionSize()));
        view.setColumnWidth(c, c < cappedBefore ? std::min(width, cap) : width);
    }
}

} // namespace se
