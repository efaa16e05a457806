// SPDX-License-Identifier: MIT
#include "ColumnFit.h"

#include <QFontMetrics>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QSet>
#include <QTableView>

#include <algorithm>
#include <deque>
#include <optional>
#include <functional>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace se {

namespace {

// A text's width estimated from its characters' advances and each
// neighbouring pair's kerning, each measured once per font: a thousand long
// messages (a first tile by 32 of tiled_matmul_64's pipelined band) measured
// whole, by the shaping engine, held up the GUI thread. What the
// pairs miss (a ligature of three) strays by a pixel or two: the rows
// measured whole are all those whose estimate comes near the widest
// (ColumnFit::fit).
class CharWidths {
public:
    explicit CharWidths(const QFont &font)
        : m_font(font), m_metrics(font), m_fractional(font), m_advance(128, Unknown), m_kerning(128 * 128, Unknown)
    {
    }

    const QFont &font() const { return m_font; }

    int estimate(const QString &text)
    {
        // In fractions of a pixel: each character's advance rounded alone
        // would stray by up to half a pixel each.
        qreal sum = 0;
        int last = -1;
        for (const QChar c : text) {
            const char16_t u = c.unicode();
            // A control character (a tab runs to the next stop) or one that
            // may join its neighbours (a combining mark, a shaped script):
            // measured whole.
            if (!standsAlone(u))
                return exact(text);
            sum += advance(u);
            if (last >= 0)
                sum += kerning(static_cast<char16_t>(last), u);
            last = u;
        }
        return qRound(sum);
    }
    int exact(const QString &text) const { return m_metrics.horizontalAdvance(text); }

private:
    static constexpr qreal Unknown = -1e9;

    // Printable ASCII, Latin-1's letters and signs, dashes and quotes, and
    // arrows: each a glyph of its own (the tables' "s0 \u2192 s1" and
    // "\u2014" made every row of a column measured whole, each of 1,008
    // violations).
    static bool standsAlone(char16_t u)
    {
        // (not the soft hyphen, U+00AD: drawn only where a line breaks)
        return (u >= 0x20 && u < 0x7f) || (u >= 0xa0 && u <= 0xff && u != 0xad) || (u >= 0x2010 && u <= 0x2027)
            || (u >= 0x2190 && u <= 0x21ff);
    }
    qreal advance(char16_t u)
    {
        qreal &a = u < 0x80 ? m_advance[u] : m_wideAdvance.try_emplace(u, Unknown).first->second;
        if (a == Unknown)
            a = m_fractional.horizontalAdvance(QChar(u));
        return a;
    }
    // The pair's width less its characters' ("AV" is narrower than A and V).
    qreal kerning(char16_t a, char16_t b)
    {
        qreal &k = a < 0x80 && b < 0x80
            ? m_kerning[static_cast<std::size_t>(a) * 128 + b]
            : m_wideKerning.try_emplace((static_cast<std::uint32_t>(a) << 16) | b, Unknown).first->second;
        if (k == Unknown) {
            const QChar pair[2] = {QChar(a), QChar(b)};
            k = m_fractional.horizontalAdvance(QString(pair, 2)) - advance(a) - advance(b);
        }
        return k;
    }

    QFont m_font;
    QFontMetrics m_metrics;
    QFontMetricsF m_fractional;
    std::vector<qreal> m_advance; // by character
    std::vector<qreal> m_kerning; // by pair
    std::unordered_map<char16_t, qreal> m_wideAdvance; // beyond ASCII
    std::unordered_map<std::uint32_t, qreal> m_wideKerning; // a pair with one beyond ASCII
};

} // namespace

void ColumnFit::fit(QTableView &view, int cappedBefore, int cap)
{
    const QAbstractItemModel *model = view.model();
    if (!model)
        return;
    const int rows = model->rowCount();
    // The widths in each font the cells use, the view's first (a bold
    // column has its own); a deque keeps them where they are as it grows.
    std::deque<CharWidths> fonts;
    fonts.emplace_back(view.font());
    const auto inFont = [&](const QVariant &font) -> CharWidths & {
        if (!font.isValid())
            return fonts.front();
        const QFont f = font.value<QFont>();
        const auto known = std::find_if(fonts.begin(), fonts.end(), [&](const CharWidths &w) { return w.font() == f; });
        return known != fonts.end() ? *known : fonts.emplace_back(f);
    };
    std::vector<std::tuple<int, QString, int, CharWidths *>> widths; // (estimated width, text, row, its font's)
    std::vector<std::tuple<int, QString, int>> measured; // (text's width, text, row)
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
            // The text's own width in the cell's font: cheap beside the
            // delegate's layout of the whole cell.
            CharWidths &in = inFont(index.data(Qt::FontRole));
            widths.emplace_back(in.estimate(text), std::move(text), r, &in);
        }
        std::sort(widths.begin(), widths.end(),
                  [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
        // Each text whose estimate is near the widest few is measured whole,
        // with a margin (4 pixels or 0.8%) beyond the 0-2 pixels the
        // estimates of a thousand messages strayed by; the widest of those
        // are laid out by the delegate below.
        int nth = 0; // the estimate of the Candidates-th distinct text
        {
            QSet<QString> distinct;
            for (const auto &[w, text, r, in] : widths) {
                distinct.insert(text);
                nth = w;
                if (distinct.size() >= Candidates)
                    break;
            }
        }
        const int margin = std::max(4, nth / 128);
        const int lowest = nth - margin;
        measured.clear();
        QSet<QString> seen;
        // Hundreds of texts can come that near (messages differing only in
        // digits): past `MaxMeasured` characters the rest are bounded by
        // their estimates plus the margin instead: wider than Qt by at most
        // that, and not narrower (a text cut short) while the estimates
        // stray by less than the margin.
        std::optional<int> unmeasured;
        int characters = 0;
        for (const auto &[w, text, r, in] : widths) {
            if (w < lowest)
                break;
            if (seen.contains(text))
                continue;
            if (characters + text.size() > MaxMeasured && !seen.isEmpty()) {
                unmeasured = w;
                break;
            }
            characters += static_cast<int>(text.size());
            seen.insert(text);
            measured.emplace_back(in->exact(text), text, r);
        }
        std::sort(measured.begin(), measured.end(),
                  [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
        // As QTableView::resizeColumnToContents: the widest cells' hint
        // (one more for the grid line) or the header's, whichever is wider,
        // within the header's bounds. The widest texts, each once.
        int width = view.horizontalHeader()->sectionSizeHint(c);
        const int grid = view.showGrid() ? 1 : 0;
        for (std::size_t k = 0; k < measured.size() && k < std::size_t(Candidates); ++k) {
            const auto &[w, text, r] = measured[k];
            const int cell = view.sizeHintForIndex(model->index(r, c)).width() + grid;
            width = std::max(width, cell);
            if (k == 0 && unmeasured)
                width = std::max(width, *unmeasured + margin + cell - w); // (the cell's padding around its text)
        }
        const QHeaderView *header = view.horizontalHeader();
        width = std::clamp(width, header->minimumSectionSize(),
                           std::max(header->minimumSectionSize(), header->maximumSectionSize()));
        view.setColumnWidth(c, c < cappedBefore ? std::min(width, cap) : width);
    }
}

} // namespace se
