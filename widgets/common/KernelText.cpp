// SPDX-License-Identifier: MIT
#include "KernelText.h"
#include "QtString.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <string_view>

#include "widgets/figures/GraphFigureBuilder.h"

namespace se {

namespace {

QString bound(const std::vector<ExprPtr> &list, const char *many)
{
    QStringList parts;
    for (const auto &e : list)
        parts << q(e->str());
    if (parts.size() == 1)
        return parts.front();
    return QLatin1String(many) + QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

void body(const std::vector<Node> &items, int depth, KernelText &out, QStringList &lines)
{
    const QString indent(depth * 4, QLatin1Char(' '));
    for (const auto &n : items) {
        if (n.isLoop()) {
            const Loop &l = n.loop();
            lines << indent
                    + QStringLiteral("for (%1: range(%2, %3, %4))")
                          .arg(q(l.iterator), bound(l.lb, "max"), bound(l.ub, "min"))
                          .arg(l.stride);
            out.statementOfLine << QString();
            body(l.body, depth + 1, out, lines);
        } else {
            lines << indent + KernelText::statementLine(n.statement());
            out.statementOfLine << q(n.statement().tupleName());
        }
    }
}

} // namespace

QString KernelText::statementLine(const Statement &s)
{
    QString line;
    if (!s.predicates.empty()) {
        QStringList preds;
        for (const auto &c : s.predicates)
            preds << q(c.str());
        line += QStringLiteral("if (") + preds.join(QStringLiteral(" and ")) + QStringLiteral(") ");
    }
    line += q(s.tupleName());
    if (!s.op.empty())
        line += QLatin1Char(' ') + q(s.op);
    line += QStringLiteral(": ") + (s.text.empty() ? GraphFigureBuilder::accessSummary(s) : q(s.text));
    return line;
}

KernelText KernelText::fromKernel(const Kernel &kernel)
{
    KernelText out;
    QStringList lines;
    body(kernel.body, 0, out, lines);
    out.text = lines.join(QLatin1Char('\n'));
    return out;
}

QString KernelText::withBufferNames(const Kernel *kernel, const std::string &text)
{
    QString out = QString::fromStdString(text);
    if (!kernel)
        return out;
    // The tables ask for this text per cell and per paint: the names are
    // looked for in the plain text first, each buffer once, and each
    // name's pattern made once (a tile of tiled_matmul_64: 126 violations,
    // two columns each, 193 tensors in buffers, took 29 ms).
    thread_local QHash<QString, QRegularExpression> patterns;
    std::vector<const std::string *> done; // each buffer once (many tensors share one)
    const auto mentions = [&](const std::string &buffer) { // `<buffer>_alloc` in the text, with no copy
        static constexpr std::string_view suffix = "_alloc";
        for (std::size_t at = text.find(buffer); at != std::string::npos; at = text.find(buffer, at + 1))
            if (std::string_view(text).substr(at + buffer.size(), suffix.size()) == suffix)
                return true;
        return false;
    };
    for (const auto &t : kernel->tensors) {
        if (!t.alloc
            || std::any_of(done.begin(), done.end(), [&](const std::string *b) { return *b == t.alloc->buffer; }))
            continue;
        done.push_back(&t.alloc->buffer);
        if (!mentions(t.alloc->buffer))
            continue;
        const QString buffer = QString::fromStdString(t.alloc->buffer);
        const QString alloc = QString::fromStdString(t.allocationName());
        out.replace(QStringLiteral("on tensor: ") + alloc + QLatin1Char(':'),
                    QStringLiteral("on buffer ") + buffer + QLatin1Char(':'));
        auto pattern = patterns.find(alloc);
        if (pattern == patterns.end())
            pattern = patterns.insert(
                alloc,
                QRegularExpression(QStringLiteral("\\b") + QRegularExpression::escape(alloc) + QStringLiteral("\\b")));
        out.replace(*pattern, buffer);
    }
    return out;
}

} // namespace se
