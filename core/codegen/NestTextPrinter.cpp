// SPDX-License-Identifier: MIT
#include "NestTextPrinter.h"

#include <map>

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

// A person reads `s1` where the tree, graph and violations say s1; the second
// and later copies of a statement isl split get primes (`s1'`, `s1''`).
using CopyCounts = std::map<std::int64_t, int>;

std::string label(const GenStatement &s, CopyCounts &copies)
{
    const int copy = copies[s.originId]++;
    return "s" + std::to_string(s.originId) + std::string(static_cast<std::size_t>(copy), '\'');
}

void body(const std::vector<GenNode> &items, int depth, CopyCounts &copies, std::string &out)
{
    const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    for (const auto &n : items) {
        const auto &marks = n.isLoop() ? n.loop().marks : n.statement().marks;
        for (const auto &m : marks)
            out += indent + "# mark: " + m + "\n";
        if (n.isLoop()) {
            const GenLoop &l = n.loop();
            out += indent + "for (" + l.iterator + ": " + NestTextPrinter::range(l) + ")\n";
            body(l.body, depth + 1, copies, out);
        } else {
            out += indent + NestTextPrinter::statementLine(n.statement(), label(n.statement(), copies)) + "\n";
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
    return statementLine(s, "s" + std::to_string(s.originId));
}

std::string NestTextPrinter::statementLine(const GenStatement &s, const std::string &label)
{
    std::string line = label + (s.op.empty() ? "" : " " + s.op) + ":";
    if (!s.writes.empty())
        line += " " + accessListText(s.writes);
    if (!s.reads.empty())
        line += " <- " + accessListText(s.reads);
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
    CopyCounts copies;
    body(nest.body, 0, copies, out);
    return out;
}

} // namespace se
