// SPDX-License-Identifier: MIT
#include "FigurePainter.h"

#include "StatementPalette.h"

#include <QPainter>

namespace se {

QColor FigurePainter::toneColor(const FigureLabel &l)
{
    switch (l.tone) {
    case FigureLabel::Tone::Muted: return QColor(0x55, 0x5b, 0x66);
    case FigureLabel::Tone::Statement: return StatementPalette::color(l.statement);
    case FigureLabel::Tone::Good: return QColor(0x2e, 0x7d, 0x32);
    case FigureLabel::Tone::Bad: return QColor(0xc6, 0x28, 0x28);
    case FigureLabel::Tone::Normal: break;
    }
    return QColor(0x1d, 0x21, 0x27);
}

void FigurePainter::paintLabels(QPainter *p, const std::vector<FigureLabel> &labels, const FigureFonts &fonts,
                                QPointF origin)
{
    for (const auto &l : labels) {
        switch (l.font) {
        case FigureLabel::Font::Title: p->setFont(fonts.title); break;
        case FigureLabel::Font::Mono: p->setFont(fonts.mono); break;
        case FigureLabel::Font::Small: p->setFont(fonts.small); break;
        case FigureLabel::Font::Body: p->setFont(fonts.body); break;
        }
        p->setPen(toneColor(l));
        // The rect was measured for this text; never clip or re-elide it.
        p->drawText(l.rect.translated(origin), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, l.text);
    }
}

void FigurePainter::paintBadges(QPainter *p, const std::vector<FigureBadge> &badges, const FigureFonts &fonts,
                                QPointF origin)
{
    p->setFont(fonts.small);
    for (const auto &b : badges) {
        const QRectF r = b.rect.translated(origin);
        QColor fill, text = Qt::white;
        Qt::PenStyle border = Qt::NoPen;
        switch (b.state) {
        case FigureBadge::State::Verified: fill = QColor(0x2e, 0x7d, 0x32); break;
        case FigureBadge::State::Stale: fill = QColor(0xc6, 0x28, 0x28); break;
        case FigureBadge::State::Declared: fill = QColor(0x54, 0x6e, 0x7a); break;
        case FigureBadge::State::Available:
            fill = Qt::white;
            text = QColor(0x2e, 0x7d, 0x32);
            border = Qt::DashLine;
            break;
        }
        p->setBrush(fill);
        p->setPen(border == Qt::NoPen ? QPen(Qt::NoPen) : QPen(text, 1, border));
        p->drawRoundedRect(r, r.height() / 2, r.height() / 2);
        p->setPen(text);
        p->drawText(r, Qt::AlignCenter | Qt::TextDontClip, b.text);
    }
}

} // namespace se
