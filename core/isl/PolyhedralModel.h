// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/ParamValues.h"

#include "core/model/Kernel.h"

#include <isl/cpp.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace se {

class IslContext;

/// One access of one statement, as isl relations.
struct AccessModel {
    std::size_t statement = 0; ///< index into PolyhedralModel::statements()
    bool write = false;
    std::size_t index = 0; ///< position within the statement's writes or reads
    std::string tensor;
    std::string allocation; ///< `<buffer>_alloc`, or the tensor itself
    isl::map relation; ///< { s0[i, j] -> A_alloc[...] }, restricted to the domain
    isl::map tensorRelation; ///< { s0[i, j] -> A[...] }, in the tensor's own coordinates
    /// The index as functions of the instance (on s0's space), for a
    /// kernel's statement: accessFunctions() gives them (a JSCoP's
    /// accesses are relations only). Optional: cpp.h cannot copy a null object.
    std::optional<std::vector<isl::pw_aff>> indexFunctions;
    std::string path; ///< JSON path of the access in the kernel
};

struct StatementModel {
    const StatementPlace *place = nullptr;
    std::string name; ///< s<id>
    isl::set domain; ///< { s0[i, j] : bounds, strides, predicates, context }
    std::vector<std::size_t> accesses; ///< indices into PolyhedralModel::accesses()

    const Statement &statement() const { return *place->statement; }
    unsigned depth() const { return static_cast<unsigned>(place->loops.size()); }
};

/// The kernel in isl: parameter context, iteration domains and access
/// relations. Built once per (kernel, fixed parameters) in one isl context;
/// it is read-only afterwards and lives on the thread that owns the context.
class PolyhedralModel {
public:
    /// Throws InputError for unknown or out-of-range fixed parameters, or a
    /// context the values violate.
    PolyhedralModel(IslContext &ctx, KernelPtr kernel, ParamValues fixed = {});

    IslContext &islContext() const { return m_ctx; }
    const KernelPtr &kernel() const { return m_kernel; }
    const ParamValues &fixedParams() const { return m_fixed; }
    /// Every parameter, declared then rank parameters: the isl parameters.
    const std::vector<std::string> &paramNames() const { return m_paramNames; }
    bool allParamsFixed() const { return m_fixed.size() == m_paramNames.size(); }
    const isl::space &paramSpace() const { return m_paramSpace; }

    /// [N] -> { : N >= 3 and ... } (parameter bounds, ranks >= 0, context,
    /// and N = value for each fixed parameter)
    const isl::set &context() const { return m_context; }
    /// { s0[i, j] : ...; s1[...] : ... }
    const isl::union_set &domain() const { return m_domain; }
    const std::vector<StatementModel> &statements() const { return m_statements; }
    const std::vector<AccessModel> &accesses() const { return m_accesses; }
    /// Index of the statement `s<id>`, or -1.
    int statementIndex(const std::string &name) const;
    /// Index of the statement whose instances `instances` holds (by its
    /// tuple's name), or -1: no name, or no statement of that name.
    int statementIndex(const isl::set &instances) const;
    /// The same for the input tuple of `times` ({ s[...] -> ... }).
    int statementIndex(const isl::map &times) const;
    /// Indices of the statements whose instances `instances` holds, in its
    /// order; nothing when one of its tuples is no statement.
    std::optional<std::vector<std::size_t>> statementsOf(const isl::union_set &instances) const;
    /// Every allocation that some access touches, sorted.
    std::vector<std::string> allocations() const;

    /// isl text for people: constraints the context implies are dropped, and
    /// parameters are projected out when every one is fixed.
    std::string text(const isl::map &m) const;
    std::string text(const isl::set &s) const;

    /// An access's relations as functions: the element it touches at one
    /// instance is their value there, without a relation intersected per
    /// question (the meeting sentences of a tile's violations). Made on
    /// first use; null when a relation is not single-valued (a range of
    /// elements).
    struct AccessFunctions {
        /// { s0[i, j] -> T[...] }, one per index, on the statement's space
        /// (asked only at its instances: not restricted to its domain)
        std::vector<isl::pw_aff> tensor;
        enum class Allocation {
            Tensor, ///< the tensor is its own allocation: `allocation` is empty
            OfElement, ///< { T[d0, ...] -> B_alloc[...] }: the buffer's index of the element
            OfInstance, ///< { s0[i, j] -> B_alloc[...] }
        };
        std::vector<isl::pw_aff> allocation;
        Allocation allocationOf = Allocation::Tensor;
    };
    const AccessFunctions *accessFunctions(std::size_t access) const;

    /// The value of each parameter to use where numbers are needed: fixed
    /// values, then the kernel's `value`s.
    ParamValues concreteParams() const;

private:
    void buildContext();
    void buildStatement(const StatementPlace &place);
    void buildRelationStatement(const StatementPlace &place);

    IslContext &m_ctx;
    KernelPtr m_kernel;
    ParamValues m_fixed;
    std::vector<std::string> m_paramNames;
    isl::space m_paramSpace;
    isl::set m_context;
    isl::union_set m_domain;
    std::vector<StatementModel> m_statements;
    std::vector<AccessModel> m_accesses;
    std::map<std::string, int> m_index;
    // A memo (the model lives on its context's thread): nothing, not made;
    // a null pointer, none.
    mutable std::vector<std::optional<std::shared_ptr<const AccessFunctions>>> m_functions;
    /// A tensor placed in a buffer: its space and the buffer's index,
    /// { T[d0, ...] -> B_alloc[...] } per output.
    struct BufferIndex {
        isl::space space;
        std::vector<isl::pw_aff> index;
    };
    std::map<std::string, BufferIndex> m_bufferIndex;
};

} // namespace se
