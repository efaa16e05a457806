// SPDX-License-Identifier: MIT
#include "ZoomableView.h"

#include "widgets/document/Session.h"

#include <QBuffer>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QPainter>
#include <QSvgGenerator>
#include <QWheelEvent>

#include <algorithm>

namespace se {

ZoomableView::ZoomableView(QWidget *parent) : QGraphicsView(parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    updateBackground();
    setFrameShape(QFrame::NoFrame);
}

void ZoomableView::updateBackground()
{
    // The canvas follows the theme (its nodes are cards that read on both).
    const QColor base = palette().color(QPalette::Base);
    setBackgroundBrush(m_followPalette && base.lightness() < 128 ? base : QColor(0xfb, 0xfb, 0xfc));
}

void ZoomableView::setPlaceholder(const QString &text)
{
    if (text == m_placeholder)
        return;
    m_placeholder = text;
    // Drawn only over an empty scene: over a figure (every edit sets it
    // again) a repaint would draw the whole figure for nothing.
    if (!scene() || scene()->items().isEmpty())
        viewport()->update();
}

void ZoomableView::drawForeground(QPainter *painter, const QRectF &rect)
{
    QGraphicsView::drawForeground(painter, rect);
    if (m_placeholder.isEmpty() || !scene() || !scene()->items().isEmpty())
        return;
    // In viewport coordinates, whatever the zoom.
    painter->save();
    painter->resetTransform();
    painter->setPen(palette().color(QPalette::PlaceholderText));
    painter->drawText(viewport()->rect().adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
    painter->restore();
}

void ZoomableView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateBackground();
    QGraphicsView::changeEvent(event);
}

double ZoomableView::zoom() const
{
    return transform().m11();
}

void ZoomableView::scaleBy(double factor)
{
    const double z = std::clamp(zoom() * factor, 0.1, 8.0);
    setTransform(QTransform::fromScale(z, z));
    m_autoFit = false;
}

void ZoomableView::zoomIn()
{
    scaleBy(1.25);
}

void ZoomableView::zoomOut()
{
    scaleBy(1 / 1.25);
}

void ZoomableView::resetZoom()
{
    setTransform(QTransform());
    m_autoFit = false;
}

void ZoomableView::fit()
{
    if (!scene() || scene()->itemsBoundingRect().isEmpty())
        return;
    const QRectF r = scene()->sceneRect();
    const QSizeF avail = viewport()->size();
    // Small pictures may grow a little, never so much that text looks bloated.
    const double z = std::min({avail.width() / r.width(), avail.height() / r.height(), 1.25});
    setTransform(QTransform::fromScale(z, z));
    centerOn(r.center());
    m_autoFit = true;
}

void ZoomableView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        scaleBy(event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15);
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void ZoomableView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); return;
    case Qt::Key_Minus: zoomOut(); return;
    case Qt::Key_0: resetZoom(); return;
    case Qt::Key_F: fit(); return;
    default: break;
    }
    QGraphicsView::keyPressEvent(event);
}

void ZoomableView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fit();
}

QImage ZoomableView::renderImage(double scale) const
{
    const QRectF r = scene() ? scene()->sceneRect() : QRectF();
    QImage img((r.size() * scale).toSize().expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    if (scene()) {
        QPainter p(&img);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene()->render(&p, QRectF(QPointF(0, 0), r.size() * scale), r);
    }
    return img;
}

bool ZoomableView::exportTo(const QString &path, const QString &title, QString *error) const
{
    if (!scene()) {
        if (error)
            *error = tr("Nothing to export");
        return false;
    }
    const QRectF r = scene()->sceneRect();
    QByteArray data;
    if (QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0) {
        QBuffer buffer(&data);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setTitle(title);
        svg.setSize(r.size().toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), r.size()));
        QPainter p(&svg);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene()->render(&p, QRectF(QPointF(0, 0), r.size()), r);
    } else {
        QBuffer buffer(&data);
        buffer.open(QIODevice::WriteOnly);
        renderImage(2.0).save(&buffer, "PNG");
    }
    // Written whole or not at all.
    return writeTextFile(path, data, error);
}

} // namespace se
