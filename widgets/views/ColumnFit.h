// SPDX-License-Identifier: MIT
#pragma once

class QTableView;

namespace se {

/// A table's columns as wide as their widest texts, as
/// QTableView::resizeColumnsToContents() makes them, but with the delegate
/// laying out only the cells of the few widest texts of each column (by
/// the font's width of the text alone) rather than every cell: Qt's layout of each cell took 15 ms of the GUI
/// thread for the 126 violations of a tile of tiled_matmul_64, on the way
/// to the views, this 6 ms. (Each cell's text is still made: on a table of
/// thousands of rows Qt's own, which measures a thousand, is the quicker.)
class ColumnFit {
public:
    /// The distinct texts measured per column.
    static constexpr int Candidates = 4;
    /// Columns before `cappedBefore` are at most `cap` wide.
    static void fit(QTableView &view, int cappedBefore, int cap);
};

} // namespace se
