// SPDX-License-Identifier: MIT
// Edit <-> JSON (docs/edits.md).
#include "Edit.h"

#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <set>

namespace se {

using json = nlohmann::json;

namespace {

// The argument keys of each kind, besides "edit", "node" and "comment".
std::vector<std::string> argKeys(EditKind k)
{
    switch (k) {
    case EditKind::Permute: return {"order"};
    case EditKind::Tile: return {"sizes"};
    case EditKind::Split: return {"at"};
    case EditKind::Reverse: return {"member"};
    case EditKind::Shift: return {"member", "offsets"};
    case EditKind::Skew: return {"member", "source", "factor"};
    case EditKind::Scale: return {"member", "factor"};
    case EditKind::SetPermutable: return {"value"};
    case EditKind::SetCoincident: return {"member", "value"};
    case EditKind::Move: return {"child", "to"};
    case EditKind::Fuse: return {"child"};
    case EditKind::InsertMark:
    case EditKind::RenameMark: return {"name"};
    case EditKind::MemberExpr: return {"member", "statement", "expr"};
    default: return {};
    }
}

[[noreturn]] void fail(const std::string &place, const std::string &fault)
{
    throw InputError("", place, fault);
}

std::int64_t integer(const json &v, const std::string &place, std::int64_t lo, std::int64_t hi)
{
    if (!v.is_number_integer())
        fail(place, "must be an integer, got " + v.dump());
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
        fail(place, "is too large");
    const auto x = v.get<std::int64_t>();
    if (x < lo || x > hi)
        fail(place,
             "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " + std::to_string(x));
    return x;
}

int smallInt(const json &doc, const char *key, bool required, int fallback = 0)
{
    if (!doc.contains(key)) {
        if (required)
            fail("", std::string("missing '") + key + "'");
        return fallback;
    }
    return static_cast<int>(integer(doc.at(key), key, INT_MIN / 2, INT_MAX / 2));
}

std::string text(const json &doc, const char *key)
{
    if (!doc.contains(key))
        fail("", std::string("missing '") + key + "'");
    const json &v = doc.at(key);
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number_integer())
        return std::to_string(v.get<std::int64_t>());
    fail(key, "must be a string, got " + v.dump());
}

NodePath readPath(const json &v)
{
    if (v.is_string()) {
        if (auto p = parseNodePath(v.get<std::string>()))
            return *p;
        fail("node", "a node path is child indices like [0, 1] or \"0.1\", got " + v.dump());
    }
    if (!v.is_array())
        fail("node", "a node path is an array of child indices like [0, 1], got " + v.dump());
    NodePath p;
    for (std::size_t k = 0; k < v.size(); ++k)
        p.push_back(static_cast<int>(integer(v[k], "node[" + std::to_string(k) + "]", 0, 1'000'000)));
    return p;
}

} // namespace

void to_json(json &doc, const Edit &edit)
{
    doc = edit.toJson();
}

json Edit::toJson() const
{
    json j = {{"edit", editKindName(kind)}, {"node", node}};
    switch (kind) {
    case EditKind::Permute: j["order"] = order; break;
    case EditKind::Tile: j["sizes"] = sizes; break;
    case EditKind::Split: j["at"] = member; break;
    case EditKind::Reverse: j["member"] = member; break;
    case EditKind::Shift: {
        j["member"] = member;
        json o = json::object();
        for (const auto &[s, e] : offsets)
            o[s] = e;
        j["offsets"] = o;
        break;
    }
    case EditKind::Skew:
        j["member"] = member;
        j["source"] = source;
        j["factor"] = factor;
        break;
    case EditKind::Scale:
        j["member"] = member;
        j["factor"] = factor;
        break;
    case EditKind::SetPermutable: j["value"] = value; break;
    case EditKind::SetCoincident:
        j["member"] = member;
        j["value"] = value;
        break;
    case EditKind::Move:
        j["child"] = child;
        j["to"] = to;
        break;
    case EditKind::Fuse: j["child"] = child; break;
    case EditKind::InsertMark:
    case EditKind::RenameMark: j["name"] = name; break;
    case EditKind::MemberExpr:
        j["member"] = member;
        j["statement"] = statement;
        j["expr"] = expression;
        break;
    default: break;
    }
    return j;
}

Edit Edit::fromJson(const json &doc)
{
    if (!doc.is_object())
        fail("", "an edit is an object like {\"edit\": \"tile\", \"node\": [0], \"sizes\": [32]}, got " + doc.dump());
    if (!doc.contains("edit") || !doc.at("edit").is_string())
        fail("edit", "missing or not a string: name the edit (permute, tile, fuse, ...)");
    const std::string kindName = doc.at("edit").get<std::string>();
    const auto k = editKindFromName(kindName);
    if (!k) {
        std::string all;
        for (EditKind x : allEditKinds())
            all += (all.empty() ? "" : ", ") + std::string(editKindName(x));
        fail("edit", "unknown edit '" + kindName + "' (one of " + all + ")");
    }
    const auto keys = argKeys(*k);
    for (const auto &[key, v] : doc.items()) {
        if (key == "edit" || key == "node" || key == "comment")
            continue;
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
            std::string takes = "node";
            for (const auto &x : keys)
                takes += ", " + x;
            fail(key, "unknown key for " + kindName + " (it takes " + takes + ")");
        }
    }
    if (!doc.contains("node"))
        fail("", "missing 'node' (the target's path, e.g. [0, 1])");

    Edit e;
    e.kind = *k;
    e.node = readPath(doc.at("node"));
    switch (e.kind) {
    case EditKind::Permute: {
        const json &o = doc.contains("order") ? doc.at("order") : json();
        if (!o.is_array() || o.empty())
            fail("order", "must be a non-empty array of member indices");
        for (std::size_t i = 0; i < o.size(); ++i)
            e.order.push_back(static_cast<int>(integer(o[i], "order[" + std::to_string(i) + "]", 0, 4096)));
        break;
    }
    case EditKind::Tile: {
        const json &s = doc.contains("sizes") ? doc.at("sizes") : json();
        if (!s.is_array() || s.empty())
            fail("sizes", "must be a non-empty array of tile sizes, one per member");
        for (std::size_t i = 0; i < s.size(); ++i)
            e.sizes.push_back(integer(s[i], "sizes[" + std::to_string(i) + "]", 1, 1'000'000'000));
        break;
    }
    case EditKind::Split: e.member = smallInt(doc, "at", true); break;
    case EditKind::Reverse: e.member = smallInt(doc, "member", true); break;
    case EditKind::Shift: {
        e.member = smallInt(doc, "member", true);
        const json &o = doc.contains("offsets") ? doc.at("offsets") : json();
        if (!o.is_object() || o.empty())
            fail("offsets", "must be an object of statement -> offset, e.g. {\"s1\": \"1\"}");
        for (const auto &[s, v] : o.items()) {
            if (v.is_number_integer())
                e.offsets.emplace_back(s, std::to_string(v.get<std::int64_t>()));
            else if (v.is_string())
                e.offsets.emplace_back(s, v.get<std::string>());
            else
                fail("offsets." + s, "an offset is an integer or an expression string, got " + v.dump());
        }
        break;
    }
    case EditKind::Skew:
        e.member = smallInt(doc, "member", true);
        e.source = smallInt(doc, "source", true);
        e.factor = doc.contains("factor") ? integer(doc.at("factor"), "factor", -1'000'000'000, 1'000'000'000) : 1;
        break;
    case EditKind::Scale:
        e.member = smallInt(doc, "member", true);
        if (!doc.contains("factor"))
            fail("", "missing 'factor'");
        e.factor = integer(doc.at("factor"), "factor", 1, 1'000'000'000);
        break;
    case EditKind::SetPermutable:
    case EditKind::SetCoincident:
        if (e.kind == EditKind::SetCoincident)
            e.member = smallInt(doc, "member", true);
        if (doc.contains("value")) {
            if (!doc.at("value").is_boolean())
                fail("value", "must be true or false, got " + doc.at("value").dump());
            e.value = doc.at("value").get<bool>();
        }
        break;
    case EditKind::Move:
        e.child = smallInt(doc, "child", true);
        e.to = smallInt(doc, "to", true);
        break;
    case EditKind::Fuse: e.child = smallInt(doc, "child", true); break;
    case EditKind::InsertMark:
    case EditKind::RenameMark: e.name = text(doc, "name"); break;
    case EditKind::MemberExpr:
        e.member = smallInt(doc, "member", true);
        e.statement = text(doc, "statement");
        e.expression = text(doc, "expr");
        break;
    default: break;
    }
    return e;
}

} // namespace se
