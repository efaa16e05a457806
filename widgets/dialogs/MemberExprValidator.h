// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

#include <map>
#include <string>

namespace se {

class Kernel;

/// Checks a band member's expression for one statement: the kernel grammar,
/// using only that statement's iterators and the kernel's parameters. Shared
/// by the member-expression dialog and the tree's inline editor.
class MemberExprValidator {
public:
    MemberExprValidator() = default;
    /// `iterators` of each statement (`s1` -> `t, i`).
    MemberExprValidator(std::map<std::string, QStringList> iterators, QStringList params);
    static MemberExprValidator forKernel(const Kernel &kernel);

    /// The names an expression of `statement` may use.
    QStringList names(const QString &statement) const;
    /// Empty when `text` is fine for `statement`, else what is wrong.
    QString problem(const QString &statement, const QString &text) const;

    const std::map<std::string, QStringList> &iterators() const { return m_iterators; }
    const QStringList &params() const { return m_params; }

private:
    std::map<std::string, QStringList> m_iterators;
    QStringList m_params;
};

} // namespace se
