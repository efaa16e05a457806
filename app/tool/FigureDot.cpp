// SPDX-License-Identifier: MIT
#include "FigureDot.h"

#include "core/report/CheckReport.h"
#include "core/isl/PolyhedralModel.h"
#include "core/layout/FigureStyle.h"
#include "core/model/Statement.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <map>
#include <sstream>

namespace se::tool {

namespace {

// Text inside an HTML-like label.
std::string html(const std::string &text, std::size_t maxChars = 160)
{
    std::string out;
    std::size_t chars = 0;
    for (char c : text) {
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && ++chars > maxChars) {
            out += "&#8230;";
            break;
        }
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\n': out += "<BR/>"; break;
        default: out += c;
        }
    }
    return out;
}

std::string font(const std::string &color, const std::string &text, int size = 0)
{
    return "<FONT COLOR=\"" + color + "\"" + (size ? " POINT-SIZE=\"" + std::to_string(size) + "\"" : "") + ">" + text
        + "</FONT>";
}

std::string mono(const std::string &text)
{
    return "<FONT FACE=\"DejaVu Sans Mono\" POINT-SIZE=\"9\">" + text + "</FONT>";
}

const char *Header =
    "  graph [fontname=\"DejaVu Sans\", bgcolor=\"white\"];\n"
    "  node [fontname=\"DejaVu Sans\", fontsize=11, shape=box, style=\"rounded\", margin=\"0.12,0.06\"];\n"
    "  edge [fontname=\"DejaVu Sans\", fontsize=9, arrowsize=0.7];\n";

int statementIndex(const PolyhedralModel &model, const std::string &name)
{
    return model.statementIndex(name);
}

std::string chip(const PolyhedralModel &model, const std::string &statement)
{
    return "<B>" + font(FigureStyle::statementColor(statementIndex(model, statement)), html(statement)) + "</B>";
}

} // namespace

std::string FigureDot::dependenceGraph(const PolyhedralModel &model, const CheckReport &report)
{
    std::ostringstream out;
    // The app's GraphFigureBuilder: dot, top to bottom, 36 pt between nodes, 40 between ranks.
    out << "digraph dependences {\n" << Header << "  graph [rankdir=TB, nodesep=0.5, ranksep=0.5556];\n";
    std::map<std::string, std::size_t> nodeOf;
    const auto &statements = model.statements();
    for (std::size_t k = 0; k < statements.size(); ++k) {
        const auto &st = statements[k];
        const Statement &s = st.statement();
        const std::string color = FigureStyle::statementColor(static_cast<int>(k));
        std::string label = "<B>" + font(color, html(st.name)) + "</B>";
        if (!s.op.empty())
            label += " " + html(s.op);
        if (!s.text.empty())
            label += "<BR/>" + font(FigureStyle::mutedColor(), mono(html(s.text)));
        nodeOf[st.name] = k;
        out << "  n" << k << " [label=<" << label << ">, color=\"" << color << "\", penwidth=1.5];\n";
    }
    std::vector<bool> violated(report.edges.size(), false);
    std::vector<std::optional<std::int64_t>> violatedPairs(report.edges.size());
    for (const auto &v : report.violations)
        if (v.edge < violated.size()) {
            violated[v.edge] = true;
            violatedPairs[v.edge] = v.count;
        }
    for (std::size_t k = 0; k < report.edges.size(); ++k) {
        const auto &e = report.edges[k];
        const auto src = nodeOf.find(e.src), dst = nodeOf.find(e.dst);
        if (src == nodeOf.end() || dst == nodeOf.end())
            continue;
        const std::string color = violated[k] ? FigureStyle::violatedColor() : FigureStyle::edgeColor(e.type);
        std::string label = font(color, html(e.type + " \u00b7 " + e.allocation)) + "<BR/>"
            + font(FigureStyle::mutedColor(), html(e.directionText()));
        if (violated[k])
            label += "<BR/>"
                + font(color,
                       violatedPairs[k] ? "violated (" + std::to_string(*violatedPairs[k]) + " pairs)"
                                        : std::string("violated"));
        else if (e.count)
            label += "<BR/>" + font(FigureStyle::mutedColor(), std::to_string(*e.count) + " pairs");
        if (!e.assumedAbsent.empty())
            label += "<BR/>" + font("#b28000", "assumed absent: " + html(e.assumedAbsent, 60));
        out << "  n" << src->second << " -> n" << dst->second << " [label=<" << label << ">, color=\"" << color
            << "\", penwidth=" << (violated[k] ? "3.2" : "1.6") << (e.assumedAbsent.empty() ? "" : ", style=dashed")
            << "];\n";
    }
    out << "}\n";
    return out.str();
}

std::string FigureDot::scheduleTree(const PolyhedralModel &model, const ScheduleTreeSnapshot &tree)
{
    using Kind = ScheduleTreeSnapshot::Kind;
    std::ostringstream out;
    // The app's TreeFigureBuilder: children in order, straight links, 18 pt between nodes, 26 between ranks.
    out << "digraph schedule_tree {\n"
        << Header << "  graph [rankdir=TB, ordering=out, splines=line, nodesep=0.25, ranksep=0.3611];\n";
    for (std::size_t k = 0; k < tree.nodes.size(); ++k) {
        const auto &n = tree.nodes[k];
        std::string chips;
        for (const auto &s : n.statements)
            chips += (chips.empty() ? "" : " ") + chip(model, s);
        std::string label;
        std::string color = "#8a94a0";
        switch (n.kind) {
        case Kind::Domain:
            label = "<B>domain</B><BR/>" + chips + "<BR/>" + font(FigureStyle::mutedColor(), mono(html(n.text, 120)));
            break;
        case Kind::Filter:
            label = "<B>filter</B><BR/>" + chips;
            if (n.statements.size() == 1)
                color = FigureStyle::statementColor(statementIndex(model, n.statements.front()));
            break;
        case Kind::Band: {
            label = "<B>band</B>";
            if (n.permutable)
                label += " " + font(FigureStyle::mutedColor(), "permutable", 9);
            // One row per statement: its expression for each member.
            std::map<std::string, std::vector<std::string>> rows;
            std::vector<std::string> order;
            for (const auto &m : n.members)
                for (const auto &p : m.parts) {
                    if (!rows.count(p.statement))
                        order.push_back(p.statement);
                    rows[p.statement].push_back(p.expr);
                }
            for (const auto &s : order) {
                std::string exprs;
                for (const auto &e : rows[s])
                    exprs += (exprs.empty() ? "" : ", ") + e;
                label += "<BR/>" + chip(model, s) + " " + mono(html("[" + exprs + "]"));
            }
            std::string co;
            for (const auto &m : n.members)
                co += co.empty() ? (m.coincident ? "yes" : "no") : std::string(", ") + (m.coincident ? "yes" : "no");
            if (!n.members.empty())
                label += "<BR/>" + font(FigureStyle::mutedColor(), "coincident: " + co, 9);
            color = "#3c4650";
            break;
        }
        case Kind::Mark: label = "<B>mark</B> " + mono(html(n.text)); break;
        case Kind::Leaf: label = font(FigureStyle::mutedColor(), "leaf", 9); break;
        default: label = std::string("<B>") + ScheduleTreeSnapshot::kindName(n.kind) + "</B>"; break;
        }
        out << "  t" << k << " [label=<" << label << ">, color=\"" << color << "\"];\n";
    }
    for (std::size_t k = 0; k < tree.nodes.size(); ++k)
        for (int c : tree.nodes[k].children)
            out << "  t" << k << " -> t" << c << " [color=\"#8a94a0\", arrowhead=none];\n";
    out << "}\n";
    return out.str();
}

} // namespace se::tool
