// SPDX-License-Identifier: MIT
#include "FigureFonts.h"

#include <QFontDatabase>
#include <QGuiApplication>

namespace se {

FigureFonts FigureFonts::defaults()
{
    // Pixel sizes: the scene is in pixels, whatever the screen's DPI says.
    FigureFonts f;
    f.body = QGuiApplication::font();
    f.body.setPixelSize(12);
    f.title = f.body;
    f.title.setBold(true);
    f.mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.mono.setPixelSize(12);
    f.small = f.body;
    f.small.setPixelSize(10);
    // Unhinted glyph advances scale linearly: text measured at 100% still
    // fits its box when the view is zoomed to 80% or 125%.
    for (QFont *font : {&f.title, &f.body, &f.mono, &f.small})
        font->setHintingPreference(QFont::PreferNoHinting);
    return f;
}

} // namespace se
