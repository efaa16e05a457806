// SPDX-License-Identifier: MIT
#pragma once

class QTableView;

namespace se {

/// A table's columns as wide as their widest texts, as
/// QTableView::resizeColumnsToContents() makes them (measuring every row),
/// but with the delegate laying out only the cells of the few widest texts
/// of each column rather than every cell, and the texts' widths estimated
/// from their characters' advances, only those near the widest measured
/// whole. Qt's layout of each cell held up the GUI thread for the 126
/// violations of a tile of tiled_matmul_64, and so did measuring each of a
/// first tile by 32's 1,008 messages whole.
class ColumnFit {
public:
    /// The distinct texts measured per column.
    static constexpr int Candidates = 4;
    /// The most characters measured whole per column (the shaping engine's
    /// time grows with them: some 30 long messages, hundreds of numbers;
    /// 8,000 were too many for a first tile by 32's 1,008 messages).
    static constexpr int MaxMeasured = 2400;
    /// Columns before `cappedBefore` are at most `cap` wide.
    static void fit(QTableView &view, int cappedBefore, int cap);
};

} // namespace se
