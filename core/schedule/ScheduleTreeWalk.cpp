// SPDX-License-Identifier: MIT
#include "ScheduleTreeWalk.h"

#include <isl/schedule_node.h>

#include <cctype>

namespace se {

namespace {

void walk(const isl::schedule_node &node, std::vector<int> &path, const ScheduleTreeWalk::Visit &visit)
{
    visit(node, path);
    const int n = static_cast<int>(node.n_children());
    for (int k = 0; k < n; ++k) {
        path.push_back(k);
        walk(node.child(k), path, visit);
        path.pop_back();
    }
}

} // namespace

void ScheduleTreeWalk::forEach(const isl::schedule_node &root, const Visit &visit)
{
    std::vector<int> path;
    walk(root, path, visit);
}

isl::schedule_node ScheduleTreeWalk::at(const isl::schedule &schedule, const std::vector<int> &path)
{
    isl::schedule_node n = schedule.root();
    for (int k : path) {
        if (k < 0 || k >= static_cast<int>(n.n_children()))
            return {};
        n = n.child(k);
    }
    return n;
}

std::string ScheduleTreeWalk::pathText(const std::vector<int> &path)
{
    if (path.empty())
        return "root";
    std::string out;
    for (std::size_t k = 0; k < path.size(); ++k)
        out += (k ? "." : "") + std::to_string(path[k]);
    return out;
}

std::string nodePathText(const NodePath &path)
{
    return ScheduleTreeWalk::pathText(path);
}

std::optional<NodePath> parseNodePath(const std::string &text)
{
    if (text == "root" || text.empty())
        return NodePath{};
    NodePath out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t dot = text.find('.', pos);
        const std::string part = text.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
        if (part.empty() || part.size() > 6)
            return std::nullopt;
        for (char c : part)
            if (!std::isdigit(static_cast<unsigned char>(c)))
                return std::nullopt;
        out.push_back(std::stoi(part));
        if (dot == std::string::npos)
            break;
        pos = dot + 1;
    }
    return out;
}

} // namespace se
