// SPDX-License-Identifier: MIT
#pragma once

#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

namespace se {

/// Pieces of a laid-out picture, computed on the worker thread (text
/// measured, elided and placed) so that views only paint.

/// A line of text inside a node, in the node's own coordinates.
struct FigureLabel {
    enum class Font { Title, Body, Mono, Small };
    enum class Tone { Normal, Muted, Statement, Good, Bad };
    QRectF rect;
    QString text; ///< already elided to fit `rect`
    QString full; ///< the unelided text (tooltips), when different
    Font font = Font::Body;
    Tone tone = Tone::Normal;
    int statement = -1; ///< for Tone::Statement: program-order index
    bool alignRight = false;
};

/// A declared/computed flag pill (`P`, `C`).
struct FigureBadge {
    /// Verified: declared and computed true. Stale: declared but the
    /// dependences forbid it. Available: not declared, but it holds.
    /// Declared: declared, not (yet) recomputed.
    enum class State { Verified, Stale, Available, Declared };
    QRectF rect;
    QString text;
    QString tooltip;
    State state = State::Declared;
};

/// An edge as a path in scene coordinates, with its arrow head.
struct FigurePath {
    QPainterPath path;
    bool hasArrow = false;
    QPointF arrowBase; ///< where the path ends
    QPointF arrowTip;
};

} // namespace se
