// SPDX-License-Identifier: MIT
// The kernel loader: good kernels in both expression forms, warnings for
// unknown keys, and one bad file per fault in tests/data/bad-kernels/, each
// asserting the file, the place and the fault (worked by hand from the
// files and docs/kernel-format.md).
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <QtTest>

#include <filesystem>
#include <set>

using namespace se;

namespace {

const std::string BadDir = std::string(SE_SOURCE_DIR) + "/tests/data/bad-kernels/";

// The same little kernel, indices once as strings and once as trees.
const std::string StringKernel = std::string(SE_SOURCE_DIR) + "/tests/data/kernels/forms_string.json";
const std::string TreeKernel = std::string(SE_SOURCE_DIR) + "/tests/data/kernels/forms_tree.json";

std::int64_t at(const ExprPtr &e, std::map<std::string, std::int64_t> env)
{
    return e->evaluate([&](const std::string &n) { return env.at(n); });
}

// One row per file of tests/data/bad-kernels/: the place and a part of the fault.
struct BadKernel {
    const char *file, *place, *fault;
};
const BadKernel BadKernels[] = {
    // JSON syntax: line and column (1-based) of the character where the parser stopped.
    {"syntax_trailing_comma", "line 4, column 1", "unexpected '}'"},
    {"syntax_truncated", "line 4, column 1", "unexpected end of input"},
    {"syntax_missing_comma", "line 3, column 11", "unexpected string literal"}, // the end of "tensors"
    {"empty_file", "line 1, column 1", "unexpected end of input"},
    {"not_an_object", "", "a kernel is a JSON object, got array"},
    // Top level.
    {"version_2", "version", "unsupported version 2"},
    {"version_string", "version", "unsupported version \"1\""},
    {"missing_name", "", "missing \"name\""},
    {"empty_name", "name", "must not be empty"},
    {"missing_tensors", "", "missing \"tensors\""},
    {"missing_body", "", "missing \"body\""},
    {"body_not_array", "body", "a body is an array"},
    {"context_names_iterator", "context[1]", "unknown identifier 'i'"},
    {"context_violated_by_value", "context[1]", "'N % 4 == 0' does not hold for the parameters' values (N = 10)"},
    // Parameters.
    {"param_min_above_max", "params[0]", "min 8 is greater than max 4"},
    {"param_value_below_min", "params[0].value", "value 1 is below min 2"},
    {"param_value_above_max", "params[0].value", "value 8 is above max 6"},
    {"param_duplicate", "params[1].name", "duplicate parameter 'N'"},
    {"param_bad_name", "params[0].name", "'2N' must start with a letter"},
    {"param_min_not_integer", "params[0].min", "must be an integer"},
    {"huge_param_max", "params[0].max", "integer 18446744073709551615 is too large"},
    // Tensors and allocations.
    {"duplicate_tensor", "tensors[1].name", "duplicate tensor 'A'"},
    {"reserved_tensor_name", "tensors[1].name", "'domain' is reserved"},
    {"shape_uses_iterator", "tensors[0].shape[0]", "unknown identifier 'i'"},
    {"null_expression", "tensors[1].shape[1]", "got null"},
    {"dram_tensor_with_alloc", "tensors[0].alloc", "a dram tensor"},
    {"alloc_index_unknown_name", "tensors[2].alloc.index[0]", "unknown identifier 'i' (in scope: d0, N)"},
    {"inconsistent_buffer_rank", "tensors[3].alloc.index", "buffer 'SB' has 1 dimensions elsewhere, 2 here"},
    {"tensor_named_like_allocation", "tensors", "tensor 'SB_alloc' has the name of buffer 'SB'"},
    // Loops.
    {"item_neither_loop_nor_statement", "body[0].body[0]", "neither a loop"},
    {"shadowed_iterator", "body[0].body[0].loop", "iterator 'i' shadows an enclosing loop's iterator"},
    {"iterator_named_like_parameter", "body[0].loop", "iterator 'N' has the name of a parameter"},
    {"reserved_iterator_name", "body[0].loop", "'floor' is reserved"},
    {"iterator_named_like_rank", "body[0].loop", "iterator 'rank_0_1' has the name of a collective rank parameter"},
    {"strided_loop_with_lb_list", "body[0].lb", "a strided loop needs a single lower bound"},
    {"stride_zero", "body[0].stride", "positive integer, got 0"},
    {"stride_negative", "body[0].stride", "positive integer, got -1"},
    {"empty_bound_list", "body[0].ub", "empty bound list"},
    {"bool_expression", "body[0].ub", "got a boolean"},
    {"float_expression", "body[0].ub", "got the number 8.5"},
    {"huge_integer_bound", "body[0].ub", "integer 18446744073709551615 is too large"},
    // Statements.
    {"duplicate_id", "body[0].body[2].id", "duplicate statement id 0 (also at body[0].body[0])"},
    {"negative_id", "body[0].body[1].id", "non-negative integer, got -1"},
    {"string_id", "body[0].body[1].id", "non-negative integer, got \"s1\""},
    {"predicate_without_comparison", "body[0].body[0].predicates[0], column 6", "expected a comparison"},
    {"predicate_not_string", "body[0].body[0].predicates[0]", "a constraint is a string"},
    // Accesses.
    {"unknown_tensor", "body[0].body[2].reads[1].tensor", "unknown tensor 'C'"},
    {"wrong_index_count", "body[0].body[2].writes[0].index", "tensor 'B' has 2 dimensions, the access gives 1"},
    {"access_index_not_array", "body[0].body[2].reads[0].index", "must be an array"},
    {"access_without_tensor", "body[0].body[2].reads[0]", "missing \"tensor\""},
    {"unknown_identifier", "body[0].body[1].reads[0].index[0]", "unknown identifier 'j' (in scope: i, N)"},
    // Expressions, string form (place ends in the column).
    {"nonaffine_product", "body[0].body[2].reads[1].index[0], column 3", "non-affine product"},
    {"division_by_zero", "body[0].body[2].reads[1].index[0], column 6", "division by zero"},
    {"nonconstant_divisor", "body[0].body[2].reads[1].index[0], column 5", "divisor 'N' must be an integer constant"},
    {"slash_division", "body[0].body[2].writes[0].index[1], column 3", "'/' is not integer division"},
    {"unbalanced_parenthesis", "body[0].body[2].writes[0].index[0], column 7", "expected ')'"},
    {"minmax_in_index", "body[0].body[2].reads[0].index[0], column 1", "max() is only allowed in loop bounds"},
    {"unknown_function", "body[0].body[2].reads[0].index[0], column 1", "unknown function 'abs'"},
    {"rank_with_iterator", "body[0].body[2].reads[1].index[0], column 6", "iteration id must be"},
    // Expressions, tree form (place continues into the tree).
    {"tree_unknown_kind", "body[0].body[2].reads[1].index[0].kind", "unknown expression kind 'Abs'"},
    {"tree_variable_divisor", "body[0].body[2].reads[1].index[0].denom", "divisor must be an integer constant"},
    {"tree_unknown_variable", "body[0].body[2].reads[1].index[0]", "unknown identifier 'k'"},
    // A key given twice: JSON readers keep the last one silently (issue 16).
    {"duplicate_key_ub", "body[0].ub",
     "the key \"ub\" is given twice in one object, at line 7, column 26 and at line 7, column 37"},
    {"duplicate_key_id", "body[0].body[0].id",
     "the key \"id\" is given twice in one object, at line 8, column 14 and at line 8, column 23"},
    // isl keywords in any case (isl_stream.c matches them with strcasecmp).
    {"reserved_iterator_AND", "body[0].loop", "iterator name 'AND' is reserved: isl reads it as its keyword 'and'"},
    {"reserved_param_Floor", "params[0].name",
     "parameter name 'Floor' is reserved: isl reads it as its keyword 'floor'"},
    {"reserved_iterator_floord", "body[0].loop", "'floord' is reserved: isl reads it as its keyword 'floord'"},
    {"reserved_param_infinity", "params[0].name", "'infinity' is reserved: isl reads it as its keyword 'infinity'"},
    {"reserved_param_nan", "params[0].name", "'nan' is reserved: isl reads it as its keyword 'nan'"},
    {"reserved_iterator_Min", "body[0].loop", "'Min' is reserved: isl reads it as its keyword 'min'"},
    // Look-alike characters: quoted whole and named (column in characters).
    {"unicode_minus_in_bound", "body[0].ub, column 3", "unexpected character '\u2212' (U+2212 MINUS SIGN, use '-')"},
    {"nbsp_in_index", "body[0].body[0].writes[0].index[0], column 2",
     "unexpected character '\u00a0' (U+00A0 NO-BREAK SPACE, use ' ')"},
    {"fullwidth_digit_bound", "body[0].ub, column 1",
     "unexpected character '\uff11' (U+FF11 FULLWIDTH DIGIT ONE, use '1')"},
    {"unicode_minus_outside_string", "line 7, column 32",
     "JSON syntax error: unexpected character '\u2212' (U+2212 MINUS SIGN, use '-')"},
};

} // namespace

class tst_KernelLoader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedKernelsLoad_data();
    void shippedKernelsLoad();
    void stringForm();
    void treeFormMatchesStringForm();
    void warnings_data();
    void warnings();
    void badKernels_data();
    void badKernels();
    void everyBadFileHasARow();
    void missingFile();
};

void tst_KernelLoader::shippedKernelsLoad_data()
{
    QTest::addColumn<QString>("path");
    std::vector<std::filesystem::path> files;
    for (const char *dir :
         {SE_SOURCE_DIR "/sample-kernels", SE_SOURCE_DIR "/tests/data/kernels", SE_CONFORMANCE_DIR "/kernels"})
        for (const auto &f : std::filesystem::directory_iterator(dir))
            if (f.path().extension() == ".json")
                files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const auto &f : files)
        QTest::newRow((f.parent_path().filename().string() + "/" + f.filename().string()).c_str())
            << QString::fromStdString(f.string());
}

void tst_KernelLoader::shippedKernelsLoad()
{
    QFETCH(QString, path);
    const KernelPtr k = KernelLoader::loadFile(path.toStdString());
    QVERIFY(!k->name.empty());
    QVERIFY(!k->statements().empty());
    QCOMPARE(k->sourcePath, path.toStdString());
    // Shipped kernels are clean: no unknown keys, no empty loops.
    QVERIFY2(k->warnings.empty(), k->warnings.empty() ? "" : k->warnings.front().c_str());
}

void tst_KernelLoader::stringForm()
{
    const KernelPtr k = KernelLoader::loadFile(StringKernel);
    QCOMPARE(k->name, std::string("forms"));
    QCOMPARE(k->version, 1); // the default
    QCOMPARE(k->params.size(), std::size_t(1));
    QCOMPARE(*k->params[0].min, 4);
    QCOMPARE(*k->params[0].max, 64);
    QCOMPARE(*k->params[0].value, 8);
    QCOMPARE(k->context.size(), std::size_t(1));
    QCOMPARE(k->rankParams, std::vector<std::string>{"rank_0_1"});
    QCOMPARE(k->allParamNames(), (std::vector<std::string>{"N", "rank_0_1"}));
    QVERIFY(k->warnings.empty());

    // Program order and places: s3 in i then j at positions (0, 0, 0); s1 at (1).
    QCOMPARE(k->statements().size(), std::size_t(2));
    const StatementPlace &p3 = k->statements()[0];
    QCOMPARE(p3.statement->tupleName(), std::string("s3"));
    QCOMPARE(p3.statement->iterators, (std::vector<std::string>{"i", "j"}));
    QCOMPARE(p3.positions, (std::vector<int>{0, 0, 0}));
    QCOMPARE(p3.loops.size(), std::size_t(2));
    QCOMPARE(p3.statement->path, std::string("body[0].body[0].body[0]"));
    QCOMPARE(p3.statement->op, std::string("mul"));
    QCOMPARE(p3.statement->predicates.size(), std::size_t(2));
    const StatementPlace &p1 = k->statements()[1];
    QCOMPARE(p1.statement->tupleName(), std::string("s1"));
    QVERIFY(p1.statement->iterators.empty());
    QCOMPARE(p1.positions, std::vector<int>{1});
    QCOMPARE(k->place("s1"), &p1);
    QVERIFY(!k->place("s0"));

    // Bound lists and the stride.
    const Loop &li = *p3.loops[0];
    QCOMPARE(li.lb.size(), std::size_t(2));
    QCOMPARE(li.ub.size(), std::size_t(2));
    QCOMPARE(p3.loops[1]->stride, 2);
    QCOMPARE(li.path, std::string("body[0]"));

    // The allocation.
    const Tensor *t = k->tensor("T");
    QVERIFY(t && t->alloc);
    QCOMPARE(t->allocationName(), std::string("SB_alloc"));
    QCOMPARE(k->tensor("A")->allocationName(), std::string("A"));
    // d0 = 3, d1 = 13: [13 // 8, 3 + 4*(13 % 8)] = [1, 23]
    QCOMPARE(at(t->alloc->index[0], {{"d0", 3}, {"d1", 13}}), 1);
    QCOMPARE(at(t->alloc->index[1], {{"d0", 3}, {"d1", 13}}), 23);
}

void tst_KernelLoader::treeFormMatchesStringForm()
{
    const KernelPtr s = KernelLoader::loadFile(StringKernel);
    const KernelPtr t = KernelLoader::loadFile(TreeKernel);
    QVERIFY(t->warnings.empty());
    QCOMPARE(t->statements().size(), s->statements().size());
    // Every expression of the two kernels agrees on a grid of values.
    auto same = [](const ExprPtr &a, const ExprPtr &b) {
        for (std::int64_t i = -5; i <= 5; ++i)
            for (std::int64_t j = -5; j <= 5; ++j) {
                const std::map<std::string, std::int64_t> env = {{"i", i},  {"j", j}, {"d0", i},
                                                                 {"d1", j}, {"N", 8}, {"rank_0_1", 2}};
                if (at(a, env) != at(b, env))
                    return false;
            }
        return true;
    };
    for (std::size_t k = 0; k < s->tensors.size(); ++k) {
        for (std::size_t d = 0; d < s->tensors[k].shape.size(); ++d)
            QVERIFY(same(s->tensors[k].shape[d], t->tensors[k].shape[d]));
        if (s->tensors[k].alloc)
            for (std::size_t d = 0; d < s->tensors[k].alloc->index.size(); ++d)
                QVERIFY(same(s->tensors[k].alloc->index[d], t->tensors[k].alloc->index[d]));
    }
    for (std::size_t k = 0; k < s->statements().size(); ++k) {
        const auto &a = *s->statements()[k].statement;
        const auto &b = *t->statements()[k].statement;
        QCOMPARE(a.id, b.id);
        for (std::size_t w = 0; w < a.writes.size(); ++w)
            for (std::size_t d = 0; d < a.writes[w].index.size(); ++d)
                QVERIFY(same(a.writes[w].index[d], b.writes[w].index[d]));
        for (std::size_t r = 0; r < a.reads.size(); ++r)
            for (std::size_t d = 0; d < a.reads[r].index.size(); ++d)
                QVERIFY(same(a.reads[r].index[d], b.reads[r].index[d]));
        for (std::size_t l = 0; l < s->statements()[k].loops.size(); ++l) {
            const Loop &la = *s->statements()[k].loops[l];
            const Loop &lb = *t->statements()[k].loops[l];
            QCOMPARE(la.lb.size(), lb.lb.size());
            for (std::size_t m = 0; m < la.lb.size(); ++m)
                QVERIFY(same(la.lb[m], lb.lb[m]));
            for (std::size_t m = 0; m < la.ub.size(); ++m)
                QVERIFY(same(la.ub[m], lb.ub[m]));
        }
    }
    // Hand-checked values of the read index 2*(j // 2) - cc_mod(i, 3):
    // i = 4, j = 7: 2*3 - (4 - 3*2) = 6 + 2 = 8; i = -4, j = -3: 2*(-2) - (-4 - 3*(-1)) = -4 + 1 = -3.
    const ExprPtr &r = t->statements()[0].statement->reads[0].index[0];
    QCOMPARE(at(r, {{"i", 4}, {"j", 7}}), 8);
    QCOMPARE(at(r, {{"i", -4}, {"j", -3}}), -3);
}

void tst_KernelLoader::warnings_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    const char *head = R"("name": "w", "tensors": [{"name": "A", "shape": [4])";
    auto k = [&](const std::string &tensorExtra, const std::string &rest) {
        return QString::fromStdString(std::string("{") + head + tensorExtra + "}], " + rest + "}");
    };
    QTest::newRow("none") << k("", R"("body": [{"id": 0, "reads": [{"tensor": "A", "index": [0]}]}])") << QStringList();
    QTest::newRow("top level") << k("", R"("author": "me", "body": [{"id": 0}])")
                               << QStringList{QStringLiteral("unknown key \"author\" ignored")};
    QTest::newRow("tensor") << k(R"(, "dtype": "f32", "layout": "nchw")", R"("body": [{"id": 0}])")
                            << QStringList{QStringLiteral("tensors[0]: unknown key \"layout\" ignored")};
    QTest::newRow("loop and access") << k("", R"("body": [{"loop": "i", "lb": 0, "ub": 4, "step": 2, "body": [
                  {"id": 0, "reads": [{"tensor": "A", "index": ["i"], "mode": "r"}]}]}])")
                                     << QStringList{
                                            QStringLiteral("body[0]: unknown key \"step\" ignored"),
                                            QStringLiteral("body[0].body[0].reads[0]: unknown key \"mode\" ignored")};
    QTest::newRow("statement and param") << QStringLiteral(
        R"({"name": "w", "params": [{"name": "N", "default": 3}], "tensors": [],
                              "body": [{"id": 0, "comment": "x"}]})")
                                         << QStringList{QStringLiteral("params[0]: unknown key \"default\" ignored"),
                                                        QStringLiteral("body[0]: unknown key \"comment\" ignored")};
    QTest::newRow("empty loop") << k("", R"("body": [{"loop": "i", "lb": 0, "ub": 4, "body": []}])")
                                << QStringList{QStringLiteral("body[0]: loop 'i' has an empty body"),
                                               QStringLiteral("body: the kernel has no statements")};
}

void tst_KernelLoader::warnings()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    const KernelPtr k = KernelLoader::loadText(text.toStdString(), "w.json");
    QStringList got;
    for (const auto &w : k->warnings)
        got << QString::fromStdString(w);
    QCOMPARE(got, expected);
}

void tst_KernelLoader::badKernels_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault"); // a part of the message
    for (const BadKernel &b : BadKernels)
        QTest::newRow(b.file) << QString::fromLatin1(b.file) << QString::fromLatin1(b.place)
                              << QString::fromUtf8(b.fault);
}

void tst_KernelLoader::badKernels()
{
    QFETCH(QString, file);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    const std::string path = BadDir + file.toStdString() + ".json";
    QVERIFY2(std::filesystem::exists(path), path.c_str());
    try {
        KernelLoader::loadFile(path);
        QFAIL("the kernel loaded");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(path));
        QCOMPARE(QString::fromStdString(e.place()), place);
        QVERIFY2(QString::fromStdString(e.fault()).contains(fault), e.what());
        // The message reads `file: place: fault`.
        const std::string expected = path + ": " + (place.isEmpty() ? "" : place.toStdString() + ": ") + e.fault();
        QCOMPARE(std::string(e.what()), expected);
    }
}

void tst_KernelLoader::everyBadFileHasARow()
{
    // A file added to the corpus without an expectation would be untested.
    std::set<std::string> files, rows;
    for (const auto &f : std::filesystem::directory_iterator(BadDir))
        if (f.path().extension() == ".json")
            files.insert(f.path().stem().string());
    for (const BadKernel &b : BadKernels)
        QVERIFY2(rows.insert(b.file).second, b.file);
    QCOMPARE(files, rows);
    QVERIFY(rows.size() >= 25);
}

void tst_KernelLoader::missingFile()
{
    try {
        KernelLoader::loadFile(BadDir + "no-such-kernel.json");
        QFAIL("loaded a missing file");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), BadDir + "no-such-kernel.json");
        QCOMPARE(e.fault(), std::string("cannot open the file: no such file"));
    }
}

QTEST_GUILESS_MAIN(tst_KernelLoader)
#include "tst_kernelloader.moc"
