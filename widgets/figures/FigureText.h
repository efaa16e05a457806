// SPDX-License-Identifier: MIT
#pragma once

#include "Figure.h"
#include "FigureFonts.h"

#include <QFontMetricsF>

namespace se {

/// Measures and places labels while a figure is built: one row at a time,
/// left to right, inside a node whose width grows to fit.
class FigureText {
public:
    explicit FigureText(const FigureFonts &fonts);

    const QFont &font(FigureLabel::Font f) const;
    const QFontMetricsF &metrics(FigureLabel::Font f) const;
    double width(const QString &text, FigureLabel::Font f) const;
    double lineHeight(FigureLabel::Font f) const;

    /// A label at (x, y) whose text is elided to at most `maxWidth`.
    FigureLabel label(const QString &text, FigureLabel::Font f, double x, double y, double maxWidth,
                      FigureLabel::Tone tone = FigureLabel::Tone::Normal, int statement = -1) const;

private:
    FigureFonts m_fonts;
    QFontMetricsF m_title, m_body, m_mono, m_small;
};

} // namespace se
