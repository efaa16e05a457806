// SPDX-License-Identifier: MIT
#include "GraphvizLayout.h"

#include <gvc.h>

#include <algorithm>
#include <charconv>
#include <clocale>
#include <cmath>
#include <locale.h>
#include <mutex>
#include <stdexcept>
#include <string>

namespace se {

namespace {

// Every Graphviz call in the process goes through this lock.
std::mutex &graphvizMutex()
{
    static std::mutex m;
    return m;
}

// The one Graphviz context, made on first use (under the lock) and freed at exit.
class Context {
public:
    static GVC_t *get()
    {
        static Context c;
        return c.m_gvc;
    }

private:
    Context()
    {
        agseterr(AGMAX); // no chatter on stderr; failures come back as return codes
        m_gvc = gvContext();
    }
    ~Context()
    {
        std::lock_guard<std::mutex> lock(graphvizMutex());
        gvFreeContext(m_gvc);
    }
    GVC_t *m_gvc = nullptr;
};

// Graphviz parses numbers with strtod: keep this thread in the C numeric
// locale while it runs, whatever locale the application chose.
class CNumericLocale {
public:
    CNumericLocale() : m_c(newlocale(LC_NUMERIC_MASK, "C", static_cast<locale_t>(nullptr)))
    {
        if (m_c)
            m_old = uselocale(m_c);
    }
    ~CNumericLocale()
    {
        if (m_c) {
            uselocale(m_old);
            freelocale(m_c);
        }
    }
    CNumericLocale(const CNumericLocale &) = delete;
    CNumericLocale &operator=(const CNumericLocale &) = delete;

private:
    locale_t m_c;
    locale_t m_old = LC_GLOBAL_LOCALE;
};

// Owns one graph and, once laid out, its layout.
class Graph {
public:
    Graph(GVC_t *gvc) : m_gvc(gvc), m_g(agopen(const_cast<char *>("g"), Agdirected, nullptr))
    {
        if (!m_g)
            throw std::runtime_error("Graphviz could not create a graph");
    }
    ~Graph()
    {
        if (m_laidOut)
            gvFreeLayout(m_gvc, m_g);
        agclose(m_g);
    }
    Graph(const Graph &) = delete;
    Graph &operator=(const Graph &) = delete;

    Agraph_t *get() const { return m_g; }
    void layout()
    {
        if (gvLayout(m_gvc, m_g, "dot") != 0)
            throw std::runtime_error("Graphviz could not lay out the graph");
        m_laidOut = true;
    }

private:
    GVC_t *m_gvc;
    Agraph_t *m_g;
    bool m_laidOut = false;
};

char *cstr(const char *s)
{
    return const_cast<char *>(s);
}

// Locale-independent decimal text.
std::string num(double v)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 4);
    return std::string(buf, r.ptr);
}

void set(void *obj, const char *name, const std::string &value)
{
    agsafeset(obj, cstr(name), const_cast<char *>(value.c_str()), cstr(""));
}

// An edge label is an empty HTML table cell of a fixed size: Graphviz then
// reserves exactly the room the caller's own text needs.
void setLabel(Agraph_t *g, Agedge_t *e, double width, double height)
{
    const std::string html = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\"><TR>"
                             "<TD FIXEDSIZE=\"TRUE\" WIDTH=\""
        + std::to_string(static_cast<long>(std::ceil(width))) + "\" HEIGHT=\""
        + std::to_string(static_cast<long>(std::ceil(height))) + "\"> </TD></TR></TABLE>";
    char *label = agstrdup_html(g, const_cast<char *>(html.c_str()));
    agsafeset(e, cstr("label"), label, cstr(""));
    agstrfree(g, label);
}

} // namespace

GraphLayout GraphvizLayout::compute(const LayoutGraph &input)
{
    for (const auto &e : input.edges)
        if (e.src >= input.nodes.size() || e.dst >= input.nodes.size())
            throw std::invalid_argument("GraphvizLayout: an edge names a node that does not exist");

    std::lock_guard<std::mutex> lock(graphvizMutex());
    CNumericLocale cLocale;
    Graph graph(Context::get());
    Agraph_t *g = graph.get();

    set(g, "rankdir", input.direction == LayoutGraph::Direction::LeftToRight ? "LR" : "TB");
    set(g, "splines", input.splines == LayoutGraph::Splines::Straight ? "line" : "true");
    set(g, "nodesep", num(input.nodeSeparation / 72.0));
    set(g, "ranksep", num(input.rankSeparation / 72.0));
    if (input.keepChildOrder)
        set(g, "ordering", "out");
    agattr(g, AGNODE, cstr("shape"), cstr("box"));
    agattr(g, AGNODE, cstr("fixedsize"), cstr("true"));
    agattr(g, AGNODE, cstr("label"), cstr(""));

    std::vector<Agnode_t *> nodes;
    nodes.reserve(input.nodes.size());
    for (std::size_t k = 0; k < input.nodes.size(); ++k) {
        const std::string name = "n" + std::to_string(k);
        Agnode_t *n = agnode(g, const_cast<char *>(name.c_str()), 1);
        set(n, "width", num(std::max(input.nodes[k].width, 1.0) / 72.0));
        set(n, "height", num(std::max(input.nodes[k].height, 1.0) / 72.0));
        nodes.push_back(n);
    }
    std::vector<Agedge_t *> edges;
    edges.reserve(input.edges.size());
    for (std::size_t k = 0; k < input.edges.size(); ++k) {
        const auto &in = input.edges[k];
        const std::string name = "e" + std::to_string(k); // named: parallel edges stay distinct
        Agedge_t *e = agedge(g, nodes[in.src], nodes[in.dst], const_cast<char *>(name.c_str()), 1);
        if (in.labelWidth > 0 && in.labelHeight > 0)
            setLabel(g, e, in.labelWidth, in.labelHeight);
        edges.push_back(e);
    }

    graph.layout();

    const boxf bb = GD_bb(g);
    // Graphviz's y grows up; Qt's grows down.
    const auto flip = [&](pointf p) { return GraphLayout::Point{p.x - bb.LL.x, bb.UR.y - p.y}; };

    GraphLayout out;
    out.width = bb.UR.x - bb.LL.x;
    out.height = bb.UR.y - bb.LL.y;
    for (Agnode_t *n : nodes) {
        const double w = ND_width(n) * 72.0, h = ND_height(n) * 72.0;
        const GraphLayout::Point c = flip(ND_coord(n));
        out.nodes.push_back({c.x - w / 2, c.y - h / 2, w, h});
    }
    for (Agedge_t *e : edges) {
        GraphLayout::Edge edge;
        if (const splines *spl = ED_spl(e)) {
            for (int b = 0; b < spl->size; ++b) {
                const bezier &bz = spl->list[b];
                for (int k = 0; k < bz.size; ++k)
                    edge.points.push_back(flip(bz.list[k]));
                if (bz.eflag) {
                    edge.hasArrow = true;
                    edge.arrowTip = flip(bz.ep);
                }
            }
        }
        if (const textlabel_t *l = ED_label(e); l && l->set) {
            edge.hasLabel = true;
            edge.labelCenter = flip(l->pos);
        }
        out.edges.push_back(std::move(edge));
    }
    return out;
}

std::string GraphvizLayout::render(const std::string &dot, const std::string &format)
{
    std::lock_guard<std::mutex> lock(graphvizMutex());
    CNumericLocale cLocale;
    GVC_t *gvc = Context::get();
    Agraph_t *g = agmemread(dot.c_str());
    if (!g)
        throw std::runtime_error("Graphviz could not read the graph");
    if (gvLayout(gvc, g, "dot") != 0) {
        agclose(g);
        throw std::runtime_error("Graphviz could not lay out the graph");
    }
    char *data = nullptr;
    unsigned int length = 0;
    const int rc = gvRenderData(gvc, g, format.c_str(), &data, &length);
    std::string out = rc == 0 && data ? std::string(data, length) : std::string();
    gvFreeRenderData(data);
    gvFreeLayout(gvc, g);
    agclose(g);
    if (rc != 0)
        throw std::runtime_error("Graphviz could not render the graph as " + format);
    return out;
}

std::string GraphvizLayout::version()
{
    std::lock_guard<std::mutex> lock(graphvizMutex());
    const char *v = gvcVersion(Context::get());
    return v ? v : "unknown";
}

} // namespace se
