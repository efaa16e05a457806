// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsView>

namespace se {

/// A QGraphicsView with zoom (Ctrl+wheel, +/-), pan (drag the background)
/// and fit, and exports of its whole scene as SVG or PNG.
class ZoomableView : public QGraphicsView {
    Q_OBJECT
public:
    explicit ZoomableView(QWidget *parent = nullptr);

    void zoomIn();
    void zoomOut();
    void resetZoom();
    /// Fits the scene, magnifying at most a little.
    void fit();
    double zoom() const;

    /// Writes the whole scene; the format follows the suffix (.svg or .png).
    bool exportTo(const QString &path, const QString &title, QString *error) const;
    /// Text shown centred while the scene is empty (what to do next).
    void setPlaceholder(const QString &text);
    const QString &placeholder() const { return m_placeholder; }
    /// The whole scene as an image at `scale`.
    QImage renderImage(double scale = 2.0) const;

protected:
    void changeEvent(QEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    /// False: keep the light canvas whatever the theme (a plot with its own inks).
    bool m_followPalette = true;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// True until the user zooms: resizing keeps fitting.
    bool m_autoFit = true;

private:
    void scaleBy(double factor);
    void updateBackground();
    QString m_placeholder;
};

} // namespace se
