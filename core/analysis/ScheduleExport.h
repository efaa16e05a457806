// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/EditScript.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/cpp.h>

#include <memory>
#include <string>

namespace se {

class IslContext;

/// Where a schedule came from: enough to build it again over another model
/// of the same kernel.
struct ScheduleSource {
    std::string text; ///< a schedule file's text (isl YAML, union map, JSCoP)
    std::string file; ///< that file (read from it when `text` is empty); both empty: the original schedule
    EditScript edits; ///< applied on top
    std::string description; ///< in words, for headings ("the original schedule with 2 edits")
};

/// The schedule as exports write it (isl YAML, C): parametric unless fixed
/// values are asked for. Values fixed for the analysis (pair counts need
/// them) pin the parameters in the domain, so a tree or loop nest printed
/// from the analysed schedule would hold for those values only; the export
/// builds the schedule again over the kernel without fixed values. A
/// schedule file that itself fixes them cannot be widened: the export then
/// keeps the fixed values and its note says why. Every export carries a
/// heading saying which it is.
class ScheduleExport {
public:
    /// `analysed` (model and schedule of the analysis, in `ctx`) is used
    /// as it is when nothing is fixed or `keepFixed`.
    ScheduleExport(IslContext &ctx, const PolyhedralModel &analysed, const isl::schedule &schedule,
                   const ScheduleSource &source, bool keepFixed);
    ~ScheduleExport();
    ScheduleExport(const ScheduleExport &) = delete;
    ScheduleExport &operator=(const ScheduleExport &) = delete;

    const PolyhedralModel &model() const { return *m_model; }
    const isl::schedule &schedule() const { return m_schedule; }
    bool parametric() const { return m_model->fixedParams().empty(); }

    /// One line: "parametric in N, T" or "fixed parameter values N = 12
    /// (the domain holds only for them)", with the reason when parametric
    /// was asked for but not possible.
    std::string note() const;
    /// isl YAML (block or flow) after a `# ` heading naming the kernel,
    /// the schedule and `note()`; plain isl reads it back.
    std::string yaml(bool block = true) const;
    /// `codegen --format c`: compiles as it is.
    std::string c() const;
    /// The flat schedule as an isl union map, bare: no heading, so that
    /// readers simpler than isl take it too (its parameter list, `[N] ->`
    /// or none, says whether it is parametric).
    std::string unionMap() const;

    enum class Format { BlockYaml, UnionMap, C };
    /// For callers that hold no isl objects (the app's GUI thread): the
    /// analysed model (`fixed` values) and schedule are built again from
    /// `source`, in an isl context of their own. Throws InputError.
    static std::string write(const KernelPtr &kernel, const ParamValues &fixed, const ScheduleSource &source,
                             bool keepFixed, Format format);

private:
    std::string heading() const;

    std::unique_ptr<PolyhedralModel> m_own; // the parametric model, when one was built
    const PolyhedralModel *m_model = nullptr;
    isl::schedule m_schedule;
    std::string m_file;
    std::string m_description;
    std::string m_why; // why fixed values were kept when parametric was asked for
};

} // namespace se
