// SPDX-License-Identifier: MIT
#pragma once

#include "Edit.h"
#include "core/legality/DependenceOverride.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace isl {
class schedule;
}

namespace se {

class IslContext;

/// An edit log: `{ "kernel": "jacobi_1d", "edits": [ {...}, ... ],
/// "assume_no_dep": [ ... ] }`. The log is the truth: replaying it on the
/// same starting schedule gives the same tree; the audited dependence
/// overrides the edits were judged under travel with it.
struct EditScript {
    std::string kernel;
    std::vector<Edit> edits;
    std::vector<DependenceOverride> assumeNoDep;

    /// Throws InputError(file, `edits[2].sizes[0]`, fault).
    static EditScript fromJson(const nlohmann::json &doc, const std::string &file);
    static EditScript loadFile(const std::string &path);
    nlohmann::json toJson() const;

    /// InputError when the script names another kernel.
    void checkKernel(const std::string &kernelName, const std::string &file) const;

    /// Applies the edits in order, each under the context's quota. An edit
    /// that does not apply is an InputError(file, `edits[k]`, why);
    /// `steps`, when given, receives the schedule after each edit.
    /// `from`: `start` already has edits[0, from) applied (a cached prefix).
    isl::schedule apply(IslContext &ctx, const isl::schedule &start, const std::string &file,
                        std::vector<isl::schedule> *steps = nullptr, std::size_t from = 0) const;
    /// The same for an edit log held as values (SchedulePipeline's replay).
    static isl::schedule apply(IslContext &ctx, const std::vector<Edit> &edits, const isl::schedule &start,
                               const std::string &file, std::vector<isl::schedule> *steps = nullptr,
                               std::size_t from = 0);
};

} // namespace se
