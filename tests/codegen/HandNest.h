// SPDX-License-Identifier: MIT
// Test fixture: a regenerated nest built by hand (no isl), with bound lists,
// a stride, marks, predicates, a statement without op or reads, and a
// tensor in a buffer.
#pragma once

#include "core/codegen/RegeneratedNest.h"
#include "core/expr/ExprParser.h"
#include "core/model/KernelLoader.h"

namespace se::test {

inline const char *kKernel = R"({
  "name": "k", "description": "the source",
  "params": [{"name": "N", "min": 2, "max": 64, "value": 8}], "context": ["N >= 3"],
  "tensors": [{"name": "A", "shape": ["N"], "space": "dram"},
              {"name": "T", "shape": [4, 8], "space": "sbuf", "alloc": {"buffer": "SB", "index": ["d0", "d1 + 8"]}}],
  "body": [{"loop": "i", "lb": 0, "ub": "N", "body": [
    {"id": 7, "op": "load", "text": "T[i % 4][0] = A[i]",
     "writes": [{"tensor": "T", "index": ["i % 4", 0]}], "reads": [{"tensor": "A", "index": ["i"]}]},
    {"id": 9, "writes": [{"tensor": "A", "index": ["i"]}]}]}]})";

inline ExprPtr e(const char *text)
{
    return ExprParser::parse(text, {true});
}

inline RegeneratedNest handNest()
{
    RegeneratedNest n;
    n.source = KernelLoader::loadText(kKernel, "k.json");
    n.schedule = "the schedule s.map";
    GenStatement load;
    load.id = 0;
    load.originId = 7;
    load.originIterators = {{"i", e("c0 + c1")}};
    load.op = "load";
    load.text = "T[i % 4][0] = A[i]";
    load.writes = {{"T", {e("(c0 + c1) % 4"), e("0")}}};
    load.reads = {{"A", {e("c0 + c1")}}};
    load.predicates = {ExprParser::parseConstraint("c0 >= 1"), ExprParser::parseConstraint("c1 < N - c0")};
    load.marks = {"s7"};
    GenStatement store;
    store.id = 1;
    store.originId = 9;
    store.originIterators = {{"i", e("c0")}};
    store.writes = {{"A", {e("c0")}}};
    GenLoop inner;
    inner.iterator = "c1";
    inner.lb = {e("0")};
    inner.ub = {e("4"), e("N - c0")};
    inner.stride = 2;
    inner.marks = {"unroll", "vector"};
    inner.body = {GenNode{load}};
    GenLoop outer;
    outer.iterator = "c0";
    outer.lb = {e("0"), e("N - 8")};
    outer.ub = {e("N")};
    outer.body = {GenNode{inner}, GenNode{store}};
    n.body = {GenNode{outer}};
    return n;
}

} // namespace se::test
