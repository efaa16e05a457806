// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <QStringList>

#include <map>
#include <optional>

class QWidget;

namespace se {

/// Small dialogs that ask for an edit's arguments (tile sizes, shift
/// offsets, skew and scale factors, member order, a member's expression, a
/// mark's name). Each returns the edit, or nothing when cancelled. `node`
/// is the targeted node of the current tree.
class EditDialogs {
public:
    static std::optional<Edit> tile(QWidget *parent, const ScheduleTreeSnapshot::Node &node);
    static std::optional<Edit> shift(QWidget *parent, const ScheduleTreeSnapshot::Node &node, const QStringList &params,
                                     int member = 0);
    static std::optional<Edit> skew(QWidget *parent, const ScheduleTreeSnapshot::Node &node);
    static std::optional<Edit> scale(QWidget *parent, const ScheduleTreeSnapshot::Node &node);
    static std::optional<Edit> permute(QWidget *parent, const ScheduleTreeSnapshot::Node &node);
    static std::optional<Edit> split(QWidget *parent, const ScheduleTreeSnapshot::Node &node);
    /// `iterators` of each statement (`s1` -> `t, i`) for validation.
    static std::optional<Edit> memberExpr(QWidget *parent, const ScheduleTreeSnapshot::Node &node,
                                          const std::map<std::string, QStringList> &iterators,
                                          const QStringList &params, int member = 0, const QString &statement = {});
    static std::optional<Edit> insertMark(QWidget *parent, const ScheduleTreeSnapshot::Node &node);
    static std::optional<Edit> renameMark(QWidget *parent, const ScheduleTreeSnapshot::Node &node);

    /// Checks an expression of the kernel grammar using only `names`;
    /// returns an empty string when fine, else what is wrong (with the column).
    static QString checkExpression(const QString &text, const QStringList &names);
};

} // namespace se
