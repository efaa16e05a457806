// SPDX-License-Identifier: MIT
#include "JscopWriter.h"

#include "core/isl/ExprToIsl.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"
#include "core/support/InputError.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace se {

namespace {

// [params] -> { name[d0, ..., dn-1] }
isl::space tensorSpace(const PolyhedralModel &model, const std::string &name, std::size_t n)
{
    isl_space *sp = isl_space_set_from_params(model.paramSpace().copy());
    sp = isl_space_add_dims(sp, isl_dim_set, static_cast<unsigned>(n));
    for (std::size_t d = 0; d < n; ++d)
        sp = isl_space_set_dim_name(sp, isl_dim_set, static_cast<unsigned>(d), ("d" + std::to_string(d)).c_str());
    sp = isl_space_set_tuple_name(sp, isl_dim_set, name.c_str());
    return isl::manage(sp);
}

// The elements of a tensor in its allocation: { alloc[...] } (the shape box,
// mapped through `alloc.index` when the tensor is placed in a buffer).
isl::set footprint(const PolyhedralModel &model, const Tensor &t)
{
    const isl::space sp = tensorSpace(model, t.name, t.shape.size());
    ExprToIsl conv(sp);
    isl::set box = isl::set::universe(sp);
    for (std::size_t d = 0; d < t.shape.size(); ++d) {
        const isl::pw_aff v = conv.convert(Expr::variable("d" + std::to_string(d)));
        box = box.intersect(v.ge_set(conv.constant(0))).intersect(v.lt_set(conv.convert(t.shape[d])));
    }
    box = box.intersect_params(model.context());
    if (!t.alloc)
        return box;
    isl::pw_aff_list list(sp.ctx(), static_cast<int>(t.alloc->index.size()));
    for (const auto &e : t.alloc->index)
        list = list.add(conv.convert(e));
    isl_space *range = isl_space_set_from_params(model.paramSpace().copy());
    range = isl_space_add_dims(range, isl_dim_set, static_cast<unsigned>(t.alloc->index.size()));
    range = isl_space_set_tuple_name(range, isl_dim_set, t.allocationName().c_str());
    isl_space *msp = isl_space_map_from_domain_and_range(sp.copy(), range);
    // { T[d0, ...] -> B_alloc[...] }
    const isl::map toBuffer = isl::multi_pw_aff(isl::manage(msp), list).as_map();
    return box.apply(toBuffer);
}

} // namespace

// A map as isl writes it when that has no constraints (`[t, 0, i]`); else,
// for a function, as isl writes functions (`[(floor((2t + i)/4)), (t)]`
// rather than with existential variables), which isl reads back as a map.
std::string JscopWriter::functionText(const isl::map &m)
{
    const isl::map c = islutil::coalesce(m);
    const std::string plain = islutil::str(c);
    if (plain.find(':') == std::string::npos || !c.is_single_valued())
        return plain;
    // raw isl begin: a map that is not a function stays a map (null here, no throw); cpp.h has no to_str
    isl_pw_multi_aff *f = isl_pw_multi_aff_from_map(c.copy());
    char *t = f ? isl_pw_multi_aff_to_str(f) : nullptr;
    isl_pw_multi_aff_free(f);
    // raw isl end
    if (!t)
        return plain;
    std::string out = t;
    free(t);
    return out;
}

namespace {

// One size per dimension of an allocation: the extent when it is a number
// (fixed parameters make it one), else the tensor's own shape expression,
// else "*" (a buffer whose extent depends on free parameters).
JscopArray array(const PolyhedralModel &model, const std::string &allocation)
{
    JscopArray a;
    a.name = allocation;
    a.type = "unknown";
    const Tensor *own = nullptr;
    isl::set elements;
    for (const auto &t : model.kernel()->tensors) {
        if (t.allocationName() != allocation)
            continue;
        if (!t.alloc)
            own = &t;
        const isl::set f = footprint(model, t);
        elements = elements.is_null() ? f : elements.unite(f);
    }
    if (elements.is_null())
        return a;
    const unsigned n = static_cast<unsigned>(isl_set_dim(elements.get(), isl_dim_set));
    for (unsigned d = 0; d < n; ++d) {
        const isl::pw_aff max = isl::manage(isl_set_dim_max(elements.copy(), static_cast<int>(d)));
        if (!elements.is_empty() && isl_pw_aff_is_cst(max.get()) == isl_bool_true) {
            const isl::val v = elements.dim_max_val(static_cast<int>(d));
            if (v.is_int()) {
                a.sizes.push_back(std::to_string(v.get_num_si() + 1));
                continue;
            }
        }
        a.sizes.push_back(own ? own->shape[d]->str() : "*");
    }
    return a;
}

} // namespace

JscopDocument JscopWriter::build(const PolyhedralModel &model, const isl::schedule &schedule)
{
    return QuotaScope::run(model.islContext(), "exporting a JSCoP", [&] {
        JscopDocument doc;
        doc.name = model.kernel()->name;
        doc.context = islutil::str(model.context());
        for (const auto &alloc : model.allocations())
            doc.arrays.push_back(array(model, alloc));
        const FlatSchedule flat(model, schedule);
        for (std::size_t k = 0; k < model.statements().size(); ++k) {
            const StatementModel &s = model.statements()[k];
            JscopStatement js;
            js.name = s.name;
            // The context is in the file: leave its constraints out of the rest.
            js.domain = islutil::str(islutil::coalesce(s.domain.gist_params(model.context())));
            // { s0[i, j] -> [t0, ..., tn-1] }, simplified on the domain (the
            // importer restricts it to the domain again).
            js.schedule = functionText(flat.of(k).gist_domain(s.domain));
            for (const std::size_t a : s.accesses) {
                const AccessModel &am = model.accesses()[a];
                js.accesses.push_back({am.write, functionText(am.relation.gist_domain(s.domain))});
            }
            doc.statements.push_back(std::move(js));
        }
        return doc;
    });
}

std::string JscopWriter::toText(const JscopDocument &doc)
{
    using ojson = nlohmann::ordered_json;
    ojson root;
    root["name"] = doc.name;
    root["context"] = doc.context;
    root["arrays"] = ojson::array();
    for (const auto &a : doc.arrays)
        root["arrays"].push_back({{"name", a.name}, {"sizes", a.sizes}, {"type", a.type}});
    root["statements"] = ojson::array();
    for (const auto &s : doc.statements) {
        ojson accesses = ojson::array();
        for (const auto &a : s.accesses)
            accesses.push_back({{"kind", a.write ? "write" : "read"}, {"relation", a.relation}});
        root["statements"].push_back(
            {{"name", s.name}, {"domain", s.domain}, {"schedule", s.schedule}, {"accesses", accesses}});
    }
    return root.dump(3) + "\n"; // Polly indents by three
}

std::string JscopWriter::write(const PolyhedralModel &model, const isl::schedule &schedule)
{
    if (!model.kernel()->jscopText.empty())
        return intoSource(model, schedule);
    return toText(build(model, schedule));
}

std::string JscopWriter::intoSource(const PolyhedralModel &model, const isl::schedule &schedule)
{
    // The file the kernel came from, with only its schedules replaced:
    // Polly matches arrays by name and sizes, statements by position and
    // parameters by position, so everything else stays as Polly wrote it.
    using ojson = nlohmann::ordered_json;
    ojson root = ojson::parse(model.kernel()->jscopText);
    const isl::space params = model.paramSpace();
    QuotaScope::run(model.islContext(), "exporting a JSCoP", [&] {
        const FlatSchedule flat(model, schedule);
        auto &sts = root["statements"];
        for (auto &st : sts) {
            // The kernel's statements are in its loop nest's order; the
            // file's keep theirs. Matched by the domain's tuple.
            // raw isl begin: an unreadable domain matches no statement (null, not an exception)
            isl_set *d = isl_set_read_from_str(model.islContext().get(), st.value("domain", "").c_str());
            const char *tn = d ? isl_set_get_tuple_name(d) : nullptr;
            const int k = tn ? model.statementIndex(tn) : -1;
            isl_set_free(d);
            // raw isl end
            if (k < 0)
                continue;
            const StatementModel &s = model.statements()[static_cast<std::size_t>(k)];
            isl::map m = flat.of(static_cast<std::size_t>(k)).gist_domain(s.domain);
            m = isl::manage(isl_map_align_params(m.release(), params.copy()));
            st["schedule"] = functionText(m);
        }
        return 0;
    });
    return root.dump(3) + "\n";
}

void JscopWriter::writeFile(const PolyhedralModel &model, const isl::schedule &schedule, const std::string &path)
{
    const std::string text = write(model, schedule);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw InputError(path, "", std::string("cannot write the file: ") + std::strerror(errno));
    out << text;
    out.close();
    if (!out)
        throw InputError(path, "", "writing the file failed");
}

} // namespace se
