// SPDX-License-Identifier: MIT
#include "ExprReader.h"

#include "ExprParser.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace se {

namespace {

using nlohmann::json;

[[noreturn]] void exprFail(const std::string &path, const std::string &what)
{
    throw InputError("", path, what);
}

// nlohmann reads integers above INT64_MAX as unsigned: get<int64_t>() would wrap them.
bool tooLarge(const json &v)
{
    return v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX);
}

std::int64_t readInt(const json &obj, const char *key, const std::string &path)
{
    if (!obj.contains(key))
        exprFail(path, std::string("missing \"") + key + "\"");
    const json &v = obj.at(key);
    if (!v.is_number_integer())
        exprFail(path + "." + key, "must be an integer, got " + std::string(v.type_name()));
    if (tooLarge(v))
        exprFail(path + "." + key, "integer " + v.dump() + " is too large");
    return v.get<std::int64_t>();
}

// Tree-form expressions are read, and later walked, recursively: deeper
// ones would exhaust the stack (the string grammar has the same limit).
constexpr int MaxTreeDepth = 200;
thread_local int treeDepth = 0;

class TreeLevel {
public:
    explicit TreeLevel(const std::string &path)
    {
        if (treeDepth >= MaxTreeDepth)
            exprFail(path, "expression nested deeper than " + std::to_string(MaxTreeDepth) + " levels");
        ++treeDepth;
    }
    ~TreeLevel() { --treeDepth; }
    TreeLevel(const TreeLevel &) = delete;
    TreeLevel &operator=(const TreeLevel &) = delete;
};

ExprPtr readTree(const json &v, const std::string &path)
{
    const TreeLevel level(path);
    if (!v.contains("kind"))
        exprFail(path, "expression object needs a \"kind\"");
    if (!v.at("kind").is_string())
        exprFail(path + ".kind", "must be a string");
    const std::string kind = v.at("kind").get<std::string>();
    if (kind == "Const")
        return Expr::constant(readInt(v, "value", path));
    if (kind == "Var") {
        if (!v.contains("name") || !v.at("name").is_string() || v.at("name").get<std::string>().empty())
            exprFail(path, "Var needs a non-empty string \"name\"");
        const std::string name = v.at("name").get<std::string>();
        // The tree form may spell a name with any characters: re-parse to keep one grammar.
        ExprPtr e;
        try {
            e = ExprParser::parse(name);
        } catch (const InputError &) {
            exprFail(path + ".name", "'" + name + "' is not an identifier");
        }
        if (e->kind() != ExprKind::Var)
            exprFail(path + ".name", "'" + name + "' is not an identifier");
        return e;
    }
    if (kind == "CCGetRank") {
        const auto it = readInt(v, "iteration_id", path);
        const auto ch = readInt(v, "channel_id", path);
        if (it < 0 || ch < 0)
            exprFail(path, "CCGetRank ids must be non-negative");
        return Expr::rank(it, ch);
    }
    if (kind == "Sum") {
        std::vector<SumTerm> terms;
        if (v.contains("terms")) {
            const json &ts = v.at("terms");
            if (!ts.is_array())
                exprFail(path + ".terms", "must be an array");
            for (std::size_t k = 0; k < ts.size(); ++k) {
                const std::string tp = path + ".terms[" + std::to_string(k) + "]";
                if (!ts[k].is_object())
                    exprFail(tp, "a term must be an object {\"coef\": c, \"expr\": E}");
                std::int64_t coef = 1;
                if (ts[k].contains("coef"))
                    coef = readInt(ts[k], "coef", tp);
                if (!ts[k].contains("expr"))
                    exprFail(tp, "missing \"expr\"");
                terms.push_back({coef, ExprReader::read(ts[k].at("expr"), tp + ".expr")});
            }
        }
        std::int64_t c = 0;
        if (v.contains("const"))
            c = readInt(v, "const", path);
        if (terms.empty())
            return Expr::constant(c);
        return Expr::sum(std::move(terms), c);
    }
    if (kind == "Mult") {
        const auto scale = readInt(v, "scale", path);
        if (!v.contains("expr"))
            exprFail(path, "Mult needs \"expr\"");
        return Expr::mult(scale, ExprReader::read(v.at("expr"), path + ".expr"));
    }
    const ExprKind dk = kind == "FloorDiv" ? ExprKind::FloorDiv
        : kind == "Modulo"                 ? ExprKind::Modulo
        : kind == "CCDiv"                  ? ExprKind::CeilDiv
        : kind == "CCMod"                  ? ExprKind::CeilMod
                                           : ExprKind::Const;
    if (dk == ExprKind::Const)
        exprFail(path + ".kind",
                 "unknown expression kind '" + kind
                     + "' (expected Sum, Mult, FloorDiv, Modulo, CCDiv, CCMod, Const, Var, CCGetRank)");
    if (!v.contains("numer"))
        exprFail(path, kind + " needs \"numer\"");
    if (!v.contains("denom"))
        exprFail(path, kind + " needs \"denom\"");
    ExprPtr numer = ExprReader::read(v.at("numer"), path + ".numer");
    const auto denom = ExprReader::read(v.at("denom"), path + ".denom")->constantValue();
    if (!denom)
        exprFail(path + ".denom", "divisor must be an integer constant (quasi-affine)");
    if (*denom == 0)
        exprFail(path + ".denom", "division by zero");
    if (*denom < 0)
        exprFail(path + ".denom", "divisor must be positive, got " + std::to_string(*denom));
    return Expr::division(dk, numer, *denom);
}

} // namespace

ExprPtr ExprReader::read(const json &value, const std::string &path, bool allowExtremum)
{
    if (value.is_boolean())
        exprFail(path, "expected an expression, got a boolean");
    if (value.is_number_integer()) {
        if (tooLarge(value))
            exprFail(path, "integer " + value.dump() + " is too large");
        return Expr::constant(value.get<std::int64_t>());
    }
    if (value.is_number())
        exprFail(path, "expected an integer expression, got the number " + value.dump());
    if (value.is_string()) {
        try {
            return ExprParser::parse(value.get<std::string>(), ExprParser::Options{allowExtremum});
        } catch (const InputError &e) {
            // The column says where; a long text is quoted by its start.
            std::string text = value.get<std::string>();
            if (text.size() > 80)
                text = text.substr(0, 72) + " ...";
            throw InputError("", path + (e.place().empty() ? "" : ", " + e.place()),
                             e.fault() + " in \"" + text + "\"");
        }
    }
    if (value.is_object())
        return readTree(value, path);
    exprFail(path,
             std::string("expected an expression (integer, string or tree), got ")
                 + (value.is_null() ? "null" : value.type_name()));
}

} // namespace se
