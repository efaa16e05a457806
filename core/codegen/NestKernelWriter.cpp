// SPDX-License-Identifier: MIT
#include "NestKernelWriter.h"

#include "NestTextPrinter.h"

namespace se {

namespace {

using nlohmann::ordered_json;

ordered_json exprList(const std::vector<ExprPtr> &list)
{
    ordered_json out = ordered_json::array();
    for (const auto &e : list)
        out.push_back(NestKernelWriter::expr(e));
    return out;
}

// A bound: one expression, or the list whose max (lb) or min (ub) it is.
ordered_json bound(const std::vector<ExprPtr> &list)
{
    return list.size() == 1 ? NestKernelWriter::expr(list.front()) : exprList(list);
}

ordered_json accesses(const std::vector<Access> &list)
{
    ordered_json out = ordered_json::array();
    for (const auto &a : list)
        out.push_back({{"tensor", a.tensor}, {"index", exprList(a.index)}});
    return out;
}

void marks(ordered_json &j, const std::vector<std::string> &m)
{
    if (m.size() == 1)
        j["mark"] = m.front();
    else if (!m.empty())
        j["mark"] = m;
}

ordered_json body(const std::vector<GenNode> &items)
{
    ordered_json out = ordered_json::array();
    for (const auto &n : items) {
        ordered_json j;
        if (n.isLoop()) {
            const GenLoop &l = n.loop();
            j["loop"] = l.iterator;
            j["lb"] = bound(l.lb);
            j["ub"] = bound(l.ub);
            j["stride"] = l.stride;
            marks(j, l.marks);
            j["body"] = body(l.body);
        } else {
            const GenStatement &s = n.statement();
            j["id"] = s.id;
            if (!s.op.empty())
                j["op"] = s.op;
            ordered_json its = ordered_json::object();
            for (const auto &[name, e] : s.originIterators)
                its[name] = e->str();
            j["origin"] = {{"id", s.originId}, {"iterators", its}};
            j["writes"] = accesses(s.writes);
            j["reads"] = accesses(s.reads);
            if (!s.predicates.empty()) {
                ordered_json ps = ordered_json::array();
                for (const auto &p : s.predicates)
                    ps.push_back(p.str());
                j["predicates"] = ps;
            }
            if (!s.text.empty())
                j["text"] = s.text;
            marks(j, s.marks);
        }
        out.push_back(std::move(j));
    }
    return out;
}

// A parameter as the grammar writes it: rank parameters `rank_<it>_<ch>`
// are written `rank(it, ch)`.
std::string paramText(const Kernel &k, const std::string &name)
{
    if (k.param(name) || name.rfind("rank_", 0) != 0)
        return name;
    const auto sep = name.find('_', 5);
    return Expr::rank(std::stoll(name.substr(5, sep - 5)), std::stoll(name.substr(sep + 1)))->str();
}

} // namespace

ordered_json NestKernelWriter::expr(const ExprPtr &e)
{
    if (auto v = e->constantValue(); v && e->kind() == ExprKind::Const)
        return *v;
    return e->str();
}

ordered_json NestKernelWriter::json(const RegeneratedNest &nest)
{
    const Kernel &k = *nest.source;
    ordered_json doc;
    doc["version"] = 1;
    doc["name"] = k.name + "_regen";
    doc["description"] = NestTextPrinter::title(nest);
    ordered_json params = ordered_json::array();
    for (const auto &p : k.params) {
        ordered_json j{{"name", p.name}};
        if (p.min)
            j["min"] = *p.min;
        if (p.max)
            j["max"] = *p.max;
        if (auto it = nest.fixedParams.find(p.name); it != nest.fixedParams.end())
            j["value"] = it->second;
        else if (p.value)
            j["value"] = *p.value;
        params.push_back(std::move(j));
    }
    doc["params"] = params;
    ordered_json context = ordered_json::array();
    for (const auto &c : k.context)
        context.push_back(c.str());
    // The nest is only valid for the values it was generated with.
    for (const auto &[n, v] : nest.fixedParams)
        context.push_back(paramText(k, n) + " == " + std::to_string(v));
    if (!context.empty())
        doc["context"] = context;
    ordered_json tensors = ordered_json::array();
    for (const auto &t : k.tensors) {
        ordered_json j{{"name", t.name}, {"shape", exprList(t.shape)}};
        if (!t.space.empty())
            j["space"] = t.space;
        if (t.alloc)
            j["alloc"] = {{"buffer", t.alloc->buffer}, {"index", exprList(t.alloc->index)}};
        tensors.push_back(std::move(j));
    }
    doc["tensors"] = tensors;
    doc["body"] = body(nest.body);
    return doc;
}

} // namespace se
