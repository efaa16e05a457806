// SPDX-License-Identifier: MIT
#include "NestHighlighter.h"

#include "widgets/figures/StatementPalette.h"

#include <QGuiApplication>
#include <QPalette>

namespace se {

NestHighlighter::NestHighlighter(Language language, QTextDocument *parent)
    : QSyntaxHighlighter(parent), m_language(language)
{
    switch (language) {
    case Language::Axis:
        m_keywords = QRegularExpression(QStringLiteral("\\b(for|range|if|else|and|or|max|min)\\b"));
        m_comment = QRegularExpression(QStringLiteral("#.*$"));
        break;
    case Language::C:
        m_keywords = QRegularExpression(
            QStringLiteral("\\b(for|if|else|int|long|void|return|define|floord|min|max|while|do|const)\\b|#\\s*\\w+"));
        m_comment = QRegularExpression(QStringLiteral("//.*$|/\\*.*\\*/"));
        break;
    case Language::Isl:
        m_keywords = QRegularExpression(QStringLiteral(
            "\\b(domain|child|schedule|sequence|set|filter|mark|permutable|coincident|options|and|or|floor|mod)\\b"));
        m_comment = QRegularExpression(QStringLiteral("^#.*$"));
        break;
    }
    m_numbers = QRegularExpression(QStringLiteral("\\b\\d+\\b"));
    // s0, s12 (Axis, isl), S_0 / s0( calls (C)
    m_statement = QRegularExpression(QStringLiteral("\\b[sS]_?(\\d+)\\b"));
}

void NestHighlighter::setStatements(const QStringList &names)
{
    m_statements.clear();
    for (int k = 0; k < names.size(); ++k)
        m_statements.insert(names[k], k);
    rehighlight();
}

void NestHighlighter::apply(const QString &text, const QRegularExpression &re, const QTextCharFormat &format)
{
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), format);
    }
}

void NestHighlighter::highlightBlock(const QString &text)
{
    // Colours that read on the palette's base: darker inks on a light
    // theme, lighter ones on a dark theme (View > Theme).
    const bool dark = QGuiApplication::palette().color(QPalette::Base).lightness() < 128;
    QTextCharFormat kw;
    kw.setForeground(dark ? QColor(0xce, 0x93, 0xd8) : QColor(0x6a, 0x1b, 0x9a));
    kw.setFontWeight(QFont::Bold);
    QTextCharFormat num;
    num.setForeground(dark ? QColor(0x80, 0xcb, 0xc4) : QColor(0x0d, 0x6e, 0x6e));
    QTextCharFormat comment;
    comment.setForeground(dark ? QColor(0x9a, 0xa0, 0xa8) : QColor(0x80, 0x80, 0x80));
    comment.setFontItalic(true);
    apply(text, m_keywords, kw);
    apply(text, m_numbers, num);
    auto it = m_statement.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        const auto found = m_statements.find(QLatin1Char('s') + m.captured(1));
        if (found == m_statements.end())
            continue;
        QTextCharFormat f;
        f.setForeground(dark ? StatementPalette::color(found.value()).lighter(150)
                             : StatementPalette::color(found.value()));
        f.setFontWeight(QFont::Bold);
        setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), f);
    }
    apply(text, m_comment, comment);
}

} // namespace se
