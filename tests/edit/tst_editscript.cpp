// SPDX-License-Identifier: MIT
// Edit scripts and the JSON form of edits: every kind round-trips; bad
// scripts are InputErrors whose place is the JSON path of the fault.
#include "core/edit/Edit.h"
#include "core/edit/EditScript.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace se;

namespace {
QString q(const char *s)
{
    return QString::fromUtf8(s);
}
} // namespace

class tst_EditScript : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip();
    void nodeAsText();
    void badScripts_data();
    void badScripts();
    void otherKernel();
    void syntaxError();
};

void tst_EditScript::roundTrip()
{
    const std::vector<Edit> all = {
        Edit::permute({0}, {1, 0}),
        Edit::interchange({0, 0, 0}),
        Edit::tile({0}, {32, 8}),
        Edit::split({0}, 1),
        Edit::merge({0}),
        Edit::reverse({0}, 1),
        Edit::shift({0, 0}, 0, {{"s0", "N - 1"}, {"s1", "1"}}),
        Edit::skew({0}, 1, 0, -2),
        Edit::scale({0}, 0, 4),
        Edit::setPermutable({0}, false),
        Edit::setCoincident({0}, 1, true),
        Edit::move({0, 0}, 2, 0),
        Edit::fuse({0, 0}, 1),
        Edit::distribute({0}),
        Edit::toSet({0, 0}),
        Edit::toSequence({0, 0}),
        Edit::insertMark({0}, "parallel"),
        Edit::renameMark({0, 0, 0, 0, 0}, "stencil"),
        Edit::deleteMark({0, 0, 0, 0, 0}),
        Edit::memberExpr({0}, 0, "s1", "t + i"),
    };
    QCOMPARE(all.size(), allEditKinds().size());
    EditScript s;
    s.kernel = "jacobi_1d";
    s.edits = all;
    const std::string text = s.toJson().dump();
    const EditScript back = EditScript::fromJson(nlohmann::json::parse(text), "s.json");
    QCOMPARE(back.kernel, s.kernel);
    QCOMPARE(back.edits.size(), all.size());
    for (std::size_t k = 0; k < all.size(); ++k)
        QVERIFY2(back.edits[k] == all[k], all[k].toJson().dump().c_str());
}

void tst_EditScript::nodeAsText()
{
    const Edit e = Edit::fromJson(nlohmann::json::parse(R"({"edit": "distribute", "node": "0.1.0"})"));
    QCOMPARE(e.node, (NodePath{0, 1, 0}));
    QCOMPARE(Edit::fromJson(nlohmann::json::parse(R"({"edit": "to_set", "node": "root"})")).node, NodePath{});
    QCOMPARE(QString::fromStdString(nodePathText({0, 1, 0})), q("0.1.0"));
    QVERIFY(!parseNodePath("0..1").has_value());
    QVERIFY(!parseNodePath("a").has_value());
}

void tst_EditScript::badScripts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault");
    QTest::newRow("not an object") << q("[1]") << q("") << q("an edit script is an object");
    QTest::newRow("edits not an array") << q(R"({"edits": {}})") << q("edits") << q("not an array");
    QTest::newRow("kernel not a string") << q(R"({"kernel": 3, "edits": []})") << q("kernel") << q("a string");
    QTest::newRow("unknown top key") << q(R"({"edit": []})") << q("edit") << q("unknown key");
    QTest::newRow("edit not an object") << q(R"({"edits": [3]})") << q("edits[0]") << q("an edit is an object");
    QTest::newRow("unknown kind") << q(R"({"edits": [{"edit": "spin", "node": [0]}]})") << q("edits[0].edit")
                                  << q("unknown edit 'spin'");
    QTest::newRow("missing node") << q(R"({"edits": [{"edit": "tile", "sizes": [4]}]})") << q("edits[0]")
                                  << q("missing 'node'");
    QTest::newRow("unknown key") << q(R"({"edits": [{"edit": "tile", "node": [0], "size": [4]}]})")
                                 << q("edits[0].size") << q("unknown key for tile");
    QTest::newRow("tile size zero") << q(R"({"edits": [{"edit": "merge", "node": [0]},
                                              {"edit": "tile", "node": [0], "sizes": [4, 0]}]})")
                                    << q("edits[1].sizes[1]") << q("between 1 and");
    QTest::newRow("tile sizes missing") << q(R"({"edits": [{"edit": "tile", "node": [0]}]})") << q("edits[0].sizes")
                                        << q("non-empty array");
    QTest::newRow("negative index") << q(R"({"edits": [{"edit": "fuse", "node": [0, -1], "child": 0}]})")
                                    << q("edits[0].node[1]") << q("between 0 and");
    QTest::newRow("bad node text") << q(R"({"edits": [{"edit": "to_set", "node": "0.x"}]})") << q("edits[0].node")
                                   << q("child indices");
    QTest::newRow("member not an integer") << q(R"({"edits": [{"edit": "reverse", "node": [0], "member": "0"}]})")
                                           << q("edits[0].member") << q("must be an integer");
    QTest::newRow("missing member") << q(R"({"edits": [{"edit": "reverse", "node": [0]}]})") << q("edits[0]")
                                    << q("missing 'member'");
    QTest::newRow("offset a list") << q(R"({"edits": [{"edit": "shift", "node": [0], "member": 0,
                                             "offsets": {"s1": [1]}}]})")
                                   << q("edits[0].offsets.s1") << q("an integer or an expression");
    QTest::newRow("no offsets") << q(R"({"edits": [{"edit": "shift", "node": [0], "member": 0, "offsets": {}}]})")
                                << q("edits[0].offsets") << q("statement -> offset");
    QTest::newRow("scale by zero") << q(R"({"edits": [{"edit": "scale", "node": [0], "member": 0, "factor": 0}]})")
                                   << q("edits[0].factor") << q("between 1 and");
    QTest::newRow("value not a bool") << q(R"({"edits": [{"edit": "set_permutable", "node": [0], "value": 1}]})")
                                      << q("edits[0].value") << q("true or false");
    QTest::newRow("expr missing") << q(R"({"edits": [{"edit": "member_expr", "node": [0], "member": 0,
                                            "statement": "s0"}]})")
                                  << q("edits[0]") << q("missing 'expr'");
}

void tst_EditScript::badScripts()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    try {
        EditScript::fromJson(nlohmann::json::parse(text.toStdString()), "s.json");
        QFAIL("accepted");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.file()), q("s.json"));
        QCOMPARE(QString::fromStdString(e.place()), place);
        QVERIFY2(QString::fromStdString(e.fault()).contains(fault), e.what());
    }
}

void tst_EditScript::otherKernel()
{
    const EditScript s = EditScript::fromJson(nlohmann::json::parse(R"({"kernel": "two_mm", "edits": []})"), "s.json");
    s.checkKernel("two_mm", "s.json");
    QVERIFY_THROWS_EXCEPTION(InputError, s.checkKernel("jacobi_1d", "s.json"));
    EditScript::fromJson(nlohmann::json::parse(R"({"edits": []})"), "s.json").checkKernel("jacobi_1d", "s.json");
}

void tst_EditScript::syntaxError()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(q("s.json")).toStdString();
    std::ofstream(path) << "{ \"edits\": [\n  { \"edit\": \"tile\", }\n] }\n";
    try {
        EditScript::loadFile(path);
        QFAIL("accepted");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), path);
        QVERIFY2(QString::fromStdString(e.place()).startsWith(q("line 2")), e.what());
    }
}

QTEST_GUILESS_MAIN(tst_EditScript)
#include "tst_editscript.moc"
