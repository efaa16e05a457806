// SPDX-License-Identifier: MIT
// Fuzz target: the expression grammar (ExprParser::parse, with and without
// min/max, and parseConstraint), then printing and evaluating what parses.
#include "FuzzSupport.h"

#include "core/expr/ExprParser.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace se;
    if (size == 0)
        return 0;
    // The first byte picks the entry point, the rest is the text.
    const std::uint8_t mode = data[0] % 3;
    const std::string text(reinterpret_cast<const char *>(data + 1), size - 1);
    fuzz::expectOnlyInputErrors([&] {
        if (mode == 2) {
            const Constraint c = ExprParser::parseConstraint(text);
            (void)c;
            return;
        }
        ExprParser::Options o;
        o.allowExtremum = mode == 1;
        const ExprPtr e = ExprParser::parse(text, o);
        // What parses prints, and the print parses again to the same text.
        const std::string printed = e->str();
        const ExprPtr again = ExprParser::parse(printed, o);
        if (again->str() != printed)
            fuzz::finding("round trip", (text + " -> " + printed + " -> " + again->str()).c_str());
        // Evaluation is checked arithmetic: overflow throws, nothing else.
        try {
            e->evaluate([](const std::string &) -> std::int64_t { return 3; });
        } catch (const std::overflow_error &) {
        }
    });
    return 0;
}
