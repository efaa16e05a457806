// SPDX-License-Identifier: MIT
#include "IterationSpaceView.h"
#include "widgets/common/QtString.h"

#include "widgets/document/Explorer.h"
#include "widgets/figures/IterationSpaceCanvas.h"
#include "widgets/document/Selection.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QScopeGuard>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace se {

IterationSpaceView::IterationSpaceView(Explorer *explorer, QWidget *parent)
    : QWidget(parent), m_explorer(explorer), m_canvas(new IterationSpaceCanvas(this))
{
    m_query.enabled = false;
    auto *top = new QHBoxLayout;
    top->setContentsMargins(6, 4, 6, 2);
    top->setSpacing(6);
    m_first = new QComboBox(this);
    m_second = new QComboBox(this);
    m_x = new QComboBox(this);
    m_y = new QComboBox(this);
    m_first->setToolTip(tr("The statement whose instances are plotted"));
    m_second->setToolTip(tr("A second statement to plot with it (its dots sit down and to the right)"));
    m_x->setToolTip(tr("The loop along the horizontal axis"));
    m_y->setToolTip(tr("The loop along the vertical axis"));
    for (QComboBox *b : {m_first, m_second, m_x, m_y})
        b->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    top->addWidget(new QLabel(tr("Plot"), this));
    top->addWidget(m_first);
    top->addWidget(new QLabel(tr("with"), this));
    top->addWidget(m_second);
    top->addSpacing(8);
    top->addWidget(new QLabel(tr("x"), this));
    top->addWidget(m_x);
    top->addWidget(new QLabel(tr("y"), this));
    top->addWidget(m_y);
    top->addStretch(1);

    m_sliderBar = new QWidget(this);
    m_sliderLayout = new QHBoxLayout(m_sliderBar);
    m_sliderLayout->setContentsMargins(6, 0, 6, 0);
    m_sliderBar->hide();

    auto *bottom = new QHBoxLayout;
    bottom->setContentsMargins(6, 2, 6, 4);
    m_play = new QToolButton(this);
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setText(tr("Play"));
    m_play->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_play->setToolTip(tr("Run the instances in the order the schedule gives them"));
    m_step = new QSlider(Qt::Horizontal, this);
    m_step->setToolTip(tr("Step through the schedule: instances up to this order have run"));
    m_stepLabel = new QLabel(this);
    m_stepLabel->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("step 0000/0000")));
    m_arrows = new QComboBox(this);
    m_arrows->setToolTip(tr("Which dependence pairs to draw"));
    m_arrows->addItem(tr("All arrows"), int(IterationSpaceCanvas::Arrows::All));
    m_arrows->addItem(tr("Violated only"), int(IterationSpaceCanvas::Arrows::Violated));
    m_arrows->addItem(tr("RAW only"), int(IterationSpaceCanvas::Arrows::RAW));
    m_arrows->addItem(tr("WAR only"), int(IterationSpaceCanvas::Arrows::WAR));
    m_arrows->addItem(tr("WAW only"), int(IterationSpaceCanvas::Arrows::WAW));
    m_arrows->addItem(tr("No arrows"), int(IterationSpaceCanvas::Arrows::None));
    m_numbers = new QCheckBox(tr("Numbers"), this);
    m_numbers->setToolTip(tr("Each instance's place in the order the schedule runs them"));
    m_numbers->setChecked(true);
    m_export = new QToolButton(this);
    m_export->setText(tr("Export"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_export);
    connect(menu->addAction(tr("As PNG\u2026")), &QAction::triggered, this,
            [this] { exportDialog(QStringLiteral("png")); });
    connect(menu->addAction(tr("As SVG\u2026")), &QAction::triggered, this,
            [this] { exportDialog(QStringLiteral("svg")); });
    m_export->setMenu(menu);
    bottom->addWidget(m_play);
    bottom->addWidget(m_step, 1);
    bottom->addWidget(m_stepLabel);
    bottom->addWidget(m_arrows);
    bottom->addWidget(m_numbers);
    bottom->addWidget(m_export);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(top);
    layout->addWidget(m_sliderBar);
    layout->addWidget(m_canvas, 1);
    layout->addLayout(bottom);

    connect(m_first, &QComboBox::activated, this, [this] {
        QStringList s{m_first->currentData().toString()};
        if (m_second->currentIndex() > 0 && m_second->currentData().toString() != s.front())
            s << m_second->currentData().toString();
        setStatements(s);
    });
    connect(m_second, &QComboBox::activated, this, [this] {
        QStringList s{m_first->currentData().toString()};
        if (m_second->currentIndex() > 0 && m_second->currentData().toString() != s.front())
            s << m_second->currentData().toString();
        setStatements(s);
    });
    const auto axesChanged = [this](bool xChanged) {
        int x = m_x->currentData().toInt(), y = m_y->count() ? m_y->currentData().toInt() : -1;
        if (x == y) // picking the other axis's loop swaps the two
            (xChanged ? y : x) = xChanged ? m_query.xDim : m_query.yDim;
        setAxes(x, y);
    };
    connect(m_x, &QComboBox::activated, this, [axesChanged] { axesChanged(true); });
    connect(m_y, &QComboBox::activated, this, [axesChanged] { axesChanged(false); });
    connect(m_play, &QToolButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
    connect(m_step, &QSlider::valueChanged, this, [this](int v) {
        if (!m_updating)
            setStep(v);
    });
    connect(m_numbers, &QCheckBox::toggled, m_canvas, &IterationSpaceCanvas::setShowNumbers);
    connect(m_arrows, &QComboBox::activated, this, [this] {
        m_canvas->setArrows(static_cast<IterationSpaceCanvas::Arrows>(m_arrows->currentData().toInt()));
    });
    connect(&m_timer, &QTimer::timeout, this, &IterationSpaceView::tick);

    connect(m_explorer, &Explorer::snapshotChanged, this, &IterationSpaceView::setSnapshot);
    connect(m_explorer->selection(), &Selection::changed, this, &IterationSpaceView::followSelection);
    connect(m_canvas, &IterationSpaceCanvas::edgeClicked, this, [this](int edge) {
        if (!m_snapshot || edge < 0 || edge >= static_cast<int>(m_snapshot->report.edges.size()))
            return;
        const auto &e = m_snapshot->report.edges[static_cast<std::size_t>(edge)];
        m_explorer->selection()->selectEdge(edge, {q(e.src), q(e.dst)});
    });
    setSnapshot(m_explorer->snapshot());
}

QSize IterationSpaceView::minimumSizeHint() const
{
    // Its dock is tabbed with the graph: on a 1024 px screen the controls'
    // full width would squeeze the schedule tree to a strip. Narrower than
    // that, the control rows are cut at the right instead.
    return QWidget::minimumSizeHint().boundedTo(QSize(220, 200));
}

QSlider *IterationSpaceView::sliderFor(int dim) const
{
    const auto it = m_sliders.find(dim);
    return it == m_sliders.end() ? nullptr : it->second.second;
}

void IterationSpaceView::setActive(bool on)
{
    if (on == m_active)
        return;
    m_active = on;
    if (!on)
        pause();
    sendQuery();
}

void IterationSpaceView::sendQuery()
{
    m_query.enabled = m_active;
    m_explorer->setSpaceQuery(m_query);
}

void IterationSpaceView::setStatements(const QStringList &statements)
{
    std::vector<std::string> s;
    for (const auto &x : statements)
        if (s.size() < 2 && std::find(s.begin(), s.end(), x.toStdString()) == s.end())
            s.push_back(x.toStdString());
    if (s == m_query.statements)
        return;
    m_query.statements = s;
    m_query.xDim = m_query.yDim = -1; // other statements, other loops: start from the defaults
    sendQuery();
}

void IterationSpaceView::setAxes(int xDim, int yDim)
{
    if (xDim == m_query.xDim && yDim == m_query.yDim)
        return;
    m_query.xDim = xDim;
    m_query.yDim = yDim;
    sendQuery();
}

void IterationSpaceView::setFixed(int dim, std::int64_t value)
{
    const auto it = m_query.fixed.find(dim);
    if (it != m_query.fixed.end() && it->second == value)
        return;
    m_query.fixed[dim] = value;
    sendQuery();
}

void IterationSpaceView::followSelection()
{
    const Selection *sel = m_explorer->selection();
    m_canvas->setSelectedEdge(sel->edge());
    if (!m_snapshot || !m_snapshot->kernel)
        return;
    const auto &vs = m_snapshot->report.violations;
    if (sel->violation() >= 0 && sel->violation() < static_cast<int>(vs.size())) {
        showWitness(vs[static_cast<std::size_t>(sel->violation())]);
        return;
    }
    m_witnessKey.clear();
    m_canvas->setWitness(std::nullopt);
    // One or two statements picked elsewhere: plot them, in program order.
    QStringList picked;
    for (const auto &place : m_snapshot->kernel->statements()) {
        const QString name = q(place.statement->tupleName());
        if (sel->statements().contains(name) && !picked.contains(name))
            picked << name;
    }
    if (picked.isEmpty() || picked.size() > 2)
        return;
    QStringList shown;
    for (const auto &s : m_snapshot->space.statements)
        shown << q(s);
    if (picked != shown)
        setStatements(picked);
}

void IterationSpaceView::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    // A snapshot made while this view was hidden carries no slice: keep the picture.
    if (snapshot && !snapshot->space.statements.empty()) {
        m_canvas->setSnapshot(snapshot);
        m_canvas->setSelectedEdge(m_explorer->selection()->edge());
    } else if (!snapshot) {
        m_canvas->setSnapshot(nullptr);
    }
    updateControls();
}

void IterationSpaceView::updateControls()
{
    m_updating = true;
    const auto finish = qScopeGuard([this] { m_updating = false; });
    if (!m_snapshot || !m_snapshot->kernel)
        return;
    if (m_snapshot->kernel != m_kernel) {
        m_kernel = m_snapshot->kernel;
        m_first->clear();
        m_second->clear();
        m_second->addItem(tr("(none)"));
        for (const auto &place : m_kernel->statements()) {
            const Statement &s = *place.statement;
            const QString name = q(s.tupleName());
            const QString label = s.op.empty() ? name : name + QLatin1Char(' ') + q(s.op);
            m_first->addItem(label, name);
            m_second->addItem(label, name);
        }
    }
    const IterationSpace &sp = m_snapshot->space;
    if (sp.statements.empty())
        return; // computed while hidden
    m_first->setCurrentIndex(std::max(0, m_first->findData(q(sp.statements[0]))));
    m_second->setCurrentIndex(sp.statements.size() > 1 ? std::max(0, m_second->findData(q(sp.statements[1]))) : 0);

    // Axis boxes: every loop of the plotted statements.
    std::vector<IterationSpace::Dim> dims = sp.others;
    if (sp.hasX)
        dims.push_back(sp.x);
    if (sp.hasY)
        dims.push_back(sp.y);
    std::sort(dims.begin(), dims.end(), [](const auto &a, const auto &b) { return a.dim < b.dim; });
    for (QComboBox *b : {m_x, m_y}) {
        b->clear();
        for (const auto &d : dims)
            b->addItem(q(d.name), d.dim);
    }
    m_x->setCurrentIndex(sp.hasX ? m_x->findData(sp.x.dim) : -1);
    m_y->setCurrentIndex(sp.hasY ? m_y->findData(sp.y.dim) : -1);
    m_x->setEnabled(dims.size() > 1);
    m_y->setEnabled(sp.hasY && dims.size() > 1);
    // Remember the resolved axes, so the next change starts from what is shown.
    m_query.xDim = sp.hasX ? sp.x.dim : -1;
    m_query.yDim = sp.hasY ? sp.y.dim : -1;
    updateSliders();

    const int max = m_canvas->maxOrder();
    m_step->setRange(0, max);
    m_step->setValue(m_canvas->step());
    m_stepLabel->setText(m_canvas->step() == 0 ? tr("all %1 run").arg(max)
                                               : tr("step %1/%2").arg(m_canvas->step()).arg(max));
    m_play->setEnabled(max > 0);
    m_step->setEnabled(max > 0);
}

void IterationSpaceView::updateSliders()
{
    const IterationSpace &sp = m_snapshot->space;
    // Rebuild only when the set of fixed loops changes: a slider being
    // dragged must survive the snapshots its own moves cause.
    std::vector<int> want;
    for (const auto &o : sp.others)
        want.push_back(o.dim);
    std::vector<int> have;
    for (const auto &[d, w] : m_sliders)
        have.push_back(d);
    if (want != have) {
        for (auto &[d, w] : m_sliders) {
            delete w.first;
            delete w.second;
        }
        m_sliders.clear();
        for (const auto &o : sp.others) {
            auto *label = new QLabel(m_sliderBar);
            auto *slider = new QSlider(Qt::Horizontal, m_sliderBar);
            slider->setToolTip(tr("Fix loop %1 at this value").arg(q(o.name)));
            const int dim = o.dim;
            connect(slider, &QSlider::valueChanged, this, [this, dim, label, slider](int v) {
                label->setText(QStringLiteral("%1 = %2").arg(slider->objectName()).arg(v));
                if (!m_updating)
                    setFixed(dim, v);
            });
            m_sliderLayout->addWidget(label);
            m_sliderLayout->addWidget(slider, 1);
            m_sliders[dim] = {label, slider};
        }
    }
    for (const auto &o : sp.others) {
        auto [label, slider] = m_sliders[o.dim];
        slider->setObjectName(q(o.name));
        slider->setRange(static_cast<int>(o.min), static_cast<int>(o.max));
        slider->setValue(static_cast<int>(o.value));
        label->setText(QStringLiteral("%1 = %2").arg(q(o.name)).arg(o.value));
        m_query.fixed[o.dim] = o.value;
    }
    m_sliderBar->setVisible(!m_sliders.empty());
}

void IterationSpaceView::setStep(int step)
{
    m_canvas->setStep(step);
    m_updating = true;
    m_step->setValue(m_canvas->step());
    m_updating = false;
    const int max = m_canvas->maxOrder();
    m_stepLabel->setText(m_canvas->step() == 0 ? tr("all %1 run").arg(max)
                                               : tr("step %1/%2").arg(m_canvas->step()).arg(max));
}

void IterationSpaceView::play()
{
    const int max = m_canvas->maxOrder();
    if (max <= 0)
        return;
    if (m_canvas->step() == 0 || m_canvas->step() >= max)
        setStep(1);
    // About eight seconds for the whole schedule, within readable bounds.
    m_timer.start(std::clamp(8000 / max, 40, 450));
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
    m_play->setText(tr("Pause"));
}

void IterationSpaceView::pause()
{
    m_timer.stop();
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setText(tr("Play"));
}

void IterationSpaceView::tick()
{
    const int next = m_canvas->step() + 1;
    if (next > m_canvas->maxOrder()) {
        pause();
        setStep(0); // everything has run
        return;
    }
    setStep(next);
}

bool IterationSpaceView::exportTo(const QString &path, QString *error) const
{
    const QString title =
        m_snapshot && m_snapshot->kernel ? q(m_snapshot->kernel->name) + tr(" iteration space") : tr("iteration space");
    return m_canvas->exportTo(path, title, error);
}

void IterationSpaceView::exportDialog(const QString &suffix)
{
    if (!m_snapshot || !m_snapshot->kernel)
        return;
    const QString base = q(m_snapshot->kernel->name) + QStringLiteral(".space.") + suffix;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the iteration space"), base,
                                     suffix.toUpper() + QStringLiteral(" (*.") + suffix + QLatin1Char(')'));
    QString error;
    if (!path.isEmpty() && !exportTo(path, &error))
        m_stepLabel->setText(error);
}

} // namespace se
