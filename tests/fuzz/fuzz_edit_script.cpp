// SPDX-License-Identifier: MIT
// Fuzz target: edit scripts. The JSON is read (EditScript::fromJson), its
// edits applied in order to the fixed kernel's original schedule
// (EditScript::apply, every edit kind's checks and isl calls), and the
// result checked, its flags recomputed and its loop nest regenerated: an edit
// that applies must leave a tree the rest of the tool can use.
#include "FuzzSupport.h"

#include "core/codegen/CodeGenerator.h"
#include "core/edit/EditScript.h"
#include "core/flags/FlagAnalysis.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace se;
    const std::string text(reinterpret_cast<const char *>(data), size);
    fuzz::expectOnlyInputErrors([&] {
        const EditScript script = EditScript::fromJson(KernelLoader::parseJson(text, "fuzz.edits"), "fuzz.edits");
        // No checkKernel: a script naming another kernel is still applied,
        // so mutated seeds reach apply().
        Analyzer analyzer(fuzz::fixedKernel(), fuzz::boundedOptions());
        const isl::schedule s = script.apply(analyzer.context(), analyzer.originalSchedule(), "fuzz.edits");
        analyzer.check(s, DepMode::May);
        FlagAnalysis::compute(analyzer.model(), analyzer.dependences(DepMode::May), s);
        CodeGenerator::generate(analyzer.model(), s, "fuzz.edits", "the edited schedule");
    });
    return 0;
}
