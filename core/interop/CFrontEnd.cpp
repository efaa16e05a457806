// SPDX-License-Identifier: MIT
#include "CFrontEnd.h"

#include "ExternalTool.h"
#include "JscopKernel.h"
#include "JscopReader.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace se {

namespace {

// Seconds either program may take: PolyBench files take well under one.
constexpr double ToolSeconds = 120;

std::string baseName(const std::string &path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A scratch directory removed with everything in it when it goes.
class ScratchDir {
public:
    ScratchDir()
    {
        char tmpl[] = "/tmp/se-c-XXXXXX";
        if (::mkdtemp(tmpl))
            m_path = tmpl;
    }
    ~ScratchDir()
    {
        if (m_path.empty())
            return;
        if (DIR *d = ::opendir(m_path.c_str())) {
            while (const dirent *e = ::readdir(d))
                if (std::string(e->d_name) != "." && std::string(e->d_name) != "..")
                    ::unlink((m_path + "/" + e->d_name).c_str());
            ::closedir(d);
        }
        ::rmdir(m_path.c_str());
    }
    ScratchDir(const ScratchDir &) = delete;
    ScratchDir &operator=(const ScratchDir &) = delete;
    const std::string &path() const { return m_path; }

private:
    std::string m_path;
};

// The program or an InputError that says what to install.
std::string program(const std::string &name, const char *var, const char *package, const std::string &file)
{
    const std::string p = ExternalTool::find(name);
    if (p.empty())
        throw InputError(file, "",
                         "opening C needs " + name + ", which is not on PATH: install the Debian package " + package
                             + " (or name the program in " + var + ")");
    return p;
}

std::string lastLines(const std::string &text, std::size_t n)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (!l.empty())
            lines.push_back(l);
    std::string out;
    for (std::size_t k = lines.size() > n ? lines.size() - n : 0; k < lines.size(); ++k)
        out += "\n  " + lines[k];
    return out;
}

// Source lines of each basic block, by its function and Polly's statement
// spelling of the block name (`f/for_body16` for `for.body16`), from the `!dbg` locations of
// its loads, stores and calls in the IR clang wrote.
std::map<std::string, std::set<int>> blockLines(const std::string &ll)
{
    std::map<std::string, int> locLine; // !110 -> 8
    static const std::regex loc(R"(^!(\d+) = !DILocation\(line: (\d+))");
    std::istringstream in(ll);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        if (std::regex_search(l, m, loc))
            locLine["!" + m[1].str()] = std::stoi(m[2].str());
        lines.push_back(std::move(l));
    }
    std::map<std::string, std::set<int>> out;
    static const std::regex label(R"(^([A-Za-z$._][A-Za-z0-9$._-]*):)");
    static const std::regex dbg(R"(!dbg (!\d+))");
    static const std::regex define(R"(^define .*@([A-Za-z0-9_.$]+)\()");
    std::string function, block;
    for (const auto &l : lines) {
        std::smatch m;
        if (std::regex_search(l, m, define)) {
            function = m[1].str();
            block = "entry";
            continue;
        }
        if (std::regex_search(l, m, label)) {
            block = m[1].str();
            std::replace(block.begin(), block.end(), '.', '_');
            block = function + "/" + block; // block names repeat across functions
            continue;
        }
        if (block.empty() || l.find("!dbg") == std::string::npos)
            continue;
        const bool memory = l.find(" store ") != std::string::npos || l.find(" load ") != std::string::npos
            || l.find(" call ") != std::string::npos;
        if (!memory)
            continue;
        if (std::regex_search(l, m, dbg))
            if (auto it = locLine.find(m[1].str()); it != locLine.end() && it->second > 0)
                out[block].insert(it->second);
    }
    return out;
}

// Lines of a statement: its block's, found by Polly's name for it
// (Stmt_<block>, Stmt_<entry>__TO__<exit> for a region statement, and a
// suffix when Polly splits a block).
std::set<int> statementLines(const std::map<std::string, std::set<int>> &blocks, const std::string &function,
                             std::string name)
{
    if (name.rfind("Stmt_", 0) == 0)
        name = name.substr(5);
    if (const auto to = name.find("__TO__"); to != std::string::npos)
        name = name.substr(0, to);
    for (std::string n = name; !n.empty(); n.pop_back())
        if (auto it = blocks.find(function + "/" + n); it != blocks.end())
            return it->second;
    return {};
}

std::string range(const std::set<int> &lines)
{
    if (lines.empty())
        return "";
    const int lo = *lines.begin(), hi = *lines.rbegin();
    return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
}

} // namespace

bool CFrontEnd::isSource(const std::string &path)
{
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos || path.find('/', dot) != std::string::npos)
        return false;
    const std::string ext = path.substr(dot + 1);
    return ext == "c" || ext == "cc" || ext == "cpp" || ext == "cxx" || ext == "C";
}

std::vector<std::string> CFrontEnd::clangFlags()
{
    // -O1 with LLVM's passes off: clang emits the IR it would optimise
    // (lifetime markers, TBAA) but leaves the optimising to Polly's
    // canonicalisation; -g gives the source lines; value names make
    // Polly's statement and array names readable; -fno-math-errno lets
    // calls like sqrt into a SCoP.
    return {"-O1", "-g", "-fno-discard-value-names", "-fno-math-errno", "-Xclang", "-disable-llvm-passes"};
}

std::vector<std::string> CFrontEnd::pollyFlags()
{
    // Canonicalize (mem2reg, loop rotation, induction variables) as
    // Polly's own pipeline does; keep SCoPs Polly finds unprofitable (small
    // ones are still worth scheduling); name statements and arrays after
    // the IR's values.
    return {"-polly-canonicalize", "-polly-process-unprofitable", "-polly-use-llvm-names"};
}

std::string CFrontEnd::clang()
{
    return ExternalTool::fromEnvironment("SE_CLANG", "clang-14");
}

std::string CFrontEnd::opt()
{
    return ExternalTool::fromEnvironment("SE_OPT", "opt-14");
}

std::vector<CFrontEnd::Scop> CFrontEnd::scops(const std::string &path, const std::string &function)
{
    KernelLoader::readFile(path); // the file's own error when it cannot be read
    const std::string clangExe = program(clang(), "SE_CLANG", "clang-14", path);
    const std::string optExe = program(opt(), "SE_OPT", "llvm-14", path);
    ScratchDir dir;
    if (dir.path().empty())
        throw InputError(path, "", "cannot make a scratch directory in /tmp");
    const std::string ll = dir.path() + "/kernel.ll";

    std::vector<std::string> cc{clangExe};
    for (const auto &f : clangFlags())
        cc.push_back(f);
    for (const auto &f : {"-S", "-emit-llvm", "-o"})
        cc.push_back(f);
    cc.push_back(ll);
    cc.push_back(path);
    const auto compiled = ExternalTool::run(cc, "", ToolSeconds);
    if (!compiled.started || compiled.status != 0)
        throw InputError(path, "",
                         clang() + (compiled.timedOut ? " timed out" : " could not compile it") + ":"
                             + lastLines(compiled.err, 40));

    std::vector<std::string> po{optExe};
    for (const auto &f : pollyFlags())
        po.push_back(f);
    po.push_back("-polly-export-jscop");
    po.push_back("-polly-import-jscop-dir=" + dir.path());
    if (!function.empty())
        po.push_back("-polly-only-func=^" + function + "$");
    // Polly's reasons for leaving a region out.
    po.push_back("-pass-remarks-missed=polly-detect");
    po.push_back("-disable-output");
    po.push_back(ll);
    const auto analysed = ExternalTool::run(po, "", ToolSeconds);
    if (!analysed.started || analysed.status != 0)
        throw InputError(path, "",
                         opt() + (analysed.timedOut ? " timed out" : " failed") + ":" + lastLines(analysed.err, 40));

    const auto blocks = blockLines(KernelLoader::readFile(ll));
    std::vector<std::string> source;
    {
        std::istringstream in(KernelLoader::readFile(path));
        for (std::string l; std::getline(in, l);)
            source.push_back(l);
    }
    // "Writing JScop '<region>' in function '<f>' to '<file>'.", in order.
    static const std::regex wrote(R"(Writing JScop '([^']*)' in function '([^']*)' to '([^']*)')");
    std::vector<Scop> out;
    std::istringstream err(analysed.err);
    for (std::string l; std::getline(err, l);) {
        std::smatch m;
        if (!std::regex_search(l, m, wrote))
            continue;
        Scop s;
        s.region = m[1].str();
        s.function = m[2].str();
        s.jscopFile = baseName(m[3].str());
        s.jscopText = KernelLoader::readFile(m[3].str());
        const JscopDocument doc = JscopReader::parse(s.jscopText, s.jscopFile);
        s.statements = doc.statements.size();
        std::set<int> lines;
        for (const auto &st : doc.statements) {
            const std::set<int> own = statementLines(blocks, s.function, st.name);
            std::string label, headers;
            for (int n : own) {
                lines.insert(n);
                std::string code = n >= 1 && static_cast<std::size_t>(n) <= source.size() ? source[n - 1] : "";
                code.erase(0, code.find_first_not_of(" \t"));
                // A block that ends in a loop's start also stores the
                // counter (for (j = 0; ...)): not what the statement does.
                const bool header = code.rfind("for (", 0) == 0 || code.rfind("for(", 0) == 0;
                std::string &into = header ? headers : label;
                into += (into.empty() ? "" : " | ") + baseName(path) + ":" + std::to_string(n) + ": " + code;
            }
            if (label.empty())
                label = headers;
            s.statementText[st.name] = label;
        }
        s.lines = range(lines);
        out.push_back(std::move(s));
    }
    if (out.empty()) {
        std::string why;
        std::set<std::string> seen; // Polly repeats a reason for nested regions
        std::istringstream remarks(analysed.err);
        for (std::string l; std::getline(remarks, l);)
            if (l.rfind("remark: ", 0) == 0 && l.find("The following errors") == std::string::npos
                && l.find("Invalid Scop candidate ends here") == std::string::npos && seen.insert(l).second)
                why += "\n  " + l.substr(8);
        throw InputError(path, function.empty() ? "" : InputError::functionPlace(function),
                         "Polly found no SCoP (static control part) "
                             + (function.empty() ? std::string("in it") : "in the function " + function)
                             + (why.empty() ? std::string(": no loop nest with affine bounds and accesses")
                                            : "; its reasons:" + why));
    }
    return out;
}

std::string CFrontEnd::describe(const Scop &s, std::size_t number)
{
    return std::to_string(number) + ": function " + s.function + (s.lines.empty() ? "" : ", lines " + s.lines) + ", "
        + std::to_string(s.statements) + " statement" + (s.statements == 1 ? "" : "s") + " (Polly's region " + s.region
        + ")";
}

KernelPtr CFrontEnd::open(const std::string &path, const Options &options)
{
    const auto found = scops(path, options.function);
    if (options.scop < 0 || options.scop > static_cast<int>(found.size()))
        throw InputError(
            path, InputError::scopPlace(options.scop),
            "there " + std::string(found.size() == 1 ? "is 1 SCoP" : "are " + std::to_string(found.size()) + " SCoPs")
                + ", numbered from 1");
    if (options.scop == 0 && found.size() > 1) {
        std::string list;
        for (std::size_t k = 0; k < found.size(); ++k)
            list += "\n  " + describe(found[k], k + 1);
        throw InputError(path, InputError::scopPlace(),
                         "Polly found " + std::to_string(found.size())
                             + " SCoPs; choose one by its number (or narrow by function):" + list);
    }
    return kernel(path, found[options.scop == 0 ? 0 : static_cast<std::size_t>(options.scop - 1)]);
}

KernelPtr CFrontEnd::kernel(const std::string &path, const Scop &scop)
{
    JscopKernel::Labels labels;
    labels.name = scop.function;
    labels.description = "SCoP " + scop.region + " of the function " + scop.function + " in " + baseName(path)
        + (scop.lines.empty() ? "" : ", lines " + scop.lines) + ", as Polly (" + opt()
        + ") models it; Polly's file for it: " + scop.jscopFile;
    labels.statementText = scop.statementText;
    return JscopKernel::fromDocument(JscopReader::parse(scop.jscopText, path), scop.jscopText, path, labels);
}

} // namespace se
