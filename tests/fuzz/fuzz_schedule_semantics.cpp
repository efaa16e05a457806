// SPDX-License-Identifier: MIT
// Fuzz target on the schedule semantics, not the parsers: the bytes choose a
// small kernel (1-3 statements, nests of depth 0-2 with constant bounds,
// strides, a parity predicate, accesses with floor divisions on one or two
// shared tensors) and a union-map schedule (affine rows, floor rows,
// piecewise rows split on an iterator). The checker's verdict must agree
// with a brute-force one computed here: every instance enumerated, every
// may dependence (two instances in program order touching one element, one
// of them writing) compared by its zero-padded times. A disagreement
// aborts; so does a valid schedule the reader refuses, or an accepted one
// whose loop nest isl cannot generate.
#include "FuzzSupport.h"

#include "core/codegen/CodeGenerator.h"
#include "core/interop/ScheduleInput.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace {

using Vec = std::vector<long>;

long floorDiv(long a, long b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

class Bytes {
public:
    Bytes(const std::uint8_t *d, std::size_t n) : m_d(d), m_n(n) { }
    unsigned take(unsigned range) { return range == 0 ? 0 : (m_i < m_n ? m_d[m_i++] : 0) % range; }

private:
    const std::uint8_t *m_d;
    std::size_t m_n, m_i = 0;
};

// `c0*i0 + c1*i1 + k`, optionally floor-divided by `div` (> 1).
struct Form {
    Vec coef;
    long constant = 0;
    long div = 1;
    long at(const Vec &x) const
    {
        long v = constant;
        for (std::size_t d = 0; d < coef.size(); ++d)
            v += coef[d] * x[d];
        return div > 1 ? floorDiv(v, div) : v;
    }
    std::string text(const std::vector<std::string> &names) const
    {
        std::string s = std::to_string(constant);
        for (std::size_t d = 0; d < coef.size(); ++d)
            if (coef[d])
                s += " + " + std::to_string(coef[d]) + "*" + names[d];
        return div > 1 ? "floor((" + s + ")/" + std::to_string(div) + ")" : s;
    }
};

struct Access {
    int tensor;
    bool write;
    Form index;
};

struct Stmt {
    int depth;
    std::vector<long> ub, stride; // loops from 0
    bool even = false; // predicate: the first iterator is even
    std::vector<Access> accesses;
    std::vector<Form> rows, otherRows; // otherRows: the piece where i0 > split
    long split = 0;
    bool piecewise = false;
};

const std::vector<std::string> Names = {"i", "j"};

Form form(Bytes &b, int depth, bool allowDiv)
{
    Form f;
    for (int d = 0; d < depth; ++d)
        f.coef.push_back(static_cast<long>(b.take(5)) - 2);
    f.constant = static_cast<long>(b.take(7)) - 3;
    if (allowDiv && b.take(3) == 0)
        f.div = 2 + b.take(3);
    return f;
}

std::string kernelJson(const std::vector<Stmt> &stmts)
{
    std::string body;
    for (std::size_t s = 0; s < stmts.size(); ++s) {
        const Stmt &st = stmts[s];
        std::string acc[2];
        for (const Access &a : st.accesses) {
            std::string idx = "\"" + a.index.text(Names) + "\"";
            // floor((x)/d) is isl's; the kernel format writes (x) // d.
            if (a.index.div > 1) {
                Form plain = a.index;
                plain.div = 1;
                idx = "\"(" + plain.text(Names) + ") // " + std::to_string(a.index.div) + "\"";
            }
            std::string &list = acc[a.write ? 0 : 1];
            list += std::string(list.empty() ? "" : ", ") + "{\"tensor\": \"" + (a.tensor ? "B" : "A")
                + "\", \"index\": [" + idx + "]}";
        }
        std::string node = "{\"id\": " + std::to_string(s) + ", \"writes\": [" + acc[0] + "], \"reads\": [" + acc[1]
            + "]" + (st.even ? ", \"predicates\": [\"i % 2 == 0\"]" : "") + "}";
        for (int d = st.depth - 1; d >= 0; --d)
            node = "{\"loop\": \"" + Names[static_cast<std::size_t>(d)]
                + "\", \"lb\": 0, \"ub\": " + std::to_string(st.ub[static_cast<std::size_t>(d)]) + ", \"stride\": "
                + std::to_string(st.stride[static_cast<std::size_t>(d)]) + ", \"body\": [" + node + "]}";
        body += (s ? ", " : "") + node;
    }
    return "{\"version\": 1, \"name\": \"semantics\", \"tensors\": [{\"name\": \"A\", \"shape\": [64], \"space\": "
           "\"dram\"}, {\"name\": \"B\", \"shape\": [64], \"space\": \"dram\"}], \"body\": ["
        + body + "]}";
}

std::string rowsText(const std::vector<Form> &rows)
{
    std::string s;
    for (std::size_t k = 0; k < rows.size(); ++k)
        s += (k ? ", " : "") + rows[k].text(Names);
    return "[" + s + "]";
}

std::string scheduleMap(const std::vector<Stmt> &stmts)
{
    std::string out;
    for (std::size_t s = 0; s < stmts.size(); ++s) {
        const Stmt &st = stmts[s];
        std::string dom = "s" + std::to_string(s) + "[";
        for (int d = 0; d < st.depth; ++d)
            dom += (d ? ", " : "") + Names[static_cast<std::size_t>(d)];
        dom += "]";
        if (st.piecewise) {
            out += dom + " -> " + rowsText(st.rows) + " : i <= " + std::to_string(st.split) + "; ";
            out += dom + " -> " + rowsText(st.otherRows) + " : i > " + std::to_string(st.split) + "; ";
        } else {
            out += dom + " -> " + rowsText(st.rows) + "; ";
        }
    }
    return "{ " + out + "}";
}

struct Instance {
    std::size_t stmt;
    Vec point;
    Vec order; // program order: statement position, then iterators
};

std::vector<Instance> instances(const std::vector<Stmt> &stmts)
{
    std::vector<Instance> out;
    for (std::size_t s = 0; s < stmts.size(); ++s) {
        const Stmt &st = stmts[s];
        Vec x(static_cast<std::size_t>(st.depth), 0);
        const auto emit = [&](const Vec &p) {
            if (st.even && st.depth > 0 && p[0] % 2 != 0)
                return;
            Vec order{static_cast<long>(s)};
            order.insert(order.end(), p.begin(), p.end());
            out.push_back({s, p, order});
        };
        if (st.depth == 0)
            emit(x);
        else if (st.depth == 1)
            for (long i = 0; i < st.ub[0]; i += st.stride[0])
                emit({i});
        else
            for (long i = 0; i < st.ub[0]; i += st.stride[0])
                for (long j = 0; j < st.ub[1]; j += st.stride[1])
                    emit({i, j});
    }
    return out;
}

Vec timeOf(const Stmt &st, const Vec &p)
{
    const auto &rows = st.piecewise && st.depth > 0 && p[0] > st.split ? st.otherRows : st.rows;
    Vec t;
    for (const Form &f : rows)
        t.push_back(f.at(p));
    return t;
}

bool lexLess(Vec a, Vec b)
{
    const std::size_t n = std::max(a.size(), b.size());
    a.resize(n, 0);
    b.resize(n, 0);
    return a < b;
}

// The may-dependence verdict by enumeration.
bool bruteForceLegal(const std::vector<Stmt> &stmts)
{
    const std::vector<Instance> all = instances(stmts);
    for (const Instance &x : all)
        for (const Instance &y : all) {
            if (!(x.order < y.order))
                continue; // x first in program order
            const Stmt &sx = stmts[x.stmt];
            const Stmt &sy = stmts[y.stmt];
            bool dependent = false;
            for (const Access &a : sx.accesses)
                for (const Access &b : sy.accesses)
                    dependent = dependent
                        || ((a.write || b.write) && a.tensor == b.tensor && a.index.at(x.point) == b.index.at(y.point));
            if (dependent && !lexLess(timeOf(sx, x.point), timeOf(sy, y.point)))
                return false;
        }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace se;
    Bytes b(data, size);
    std::vector<Stmt> stmts(1 + b.take(3));
    for (Stmt &st : stmts) {
        st.depth = static_cast<int>(b.take(3));
        for (int d = 0; d < st.depth; ++d) {
            st.ub.push_back(1 + b.take(5));
            st.stride.push_back(1 + b.take(2));
        }
        st.even = st.depth > 0 && b.take(4) == 0;
        const unsigned n = 1 + b.take(3);
        for (unsigned k = 0; k < n; ++k)
            st.accesses.push_back({static_cast<int>(b.take(2)), k == 0 || b.take(2) == 0, form(b, st.depth, true)});
        const unsigned rows = 1 + b.take(3);
        for (unsigned k = 0; k < rows; ++k)
            st.rows.push_back(form(b, st.depth, true));
        st.piecewise = st.depth > 0 && b.take(3) == 0;
        if (st.piecewise) {
            st.split = b.take(4);
            st.otherRows = st.rows; // same length: one band dimension each
            for (Form &f : st.otherRows)
                if (b.take(2))
                    f = form(b, st.depth, true);
        }
    }
    const std::string kernel = kernelJson(stmts);
    const std::string map = scheduleMap(stmts);
    const bool want = bruteForceLegal(stmts);
    try {
        Analyzer analyzer(KernelLoader::loadText(kernel, "semantics.json"), fuzz::boundedOptions());
        const isl::schedule s = ScheduleInput::read(analyzer.model(), map, "semantics.map");
        const bool got = analyzer.check(s, DepMode::May).legal;
        if (got != want) {
            std::fprintf(stderr, "fuzz finding: verdict %s, brute force %s\nkernel: %s\nschedule: %s\n",
                         got ? "legal" : "illegal", want ? "legal" : "illegal", kernel.c_str(), map.c_str());
            std::abort();
        }
        CodeGenerator::generate(analyzer.model(), s, "semantics.map", "the fuzzed schedule");
    } catch (const ResourceLimitError &) {
    } catch (const CancelledError &) {
    } catch (const std::exception &e) {
        // Every kernel and schedule built here is valid: a refusal is a finding.
        std::fprintf(stderr, "kernel: %s\nschedule: %s\n", kernel.c_str(), map.c_str());
        fuzz::finding(typeid(e).name(), e.what());
    }
    return 0;
}
