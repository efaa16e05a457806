// SPDX-License-Identifier: MIT
#include "ToolSession.h"

#include "InputFiles.h"
#include "core/model/KernelLoader.h"
#include "core/interop/KernelSource.h"
#include "core/interop/ScheduleInput.h"

#include <iostream>

namespace se::tool {

namespace {

Analyzer::Options analyzerOptions(const ToolOptions &options)
{
    Analyzer::Options ao;
    ao.params = options.params;
    if (options.maxOps)
        ao.quota = *options.maxOps;
    ao.timeLimit = options.timeLimit;
    return ao;
}

} // namespace

ToolSession::ToolSession(const ToolOptions &options, KernelPtr kernel)
    : m_options(options), m_pipeline(std::make_unique<SchedulePipeline>(std::move(kernel), analyzerOptions(options)))
{
}

ToolSession::ToolSession(const ToolOptions &options) : m_options(options)
{
    if (options.kernel == "-" && options.schedule == "-")
        throw UsageError("KERNEL and --schedule cannot both be '-' (stdin)", options.command);
    // The C front end reads --function and --scop; a JSON kernel has no use for them.
    if (!options.function.empty() || options.scop) {
        const auto dot = options.kernel.rfind('.');
        const std::string ext = dot == std::string::npos ? "" : options.kernel.substr(dot);
        if (ext != ".c" && ext != ".cc" && ext != ".cpp" && ext != ".cxx")
            throw UsageError(std::string(options.function.empty() ? "--scop" : "--function")
                                 + " applies to a C source KERNEL only",
                             options.command);
    }
    m_pipeline = std::make_unique<SchedulePipeline>(
        options.kernel == "-"
            ? KernelLoader::loadText(InputFiles::stdinText(), InputFiles::StdinName)
            : KernelSource::load(options.kernel, {options.function, options.scop ? int(*options.scop) : 0}),
        analyzerOptions(options));
}

const isl::schedule &ToolSession::baseSchedule()
{
    if (!m_base) {
        if (m_options.schedule.empty())
            m_base = analyzer().originalSchedule();
        else {
            std::vector<std::string> notes; // how a JSCoP's statements were matched
            m_base = m_options.schedule == "-"
                ? ScheduleInput::read(model(), InputFiles::stdinText(), InputFiles::StdinName, &notes)
                : ScheduleInput::readFile(model(), m_options.schedule, &notes);
            for (const auto &n : notes)
                std::cerr << "schedule-tool: note: " << n << "\n";
        }
    }
    return *m_base;
}

const EditScript &ToolSession::editScript()
{
    if (!m_script) {
        m_script = EditScript{};
        if (!m_options.edits.empty()) {
            m_script = EditScript::loadFile(m_options.edits);
            m_script->checkKernel(model().kernel()->name, m_options.edits);
        }
    }
    return *m_script;
}

PipelineRequest ToolSession::scheduleRequest()
{
    PipelineRequest r;
    r.edits = editScript().edits; // the script's faults before the schedule's, as ever
    r.base = PipelineRequest::Base::fromTree(baseSchedule());
    r.editsFile = m_options.edits;
    r.verdict = false;
    return r;
}

PipelineRequest ToolSession::request()
{
    const std::vector<DependenceOverride> &assumed = overrides(); // read before the schedule, as ever
    PipelineRequest r = scheduleRequest();
    r.verdict = true;
    r.mode = m_options.deps;
    r.check = {m_options.counts, true, assumed};
    // The verdict alone needs which edges break, not their witnesses.
    r.check.details = m_options.detail != CheckDetail::Verdict;
    return r;
}

const isl::schedule &ToolSession::schedule()
{
    if (!m_schedule)
        m_schedule = m_pipeline->run(scheduleRequest());
    return m_schedule->schedule;
}

const std::vector<DependenceOverride> &ToolSession::overrides()
{
    if (!m_overrides) {
        std::vector<DependenceOverride> out = editScript().assumeNoDep;
        if (!m_options.assumeNoDep.empty())
            for (auto &o : DependenceOverride::readFile(m_options.assumeNoDep))
                out.push_back(std::move(o));
        m_overrides = std::move(out);
    }
    return *m_overrides;
}

void ToolSession::selectSchedule(const std::string &path)
{
    m_options.schedule = path;
    m_export.reset();
    m_schedule.reset();
    m_base.reset();
}

std::string ToolSession::statementSources() const
{
    // Only kernels opened from a JSCoP or C carry the file's statement
    // names, which say little (Stmt_for_body4) without the source lines.
    std::string out;
    for (const auto &s : model().statements())
        if (!s.statement().domainText.empty())
            out += "  " + s.name + (s.statement().text.empty() ? "" : "  " + s.statement().text) + "\n";
    return out.empty() ? out : "\nstatements (" + std::to_string(model().statements().size()) + ")\n" + out;
}

std::string ToolSession::scheduleSource() const
{
    std::string s = m_options.schedule.empty() ? "the original schedule"
                                               : "the schedule " + InputFiles::displayName(m_options.schedule);
    if (!m_options.edits.empty())
        s += " with the edits of " + m_options.edits;
    return s;
}

const ScheduleExport &ToolSession::exported()
{
    if (!m_export) {
        const ScheduleSource source{"", m_options.schedule, editScript(), scheduleSource()};
        m_export = std::make_unique<ScheduleExport>(analyzer().context(), model(), schedule(), source, m_options.fixed);
    }
    return *m_export;
}

} // namespace se::tool
