// SPDX-License-Identifier: MIT
#include "ScheduleExport.h"

#include "core/codegen/CodeGenerator.h"
#include "core/isl/IslContext.h"
#include "core/schedule/OriginalSchedule.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"

namespace se {

ScheduleExport::ScheduleExport(IslContext &ctx, const PolyhedralModel &analysed, const isl::schedule &schedule,
                               const ScheduleSource &source, bool keepFixed)
    : m_model(&analysed), m_schedule(schedule), m_file(source.file), m_description(source.description)
{
    if (keepFixed || analysed.fixedParams().empty())
        return;
    try {
        auto own = std::make_unique<PolyhedralModel>(ctx, analysed.kernel());
        isl::schedule s;
        if (!source.text.empty())
            s = ScheduleInput::read(*own, source.text, source.file);
        else if (!source.file.empty())
            s = ScheduleInput::readFile(*own, source.file);
        else
            s = OriginalSchedule::build(*own);
        m_schedule = source.edits.apply(ctx, s, "the edits");
        m_own = std::move(own);
        m_model = m_own.get();
    } catch (const InputError &e) {
        // Typically a schedule written for the fixed values only: it does
        // not cover the other instances.
        m_schedule = schedule;
        m_why = e.what();
    }
}

ScheduleExport::~ScheduleExport() = default;

std::string ScheduleExport::note() const
{
    std::string out = SchedulePrinter::paramsNote(*m_model);
    if (!m_why.empty())
        out += "; not parametric, the schedule needs them: " + m_why;
    for (char &c : out)
        if (c == '\n')
            c = ' ';
    return out;
}

std::string ScheduleExport::heading() const
{
    return "# " + m_model->kernel()->name + ": " + m_description + "\n# " + note() + "\n";
}

std::string ScheduleExport::yaml(bool block) const
{
    return heading() + (block ? SchedulePrinter::blockYaml(m_schedule) : SchedulePrinter::flowYaml(m_schedule) + "\n");
}

std::string ScheduleExport::unionMap() const
{
    return SchedulePrinter::flatMap(*m_model, m_schedule) + "\n";
}

std::string ScheduleExport::c() const
{
    std::string out = CodeGenerator::cCode(*m_model, m_schedule, m_file, m_description);
    if (!m_why.empty()) {
        std::string why = note();
        for (std::size_t k; (k = why.find("*/")) != std::string::npos;)
            why.replace(k, 2, "* /");
        out = "/* " + why + " */\n" + out;
    }
    return out;
}

std::string ScheduleExport::write(const KernelPtr &kernel, const ParamValues &fixed, const ScheduleSource &source,
                                  bool keepFixed, Format format)
{
    IslContext ctx; // first: outlives every isl object below
    const PolyhedralModel model(ctx, kernel, fixed);
    isl::schedule s;
    if (!source.text.empty())
        s = ScheduleInput::read(model, source.text, source.file);
    else if (!source.file.empty())
        s = ScheduleInput::readFile(model, source.file);
    else
        s = OriginalSchedule::build(model);
    s = source.edits.apply(ctx, s, "the edits");
    const ScheduleExport e(ctx, model, s, source, keepFixed);
    switch (format) {
    case Format::C: return e.c();
    case Format::UnionMap: return e.unionMap();
    case Format::BlockYaml: break;
    }
    return e.yaml(true);
}

} // namespace se
