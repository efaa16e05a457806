// SPDX-License-Identifier: MIT
#include "Kernel.h"

namespace se {

const StatementPlace *Kernel::place(const std::string &tupleName) const
{
    auto it = m_byTuple.find(tupleName);
    return it == m_byTuple.end() ? nullptr : &m_places[it->second];
}

const Tensor *Kernel::tensor(const std::string &name) const
{
    for (const auto &t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

const Param *Kernel::param(const std::string &name) const
{
    for (const auto &p : params)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::vector<std::string> Kernel::allParamNames() const
{
    std::vector<std::string> out;
    for (const auto &p : params)
        out.push_back(p.name);
    for (const auto &r : rankParams)
        if (!param(r))
            out.push_back(r);
    return out;
}

void Kernel::index()
{
    m_places.clear();
    m_byTuple.clear();
    std::vector<const Loop *> loops;
    std::vector<int> positions;
    indexBody(body, loops, positions);
}

void Kernel::indexBody(const std::vector<Node> &nodes, std::vector<const Loop *> &loops, std::vector<int> &positions)
{
    for (std::size_t k = 0; k < nodes.size(); ++k) {
        positions.push_back(static_cast<int>(k));
        if (nodes[k].isLoop()) {
            loops.push_back(&nodes[k].loop());
            indexBody(nodes[k].loop().body, loops, positions);
            loops.pop_back();
        } else {
            const Statement &s = nodes[k].statement();
            m_byTuple[s.tupleName()] = m_places.size();
            m_places.push_back({&s, loops, positions});
        }
        positions.pop_back();
    }
}

} // namespace se
