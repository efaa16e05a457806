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
    return f;
}

} // namespace se
