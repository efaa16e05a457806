// SPDX-License-Identifier: MIT
#pragma once

#include <QFont>

namespace se {

/// The fonts figures are measured and drawn with. Chosen on the GUI thread
/// and copied into each analysis request, so the worker measures text with
/// exactly the fonts the views paint with (Graphviz never measures text).
struct FigureFonts {
    QFont title; ///< node kind and statement names, bold
    QFont body; ///< plain text
    QFont mono; ///< isl text and expressions
    QFont small; ///< badges and edge labels

    /// Pixel-sized fonts derived from the application font and the system's
    /// fixed font; call on the GUI thread.
    static FigureFonts defaults();
};

} // namespace se
