// SPDX-License-Identifier: MIT
// The expression algebra: the string grammar and the tree form, floor
// versus ceiling semantics, printing round trips and grammar errors, with
// values worked by hand.
#include "core/expr/Expr.h"
#include "core/expr/ExprParser.h"
#include "core/expr/ExprReader.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <random>

using namespace se;
using nlohmann::json;

namespace {

// i = x, j = y, N = n; anything else is an error.
std::int64_t eval(const ExprPtr &e, std::int64_t i, std::int64_t j = 0, std::int64_t n = 0)
{
    return e->evaluate([&](const std::string &name) -> std::int64_t {
        if (name == "i" || name == "x")
            return i;
        if (name == "j")
            return j;
        if (name == "N")
            return n;
        if (name == "rank_0_1")
            return 5;
        throw std::out_of_range(name);
    });
}

// A random quasi-affine tree over i and j, built with the constructors
// (not the parser), so printing meets shapes the parser never makes.
ExprPtr randomExpr(std::mt19937 &rng, int depth)
{
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int kind = depth <= 0 ? pick(0, 1) : pick(0, 7);
    switch (kind) {
    case 0: return Expr::constant(pick(-5, 5));
    case 1: return Expr::variable(pick(0, 1) ? "i" : "j");
    case 2: {
        std::vector<SumTerm> terms;
        const int n = pick(1, 3);
        for (int k = 0; k < n; ++k)
            terms.push_back({pick(-3, 3), randomExpr(rng, depth - 1)});
        return Expr::sum(std::move(terms), pick(-4, 4));
    }
    case 3: return Expr::mult(pick(-3, 3), randomExpr(rng, depth - 1));
    default: {
        static const ExprKind kinds[] = {ExprKind::FloorDiv, ExprKind::Modulo, ExprKind::CeilDiv, ExprKind::CeilMod};
        return Expr::division(kinds[kind - 4], randomExpr(rng, depth - 1), pick(1, 5));
    }
    }
}

} // namespace

class tst_Expr : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void floorAndCeiling_data();
    void floorAndCeiling();
    void integerHelpers();
    void kinds_data();
    void kinds();
    void treeForm_data();
    void treeForm();
    void parseAndPrint_data();
    void parseAndPrint();
    void roundTripRandom();
    void constraints_data();
    void constraints();
    void extremumInBounds();
    void grammarErrors_data();
    void grammarErrors();
    void treeErrors_data();
    void treeErrors();
};

void tst_Expr::floorAndCeiling_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("x");
    QTest::addColumn<qint64>("expected");
    // The spec's pins: CCDiv(7, 4) = 2, CCMod(7, 4) = -1, FloorDiv = 1, Modulo = 3.
    QTest::newRow("7 // 4") << "x // 4" << 7 << qint64(1);
    QTest::newRow("7 % 4") << "x % 4" << 7 << qint64(3);
    QTest::newRow("cc_div(7, 4)") << "cc_div(x, 4)" << 7 << qint64(2);
    QTest::newRow("cc_mod(7, 4)") << "cc_mod(x, 4)" << 7 << qint64(-1);
    QTest::newRow("floordiv(7, 4)") << "floordiv(x, 4)" << 7 << qint64(1);
    QTest::newRow("mod(7, 4)") << "mod(x, 4)" << 7 << qint64(3);
    QTest::newRow("ceildiv(7, 4)") << "ceildiv(x, 4)" << 7 << qint64(2);
    QTest::newRow("ceilmod(7, 4)") << "ceilmod(x, 4)" << 7 << qint64(-1);
    // Negative numerators: floor rounds down, ceiling up.
    QTest::newRow("-7 // 4") << "x // 4" << -7 << qint64(-2);
    QTest::newRow("-7 % 4") << "x % 4" << -7 << qint64(1);
    QTest::newRow("cc_div(-7, 4)") << "cc_div(x, 4)" << -7 << qint64(-1);
    QTest::newRow("cc_mod(-7, 4)") << "cc_mod(x, 4)" << -7 << qint64(-3);
    QTest::newRow("-1 // 4") << "x // 4" << -1 << qint64(-1);
    QTest::newRow("-1 % 4") << "x % 4" << -1 << qint64(3);
    QTest::newRow("cc_div(-1, 4)") << "cc_div(x, 4)" << -1 << qint64(0);
    QTest::newRow("cc_mod(-1, 4)") << "cc_mod(x, 4)" << -1 << qint64(-1);
    QTest::newRow("1 // 4") << "x // 4" << 1 << qint64(0);
    QTest::newRow("cc_div(1, 4)") << "cc_div(x, 4)" << 1 << qint64(1);
    QTest::newRow("cc_mod(1, 4)") << "cc_mod(x, 4)" << 1 << qint64(-3);
    // Exact divisions agree.
    QTest::newRow("8 // 4 exact") << "x // 4" << 8 << qint64(2);
    QTest::newRow("cc_div(8, 4) exact") << "cc_div(x, 4)" << 8 << qint64(2);
    QTest::newRow("cc_mod(8, 4) exact") << "cc_mod(x, 4)" << 8 << qint64(0);
    QTest::newRow("-8 % 4 exact") << "x % 4" << -8 << qint64(0);
    QTest::newRow("cc_div(-8, 4) exact") << "cc_div(x, 4)" << -8 << qint64(-2);
    QTest::newRow("0 // 4") << "x // 4" << 0 << qint64(0);
    QTest::newRow("cc_mod(0, 4)") << "cc_mod(x, 4)" << 0 << qint64(0);
    // Precedence: unary minus binds first, // and % like *, left to right.
    QTest::newRow("-x // 2 binds unary first") << "-x // 2" << 3 << qint64(-2);
    QTest::newRow("-(x // 2)") << "-(x // 2)" << 3 << qint64(-1);
    QTest::newRow("x + 1 // 2") << "x + 1 // 2" << 3 << qint64(3);
    QTest::newRow("(x + 1) // 2") << "(x + 1) // 2" << 3 << qint64(2);
    QTest::newRow("x // 2 * 3") << "x // 2 * 3" << 5 << qint64(6);
    QTest::newRow("x * 3 // 2") << "x * 3 // 2" << 5 << qint64(7);
    QTest::newRow("x // 4 // 2") << "x // 4 // 2" << 17 << qint64(2);
    QTest::newRow("x % 4 % 3") << "x % 4 % 3" << 7 << qint64(0);
    QTest::newRow("3x % 4") << "3x % 4" << 3 << qint64(1);
    QTest::newRow("2(x + 1)") << "2(x + 1)" << 3 << qint64(8);
    QTest::newRow("x - -1") << "x - -1" << 3 << qint64(4);
    // isl's own floor(a/c) and ceil(a/c).
    QTest::newRow("floor((x - 1)/4)") << "floor((x - 1)/4)" << -3 << qint64(-1);
    QTest::newRow("ceil((x - 1)/4)") << "ceil((x - 1)/4)" << -3 << qint64(-1);
    QTest::newRow("ceil(x/4)") << "ceil(x/4)" << 5 << qint64(2);
}

void tst_Expr::floorAndCeiling()
{
    QFETCH(QString, text);
    QFETCH(int, x);
    QFETCH(qint64, expected);
    const ExprPtr e = ExprParser::parse(text.toStdString());
    QCOMPARE(eval(e, x), expected);
}

void tst_Expr::integerHelpers()
{
    // Every numerator in [-12, 12] and divisor in [1, 5], against the
    // definitions: q = floor(a/c) is the largest q with q*c <= a.
    for (std::int64_t c = 1; c <= 5; ++c)
        for (std::int64_t a = -12; a <= 12; ++a) {
            const std::int64_t f = Expr::floorDiv(a, c), g = Expr::ceilDiv(a, c);
            QVERIFY(f * c <= a && (f + 1) * c > a);
            QVERIFY(g * c >= a && (g - 1) * c < a);
            const std::int64_t m = Expr::floorMod(a, c), n = Expr::ceilMod(a, c);
            QVERIFY(m >= 0 && m < c && a == f * c + m);
            QVERIFY(n <= 0 && n > -c && a == g * c + n);
        }
}

void tst_Expr::kinds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("kind");
    QTest::newRow("Const") << "12"
                           << "Const";
    QTest::newRow("Var") << "i"
                         << "Var";
    QTest::newRow("Sum") << "i + j - 1"
                         << "Sum";
    QTest::newRow("Mult") << "3*i"
                          << "Mult";
    QTest::newRow("Mult right") << "i*3"
                                << "Mult";
    QTest::newRow("FloorDiv") << "i // 2"
                              << "FloorDiv";
    QTest::newRow("Modulo") << "i % 2"
                            << "Modulo";
    QTest::newRow("CCDiv") << "cc_div(i, 2)"
                           << "CCDiv";
    QTest::newRow("CCMod") << "cc_mod(i, 2)"
                           << "CCMod";
    QTest::newRow("rank is a Var") << "rank(0, 1)"
                                   << "Var";
}

void tst_Expr::kinds()
{
    QFETCH(QString, text);
    QFETCH(QString, kind);
    const ExprPtr e = ExprParser::parse(text.toStdString());
    QCOMPARE(QString::fromLatin1(exprKindName(e->kind())), kind);
}

void tst_Expr::treeForm_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<int>("i");
    QTest::addColumn<qint64>("expected");
    QTest::addColumn<QString>("asString"); // the same expression in the string grammar
    auto row = [](const std::string &name, const std::string &tree, int i, qint64 expected, const char *asString) {
        QTest::newRow(name.c_str()) << QString::fromStdString(tree) << i << expected << asString;
    };
    const std::string vi = R"({"kind": "Var", "name": "i"})";
    row("Const", R"({"kind": "Const", "value": -3})", 0, -3, "-3");
    row("Var", vi, 7, 7, "i");
    row("Sum", R"({"kind": "Sum", "terms": [{"coef": 2, "expr": )" + vi + R"(}], "const": 1})", 7, 15, "2i + 1");
    row("Sum default coef", R"({"kind": "Sum", "terms": [{"expr": )" + vi + "}]}", 7, 7, "i");
    row("Sum constant only", R"({"kind": "Sum", "terms": [], "const": 4})", 0, 4, "4");
    row("Mult", R"({"kind": "Mult", "scale": 4, "expr": )" + vi + "}", -2, -8, "4*i");
    // The spec's pins at 7 and their mirror at -7.
    struct Div {
        const char *kind, *fn;
        qint64 at7, atMinus7;
    };
    for (const Div &d : {Div{"FloorDiv", "floordiv(i, 4)", 1, -2}, Div{"Modulo", "mod(i, 4)", 3, 1},
                         Div{"CCDiv", "cc_div(i, 4)", 2, -1}, Div{"CCMod", "cc_mod(i, 4)", -1, -3}}) {
        const std::string tree = std::string(R"({"kind": ")") + d.kind + R"(", "numer": )" + vi + R"(, "denom": 4})";
        row(std::string(d.kind) + "(7, 4)", tree, 7, d.at7, d.fn);
        row(std::string(d.kind) + "(-7, 4)", tree, -7, d.atMinus7, d.fn);
    }
    row("CCGetRank", R"({"kind": "CCGetRank", "iteration_id": 0, "channel_id": 1})", 0, 5, "rank(0, 1)");
    row("nested strings", R"({"kind": "Sum", "terms": [{"coef": 1, "expr": "i // 2"}, {"coef": -1, "expr": 3}]})", 5,
        -1, "i // 2 - 3");
    row("denom as tree", R"({"kind": "FloorDiv", "numer": )" + vi + R"(, "denom": {"kind": "Const", "value": 3}})", -1,
        -1, "i // 3");
}

void tst_Expr::treeForm()
{
    QFETCH(QString, tree);
    QFETCH(int, i);
    QFETCH(qint64, expected);
    QFETCH(QString, asString);
    const ExprPtr e = ExprReader::read(json::parse(tree.toStdString()), "x");
    QCOMPARE(eval(e, i), expected);
    // The two forms mean the same: equal values on a range of i.
    const ExprPtr s = ExprReader::read(json(asString.toStdString()), "x");
    for (int v = -9; v <= 9; ++v)
        QCOMPARE(eval(e, v), eval(s, v));
}

void tst_Expr::parseAndPrint_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("printed");
    QTest::newRow("sum") << "i - 1"
                         << "i - 1";
    QTest::newRow("implicit product") << "3i + 2"
                                      << "3*i + 2";
    QTest::newRow("const folded") << "2*3 + i"
                                  << "6 + i";
    QTest::newRow("floor of sum") << "(i + 1) // 4"
                                  << "(i + 1) // 4";
    QTest::newRow("scaled floor") << "2*(i // 4)"
                                  << "2*(i // 4)";
    QTest::newRow("rank") << "rank(0, 1) + i"
                          << "rank(0, 1) + i";
    QTest::newRow("isl floor") << "floor((i + 3)/4)"
                               << "(i + 3) // 4";
    QTest::newRow("isl ceil") << "ceil((i + 3)/4)"
                              << "cc_div(i + 3, 4)";
    QTest::newRow("ceilmod") << "ceilmod(i, 4)"
                             << "cc_mod(i, 4)";
    QTest::newRow("mod()") << "mod(i - 1, 2)"
                           << "(i - 1) % 2";
    QTest::newRow("negated floor") << "-(i // 4)"
                                   << "-(i // 4)";
    QTest::newRow("subtracted sum") << "i - (j + 1)"
                                    << "i - (j + 1)";
    QTest::newRow("constant folding of division") << "7 // 2 + i"
                                                  << "3 + i";
}

void tst_Expr::parseAndPrint()
{
    QFETCH(QString, text);
    QFETCH(QString, printed);
    const ExprPtr e = ExprParser::parse(text.toStdString());
    QCOMPARE(QString::fromStdString(e->str()), printed);
    // parse(print(e)) evaluates the same.
    const ExprPtr again = ExprParser::parse(e->str());
    for (int i = -6; i <= 6; ++i)
        for (int j = -3; j <= 3; ++j)
            QCOMPARE(eval(again, i, j), eval(e, i, j));
}

void tst_Expr::roundTripRandom()
{
    std::mt19937 rng(20261202);
    for (int n = 0; n < 400; ++n) {
        const ExprPtr e = randomExpr(rng, 3);
        const std::string text = e->str();
        ExprPtr again;
        try {
            again = ExprParser::parse(text);
        } catch (const InputError &err) {
            QFAIL(("printed form does not parse: " + text + " (" + err.what() + ")").c_str());
        }
        for (int i = -6; i <= 6; i += 2)
            for (int j = -5; j <= 5; j += 3)
                if (eval(again, i, j) != eval(e, i, j))
                    QFAIL((text + " at i = " + std::to_string(i) + ", j = " + std::to_string(j) + ": "
                           + std::to_string(eval(again, i, j)) + " after printing, " + std::to_string(eval(e, i, j))
                           + " before")
                              .c_str());
        // Printing is stable after one round.
        QCOMPARE(QString::fromStdString(again->str()), QString::fromStdString(ExprParser::parse(again->str())->str()));
    }
}

void tst_Expr::constraints_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("i");
    QTest::addColumn<bool>("holds");
    QTest::newRow(">= holds") << "i >= 1" << 1 << true;
    QTest::newRow(">= fails") << "i >= 1" << 0 << false;
    QTest::newRow("<= holds") << "2i <= N" << 4 << true; // N = 8
    QTest::newRow("> fails at equality") << "i > 3" << 3 << false;
    QTest::newRow("< holds") << "i < N - 1" << 6 << true;
    QTest::newRow("== holds") << "i % 3 == 1" << -2 << true;
    QTest::newRow("== fails") << "i % 3 == 1" << 2 << false;
}

void tst_Expr::constraints()
{
    QFETCH(QString, text);
    QFETCH(int, i);
    QFETCH(bool, holds);
    const Constraint c = ExprParser::parseConstraint(text.toStdString());
    QCOMPARE(c.holds([&](const std::string &n) -> std::int64_t { return n == "N" ? 8 : i; }), holds);
}

void tst_Expr::extremumInBounds()
{
    const ExprPtr lb = ExprParser::parse("max(0, i - 2, N - 10)", ExprParser::Options{true});
    QCOMPARE(lb->kind(), ExprKind::Max);
    QCOMPARE(eval(lb, 5, 0, 12), qint64(3));
    QCOMPARE(eval(lb, 5, 0, 20), qint64(10));
    const ExprPtr ub = ExprParser::parse("min(N, i + 4)", ExprParser::Options{true});
    QCOMPARE(ub->kind(), ExprKind::Min);
    QCOMPARE(eval(ub, 1, 0, 12), qint64(5));
    // One argument is just that argument.
    QCOMPARE(ExprParser::parse("max(i)", ExprParser::Options{true})->kind(), ExprKind::Var);
}

void tst_Expr::grammarErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("constraint");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault"); // a part of the message
    // Columns are 1-based and point at the offending token.
    QTest::newRow("non-affine i*j") << "i*j" << false << "column 3"
                                    << "non-affine product";
    QTest::newRow("non-affine N(i)") << "2 + N*(i + 1)" << false << "column 7"
                                     << "non-affine product";
    QTest::newRow("division by zero") << "i // 0" << false << "column 6"
                                      << "division by zero";
    QTest::newRow("modulo by zero") << "i % (2 - 2)" << false << "column 5"
                                    << "division by zero";
    QTest::newRow("cc_div by zero") << "cc_div(i, 0)" << false << "column 11"
                                    << "division by zero";
    QTest::newRow("non-constant divisor") << "i // N" << false << "column 6"
                                          << "must be an integer constant";
    QTest::newRow("non-constant mod()") << "mod(i, j)" << false << "column 8"
                                        << "must be an integer constant";
    QTest::newRow("negative divisor") << "i // -2" << false << "column 6"
                                      << "divisor must be positive";
    QTest::newRow("slash") << "i / 2" << false << "column 3"
                           << "use '//'";
    QTest::newRow("unbalanced (") << "(i + 1" << false << "column 7"
                                  << "expected ')'";
    QTest::newRow("unbalanced )") << "i + 1)" << false << "column 6"
                                  << "unbalanced ')'";
    QTest::newRow("max outside bounds") << "max(i, 0)" << false << "column 1"
                                        << "only allowed in loop bounds";
    QTest::newRow("min outside bounds") << "i + min(i, 4)" << false << "column 5"
                                        << "only allowed in loop bounds";
    QTest::newRow("unknown function") << "pow(i, 2)" << false << "column 1"
                                      << "unknown function 'pow'";
    QTest::newRow("wrong arity") << "cc_div(i)" << false << "column 1"
                                 << "takes 2 arguments";
    QTest::newRow("bad character") << "i $ 2" << false << "column 3"
                                   << "unexpected character '$'";
    QTest::newRow("empty") << "" << false << "column 1"
                           << "empty expression";
    QTest::newRow("dangling operator") << "i +" << false << "column 4"
                                       << "ends early";
    QTest::newRow("two atoms") << "i j" << false << "column 3"
                               << "unexpected 'j'";
    QTest::newRow("rank id not constant") << "rank(i, 0)" << false << "column 6"
                                          << "iteration id";
    QTest::newRow("rank channel negative") << "rank(0, -1)" << false << "column 9"
                                           << "channel id";
    QTest::newRow("huge literal") << "99999999999999999999" << false << "column 1"
                                  << "too large";
    QTest::newRow("no comparison") << "i + 1" << true << "column 6"
                                   << "expected a comparison";
    QTest::newRow("!=") << "i != 1" << true << "column 3"
                        << "'!='";
    QTest::newRow("chained comparison") << "0 <= i < N" << true << "column 8"
                                        << "one comparison";
    QTest::newRow("missing right side") << "i >=" << true << "column 5"
                                        << "missing right-hand side";
}

void tst_Expr::grammarErrors()
{
    QFETCH(QString, text);
    QFETCH(bool, constraint);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    try {
        if (constraint)
            ExprParser::parseConstraint(text.toStdString());
        else
            ExprParser::parse(text.toStdString());
        QFAIL("no error");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.place()), place);
        QVERIFY2(QString::fromStdString(e.fault()).contains(fault), e.what());
    }
}

void tst_Expr::treeErrors_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault");
    // Paths continue the caller's (`x` here) into the tree; strings add a column.
    QTest::newRow("string error gets a column") << R"("i*j")"
                                                << "x, column 3"
                                                << "non-affine product";
    QTest::newRow("bool") << "true"
                          << "x"
                          << "boolean";
    QTest::newRow("float") << "2.5"
                           << "x"
                           << "the number 2.5";
    QTest::newRow("null") << "null"
                          << "x"
                          << "got null";
    QTest::newRow("array") << "[1]"
                           << "x"
                           << "got array";
    QTest::newRow("no kind") << R"({"value": 1})"
                             << "x"
                             << "needs a \"kind\"";
    QTest::newRow("unknown kind") << R"({"kind": "Pow"})"
                                  << "x.kind"
                                  << "unknown expression kind 'Pow'";
    QTest::newRow("Const without value") << R"({"kind": "Const"})"
                                         << "x"
                                         << "missing \"value\"";
    QTest::newRow("Mult scale not integer") << R"({"kind": "Mult", "scale": "2", "expr": 1})"
                                            << "x.scale"
                                            << "must be an integer";
    QTest::newRow("Var bad name") << R"({"kind": "Var", "name": "i j"})"
                                  << "x.name"
                                  << "not an identifier";
    QTest::newRow("Var no name") << R"({"kind": "Var"})"
                                 << "x"
                                 << "non-empty string";
    QTest::newRow("FloorDiv by zero") << R"({"kind": "FloorDiv", "numer": "i", "denom": 0})"
                                      << "x.denom"
                                      << "division by zero";
    QTest::newRow("CCMod by a variable") << R"({"kind": "CCMod", "numer": "i", "denom": "N"})"
                                         << "x.denom"
                                         << "must be an integer constant";
    QTest::newRow("Modulo negative") << R"({"kind": "Modulo", "numer": "i", "denom": -4})"
                                     << "x.denom"
                                     << "must be positive";
    QTest::newRow("CCDiv no numer") << R"({"kind": "CCDiv", "denom": 4})"
                                    << "x"
                                    << "needs \"numer\"";
    QTest::newRow("deep path")
        << R"({"kind": "Sum", "terms": [{"coef": 1, "expr": "i"}, {"coef": 1, "expr": "i // j"}]})"
        << "x.terms[1].expr, column 6"
        << "must be an integer constant";
    QTest::newRow("CCGetRank negative") << R"({"kind": "CCGetRank", "iteration_id": -1, "channel_id": 0})"
                                        << "x"
                                        << "non-negative";
}

void tst_Expr::treeErrors()
{
    QFETCH(QString, value);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    try {
        ExprReader::read(json::parse(value.toStdString()), "x");
        QFAIL("no error");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.place()), place);
        QVERIFY2(QString::fromStdString(e.fault()).contains(fault), e.what());
    }
}

QTEST_GUILESS_MAIN(tst_Expr)
#include "tst_expr.moc"
