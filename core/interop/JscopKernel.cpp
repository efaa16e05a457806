// SPDX-License-Identifier: MIT
#include "JscopKernel.h"
#include "core/isl/IslUtil.h"

#include "JscopReader.h"
#include "core/isl/IslContext.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <regex>

namespace se {

namespace {

std::string at(const std::string &path, std::size_t k)
{
    return path + "[" + std::to_string(k) + "]";
}

ExprPtr exprOf(isl::pw_aff pa, std::int64_t offset, const std::vector<std::string> &dims);

// One statement as the decoder sees it.
struct Item {
    std::size_t index = 0; // position in the file
    isl::map schedule; // restricted to the domain
    isl::set domain;
    unsigned depth = 0; // dimensions of the domain
    std::vector<std::string> dims;
    Statement statement;
};

class Decoder {
public:
    Decoder(std::vector<Item> &items, const std::string &file) : m_items(items), m_file(file) { }

    // The body for the statements `group`, which share `depth` loops,
    // from time dimension `d` on.
    std::vector<Node> body(const std::vector<std::size_t> &group, unsigned d, unsigned depth)
    {
        unsigned width = 0;
        for (auto g : group)
            width = std::max(width, static_cast<unsigned>(isl_map_dim(m_items[g].schedule.get(), isl_dim_out)));
        if (d >= width) {
            std::vector<Node> out;
            for (auto g : group) {
                if (m_items[g].depth != depth)
                    fail(g, "does not give a time to every dimension of the domain");
                if (group.size() > 1)
                    fail(g, "gives " + m_items[g].statement.tupleName() + " the same times as another statement");
                out.push_back(Node{std::move(m_items[g].statement)});
            }
            return out;
        }
        // Constant here: siblings ordered by the value; the statement's next
        // dimension: a loop.
        std::map<long, std::vector<std::size_t>> byValue;
        std::vector<std::size_t> loop;
        for (auto g : group) {
            const Item &it = m_items[g];
            if (auto v = constant(it, d))
                byValue[*v].push_back(g);
            else if (it.depth > depth && isDim(it, d, depth))
                loop.push_back(g);
            else
                fail(g,
                     "time dimension " + std::to_string(d) + " is neither a constant nor the domain's dimension "
                         + std::to_string(depth)
                         + ": the file's schedule is not a loop-nest order (open the "
                           "original JSCoP as the kernel and this one as its schedule)");
        }
        if (!loop.empty() && !byValue.empty())
            fail(loop.front(),
                 "time dimension " + std::to_string(d)
                     + " is a loop for some statements and a "
                       "constant for others that agree with them so far");
        if (!loop.empty()) {
            Loop l;
            l.iterator = m_items[loop.front()].dims[depth];
            bounds(m_items[loop.front()], depth, l);
            l.body = body(loop, d + 1, depth + 1);
            std::vector<Node> out;
            out.push_back(Node{std::move(l)});
            return out;
        }
        std::vector<Node> out;
        for (auto &[v, g] : byValue)
            for (auto &n : body(g, d + 1, depth))
                out.push_back(std::move(n));
        return out;
    }

private:
    // For people only (the domains hold the bounds): the loop's range over
    // the first statement's domain as expressions of the outer loops and the
    // parameters, when each is one affine piece; none otherwise.
    static void bounds(const Item &it, unsigned depth, Loop &l)
    {
        // raw isl begin: positional projection and moves, and the first output of a
        // pw_multi_aff; cpp.h 0.25 has no isl_dim_type methods
        isl_set *s = isl_set_copy(it.domain.get());
        s = isl_set_project_out(s, isl_dim_set, depth + 1, it.depth - depth - 1);
        isl_map *m = isl_map_move_dims(isl_map_from_range(s), isl_dim_in, 0, isl_dim_out, 0, depth);
        const std::vector<std::string> outer(it.dims.begin(), it.dims.begin() + depth);
        auto one = [&](isl_pw_multi_aff *pma, std::int64_t offset) {
            isl::pw_aff pa = isl::manage(isl_pw_multi_aff_get_pw_aff(pma, 0));
            isl_pw_multi_aff_free(pma);
            return exprOf(pa, offset, outer);
        };
        ExprPtr lb = one(isl_map_lexmin_pw_multi_aff(isl_map_copy(m)), 0);
        ExprPtr ub = one(isl_map_lexmax_pw_multi_aff(m), 1);
        // raw isl end
        if (lb && ub) {
            l.lb = {lb};
            l.ub = {ub};
        }
    }

    [[noreturn]] void fail(std::size_t g, const std::string &fault) const
    {
        throw InputError(m_file, at("statements", m_items[g].index) + ".schedule", fault);
    }

    static std::optional<long> constant(const Item &it, unsigned d)
    {
        if (d >= static_cast<unsigned>(isl_map_dim(it.schedule.get(), isl_dim_out)))
            return 0; // shorter maps are padded with zeros
        const isl::val v = isl::manage(isl_map_plain_get_val_if_fixed(it.schedule.get(), isl_dim_out, d));
        std::optional<long> out;
        if (!v.is_null() && v.is_int())
            out = v.get_num_si();
        return out;
    }

    static bool isDim(const Item &it, unsigned d, unsigned depth)
    {
        if (d >= static_cast<unsigned>(isl_map_dim(it.schedule.get(), isl_dim_out)))
            return false;
        isl_map *eq = isl::map::universe(it.schedule.get_space()).release();
        eq = isl_map_equate(eq, isl_dim_in, static_cast<int>(depth), isl_dim_out, static_cast<int>(d));
        return it.schedule.is_subset(isl::manage(eq));
    }

    std::vector<Item> &m_items;
    const std::string &m_file;
};

// The constant and parameter coefficients of a parameter-only affine
// expression as an Expr; nullptr for anything else.
ExprPtr exprOf(isl::pw_aff pa, std::int64_t offset, const std::vector<std::string> &dims)
{
    if (pa.is_null())
        return nullptr;
    // raw isl begin: a pw_aff's pieces as affs, read coefficient by coefficient; cpp.h 0.25 walks
    // pieces only as multi_aff and has no coefficient or positional accessors
    if (isl_pw_aff_n_piece(pa.get()) != 1) {
        // A maximum by cases (max(0, nx - 1)): the case of large parameters,
        // which is the size a person reads (the tensor's shape is shown,
        // not analysed).
        isl_set *big = isl_set_universe(isl_space_params(isl_pw_aff_get_domain_space(pa.get())));
        for (int p = 0; p < isl_set_dim(big, isl_dim_param); ++p)
            big = isl_set_lower_bound_si(big, isl_dim_param, static_cast<unsigned>(p), 1 << 20);
        pa = isl::manage(isl_pw_aff_coalesce(isl_pw_aff_intersect_params(pa.release(), big)));
        if (isl_pw_aff_n_piece(pa.get()) != 1)
            return nullptr;
    }
    struct Out {
        ExprPtr e;
        std::int64_t offset;
        const std::vector<std::string> *dims;
    } out{nullptr, offset, &dims};
    isl_pw_aff_foreach_piece(
        pa.get(),
        [](isl_set *set, isl_aff *aff, void *user) -> isl_stat {
            auto &o = *static_cast<Out *>(user);
            auto &e = o.e;
            std::vector<SumTerm> terms;
            bool ok = isl_aff_dim(aff, isl_dim_div) == 0;
            isl_val *den = isl_aff_get_denominator_val(aff);
            ok = ok && isl_val_is_one(den);
            isl_val_free(den);
            for (int p = 0; ok && p < isl_aff_dim(aff, isl_dim_param); ++p) {
                isl_val *c = isl_aff_get_coefficient_val(aff, isl_dim_param, p);
                if (!isl_val_is_zero(c))
                    terms.push_back(
                        {isl_val_get_num_si(c),
                         Expr::variable(isl_aff_get_dim_name(aff, isl_dim_param, static_cast<unsigned>(p)))});
                isl_val_free(c);
            }
            for (int p = 0; ok && p < isl_aff_dim(aff, isl_dim_in); ++p) {
                isl_val *c = isl_aff_get_coefficient_val(aff, isl_dim_in, p);
                if (!isl_val_is_zero(c)) {
                    ok = static_cast<std::size_t>(p) < o.dims->size();
                    if (ok)
                        terms.push_back(
                            {isl_val_get_num_si(c), Expr::variable((*o.dims)[static_cast<std::size_t>(p)])});
                }
                isl_val_free(c);
            }
            if (ok) {
                isl_val *c = isl_aff_get_constant_val(aff);
                const std::int64_t k = isl_val_get_num_si(c) + o.offset;
                e = terms.empty()                                       ? Expr::constant(k)
                    : terms.size() == 1 && terms[0].coef == 1 && k == 0 ? terms[0].expr
                                                                        : Expr::sum(std::move(terms), k);
                isl_val_free(c);
            }
            isl_set_free(set);
            isl_aff_free(aff);
            return isl_stat_ok;
        },
        &out);
    // raw isl end
    return out.e;
}

// raw isl begin: takes the objects the C tuple renames below return; cpp.h has no to_str
std::string islText(isl_set *s)
{
    char *c = isl_set_to_str(s);
    std::string out = c ? c : "";
    free(c);
    isl_set_free(s);
    return out;
}

std::string islText(isl_map *m)
{
    char *c = isl_map_to_str(m);
    std::string out = c ? c : "";
    free(c);
    isl_map_free(m);
    return out;
}
// raw isl end

std::string kernelName(const std::string &file)
{
    std::string base = file.substr(file.find_last_of("/\\") == std::string::npos ? 0 : file.find_last_of("/\\") + 1);
    base = base.substr(0, base.find('.'));
    for (char &c : base)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            c = '_';
    return base.empty() || std::isdigit(static_cast<unsigned char>(base[0])) ? "jscop_" + base : base;
}

} // namespace

KernelPtr JscopKernel::fromDocument(const JscopDocument &doc, const std::string &text, const std::string &file,
                                    const Labels &labels)
{
    IslContext ctx;
    // raw isl begin: parse without throwing, so that isl's message becomes an InputError at the JSON place
    isl_ctx *ic = ctx.get();
    auto parseSet = [&](const std::string &t, const std::string &place) {
        isl_set *s = isl_set_read_from_str(ic, t.c_str());
        if (!s) {
            const char *msg = isl_ctx_last_error_msg(ic);
            throw InputError(file, place, "not an isl set: " + std::string(msg ? msg : "syntax error"));
        }
        return isl::manage(s);
    };
    auto parseMap = [&](const std::string &t, const std::string &place) {
        isl_map *m = isl_map_read_from_str(ic, t.c_str());
        if (!m) {
            const char *msg = isl_ctx_last_error_msg(ic);
            throw InputError(file, place, "not an isl map: " + std::string(msg ? msg : "syntax error"));
        }
        return isl::manage(m);
    };
    // raw isl end

    auto kernel = std::make_shared<Kernel>();
    kernel->sourcePath = file;
    kernel->name = labels.name.empty() ? kernelName(file) : labels.name;
    kernel->description = !labels.description.empty()
        ? labels.description
        : "Opened from the JSCoP " + file + (doc.name.empty() ? "" : " (SCoP " + doc.name + ")");
    kernel->contextText = doc.context;
    kernel->jscopText = text;
    if (doc.statements.empty())
        throw InputError(file, "statements", "the SCoP has no statements");

    // Parameters in the file's order: the context's tuple, then any other.
    std::vector<std::string> params;
    auto addParams = [&](const isl::space &sp) {
        for (int p = 0; p < isl_space_dim(sp.get(), isl_dim_param); ++p) {
            const std::string n = isl_space_get_dim_name(sp.get(), isl_dim_param, static_cast<unsigned>(p));
            if (std::find(params.begin(), params.end(), n) == params.end())
                params.push_back(n);
        }
    };
    if (!doc.context.empty())
        addParams(parseSet(doc.context, "context").get_space());

    std::vector<Item> items;
    std::map<std::string, isl::set> touched; // array -> elements accessed
    std::map<std::string, unsigned> rank;
    for (std::size_t k = 0; k < doc.statements.size(); ++k) {
        const JscopStatement &js = doc.statements[k];
        const std::string path = at("statements", k);
        if (js.domain.empty())
            throw InputError(file, path, "missing \"domain\": a kernel needs each statement's domain");
        const isl::set dom = parseSet(js.domain, path + ".domain");
        addParams(dom.get_space());
        const char *tn = isl_set_get_tuple_name(dom.get());
        Item it;
        it.index = k;
        it.depth = dom.tuple_dim();
        Statement &st = it.statement;
        st.id = static_cast<std::int64_t>(k);
        st.name = tn ? tn : (js.name.empty() ? "S" + std::to_string(k) : js.name);
        std::string why;
        if (!KernelLoader::isValidName(st.name, &why))
            throw InputError(file, path + ".domain", "the statement name '" + st.name + "': " + why);
        for (unsigned d = 0; d < it.depth; ++d) {
            const char *dn = isl_set_get_dim_name(dom.get(), isl_dim_set, d);
            it.dims.push_back(dn ? dn : "i" + std::to_string(d));
        }
        st.iterators = it.dims;
        // The regenerated nest labels statements s<id> and their op: the
        // op carries the file's name there.
        st.op = st.name;
        st.path = path;
        // An unnamed tuple takes the statement's name.
        st.domainText = tn ? js.domain : islText(isl_set_set_tuple_name(dom.copy(), st.name.c_str()));
        if (auto t = labels.statementText.find(st.name); t != labels.statementText.end())
            st.text = t->second;
        isl::map sched = parseMap(js.schedule, path + ".schedule");
        addParams(sched.get_space());
        if (static_cast<unsigned>(isl_map_dim(sched.get(), isl_dim_in)) != it.depth)
            throw InputError(file, path + ".schedule",
                             "the map is over " + std::to_string(isl_map_dim(sched.get(), isl_dim_in))
                                 + " dimensions; the domain has " + std::to_string(it.depth));
        sched = isl::manage(isl_map_set_tuple_name(sched.release(), isl_dim_in, st.name.c_str()));
        it.domain = dom;
        it.schedule = sched.intersect_domain(isl::manage(isl_set_set_tuple_name(dom.copy(), st.name.c_str())));
        for (std::size_t a = 0; a < js.accesses.size(); ++a) {
            const std::string ap = at(path + ".accesses", a);
            const isl::map rel = parseMap(js.accesses[a].relation, ap + ".relation");
            addParams(rel.get_space());
            const char *an = isl_map_get_tuple_name(rel.get(), isl_dim_out);
            if (!an)
                throw InputError(file, ap + ".relation", "the relation does not name its array");
            const unsigned r = static_cast<unsigned>(isl_map_dim(rel.get(), isl_dim_out));
            if (auto [pos, fresh] = rank.emplace(an, r); !fresh && pos->second != r)
                throw InputError(file, ap + ".relation",
                                 std::string("the array ") + an + " has " + std::to_string(pos->second)
                                     + " dimensions elsewhere");
            isl_set *d = dom.copy();
            d = isl_map_has_tuple_name(rel.get(), isl_dim_in) == isl_bool_true
                ? isl_set_set_tuple_name(d, isl_map_get_tuple_name(rel.get(), isl_dim_in))
                : isl_set_reset_tuple_id(d);
            const isl::set el = rel.intersect_domain(isl::manage(d)).range();
            auto &u = touched[an];
            u = u.is_null() ? el : u.unite(el);
            const bool named = isl_map_has_tuple_name(rel.get(), isl_dim_in) == isl_bool_true;
            st.relations.push_back({js.accesses[a].write, an,
                                    named ? js.accesses[a].relation
                                          : islText(isl_map_set_tuple_name(rel.copy(), isl_dim_in, st.name.c_str())),
                                    ap});
        }
        items.push_back(std::move(it));
    }
    for (const auto &p : params)
        kernel->params.push_back(Param{p, std::nullopt, std::nullopt, std::nullopt});

    // Arrays: the file's, then any that only accesses name.
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> sizes;
    for (const auto &a : doc.arrays) {
        order.push_back(a.name);
        sizes[a.name] = a.sizes;
    }
    for (const auto &[n, r] : rank)
        if (!sizes.count(n)) {
            order.push_back(n);
            sizes[n] = std::vector<std::string>(r, "*");
        }
    static const std::regex castOf(
        R"(^\(?\s*(?:(?:zext|sext|trunc)\s+i\d+\s+)?%?([A-Za-z_][A-Za-z0-9_.]*)(?:\s+to\s+i\d+)?\s*\)?$)");
    for (const auto &n : order) {
        Tensor t;
        t.name = n;
        t.space = "dram";
        const auto &sz = sizes[n];
        const unsigned r = rank.count(n) ? rank[n] : static_cast<unsigned>(sz.size());
        for (unsigned d = 0; d < r; ++d) {
            const std::string s = d < sz.size() ? sz[d] : "*";
            ExprPtr e;
            std::smatch m;
            if (!s.empty() && std::all_of(s.begin(), s.end(), ::isdigit))
                e = Expr::constant(std::stoll(s));
            else if (std::regex_match(s, m, castOf)
                     && std::find(params.begin(), params.end(), m[1].str()) != params.end())
                e = Expr::variable(m[1].str());
            else if (touched.count(n)) {
                // The largest index touched, plus one.
                const isl::set el = islutil::coalesce(touched[n]);
                e = exprOf(isl::manage(isl_set_dim_max(el.copy(), static_cast<int>(d))), 1, {});
            }
            t.shape.push_back(e ? e : Expr::variable("unknown"));
        }
        kernel->tensors.push_back(std::move(t));
    }

    std::vector<std::size_t> all(items.size());
    for (std::size_t k = 0; k < all.size(); ++k)
        all[k] = k;
    kernel->body = Decoder(items, file).body(all, 0, 0);
    kernel->index();
    return kernel;
}

KernelPtr JscopKernel::loadFile(const std::string &path)
{
    const std::string text = KernelLoader::readFile(path);
    return fromDocument(JscopReader::parse(text, path), text, path);
}

} // namespace se
