// SPDX-License-Identifier: MIT
// Test helper: case sets as text, `c0 >= 1 and c1 < N | c0 < 1`, with
// `true` for the one empty case and `false` for no case.
#pragma once

#include "core/codegen/CaseSet.h"
#include "core/expr/ExprParser.h"

#include <string>

namespace se::test {

inline std::string caseText(const CaseSet &s)
{
    if (s.isNever())
        return "false";
    std::string out;
    for (const auto &c : s.cases()) {
        std::string k;
        for (const auto &x : c)
            k += (k.empty() ? "" : " and ") + x.str();
        out += (out.empty() ? "" : " | ") + (k.empty() ? std::string("true") : k);
    }
    return out;
}

inline std::vector<std::string> split(const std::string &s, const std::string &sep)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    while (true) {
        const std::size_t at = s.find(sep, from);
        out.push_back(s.substr(from, at == std::string::npos ? std::string::npos : at - from));
        if (at == std::string::npos)
            return out;
        from = at + sep.size();
    }
}

inline CaseSet parseCases(const std::string &text)
{
    if (text == "false")
        return CaseSet::never();
    CaseSet out = CaseSet::never();
    for (const auto &c : split(text, " | ")) {
        CaseSet k = CaseSet::always();
        if (c != "true")
            for (const auto &x : split(c, " and "))
                k = k.conjoin(CaseSet::of(ExprParser::parseConstraint(x)));
        out = out.orDisjoint(k);
    }
    return out;
}

} // namespace se::test
