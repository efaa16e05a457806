// SPDX-License-Identifier: MIT
#include "KernelText.h"
#include "QtString.h"

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

namespace {

bool wordChar(char c)
{
    // As \b of QRegularExpression without Unicode properties: ASCII letters,
    // digits and '_' (a byte of a UTF-8 sequence is none of them).
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `text` with `from` replaced by `to` where `from` is a whole word (`whole`)
// or anywhere, left to right.
void replace(std::string &text, const std::string &from, const std::string &to, bool whole)
{
    std::string out;
    std::size_t done = 0;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 1)) {
        if (at < done)
            continue; // (inside the last one replaced)
        const std::size_t end = at + from.size();
        if (whole && ((at > 0 && wordChar(text[at - 1])) || (end < text.size() && wordChar(text[end]))))
            continue;
        out.append(text, done, at - done).append(to);
        done = end;
    }
    if (done == 0 && out.empty())
        return;
    out.append(text, done, std::string::npos);
    text = std::move(out);
}

} // namespace

QString KernelText::withBufferNames(const Kernel *kernel, const std::string &text)
{
    if (!kernel)
        return QString::fromStdString(text);
    // The tables ask for this text per cell and per paint (a first tile by
    // 32 of tiled_matmul_64: 1,008 violations, two columns each, 193
    // tensors in buffers): each buffer is looked for once, in the plain
    // text, and replaced there with no regular expression.
    std::string out = text;
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
        const std::string &buffer = t.alloc->buffer;
        const std::string alloc = t.allocationName();
        replace(out, "on tensor: " + alloc + ':', "on buffer " + buffer + ':', false);
        replace(out, alloc, buffer, true);
    }
    return QString::fromStdString(out);
}

} // namespace se
