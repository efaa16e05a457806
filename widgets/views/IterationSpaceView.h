// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include <QTimer>
#include <QWidget>

#include <map>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSlider;
class QToolButton;

namespace se {

class Explorer;
class IterationSpaceCanvas;

/// The iteration-space dock (issue 8; Clint's and islplot's picture, for
/// teaching): which statements (one or two) and which two loops to plot,
/// sliders for the other loops, the plot, and a play button that runs the
/// instances in schedule order. Follows every snapshot and the shared
/// selection (one or two selected statements are plotted; a selected edge
/// stands out; clicking an arrow selects its edge). The slice is computed
/// on the worker, and only while the view is active (shown).
class IterationSpaceView : public QWidget {
    Q_OBJECT
public:
    explicit IterationSpaceView(Explorer *explorer, QWidget *parent = nullptr);
    QSize minimumSizeHint() const override;

    IterationSpaceCanvas *canvas() const { return m_canvas; }
    /// Asks the worker for slices while on (the dock is visible).
    void setActive(bool on);
    bool isActive() const { return m_active; }
    void setSnapshot(const AnalysisSnapshotPtr &snapshot);

    /// The slice to plot; sent to the Explorer (a new analysis) when it changes.
    void setStatements(const QStringList &statements);
    void setAxes(int xDim, int yDim);
    void setFixed(int dim, std::int64_t value);

    void play();
    void pause();
    bool isPlaying() const { return m_timer.isActive(); }
    /// Writes the plot as PNG or SVG (by suffix).
    bool exportTo(const QString &path, QString *error) const;

    QComboBox *statementBox(int k) const { return k == 0 ? m_first : m_second; }
    QComboBox *axisBox(int k) const { return k == 0 ? m_x : m_y; }
    QSlider *sliderFor(int dim) const;
    QSlider *stepSlider() const { return m_step; }
    QComboBox *arrowsBox() const { return m_arrows; }

private:
    void updateControls();
    void updateSliders();
    void sendQuery();
    void followSelection();
    /// Places the slice on a violation's witness and marks it.
    void showWitness(const ViolationReport &v);
    void tick();
    void setStep(int step);
    void exportDialog(const QString &suffix);

    Explorer *m_explorer;
    AnalysisSnapshotPtr m_snapshot;
    KernelPtr m_kernel; ///< whose statements the boxes list
    IterationSpaceQuery m_query;
    bool m_active = false;
    bool m_updating = false;

    IterationSpaceCanvas *m_canvas;
    QComboBox *m_first, *m_second, *m_x, *m_y, *m_arrows;
    QWidget *m_sliderBar;
    QHBoxLayout *m_sliderLayout;
    std::map<int, std::pair<QLabel *, QSlider *>> m_sliders;
    QToolButton *m_play, *m_export;
    QSlider *m_step;
    QLabel *m_stepLabel;
    QCheckBox *m_numbers;
    QString m_witnessKey; ///< the witness the slice was last placed on
    QTimer m_timer;
};

} // namespace se
