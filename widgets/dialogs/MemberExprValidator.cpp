// SPDX-License-Identifier: MIT
#include "MemberExprValidator.h"

#include "EditDialogs.h"
#include "core/model/Kernel.h"

namespace se {

MemberExprValidator::MemberExprValidator(std::map<std::string, QStringList> iterators, QStringList params)
    : m_iterators(std::move(iterators)), m_params(std::move(params))
{
}

MemberExprValidator MemberExprValidator::forKernel(const Kernel &kernel)
{
    std::map<std::string, QStringList> its;
    for (const auto &p : kernel.statements()) {
        QStringList names;
        for (const auto &i : p.statement->iterators)
            names << QString::fromStdString(i);
        its[p.statement->tupleName()] = names;
    }
    QStringList params;
    for (const auto &n : kernel.allParamNames())
        params << QString::fromStdString(n);
    return MemberExprValidator(std::move(its), std::move(params));
}

QStringList MemberExprValidator::names(const QString &statement) const
{
    QStringList out = m_params;
    const auto it = m_iterators.find(statement.toStdString());
    if (it != m_iterators.end())
        out += it->second;
    return out;
}

QString MemberExprValidator::problem(const QString &statement, const QString &text) const
{
    return EditDialogs::checkExpression(text, names(statement));
}

} // namespace se
