// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QRegularExpression>
#include <QSyntaxHighlighter>

namespace se {

/// Highlights loop nests: Axis text (`for (i: range(0, N, 1))`) or C.
/// Statement names (`s1`, or `S_1(...)` calls in C) take their statement's
/// colour, as in the graph.
class NestHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Language { Axis, C, Isl };

    NestHighlighter(Language language, QTextDocument *parent);
    /// Statement names in program order (their colours).
    void setStatements(const QStringList &names);

protected:
    void highlightBlock(const QString &text) override;

private:
    void apply(const QString &text, const QRegularExpression &re, const QTextCharFormat &format);

    Language m_language;
    QHash<QString, int> m_statements;
    QRegularExpression m_keywords, m_numbers, m_comment, m_statement;
};

} // namespace se
