// SPDX-License-Identifier: MIT
#pragma once

#include <QFont>
#include <QGraphicsItem>

namespace se {

/// One statement instance of the iteration-space plot: a pale dot ringed
/// in the statement's colour with its order number inside. While the
/// schedule plays, instances that have run are filled, the running one is
/// ringed in orange and those still to run are blank.
class IterationPointItem : public QGraphicsItem {
public:
    enum { Type = UserType + 11 };
    enum class State { Still, Done, Current, Pending };

    IterationPointItem(int instance, int statementColour, int order, qreal radius, const QFont &font);

    int type() const override { return Type; }
    int instance() const { return m_instance; }
    int order() const { return m_order; }
    void setState(State s);
    State state() const { return m_state; }
    void setShowNumber(bool on);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    int m_instance, m_colour, m_order;
    qreal m_radius;
    QFont m_font;
    State m_state = State::Still;
    bool m_showNumber = true;
};

/// One dependence pair: an arrow from the source instance to the target,
/// coloured by type (the dependence graph's palette), bent a little per
/// type so pairs of several types between the same instances stay apart;
/// red and thick when the schedule runs the target first, dashed when its
/// edge is assumed absent.
class IterationArrowItem : public QGraphicsItem {
public:
    enum { Type = UserType + 12 };

    IterationArrowItem(int pair, QPointF from, QPointF to, qreal gap, const QString &type, bool violated, bool assumed,
                       int edge);

    int type() const override { return Type; }
    int pair() const { return m_pair; }
    int edge() const { return m_edge; }
    bool isViolated() const { return m_violated; }
    bool isAssumed() const { return m_assumed; }
    QColor color() const;
    /// Faded: its target has not run yet (playing) or another edge is selected.
    void setFaded(bool on);
    void setEmphasised(bool on);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QPainterPath m_path;
    QPolygonF m_head;
    int m_pair, m_edge;
    QString m_type;
    bool m_violated, m_assumed;
    bool m_faded = false, m_emphasised = false;
};

} // namespace se
