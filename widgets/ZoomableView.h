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
    /// The whole scene as an image at `scale`.
    QImage renderImage(double scale = 2.0) const;

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// True until the user zooms: resizing keeps fitting.
    bool m_autoFit = true;

private:
    void scaleBy(double factor);
};

} // namespace se
