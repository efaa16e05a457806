// SPDX-License-Identifier: MIT
#pragma once

#include "AstExprReader.h"
#include "RegeneratedNest.h"

namespace se {

/// Walks an isl AST into kernel-format loops and statements:
/// - for   -> a loop (LoopHeaderReader);
/// - block -> the items in order;
/// - mark  -> kept on the items it wraps;
/// - if    -> its condition's cases become predicates of every statement of
///            the then-branch (and only of it); an else-branch takes the
///            complement, split into disjoint cases;
/// - user  -> the original statement re-emitted (StatementRewriter).
/// Node paths in errors read like `AST for c0 > for c1 > if`.
class AstTranslator {
public:
    AstTranslator(const Kernel &kernel, std::string file);

    /// The nest of AstBuilder::build's items, in order.
    std::vector<GenNode> translate(const isl::ast_node_list &items);

private:
    std::vector<GenNode> node(const isl::ast_node &n, const CaseSet &guard, const std::string &path);
    /// `f()`, its integer overflow an InputError at `path`.
    template <typename F> std::vector<GenNode> node(const std::string &path, F &&f);
    std::vector<GenNode> nodeUnchecked(const isl::ast_node &n, const CaseSet &guard, const std::string &path);
    std::vector<GenNode> forNode(const isl::ast_node_for &n, const CaseSet &guard, const std::string &path);

    const Kernel &m_kernel;
    AstExprReader m_reader;
    std::int64_t m_nextId = 0;
};

} // namespace se
