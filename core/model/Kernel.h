// SPDX-License-Identifier: MIT
#pragma once

#include "Loop.h"
#include "Tensor.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace se {

struct Param {
    std::string name;
    std::optional<std::int64_t> min;
    std::optional<std::int64_t> max;
    std::optional<std::int64_t> value;
};

/// A statement with where it sits in the loop nest: its enclosing loops
/// (outermost first) and its position in each body on the way down
/// (`positions[0]` in the top body, `positions[k]` in `loops[k-1]`'s body).
struct StatementPlace {
    const Statement *statement = nullptr;
    std::vector<const Loop *> loops;
    std::vector<int> positions;
};

/// A loaded, validated kernel. Immutable and shared (`KernelPtr`); the
/// places point into its own body, so it is neither copied nor moved.
class Kernel {
public:
    Kernel() = default;
    Kernel(const Kernel &) = delete;
    Kernel &operator=(const Kernel &) = delete;

    int version = 1;
    std::string name;
    std::string description;
    std::vector<Param> params;
    std::vector<Constraint> context;
    /// A JSCoP's context as isl text (empty for the kernel JSON), taken as
    /// it is besides `context`.
    std::string contextText;
    /// The JSCoP text the kernel was opened from (empty otherwise): an
    /// export for Polly keeps its arrays, names and parameter order.
    std::string jscopText;
    std::vector<Tensor> tensors;
    std::vector<Node> body;
    /// Rank parameters `rank_<it>_<ch>` met in expressions (each >= 0).
    std::vector<std::string> rankParams;
    /// Non-fatal remarks from loading (unknown keys and the like).
    std::vector<std::string> warnings;
    std::string sourcePath;

    /// Statements in program order. Built by `index()`.
    const std::vector<StatementPlace> &statements() const { return m_places; }
    const StatementPlace *place(const std::string &tupleName) const;
    const Tensor *tensor(const std::string &name) const;
    const Param *param(const std::string &name) const;
    /// Every parameter name: declared ones, then rank parameters.
    std::vector<std::string> allParamNames() const;

    /// Builds the statement index; called once by the loader.
    void index();

private:
    void indexBody(const std::vector<Node> &body, std::vector<const Loop *> &loops, std::vector<int> &positions);
    std::vector<StatementPlace> m_places;
    std::map<std::string, std::size_t> m_byTuple;
};

using KernelPtr = std::shared_ptr<const Kernel>;

} // namespace se
