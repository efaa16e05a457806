// SPDX-License-Identifier: MIT
#include "NestTextPrinter.h"

namespace se {

namespace {

std::string join(const std::vector<std::string> &parts, const char *sep)
{
    std::string out;
    for (std::size_t k = 0; k < parts.size(); ++k)
        out += (k ? sep : "") + parts[k];
    return out;
}

std::string bound(const std::vector<ExprPtr> &list, const char *fn)
{
    if (list.size() == 1)
        return list.front()->str();
    std::vector<std::string> parts;
    for (const auto &e : list)
        parts.push_back(e->str());
    return std::string(fn) + "(" + join(parts, ", ") + ")";
}

std::string accesses(const std::vector<Access> &list)
{
    std::vector<std::string> parts;
    for (const auto &a : list) {
        std::vector<std::string> idx;
        for (const auto &e : a.index)
            idx.push_back(e->str());
        parts.push_back(a.tensor + "[" + join(idx, ", ") + "]");
    }
    return join(parts, ", ");
}

void body(const std::vector<GenNode> &items, int depth, std::string &out)
{
    const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    for (const auto &n : items) {
        const auto &marks = n.isLoop() ? n.loop().marks : n.statement().marks;
        for (const auto &m : marks)
            out += indent + "# mark: " + m + "\n";
        if (n.isLoop()) {
            const GenLoop &l = n.loop();
            out += indent + "for (" + l.iterator + ": " + NestTextPrinter::range(l) + ")\n";
            body(l.body, depth + 1, out);
        } else {
            out += indent + NestTextPrinter::statementLine(n.statement()) + "\n";
        }
    }
}

} // namespace

std::string NestTextPrinter::range(const GenLoop &l)
{
    return "range(" + bound(l.lb, "max") + ", " + bound(l.ub, "min") + ", " + std::to_string(l.stride) + ")";
}

std::string NestTextPrinter::statementLine(const GenStatement &s)
{
    std::string line = "s" + std::to_string(s.id) + (s.op.empty() ? "" : " " + s.op) + ":";
    if (!s.writes.empty())
        line += " " + accesses(s.writes);
    if (!s.reads.empty())
        line += " <- " + accesses(s.reads);
    if (!s.predicates.empty()) {
        std::vector<std::string> ps;
        for (const auto &p : s.predicates)
            ps.push_back(p.str());
        line += "  if " + join(ps, " and ");
    }
    std::vector<std::string> origin;
    for (const auto &[name, e] : s.originIterators)
        origin.push_back(name + " = " + e->str());
    return line + "  # from s" + std::to_string(s.originId) + "[" + join(origin, ", ") + "]";
}

std::string NestTextPrinter::title(const RegeneratedNest &nest)
{
    std::string t = nest.source->name + " regenerated from " + nest.schedule;
    std::vector<std::string> fixed;
    for (const auto &[n, v] : nest.fixedParams)
        fixed.push_back(n + " = " + std::to_string(v));
    if (!fixed.empty())
        t += " with " + join(fixed, ", ");
    return t;
}

std::string NestTextPrinter::print(const RegeneratedNest &nest)
{
    std::string out = "# " + title(nest) + "\n";
    body(nest.body, 0, out);
    return out;
}

} // namespace se
