// SPDX-License-Identifier: MIT
// Fuzz target: the kernel JSON loader, then the isl model, the original
// schedule, the dependences and the regenerated loop nest of every kernel it
// accepts (a kernel that loads must not crash the analysis).
#include "FuzzSupport.h"

#include "core/codegen/CodeGenerator.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace se;
    const std::string text(reinterpret_cast<const char *>(data), size);
    KernelPtr kernel;
    fuzz::expectOnlyInputErrors([&] { kernel = KernelLoader::loadText(text, "fuzz.json"); });
    if (!kernel)
        return 0;
    fuzz::expectOnlyInputErrors([&] {
        Analyzer analyzer(kernel, fuzz::boundedOptions());
        const isl::schedule &original = analyzer.originalSchedule();
        analyzer.check(original, DepMode::May);
        analyzer.dependences(DepMode::Flow);
        CodeGenerator::generate(analyzer.model(), original);
    });
    return 0;
}
