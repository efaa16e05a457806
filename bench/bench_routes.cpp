// SPDX-License-Identifier: MIT
// bench_routes: times the routes to legality on one kernel and schedule, with
// every parameter at its kernel value, beside what a user has without them.
// Not a test: it prints figures (median of --runs, the worst band too).
//
//   bench_routes KERNEL [--schedule FILE] [--runs N] [--symbolic] [--max-bands N] [--ranges-only]
//
// Phases, the dependences computed once before them:
//   ranges     LegalRanges::compute at a band (every band of the tree, up to
//              --max-bands, each timed; median and worst over the bands)
//   moves      MoveFinder::evaluate at the same bands (the fixed-argument list
//              the ranges replace), with reasons
//   repair     Repair::find toward a legal schedule (an illegal schedule only)
//   check      one legality check of the schedule (Analyzer::violations): the
//              unit a tuner pays per candidate it tries
//   tries      what trying the candidate values of one shift costs: the check
//              times the values a range of [-8, 8] per statement would try
//
// --ranges-only times the ranges alone (for valgrind --tool=callgrind
// --toggle-collect='se::LegalRanges::compute*', whose instruction counts do
// not move with the machine's load).
#include "core/analysis/Analyzer.h"
#include "core/explore/LegalRanges.h"
#include "core/explore/MoveFinder.h"
#include "core/explore/Repair.h"
#include "core/interop/ScheduleInput.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/ScheduleTree.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/cpp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

double seconds(const std::chrono::steady_clock::time_point &since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

void bands(const se::TreeNode &n, se::NodePath &path, std::vector<se::NodePath> &out)
{
    if (n.isBand())
        out.push_back(path);
    for (std::size_t k = 0; k < n.children.size(); ++k) {
        path.push_back(static_cast<int>(k));
        bands(n.children[k], path, out);
        path.pop_back();
    }
}

} // namespace

int main(int argc, char **argv)
{
    std::string kernelPath, schedulePath;
    int runs = 3;
    std::size_t maxBands = 8;
    bool symbolic = false, rangesOnly = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--schedule" && i + 1 < argc)
            schedulePath = argv[++i];
        else if (a == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--max-bands" && i + 1 < argc)
            maxBands = static_cast<std::size_t>(std::max(1, std::atoi(argv[++i])));
        else if (a == "--symbolic")
            symbolic = true;
        else if (a == "--ranges-only")
            rangesOnly = true;
        else if (kernelPath.empty() && a[0] != '-')
            kernelPath = a;
        else {
            std::fprintf(stderr,
                         "usage: bench_routes KERNEL [--schedule FILE] [--runs N] [--symbolic] [--max-bands N] "
                         "[--ranges-only]\n");
            return 2;
        }
    }
    if (kernelPath.empty()) {
        std::fprintf(
            stderr,
            "usage: bench_routes KERNEL [--schedule FILE] [--runs N] [--symbolic] [--max-bands N] [--ranges-only]\n");
        return 2;
    }
    const se::KernelPtr kernel = se::KernelLoader::loadFile(kernelPath);
    se::Analyzer::Options options;
    if (!symbolic)
        for (const auto &p : kernel->params)
            if (p.value)
                options.params[p.name] = *p.value;
    options.quota = 0;
    se::Analyzer analyzer(kernel, options);
    const isl::schedule schedule = schedulePath.empty() ? analyzer.originalSchedule()
                                                        : se::ScheduleInput::readFile(analyzer.model(), schedulePath);
    const se::DepMode mode = se::DepMode::May;
    analyzer.dependences(mode);

    std::vector<double> check;
    bool legal = true;
    for (int r = 0; r < runs; ++r) {
        const auto t = std::chrono::steady_clock::now();
        legal = analyzer.violations(schedule, mode, false, false).empty();
        check.push_back(seconds(t));
    }
    std::vector<se::NodePath> paths;
    se::NodePath path;
    bands(se::ScheduleTree::read(schedule), path, paths);
    if (paths.size() > maxBands)
        paths.resize(maxBands);
    std::vector<double> ranges, moves;
    std::size_t statements = 0;
    for (const auto &p : paths) {
        std::vector<double> one, list;
        for (int r = 0; r < runs; ++r) {
            auto t = std::chrono::steady_clock::now();
            const se::BandRanges b = se::LegalRanges::compute(analyzer, schedule, p, mode);
            one.push_back(seconds(t));
            statements = std::max(statements, b.statements.size());
            if (rangesOnly)
                continue;
            t = std::chrono::steady_clock::now();
            se::MoveFinder::evaluate(analyzer, schedule, p, mode, false, true, true);
            list.push_back(seconds(t));
        }
        ranges.push_back(median(one));
        if (!list.empty())
            moves.push_back(median(list));
    }
    std::vector<double> repair;
    std::size_t proposals = 0;
    if (!legal && !rangesOnly)
        for (int r = 0; r < runs; ++r) {
            const auto t = std::chrono::steady_clock::now();
            proposals =
                se::Repair::find(analyzer, schedule, se::RepairGoal::Legal, std::nullopt, 3, mode).repairs.size();
            repair.push_back(seconds(t));
        }
    const double c = median(check);
    std::printf("kernel %s, schedule %s (%s), %zu bands timed, at most %zu statements under one\n",
                kernel->name.c_str(), schedulePath.empty() ? "original" : schedulePath.c_str(),
                legal ? "legal" : "illegal", paths.size(), statements);
    std::printf("  %-34s %10s %10s\n", "phase", "median s", "worst s");
    std::printf("  %-34s %10.4f %10.4f\n", "ranges at a band", median(ranges),
                ranges.empty() ? 0 : *std::max_element(ranges.begin(), ranges.end()));
    if (!rangesOnly)
        std::printf("  %-34s %10.4f %10.4f\n", "moves list at a band (reasons)", median(moves),
                    moves.empty() ? 0 : *std::max_element(moves.begin(), moves.end()));
    if (!legal && !rangesOnly)
        std::printf("  %-34s %10.4f %10s  (%zu proposals)\n", "repair toward legal", median(repair), "", proposals);
    std::printf("  %-34s %10.4f %10s\n", "one legality check", c, "");
    std::printf("  %-34s %10.4f %10s  (17 values x %zu statements x checks)\n", "trying shifts -8..8 instead",
                c * 17 * static_cast<double>(statements), "", statements);
    return 0;
}
