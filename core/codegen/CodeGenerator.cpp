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

#include <optional>

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

std::string printC(const PolyhedralModel &model, const isl::ast_node &ast, const RegeneratedNest &heading)
{
    return QuotaScope::run(model.islContext(), "printing the loop nest", [&] {
        return AstCPrinter::print(*model.kernel(), model.paramNames(), ast, NestTextPrinter::title(heading),
                                  "The loops are " + SchedulePrinter::paramsNote(model) + ".");
    });
}

// The nest of `ast`, translated; throws when isl's nest runs instances out
// of order (NestOrderCheck).
std::vector<GenNode> checkedBody(const PolyhedralModel &model, const isl::schedule &schedule, const isl::ast_node &ast,
                                 const std::string &file, const RegeneratedNest &heading)
{
    AstTranslator translator(*model.kernel(), file);
    RegeneratedNest nest = heading;
    nest.body =
        QuotaScope::run(model.islContext(), "translating the loop nest", [&] { return translator.translate(ast); });
    NestOrderCheck::check(model, schedule, nest, file);
    return std::move(nest.body);
}

// isl's other generator, from the schedule's times as a map, when the
// tree's nest ran instances out of order: its nest if that one is in order
// (it has no marks; a schedule with AST options is not tried, they would be
// lost), else nothing.
std::optional<isl::ast_node> fromMapInOrder(const PolyhedralModel &model, const isl::schedule &schedule,
                                            const std::string &file, const RegeneratedNest &heading,
                                            std::vector<GenNode> &body)
{
    try {
        isl::ast_node ast = AstBuilder::build(model, schedule, file, AstBuilder::From::Map);
        body = checkedBody(model, schedule, ast, file, heading);
        return ast;
    } catch (const InputError &) {
        return std::nullopt;
    }
}

// The nest of `ast`; with `c`, its C first (a nest the format cannot
// express still has its C).
RegeneratedNest translate(const PolyhedralModel &model, const isl::schedule &schedule, const isl::ast_node &ast,
                          const std::string &file, const std::string &scheduleDescription, std::string *c)
{
    RegeneratedNest nest = headed(model, scheduleDescription);
    if (c)
        *c = printC(model, ast, nest);
    AstTranslator translator(*model.kernel(), file);
    nest.body =
        QuotaScope::run(model.islContext(), "translating the loop nest", [&] { return translator.translate(ast); });
    try {
        NestOrderCheck::check(model, schedule, nest, file);
    } catch (const InputError &) {
        std::vector<GenNode> body;
        const auto other =
            AstBuilder::hasOptions(schedule) ? std::nullopt : fromMapInOrder(model, schedule, file, nest, body);
        if (!other)
            throw;
        nest.body = std::move(body);
        if (c)
            *c = printC(model, *other, nest);
    }
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
    const isl::ast_node ast = AstBuilder::build(model, schedule, file);
    const std::string c = printC(model, ast, headed(model, scheduleDescription));
    // The C is isl's AST as it is: checked in order through its translation,
    // when the kernel format can express it.
    RegeneratedNest nest = headed(model, scheduleDescription);
    try {
        AstTranslator translator(*model.kernel(), file);
        nest.body =
            QuotaScope::run(model.islContext(), "translating the loop nest", [&] { return translator.translate(ast); });
    } catch (const InputError &) {
        return c;
    }
    try {
        NestOrderCheck::check(model, schedule, nest, file);
    } catch (const InputError &) {
        std::vector<GenNode> body;
        const RegeneratedNest heading = headed(model, scheduleDescription);
        const auto other =
            AstBuilder::hasOptions(schedule) ? std::nullopt : fromMapInOrder(model, schedule, file, heading, body);
        if (!other)
            throw;
        return printC(model, *other, heading);
    }
    return c;
}

RegeneratedNest CodeGenerator::generateWithC(const PolyhedralModel &model, const isl::schedule &schedule,
                                             const std::string &scheduleFile, const std::string &scheduleDescription,
                                             std::string &c)
{
    const std::string file = sourceOf(model, scheduleFile);
    return translate(model, schedule, AstBuilder::build(model, schedule, file), file, scheduleDescription, &c);
}

} // namespace se
