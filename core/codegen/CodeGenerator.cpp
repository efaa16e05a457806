// SPDX-License-Identifier: MIT
#include "CodeGenerator.h"

#include "AstBuilder.h"
#include "AstCPrinter.h"
#include "AstTranslator.h"
#include "NestOrderCheck.h"
#include "NestTextPrinter.h"
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"

namespace se {

namespace {

std::string sourceOf(const PolyhedralModel &model, const std::string &scheduleFile)
{
    return scheduleFile.empty() ? model.kernel()->sourcePath : scheduleFile;
}

// The nest's heading fields, before its body is translated.
RegeneratedNest headed(const PolyhedralModel &model, const std::string &scheduleDescription)
{
    RegeneratedNest nest;
    nest.source = model.kernel();
    nest.fixedParams = model.fixedParams();
    nest.schedule = scheduleDescription;
    return nest;
}

std::string printC(const PolyhedralModel &model, const isl::ast_node_list &ast, const RegeneratedNest &heading)
{
    return QuotaScope::run(model.islContext(), "printing the loop nest", [&] {
        return AstCPrinter::print(*model.kernel(), model.paramNames(), ast, NestTextPrinter::title(heading),
                                  "The loops are " + SchedulePrinter::paramsNote(model) + ".");
    });
}

std::vector<GenNode> translated(const PolyhedralModel &model, const isl::ast_node_list &ast, const std::string &file)
{
    AstTranslator translator(*model.kernel(), file);
    return QuotaScope::run(model.islContext(), "translating the loop nest", [&] { return translator.translate(ast); });
}

// Makes `body`, isl's nest of `ast` translated, run in schedule order
// (NestOrderCheck). When isl's tree generator ran instances out of order,
// its map generator's nest replaces both if that one is in order (it has
// no marks; a schedule with AST options is not tried, they would be lost);
// else the nest is refused. True when they were replaced.
bool putInOrder(const PolyhedralModel &model, const isl::schedule &schedule, const std::string &file,
                isl::ast_node_list &ast, std::vector<GenNode> &body)
{
    const auto wrong = NestOrderCheck::wrongPair(model, schedule, body);
    if (!wrong)
        return false;
    if (!AstBuilder::hasOptions(schedule)) {
        try {
            isl::ast_node_list other = AstBuilder::build(model, schedule, file, AstBuilder::From::Map);
            std::vector<GenNode> again = translated(model, other, file);
            if (!NestOrderCheck::wrongPair(model, schedule, again)) {
                ast = std::move(other);
                body = std::move(again);
                return true;
            }
        } catch (const InputError &) {
            // the map generator failed too: the refusal below says why the first nest was not used
        }
    }
    throw NestOrderCheck::refusal(file, *wrong);
}

// The nest of `ast`; with `c`, its C first (a nest the format cannot
// express still has its C).
RegeneratedNest translate(const PolyhedralModel &model, const isl::schedule &schedule, isl::ast_node_list ast,
                          const std::string &file, const std::string &scheduleDescription, std::string *c)
{
    RegeneratedNest nest = headed(model, scheduleDescription);
    if (c)
        *c = printC(model, ast, nest);
    nest.body = translated(model, ast, file);
    if (putInOrder(model, schedule, file, ast, nest.body) && c)
        *c = printC(model, ast, nest);
    return nest;
}

} // namespace

RegeneratedNest CodeGenerator::generate(const PolyhedralModel &model, const isl::schedule &schedule,
                                        const std::string &scheduleFile, const std::string &scheduleDescription)
{
    const std::string file = sourceOf(model, scheduleFile);
    return translate(model, schedule, AstBuilder::build(model, schedule, file), file, scheduleDescription, nullptr);
}

std::string CodeGenerator::cCode(const PolyhedralModel &model, const isl::schedule &schedule,
                                 const std::string &scheduleFile, const std::string &scheduleDescription)
{
    const std::string file = sourceOf(model, scheduleFile);
    isl::ast_node_list ast = AstBuilder::build(model, schedule, file);
    const RegeneratedNest heading = headed(model, scheduleDescription);
    // The C is isl's AST as it is: checked in order through its translation,
    // when the kernel format can express it.
    std::vector<GenNode> body;
    try {
        body = translated(model, ast, file);
    } catch (const InputError &) {
        return printC(model, ast, heading);
    }
    putInOrder(model, schedule, file, ast, body);
    return printC(model, ast, heading);
}

RegeneratedNest CodeGenerator::generateWithC(const PolyhedralModel &model, const isl::schedule &schedule,
                                             const std::string &scheduleFile, const std::string &scheduleDescription,
                                             std::string &c, AstMemo *memo)
{
    const std::string file = sourceOf(model, scheduleFile);
    return translate(model, schedule, AstBuilder::build(model, schedule, file, AstBuilder::From::Tree, memo), file,
                     scheduleDescription, &c);
}

} // namespace se
