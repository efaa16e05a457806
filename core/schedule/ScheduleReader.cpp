// SPDX-License-Identifier: MIT
#include "ScheduleReader.h"

#include "FlatSchedule.h"
#include "IslSyntaxProbe.h"
#include "ScheduleTreeWalk.h"
#include "ScheduleValidator.h"
#include "ScheduleYaml.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslLimits.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/InputFile.h"
#include "core/support/ChildProcess.h"
#include "core/support/PersistentChild.h"
#include "core/support/InputError.h"
#include "core/support/NestingLimit.h"
#include "core/support/Utf8.h"

#include <isl/map.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/aff.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <sys/resource.h>
#include <unistd.h>
#include <set>

namespace se {

namespace {

[[noreturn]] void fail(const std::string &file, const std::string &place, const std::string &what)
{
    throw InputError(file, place, what);
}

// Parameters of an isl object the kernel does not have.
void checkParams(const PolyhedralModel &model, const isl::space &space, const std::string &file)
{
    const int n = isl_space_dim(space.get(), isl_dim_param);
    for (int k = 0; k < n; ++k) {
        const char *name = isl_space_get_dim_name(space.get(), isl_dim_param, static_cast<unsigned>(k));
        const auto &names = model.paramNames();
        if (!name || std::find(names.begin(), names.end(), name) == names.end())
            fail(file, "",
                 std::string("the schedule uses parameter '") + (name ? name : "?")
                     + "', which the kernel does not have");
    }
}

// Every tuple must be a statement of the kernel with its number of dimensions.
void checkTuples(const PolyhedralModel &model, const isl::union_set &domain, const std::string &file)
{
    domain.foreach_set([&](isl::set s) {
        const char *name = isl_set_get_tuple_name(s.get());
        const int idx = name ? model.statementIndex(name) : -1;
        if (idx < 0)
            fail(file, "",
                 std::string("the schedule names ") + (name ? name : "an unnamed tuple")
                     + ", which is not a statement of the kernel");
        const auto &st = model.statements()[static_cast<std::size_t>(idx)];
        const unsigned n = static_cast<unsigned>(isl_set_dim(s.get(), isl_dim_set));
        if (n != st.depth())
            fail(file, "",
                 std::string(name) + " has " + std::to_string(st.depth()) + " dimension" + (st.depth() == 1 ? "" : "s")
                     + " in the kernel, " + std::to_string(n) + " in the schedule");
    });
}

std::string example(const isl::union_set &missing)
{
    isl::set one;
    missing.foreach_set([&](isl::set s) {
        if (one.is_null() && !s.is_empty())
            one = s;
    });
    if (one.is_null())
        return "";
    const isl::point p = one.sample_point();
    if (p.is_null() || isl_point_is_void(p.get()) == isl_bool_true)
        return "";
    std::string params;
    for (const auto &[n, v] : islutil::paramValues(p))
        params += (params.empty() ? " with " : ", ") + n + " = " + std::to_string(v);
    return std::string(" (e.g. ") + isl_set_get_tuple_name(one.get()) + islutil::vec(islutil::coordinates(p)) + params
        + ")";
}

void checkMissing(const PolyhedralModel &model, const isl::union_set &missing, const std::string &file)
{
    if (missing.is_empty())
        return;
    std::string names;
    missing.foreach_set([&](isl::set s) {
        if (!s.is_empty())
            names += (names.empty() ? "" : ", ") + std::string(isl_set_get_tuple_name(s.get()));
    });
    fail(file, "",
         "the schedule leaves instances of " + names
             + " unscheduled: " + islutil::str(missing.gist_params(model.context())) + example(missing));
}

// isl 0.25's YAML reader never returns when the text ends where a child of
// a sequence or set is due (read_children keeps calling the node reader at
// the end of the text, pushing states until memory runs out): a flow
// collection left open (`sequence: [`), or a block tree cut after `-` or
// `child:`. And it dereferences a bad pointer when a key that takes isl text
// (`domain: 2`, `filter: -1`) has a number as its value. So, before isl sees
// the text: brackets outside the quoted isl strings pair up, the text ends
// with a value, and isl-text values are strings or names.
void checkYamlComplete(const std::string &text, const std::string &file)
{
    static const std::set<std::string> textKeys = {"domain",    "filter",    "schedule",    "context", "guard",
                                                   "extension", "expansion", "contraction", "options", "mark"};
    struct Open {
        char c;
        int line, column;
    };
    std::vector<Open> open;
    int line = 1, column = 0;
    Open quote{0, 0, 0};
    Open last{0, 0, 0}; // the last character outside strings, or '"'
    std::string token, lastToken, key; // names and string contents; the key a ':' closed
    bool prevName = false;
    auto where = [](int l, int c) { return "line " + std::to_string(l) + ", column " + std::to_string(c); };
    auto yamlFault = [&](int l, int c, const std::string &what) {
        fail(file, where(l, c), "not a valid isl schedule tree (YAML): " + what);
    };
    for (char c : text) {
        if (c == '\n') {
            ++line;
            column = 0;
            prevName = false;
            continue;
        }
        ++column;
        if (quote.c) {
            if (c == '"') {
                quote.c = 0;
                lastToken = token;
            } else {
                token += c;
            }
            continue;
        }
        const bool space = c == ' ' || c == '\t' || c == '\r';
        const bool name = std::isalnum(static_cast<unsigned char>(c)) || c == '_';
        if (!space && !key.empty()) {
            // The first character of the value after `key:`.
            if (textKeys.count(key) && c != '"' && !std::isalpha(static_cast<unsigned char>(c)) && c != '_')
                yamlFault(line, column,
                          "the value of '" + key + "' must be isl text in quotes, got '" + c
                              + "...' (isl 0.25 crashes reading a number there)");
            key.clear();
        }
        if (name) {
            if (!prevName)
                token.clear();
            token += c;
            lastToken = token;
        }
        prevName = name;
        if (!space)
            last = {c, line, column};
        if (c == ':') {
            key = lastToken;
        } else if (c == '"') {
            quote = {c, line, column};
            token.clear();
            prevName = false;
        } else if (c == '[' || c == '{') {
            open.push_back({c, line, column});
        } else if (c == ']' || c == '}') {
            const char want = c == ']' ? '[' : '{';
            if (open.empty())
                yamlFault(line, column, std::string("'") + c + "' closes nothing");
            if (open.back().c != want)
                yamlFault(line, column,
                          std::string("'") + c + "' does not close the '" + open.back().c + "' at "
                              + where(open.back().line, open.back().column));
            open.pop_back();
        }
        if (!name && !space && c != ':' && c != '"')
            lastToken.clear();
    }
    if (quote.c)
        yamlFault(quote.line, quote.column, "the string is never closed");
    if (!open.empty())
        yamlFault(open.back().line, open.back().column, std::string("'") + open.back().c + "' is never closed");
    if (last.c == '-' || last.c == ':' || last.c == ',')
        yamlFault(last.line, last.column,
                  std::string("the text ends after '") + last.c + "', where a node or value is due");
}

// The checks above cover every hang of isl's YAML reader seen so far, but
// they cannot be complete: the text is read in a child process first (one
// that lives on and reads the next tree: PersistentChild). Only a tree the
// child read reaches this process's isl; a read that failed there is
// reported from there (the child's memory is capped, so a hang
// can end there as a failed read that would run on here).
// The child gets the analysis's time limit: a hang cannot be told from a
// slow read (40,000 nested marks read slowly under a sanitizer on a busy
// machine), so a read that does not finish is a time stop (exit 3), not a
// fault of the file. No limit (0): ten minutes, as a hang of isl's reader
// must end somewhere.
double childReadSeconds(const IslContext &ctx)
{
    return ctx.timeLimit() > 0 ? ctx.timeLimit() : 600.0;
}
constexpr long RunawayKb = 256 * 1024;

long maxRssKb()
{
    struct rusage u { };
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// The reader child: one long-lived process reads every tree (a fork per
// tree was most of the cost of a request to serve). Each read gets a
// fresh isl context; a read that grew the child by hundreds of MB ends it
// (a fresh child takes the next read).
std::string readInChild(const std::string &yaml, bool &stop)
{
    // raw isl begin: a scratch context in the child process, read without throwing
    isl_ctx *c = isl_ctx_alloc();
    isl_options_set_on_error(c, ISL_ON_ERROR_CONTINUE);
    const long rssBefore = maxRssKb();
    isl_schedule *s = isl_schedule_read_from_str(c, yaml.c_str());
    // A read that failed after growing by hundreds of MB ran into the
    // child's memory cap (isl then reports a mere syntax error).
    const char *msg = isl_ctx_last_error_msg(c);
    const bool runaway = maxRssKb() - rssBefore > RunawayKb;
    const std::string said = s ? "ok" : runaway ? "runaway" : std::string("error:") + (msg ? msg : "syntax error");
    isl_schedule_free(s);
    isl_ctx_free(c);
    // raw isl end
    stop = runaway;
    return said;
}

// `original`: the user's text, for the position of a syntax error.
void readYamlInChild(const std::string &yaml, const std::string &original, const std::string &file, double seconds)
{
    static PersistentChild reader(readInChild);
    const ChildProcess::Result r = reader.call(yaml, seconds);
    const std::string prefix = "not a valid isl schedule tree (YAML): ";
    switch (r.outcome) {
    case ChildProcess::Outcome::Exited:
        if (r.output == "ok")
            return;
        if (r.output == "runaway")
            fail(file, "", prefix + "isl's reader did not finish (stopped at its memory limit)");
        if (r.output.rfind("error:", 0) == 0) {
            IslSyntaxProbe::throwWithPosition(original, true, file, prefix + r.output.substr(6));
            fail(file, "", prefix + r.output.substr(6));
        }
        fail(file, "", prefix + "isl's reader crashed on it");
    case ChildProcess::Outcome::Crashed:
        fail(file, "", prefix + "isl's reader crashed on it (signal " + std::to_string(r.status) + ")");
    case ChildProcess::Outcome::TimedOut:
        throw ResourceLimitError("reading the schedule tree of " + file + ": isl's reader did not finish",
                                 ResourceLimitError::Limit::Time);
    case ChildProcess::Outcome::Unavailable: return; // no fork: read here, unprotected, as before
    }
}

// `line L, column C` of a byte of an ASCII text.
std::string placeOf(const std::string &text, std::size_t at)
{
    const std::string before = text.substr(0, at);
    const auto line = 1 + std::count(before.begin(), before.end(), '\n');
    const auto nl = before.rfind('\n');
    const auto column = at - (nl == std::string::npos ? 0 : nl + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// isl reads a C string: text after a NUL byte would be dropped unseen.
void checkNoNul(const std::string &text, const std::string &file)
{
    const auto at = text.find('\0');
    if (at != std::string::npos)
        fail(file, placeOf(text, at), "a NUL byte: a schedule is text");
}

// isl's readers recurse on brackets (and our walks on the tree's nodes):
// text nested deeper than any real schedule is refused before isl sees it.
void checkNesting(const std::string &text, const std::string &file)
{
    const auto at = NestingLimit::tooDeepAt(text, NestingLimit::IslText, false);
    if (at != std::string::npos)
        fail(file, placeOf(text, at), NestingLimit::fault(NestingLimit::IslText, "brackets"));
}

// isl sets as many coincident flags as the list has entries and drops the
// rest: a list of another length than its band is refused.
void checkCoincidentLengths(const isl::schedule &tree, const std::vector<ScheduleYaml::BandKeys> &bands,
                            const std::string &file)
{
    std::size_t k = 0;
    ScheduleTreeWalk::forEach(tree.root(), [&](const isl::schedule_node &n, const std::vector<int> &path) {
        if (!n.isa<isl::schedule_node_band>() || k >= bands.size())
            return;
        const ScheduleYaml::BandKeys &b = bands[k++];
        const auto members = n.as<isl::schedule_node_band>().n_member();
        if (b.coincident < 0 || b.coincident == static_cast<int>(members))
            return;
        fail(file, "line " + std::to_string(b.line) + ", column " + std::to_string(b.column),
             "the band at node " + ScheduleTreeWalk::pathText(path) + " has " + std::to_string(members) + " member"
                 + (members == 1 ? "" : "s") + ", its 'coincident' list " + std::to_string(b.coincident) + " entr"
                 + (b.coincident == 1 ? "y" : "ies") + " (one 0 or 1 per member)");
    });
}

// An isl failure while reading a schedule is about that file: said so, with
// isl's message but not its source file and line. Limits and
// cancellation pass through.
template <typename F> isl::schedule attributed(const std::string &file, F &&f)
{
    try {
        return f();
    } catch (const InputError &) {
        throw;
    } catch (const ResourceLimitError &) {
        throw;
    } catch (const CancelledError &) {
        throw;
    } catch (const isl::exception &e) {
        fail(file, "", "isl cannot use this schedule: " + islMessage(e.what()));
    } catch (const std::runtime_error &e) {
        fail(file, "", e.what());
    }
}

// isl reads ASCII: a look-alike such as U+2212 MINUS SIGN would make it
// quote one byte of the character. Comments ('#' to the end of the line,
// outside strings) may hold anything.
void checkAscii(const std::string &text, const std::string &file)
{
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"' || (c == '\n' && quoted)) {
            quoted = !quoted && c == '"';
        } else if (c == '#' && !quoted) {
            i = text.find('\n', i);
            if (i == std::string::npos)
                return;
        } else if (static_cast<unsigned char>(c) >= 0x80) {
            const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(i), '\n');
            fail(file, "line " + std::to_string(line) + ", column " + std::to_string(Utf8::column(text, i)),
                 "unexpected character " + Utf8::describeAt(text, i) + ": a schedule is ASCII text");
        }
    }
}

} // namespace

bool ScheduleReader::looksLikeTree(const std::string &text)
{
    static const std::regex key(R"re((^|[{\s,])"?domain"?\s*:)re");
    return std::regex_search(text, key);
}

isl::schedule ScheduleReader::readFile(const PolyhedralModel &model, const std::string &path)
{
    return read(model, InputFile::read(path), path);
}

isl::schedule ScheduleReader::read(const PolyhedralModel &model, const std::string &text, const std::string &file,
                                   UnionMapPieces *pieces)
{
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        fail(file, "", "the schedule file is empty");
    checkNoNul(text, file);
    checkAscii(text, file);
    checkNesting(text, file);
    isl_ctx *ctx = model.islContext().get();
    // Parse outside any quota: a quota hit while parsing reads as a syntax error.
    if (looksLikeTree(text)) {
        checkYamlComplete(text, file);
        const auto bands = ScheduleYaml::check(text, file);
        const std::string yaml = ScheduleYaml::withExplicitLeaves(text);
        readYamlInChild(yaml, text, file, childReadSeconds(model.islContext()));
        // raw isl begin: parse without throwing, so that isl's message becomes an InputError
        isl_schedule *s = isl_schedule_read_from_str(ctx, yaml.c_str());
        if (!s)
            IslLimits::checkStopped(model.islContext(), "reading the schedule");
        if (!s) {
            const std::string fault = "not a valid isl schedule tree (YAML): "
                + std::string(isl_ctx_last_error_msg(ctx) ? isl_ctx_last_error_msg(ctx) : "syntax error");
            // The position in the user's text, not in the copy with explicit leaves.
            IslSyntaxProbe::throwWithPosition(text, true, file, fault);
            fail(file, "", fault);
        }
        // raw isl end
        const isl::schedule tree = isl::manage(s);
        // After the tree's shape is checked: the walk needs a sound tree.
        const isl::schedule valid = attributed(file, [&] { return validateTree(model, tree, file); });
        checkCoincidentLengths(tree, bands, file);
        return valid;
    }
    return attributed(
        file, [&] { return fromUnionMap(model, ScheduleValidator::readWholeUnionMap(ctx, text, file, pieces), file); });
}

isl::schedule ScheduleReader::fromUnionMap(const PolyhedralModel &model, const isl::union_map &times,
                                           const std::string &file)
{
    checkParams(model, times.get_space(), file);
    return QuotaScope::run(model.islContext(), "reading the schedule", [&] {
        // Checked statement by statement: each check gets its own operation
        // budget, and whole-kernel unions are never formed (the union's
        // domain alone was most of a 400-statement file's checks).
        std::vector<isl::map> perStatement(model.statements().size());
        times.foreach_map([&](isl::map m) {
            checkTuples(model, isl::union_set(m.domain()), file);
            const int k = model.statementIndex(m);
            isl::map &slot = perStatement[static_cast<std::size_t>(k)];
            slot = slot.is_null() ? m : slot.unite(m);
        });
        // Owned by C++ objects: the checks below throw, and a leaked isl
        // object keeps isl_ctx_free from freeing the context.
        isl::union_set missing = isl::manage(isl_union_set_empty(model.domain().get_space().release()));
        // What the band is made of: plain functions as written, the other
        // statements' times restricted to their domains.
        isl::union_map forBand = isl::manage(isl_union_map_empty(times.get_space().release()));
        std::vector<bool> functions(perStatement.size(), false);
        for (std::size_t k = 0; k < perStatement.size(); ++k) {
            QuotaScope::nextStep(model.islContext());
            const auto &st = model.statements()[k];
            if (perStatement[k].is_null()) {
                islutil::addTo(missing, st.domain);
                continue;
            }
            // The common map is one affine function of the whole statement
            // (`s0[t, f] -> [t, f, 0]`): single-valued and total on sight,
            // without isl's two exact tests (most of a schedule file's
            // read time on pipeline_400: autotuners send hundreds).
            // raw isl begin: plain (syntactic) tests, not in cpp.h 0.25
            const bool plainFunction = isl_map_plain_is_single_valued(perStatement[k].get()) == isl_bool_true
                && isl_set_plain_is_universe(perStatement[k].domain().get()) == isl_bool_true;
            // raw isl end
            // (A statement that never runs has no piece in the band: its
            // times would lengthen everyone's.)
            if (plainFunction && !st.domain.is_empty()) {
                // Its band piece is the function itself: no gist needed.
                functions[k] = true;
                islutil::addTo(forBand, perStatement[k]);
                continue;
            }
            const isl::map m = perStatement[k].intersect_domain(st.domain);
            if (!m.is_single_valued())
                fail(file, "",
                     "the schedule maps some instances of " + st.name
                         + " to more than one time (each instance must have exactly one): "
                         + islutil::str(ScheduleValidator::scheduledTwice(m).gist_params(model.context()))
                         + example(isl::union_set(ScheduleValidator::scheduledTwice(m))));
            const isl::set left = st.domain.subtract(m.domain());
            if (!left.is_empty())
                islutil::addTo(missing, left);
            islutil::addTo(forBand, m);
        }
        checkMissing(model, missing, file);
        QuotaScope::nextStep(model.islContext());
        // Without the domain's constraints each statement's time is one affine
        // piece: the band prints plainly and flattens fast. But the gist only
        // holds on the domain: outside it, pieces a schedule wrote apart (or
        // the divisions of `floor(i/4)`) may overlap with different values,
        // and such a map is no function isl can make a band of. Then the
        // times stay restricted to the domain.
        isl::union_pw_multi_aff upma = isl::manage(isl_union_pw_multi_aff_empty(forBand.get_space().release()));
        bool any = false;
        FlatSchedule::padded(forBand).foreach_map([&](isl::map m) {
            QuotaScope::nextStep(model.islContext());
            const int k = model.statementIndex(m);
            isl::map plain = m;
            if (!functions[static_cast<std::size_t>(k)]) {
                plain = m.gist_domain(model.statements()[static_cast<std::size_t>(k)].domain);
                if (!plain.is_single_valued())
                    plain = m;
            }
            upma = isl::manage(
                isl_union_pw_multi_aff_add_pw_multi_aff(upma.release(), isl_pw_multi_aff_from_map(plain.release())));
            any = true;
        });
        isl::schedule s = isl::schedule::from_domain(model.domain());
        // Every statement's domain empty (zero-trip loops): nothing to order,
        // and isl cannot make a band of no pieces (it knows no dimension).
        if (!any)
            return s;
        QuotaScope::nextStep(model.islContext());
        const isl::multi_union_pw_aff mupa =
            isl::manage(isl_multi_union_pw_aff_from_union_pw_multi_aff(upma.release()));
        QuotaScope::nextStep(model.islContext());
        if (mupa.size() > 0)
            s = isl::manage(isl_schedule_insert_partial_schedule(s.release(), mupa.copy()));
        return s;
    });
}

isl::schedule ScheduleReader::validateTree(const PolyhedralModel &model, const isl::schedule &tree,
                                           const std::string &file)
{
    try {
        ScheduleValidator::checkReadable(tree, file);
    } catch (const InputError &) {
        // A child isl could not make because time or memory ran out is no
        // fault of the file.
        IslLimits::checkStopped(model.islContext(), "reading the schedule");
        throw;
    }
    const isl::schedule_node root = tree.root();
    if (!root.isa<isl::schedule_node_domain>())
        fail(file, "", "a schedule tree must start with a domain node");
    ScheduleTreeWalk::forEach(root, [&](const isl::schedule_node &n, const std::vector<int> &path) {
        const auto t = isl_schedule_node_get_type(n.get()); // raw isl: the type as an enum for the table below
        const char *kind = t == isl_schedule_node_context    ? "context"
            : t == isl_schedule_node_guard                   ? "guard"
            : t == isl_schedule_node_extension               ? "extension"
            : t == isl_schedule_node_expansion               ? "expansion"
            : t == isl_schedule_node_domain && !path.empty() ? "nested domain"
                                                             : nullptr;
        if (kind)
            fail(file, "node " + ScheduleTreeWalk::pathText(path),
                 std::string("schedule tree nodes of kind '") + kind
                     + "' are not supported (isl 0.25 can crash generating code for them)");
    });
    checkParams(model, tree.get_domain().get_space(), file);
    return QuotaScope::run(model.islContext(), "reading the schedule", [&] {
        const isl::union_set dom = tree.get_domain();
        checkTuples(model, dom, file);
        ScheduleValidator::checkDisjointFilters(model, tree, file);
        const isl::union_set extra = dom.intersect_params(model.context()).subtract(model.domain());
        if (!extra.is_empty())
            fail(file, "domain",
                 "the schedule's domain has instances the kernel does not: " + islutil::str(extra) + example(extra));
        // Coverage from the tree as given: with fixed parameters isl's
        // intersect_domain drops a lone filter (a one-child sequence), so the
        // intersected tree would seem to schedule what the filter left out.
        checkMissing(model, model.domain().subtract(tree.get_map().domain()), file);
        const isl::schedule s = isl::manage(isl_schedule_intersect_domain(tree.copy(), model.domain().copy()));
        return s;
    });
}

} // namespace se
