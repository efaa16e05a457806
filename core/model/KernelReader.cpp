// SPDX-License-Identifier: MIT
#include "KernelReader.h"

#include "KernelLoader.h"
#include "core/expr/ExprParser.h"
#include "core/expr/ExprReader.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

namespace se {

namespace {

using nlohmann::json;

// The deepest loop nest a kernel may have (real kernels stay near 10).
constexpr std::size_t MaxLoopDepth = 64;

[[noreturn]] void kernelFail(const std::string &place, const std::string &what)
{
    throw InputError("", place, what);
}

std::string idx(const std::string &path, std::size_t k)
{
    return path + "[" + std::to_string(k) + "]";
}

std::string key(const std::string &path, const char *k)
{
    return path.empty() ? std::string(k) : path + "." + k;
}

class Reader {
public:
    explicit Reader(Kernel &k) : m_k(k) { }

    void load(const json &doc)
    {
        if (!doc.is_object())
            kernelFail("", std::string("a kernel is a JSON object, got ") + doc.type_name());
        warnUnknown(doc, "", {"version", "name", "description", "params", "context", "tensors", "body"});
        if (doc.contains("version")) {
            const json &v = doc.at("version");
            if (!v.is_number_integer() || v.get<std::int64_t>() != 1)
                kernelFail("version", "unsupported version " + v.dump() + " (this tool reads version 1)");
        }
        m_k.name = requireString(doc, "name", "");
        if (m_k.name.empty())
            kernelFail("name", "must not be empty");
        if (doc.contains("description"))
            m_k.description = optionalString(doc, "description", "");
        loadParams(doc);
        loadContext(doc);
        checkValuesAgainstContext();
        loadTensors(doc);
        if (!doc.contains("body"))
            kernelFail("", "missing \"body\"");
        std::vector<std::string> scope;
        loadBody(doc.at("body"), "body", scope, m_k.body);
        if (m_ids.empty())
            m_k.warnings.push_back("body: the kernel has no statements");
        m_k.rankParams.assign(m_ranks.begin(), m_ranks.end());
    }

private:
    void warnUnknown(const json &obj, const std::string &path, std::initializer_list<const char *> known)
    {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            if (std::none_of(known.begin(), known.end(), [&](const char *k) { return it.key() == k; }))
                m_k.warnings.push_back((path.empty() ? std::string() : path + ": ") + "unknown key \"" + it.key()
                                       + "\" ignored");
        }
    }

    std::string requireString(const json &obj, const char *k, const std::string &path)
    {
        if (!obj.contains(k))
            kernelFail(path, std::string("missing \"") + k + "\"");
        return optionalString(obj, k, path);
    }

    std::string optionalString(const json &obj, const char *k, const std::string &path)
    {
        const json &v = obj.at(k);
        if (!v.is_string())
            kernelFail(key(path, k), std::string("must be a string, got ") + v.type_name());
        return v.get<std::string>();
    }

    void checkName(const std::string &name, const std::string &place, const char *what)
    {
        std::string why;
        if (!KernelLoader::isValidName(name, &why))
            kernelFail(place, std::string(what) + " name " + why);
    }

    std::optional<std::int64_t> optionalInt(const json &obj, const char *k, const std::string &path)
    {
        if (!obj.contains(k))
            return std::nullopt;
        const json &v = obj.at(k);
        if (!v.is_number_integer())
            kernelFail(key(path, k), std::string("must be an integer, got ") + v.dump());
        // Above INT64_MAX nlohmann holds an unsigned that get<int64_t>() would wrap.
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
            kernelFail(key(path, k), "integer " + v.dump() + " is too large");
        return v.get<std::int64_t>();
    }

    void loadParams(const json &doc)
    {
        if (!doc.contains("params"))
            return;
        const json &ps = doc.at("params");
        if (!ps.is_array())
            kernelFail("params", "must be an array");
        for (std::size_t k = 0; k < ps.size(); ++k) {
            const std::string path = idx("params", k);
            if (!ps[k].is_object())
                kernelFail(path, "a parameter is an object {\"name\": ..., \"min\": ..., \"value\": ...}");
            warnUnknown(ps[k], path, {"name", "min", "max", "value", "description"});
            Param p;
            p.name = requireString(ps[k], "name", path);
            checkName(p.name, key(path, "name"), "parameter");
            if (m_k.param(p.name))
                kernelFail(key(path, "name"), "duplicate parameter '" + p.name + "'");
            p.min = optionalInt(ps[k], "min", path);
            p.max = optionalInt(ps[k], "max", path);
            p.value = optionalInt(ps[k], "value", path);
            if (p.min && p.max && *p.min > *p.max)
                kernelFail(path, "min " + std::to_string(*p.min) + " is greater than max " + std::to_string(*p.max));
            if (p.value && p.min && *p.value < *p.min)
                kernelFail(key(path, "value"),
                           "value " + std::to_string(*p.value) + " is below min " + std::to_string(*p.min));
            if (p.value && p.max && *p.value > *p.max)
                kernelFail(key(path, "value"),
                           "value " + std::to_string(*p.value) + " is above max " + std::to_string(*p.max));
            m_k.params.push_back(p);
        }
    }

    Constraint readConstraint(const json &v, const std::string &path, const std::vector<std::string> &scope)
    {
        if (!v.is_string())
            kernelFail(path, std::string("a constraint is a string such as \"i >= 1\", got ") + v.type_name());
        Constraint c;
        try {
            c = ExprParser::parseConstraint(v.get<std::string>());
        } catch (const InputError &e) {
            kernelFail(path + (e.place().empty() ? "" : ", " + e.place()),
                       e.fault() + " in \"" + v.get<std::string>() + "\"");
        }
        checkNames(c.lhs, path, scope);
        checkNames(c.rhs, path, scope);
        return c;
    }

    void loadContext(const json &doc)
    {
        if (!doc.contains("context"))
            return;
        const json &cs = doc.at("context");
        if (!cs.is_array())
            kernelFail("context", "must be an array of constraints on the parameters");
        for (std::size_t k = 0; k < cs.size(); ++k)
            m_k.context.push_back(readConstraint(cs[k], idx("context", k), {}));
    }

    // The parameters' `value`s are where pictures and counts are taken: a
    // context they break would leave those with no instances.
    void checkValuesAgainstContext()
    {
        std::map<std::string, std::int64_t> values;
        for (const auto &p : m_k.params)
            if (p.value)
                values[p.name] = *p.value;
        for (std::size_t i = 0; i < m_k.context.size(); ++i) {
            const Constraint &c = m_k.context[i];
            std::set<std::string> names;
            c.lhs->collectNames(names);
            c.rhs->collectNames(names);
            std::string used;
            bool known = true;
            for (const auto &n : names) {
                known = known && values.count(n);
                if (known)
                    used += (used.empty() ? "" : ", ") + n + " = " + std::to_string(values.at(n));
            }
            if (!known || names.empty())
                continue;
            bool holds = true;
            try {
                holds = c.holds([&](const std::string &n) { return values.at(n); });
            } catch (const std::overflow_error &) {
                continue;
            }
            if (!holds)
                kernelFail(idx("context", i),
                           "'" + c.str() + "' does not hold for the parameters' values (" + used + ")");
        }
    }

    // Every name must be a parameter, a rank, or one of `scope`.
    void checkNames(const ExprPtr &e, const std::string &path, const std::vector<std::string> &scope)
    {
        std::set<std::string> names;
        e->collectNames(names);
        for (const auto &n : names) {
            if (std::find(scope.begin(), scope.end(), n) != scope.end() || m_k.param(n))
                continue;
            if (n.rfind("rank_", 0) == 0 && isRank(e, n)) {
                m_ranks.insert(n);
                continue;
            }
            std::string known;
            for (const auto &s : scope)
                known += (known.empty() ? "" : ", ") + s;
            for (const auto &p : m_k.params)
                known += (known.empty() ? "" : ", ") + p.name;
            kernelFail(
                path,
                "unknown identifier '" + n + "'"
                    + (known.empty() ? std::string(" (nothing is in scope here)") : " (in scope: " + known + ")"));
        }
    }

    // `rank_<it>_<ch>`: the parameter rank(it, ch) stands for. An iterator of
    // that name would silently capture every rank(it, ch) below it.
    static bool isRankName(const std::string &name)
    {
        std::size_t i = 5;
        auto digits = [&] {
            const std::size_t start = i;
            while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])))
                ++i;
            return i > start;
        };
        return name.rfind("rank_", 0) == 0 && digits() && i < name.size() && name[i++] == '_' && digits()
            && i == name.size();
    }

    static bool isRank(const ExprPtr &e, const std::string &name)
    {
        if (e->kind() == ExprKind::Var)
            return e->name() == name && e->isRank();
        for (const auto &t : e->terms())
            if (isRank(t.expr, name))
                return true;
        for (const auto &a : e->args())
            if (isRank(a, name))
                return true;
        return false;
    }

    ExprPtr readExpr(const json &v, const std::string &path, const std::vector<std::string> &scope,
                     bool allowExtremum = false)
    {
        ExprPtr e = ExprReader::read(v, path, allowExtremum);
        checkNames(e, path, scope);
        return e;
    }

    std::vector<ExprPtr> readExprList(const json &v, const std::string &path, const std::vector<std::string> &scope,
                                      const char *what)
    {
        if (!v.is_array())
            kernelFail(path, std::string(what) + " must be an array of expressions, got " + v.type_name());
        std::vector<ExprPtr> out;
        for (std::size_t k = 0; k < v.size(); ++k)
            out.push_back(readExpr(v[k], idx(path, k), scope));
        return out;
    }

    void loadTensors(const json &doc)
    {
        if (!doc.contains("tensors"))
            kernelFail("", "missing \"tensors\"");
        const json &ts = doc.at("tensors");
        if (!ts.is_array())
            kernelFail("tensors", "must be an array");
        std::map<std::string, std::size_t> bufferRank;
        for (std::size_t k = 0; k < ts.size(); ++k) {
            const std::string path = idx("tensors", k);
            if (!ts[k].is_object())
                kernelFail(path, "a tensor is an object {\"name\": ..., \"shape\": [...]}");
            warnUnknown(ts[k], path, {"name", "shape", "space", "alloc", "dtype", "description"});
            Tensor t;
            t.name = requireString(ts[k], "name", path);
            checkName(t.name, key(path, "name"), "tensor");
            if (m_k.tensor(t.name))
                kernelFail(key(path, "name"), "duplicate tensor '" + t.name + "'");
            if (!ts[k].contains("shape"))
                kernelFail(path, "missing \"shape\"");
            t.shape = readExprList(ts[k].at("shape"), key(path, "shape"), {}, "shape");
            if (ts[k].contains("space"))
                t.space = optionalString(ts[k], "space", path);
            if (ts[k].contains("alloc") && !ts[k].at("alloc").is_null()) {
                const std::string ap = key(path, "alloc");
                const json &a = ts[k].at("alloc");
                if (t.space == "dram")
                    kernelFail(ap, "a dram tensor is a kernel input/output and may not have an alloc");
                if (!a.is_object())
                    kernelFail(ap, "must be an object {\"buffer\": ..., \"index\": [...]}");
                warnUnknown(a, ap, {"buffer", "index"});
                Alloc alloc;
                alloc.buffer = requireString(a, "buffer", ap);
                checkName(alloc.buffer, key(ap, "buffer"), "buffer");
                if (!a.contains("index"))
                    kernelFail(ap, "missing \"index\"");
                std::vector<std::string> dims;
                for (std::size_t d = 0; d < t.shape.size(); ++d)
                    dims.push_back("d" + std::to_string(d));
                alloc.index = readExprList(a.at("index"), key(ap, "index"), dims, "alloc index");
                auto [it, fresh] = bufferRank.emplace(alloc.buffer, alloc.index.size());
                if (!fresh && it->second != alloc.index.size())
                    kernelFail(key(ap, "index"),
                               "buffer '" + alloc.buffer + "' has " + std::to_string(it->second)
                                   + " dimensions elsewhere, " + std::to_string(alloc.index.size()) + " here");
                t.alloc = std::move(alloc);
            }
            m_k.tensors.push_back(std::move(t));
        }
        // `<buffer>_alloc` must not collide with a tensor that is its own allocation.
        for (const auto &t : m_k.tensors)
            if (t.alloc)
                if (const Tensor *o = m_k.tensor(t.allocationName()); o && !o->alloc)
                    kernelFail("tensors",
                               "tensor '" + o->name + "' has the name of buffer '" + t.alloc->buffer
                                   + "''s allocation");
    }

    void loadBody(const json &body, const std::string &path, std::vector<std::string> &scope, std::vector<Node> &out)
    {
        if (!body.is_array())
            kernelFail(path, std::string("a body is an array of loops and statements, got ") + body.type_name());
        for (std::size_t k = 0; k < body.size(); ++k) {
            const std::string p = idx(path, k);
            const json &n = body[k];
            if (!n.is_object())
                kernelFail(p, std::string("a body item is a loop or a statement object, got ") + n.type_name());
            if (n.contains("loop") && n.contains("id"))
                kernelFail(p, "an item is either a loop (\"loop\") or a statement (\"id\"), not both");
            if (n.contains("loop"))
                out.push_back(Node{loadLoop(n, p, scope)});
            else if (n.contains("id"))
                out.push_back(Node{loadStatement(n, p, scope)});
            else
                kernelFail(p, "neither a loop (needs \"loop\") nor a statement (needs \"id\")");
        }
    }

    Loop loadLoop(const json &n, const std::string &path, std::vector<std::string> &scope)
    {
        warnUnknown(n, path, {"loop", "lb", "ub", "stride", "body", "description", "mark"});
        Loop l;
        l.path = path;
        l.iterator = requireString(n, "loop", path);
        checkName(l.iterator, key(path, "loop"), "iterator");
        if (std::find(scope.begin(), scope.end(), l.iterator) != scope.end())
            kernelFail(key(path, "loop"), "iterator '" + l.iterator + "' shadows an enclosing loop's iterator");
        if (m_k.param(l.iterator))
            kernelFail(key(path, "loop"), "iterator '" + l.iterator + "' has the name of a parameter");
        if (isRankName(l.iterator))
            kernelFail(key(path, "loop"),
                       "iterator '" + l.iterator + "' has the name of a collective rank parameter (rank(it, ch))");
        for (const char *b : {"lb", "ub"}) {
            if (!n.contains(b))
                kernelFail(path, std::string("missing \"") + b + "\"");
            const json &v = n.at(b);
            std::vector<ExprPtr> &list = b[0] == 'l' ? l.lb : l.ub;
            if (v.is_array()) {
                if (v.empty())
                    kernelFail(key(path, b), "an empty bound list");
                for (std::size_t k = 0; k < v.size(); ++k)
                    list.push_back(readExpr(v[k], idx(key(path, b), k), scope, true));
            } else {
                list.push_back(readExpr(v, key(path, b), scope, true));
            }
        }
        if (auto s = optionalInt(n, "stride", path)) {
            if (*s <= 0)
                kernelFail(key(path, "stride"), "stride must be a positive integer, got " + std::to_string(*s));
            l.stride = *s;
        }
        // One expression (max(...) included): the loop steps from its value.
        if (l.stride != 1 && l.lb.size() != 1)
            kernelFail(key(path, "lb"), "a strided loop needs a single lower bound expression");
        if (!n.contains("body"))
            kernelFail(path, "missing \"body\"");
        // Bodies are read and walked recursively; isl could not analyse
        // such a nest anyway.
        if (scope.size() >= MaxLoopDepth)
            kernelFail(path, "loops nested deeper than " + std::to_string(MaxLoopDepth) + " levels");
        scope.push_back(l.iterator);
        loadBody(n.at("body"), key(path, "body"), scope, l.body);
        scope.pop_back();
        if (l.body.empty())
            m_k.warnings.push_back(path + ": loop '" + l.iterator + "' has an empty body");
        return l;
    }

    std::vector<Access> loadAccesses(const json &n, const char *which, const std::string &path,
                                     const std::vector<std::string> &scope)
    {
        std::vector<Access> out;
        if (!n.contains(which))
            return out;
        const std::string ap = key(path, which);
        const json &list = n.at(which);
        if (!list.is_array())
            kernelFail(ap, "must be an array of accesses {\"tensor\": ..., \"index\": [...]}");
        for (std::size_t k = 0; k < list.size(); ++k) {
            const std::string p = idx(ap, k);
            if (!list[k].is_object())
                kernelFail(p, "an access is an object {\"tensor\": ..., \"index\": [...]}");
            warnUnknown(list[k], p, {"tensor", "index"});
            Access a;
            a.tensor = requireString(list[k], "tensor", p);
            const Tensor *t = m_k.tensor(a.tensor);
            if (!t)
                kernelFail(key(p, "tensor"), "unknown tensor '" + a.tensor + "'");
            if (!list[k].contains("index"))
                kernelFail(p, "missing \"index\"");
            a.index = readExprList(list[k].at("index"), key(p, "index"), scope, "index");
            if (a.index.size() != t->shape.size())
                kernelFail(key(p, "index"),
                           "tensor '" + a.tensor + "' has " + std::to_string(t->shape.size())
                               + " dimensions, the access gives " + std::to_string(a.index.size()) + " indices");
            out.push_back(std::move(a));
        }
        return out;
    }

    Statement loadStatement(const json &n, const std::string &path, const std::vector<std::string> &scope)
    {
        warnUnknown(n, path, {"id", "op", "writes", "reads", "predicates", "text", "origin", "description", "mark"});
        Statement s;
        s.path = path;
        const json &id = n.at("id");
        const bool huge = id.is_number_unsigned() && id.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX);
        if (!id.is_number_integer() || huge)
            kernelFail(key(path, "id"), "a statement id is a non-negative integer, got " + id.dump());
        s.id = id.get<std::int64_t>();
        if (s.id < 0)
            kernelFail(key(path, "id"), "a statement id is a non-negative integer, got " + id.dump());
        if (auto [it, fresh] = m_ids.emplace(s.id, path); !fresh)
            kernelFail(key(path, "id"),
                       "duplicate statement id " + std::to_string(s.id) + " (also at " + it->second + ")");
        if (n.contains("op"))
            s.op = optionalString(n, "op", path);
        if (n.contains("text"))
            s.text = optionalString(n, "text", path);
        if (n.contains("origin"))
            s.origin = n.at("origin");
        s.writes = loadAccesses(n, "writes", path, scope);
        s.reads = loadAccesses(n, "reads", path, scope);
        if (n.contains("predicates")) {
            const json &ps = n.at("predicates");
            const std::string pp = key(path, "predicates");
            if (!ps.is_array())
                kernelFail(pp, "must be an array of constraints such as \"i >= 1\"");
            for (std::size_t k = 0; k < ps.size(); ++k)
                s.predicates.push_back(readConstraint(ps[k], idx(pp, k), scope));
        }
        s.iterators = scope;
        return s;
    }

    Kernel &m_k;
    std::map<std::int64_t, std::string> m_ids;
    std::set<std::string> m_ranks;
};

} // namespace

void KernelReader::read(Kernel &kernel, const json &doc)
{
    Reader(kernel).load(doc);
}

} // namespace se
