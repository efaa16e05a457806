// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>

#include <string>

namespace se {

/// The loop nest of one analysis request, made on the nest thread (plain
/// text: no isl object crosses threads). The controller puts it into the
/// request's snapshot.
struct NestResult {
    quint64 generation = 0;
    std::string text; ///< NestTextPrinter
    std::string c; ///< isl's C
    std::string kernelJson; ///< NestKernelWriter
    std::string scheduleMap; ///< SchedulePrinter::flatMap, shown beside the nest
    bool mapDeferred = false; ///< scheduleMap not made: not wanted (AnalysisRequest::map)
    std::string error; ///< why there is no nest, or empty
    bool fallback = false; ///< made by the analysis thread's nest worker
};

} // namespace se

Q_DECLARE_METATYPE(se::NestResult)
