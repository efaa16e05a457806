// SPDX-License-Identifier: MIT
// Explorer's audited dependence overrides (issue 8): each is a document
// change like an edit, checked on the worker and undoable.
#include "Explorer.h"

#include <algorithm>

namespace se {

namespace {

bool sameEdge(const DependenceOverride &a, const DependenceOverride &b)
{
    return a.matches(b.type, b.src, b.dst, b.allocation);
}

} // namespace

void Explorer::assumeAbsent(const DependenceOverride &o)
{
    if (!m_kernel || o.reason.find_first_not_of(" \t\n") == std::string::npos)
        return; // the reason is the audit trail: required
    Session after = m_session;
    auto &list = after.assumeNoDep;
    const auto it = std::find_if(list.begin(), list.end(), [&](const auto &x) { return sameEdge(x, o); });
    if (it != list.end())
        *it = o; // a new reason for the same edge
    else
        list.push_back(o);
    change(after, tr("Assume %1 absent").arg(QString::fromStdString(o.edgeText())));
}

void Explorer::removeAssumption(const DependenceOverride &o)
{
    if (!m_kernel)
        return;
    Session after = m_session;
    auto &list = after.assumeNoDep;
    const auto it = std::remove_if(list.begin(), list.end(), [&](const auto &x) { return sameEdge(x, o); });
    if (it == list.end())
        return;
    list.erase(it, list.end());
    change(after, tr("Stop assuming %1 absent").arg(QString::fromStdString(o.edgeText())));
}

} // namespace se
