// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"
#include "FigureFonts.h"
#include "ZoomableView.h"

#include <optional>

namespace se {

class IterationArrowItem;
class IterationPointItem;

/// The iteration-space plot itself: one dot per instance of the snapshot's
/// slice at its two coordinates (x to the right, y up), its order under the
/// schedule inside, dependence pairs as arrows, the tiles of a tiled band
/// as tinted cells with outlines, axes and a legend above (so exports carry
/// it). Reads only plain data from the snapshot.
class IterationSpaceCanvas : public ZoomableView {
    Q_OBJECT
public:
    static constexpr double Cell = 46;
    static constexpr double Margin = 16; ///< around the scene
    /// Which dependence pairs to draw.
    enum class Arrows { All, Violated, RAW, WAR, WAW, None };

    explicit IterationSpaceCanvas(QWidget *parent = nullptr);

    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    /// Playing the schedule: instances of order < step have run, those of
    /// order == step are running, the rest are pending. 0: all have run.
    void setStep(int step);
    int step() const { return m_step; }
    /// The highest order number (the number of distinct times).
    int maxOrder() const { return m_maxOrder; }
    void setShowNumbers(bool on);
    void setArrows(Arrows which);
    /// Emphasises the arrows of one dependence edge (-1: none).
    void setSelectedEdge(int edge);
    /// The witness of a selected violation: its two instances (statement
    /// `s<id>` and whole point) are ringed and joined by a bold arrow, or a
    /// note says the pair lies outside the slice shown.
    struct WitnessMark {
        std::string src, dst;
        std::vector<std::int64_t> srcPoint, dstPoint;
        std::vector<std::pair<std::string, std::int64_t>> params; ///< the witness's parameter values
    };
    void setWitness(const std::optional<WitnessMark> &witness);
    /// Both witness instances are in the picture (and marked).
    bool witnessShown() const { return m_witnessShown; }
    /// Why the witness is not (wholly) in the picture; empty when it is or there is none.
    const QString &witnessNote() const { return m_witnessNote; }

    const std::vector<IterationPointItem *> &pointItems() const { return m_points; }
    const std::vector<IterationArrowItem *> &arrowItems() const { return m_arrows; }
    /// Line segments of the tile outlines (0 when no band is tiled).
    int tileSegments() const { return m_tileSegments; }
    /// The scene position of instance k's dot.
    QPointF pointPos(std::size_t instance) const;

Q_SIGNALS:
    void edgeClicked(int edge);
    void instanceClicked(int instance);

protected:
    void mousePressEvent(QMouseEvent *event) override;

private:
    double addLegend(double width);
    void addAxes(const QRectF &plot);
    void addTiles();
    void applyStep();
    void drawWitness();

    AnalysisSnapshotPtr m_snapshot;
    std::optional<WitnessMark> m_witness;
    std::vector<QGraphicsItem *> m_witnessItems;
    bool m_witnessShown = false;
    QString m_witnessNote;
    FigureFonts m_fonts;
    std::vector<IterationPointItem *> m_points;
    std::vector<IterationArrowItem *> m_arrows;
    std::vector<QPointF> m_pos; ///< per instance, scene coordinates
    std::int64_t m_xmin = 0, m_xmax = 0, m_ymin = 0, m_ymax = 0;
    QPointF m_origin; ///< scene position of the cell (m_xmin, m_ymax)'s top-left corner
    int m_step = 0;
    int m_maxOrder = 0;
    int m_selectedEdge = -1;
    int m_tileSegments = 0;
    bool m_showNumbers = true;
    Arrows m_arrowFilter = Arrows::All;
};

} // namespace se
