// SPDX-License-Identifier: MIT
// Fuzz target: JscopReader (Polly's JSON) on the fixed kernel, directly (the
// schedule target reaches it only for text that looks like a JSCoP), then
// the legality check of the imported schedule.
#include "FuzzSupport.h"

#include "core/interop/JscopReader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace se;
    const std::string text(reinterpret_cast<const char *>(data), size);
    fuzz::expectOnlyInputErrors([&] {
        Analyzer analyzer(fuzz::fixedKernel(), fuzz::boundedOptions());
        const JscopReader::Import in = JscopReader::readSchedule(analyzer.model(), text, "fuzz.jscop");
        analyzer.check(in.schedule, DepMode::May);
    });
    return 0;
}
