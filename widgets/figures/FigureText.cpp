// SPDX-License-Identifier: MIT
#include "FigureText.h"

#include <cmath>

namespace se {

namespace {
constexpr qsizetype MaxMeasured = 400;
} // namespace

FigureText::FigureText(const FigureFonts &fonts)
    : m_fonts(fonts), m_title(fonts.title), m_body(fonts.body), m_mono(fonts.mono), m_small(fonts.small)
{
}

const QFont &FigureText::font(FigureLabel::Font f) const
{
    switch (f) {
    case FigureLabel::Font::Title: return m_fonts.title;
    case FigureLabel::Font::Mono: return m_fonts.mono;
    case FigureLabel::Font::Small: return m_fonts.small;
    case FigureLabel::Font::Body: break;
    }
    return m_fonts.body;
}

const QFontMetricsF &FigureText::metrics(FigureLabel::Font f) const
{
    switch (f) {
    case FigureLabel::Font::Title: return m_title;
    case FigureLabel::Font::Mono: return m_mono;
    case FigureLabel::Font::Small: return m_small;
    case FigureLabel::Font::Body: break;
    }
    return m_body;
}

double FigureText::width(const QString &text, FigureLabel::Font f) const
{
    // Round up: a label one sub-pixel too narrow gets elided when painted.
    return std::ceil(metrics(f).horizontalAdvance(text)) + 1;
}

double FigureText::lineHeight(FigureLabel::Font f) const
{
    return std::ceil(metrics(f).height());
}

FigureLabel FigureText::label(const QString &text, FigureLabel::Font f, double x, double y, double maxWidth,
                              FigureLabel::Tone tone, int statement) const
{
    FigureLabel l;
    l.font = f;
    l.tone = tone;
    l.statement = statement;
    // Measure at most a few hundred characters: a 400-statement domain is
    // 40 KB of text, and shaping it all to keep the first line is slow.
    const QString head = text.size() > MaxMeasured ? text.left(MaxMeasured) : text;
    // A label that fits is measured once (shaping is most of a big figure's text work).
    const double whole = head.size() == text.size() ? width(text, f) : maxWidth + 1;
    if (whole <= maxWidth) {
        l.text = text;
        l.rect = QRectF(x, y, whole, lineHeight(f));
        return l;
    }
    l.text = metrics(f).elidedText(head + (head.size() < text.size() ? QStringLiteral("\u2026") : QString()),
                                   Qt::ElideRight, maxWidth - 1);
    if (l.text != text)
        l.full = text;
    l.rect = QRectF(x, y, width(l.text, f), lineHeight(f));
    return l;
}

} // namespace se
