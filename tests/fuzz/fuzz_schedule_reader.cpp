// SPDX-License-Identifier: MIT
// Fuzz target: ScheduleInput::read on the fixed kernel (isl YAML trees in
// block and flow style, isl union maps, and JSCoP, which read() hands to
// JscopReader), then the legality check and the regenerated loop nest of
// every schedule it accepts: an accepted schedule must not crash isl's AST
// generator.
#include "FuzzSupport.h"

#include "core/codegen/CodeGenerator.h"
#include "core/interop/ScheduleInput.h"
#include "core/schedule/ScheduleReader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace se;
    const std::string text(reinterpret_cast<const char *>(data), size);
    fuzz::expectOnlyInputErrors([&] {
        Analyzer analyzer(fuzz::fixedKernel(), fuzz::boundedOptions());
        const isl::schedule s = ScheduleInput::read(analyzer.model(), text, "fuzz.schedule");
        analyzer.check(s, DepMode::May);
        CodeGenerator::generate(analyzer.model(), s, "fuzz.schedule", "the fuzzed schedule");
    });
    return 0;
}
