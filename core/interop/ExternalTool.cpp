// SPDX-License-Identifier: MIT
#include "ExternalTool.h"

#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace se {

namespace {

std::string slurp(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    std::string out = s.str();
    if (out.size() > (1u << 20))
        out.resize(1u << 20);
    return out;
}

bool executable(const std::string &path)
{
    struct stat st { };
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

} // namespace

std::string ExternalTool::find(const std::string &name)
{
    if (name.empty())
        return {};
    if (name.find('/') != std::string::npos)
        return executable(name) ? name : std::string();
    const char *path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        const std::size_t end = dirs.find(':', start);
        std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (dir.empty())
            dir = ".";
        if (executable(dir + "/" + name))
            return dir + "/" + name;
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return {};
}

std::string ExternalTool::fromEnvironment(const char *var, const std::string &fallback)
{
    const char *v = std::getenv(var);
    return v && *v ? std::string(v) : fallback;
}

ExternalTool::Result ExternalTool::run(const std::vector<std::string> &argv, const std::string &cwd, double seconds)
{
    Result r;
    const std::string exe = find(argv.empty() ? std::string() : argv.front());
    if (exe.empty())
        return r;
    // The child's output goes to files: no pipe to drain while waiting.
    char dir[] = "/tmp/se-tool-XXXXXX";
    if (!::mkdtemp(dir))
        return r;
    const std::string outPath = std::string(dir) + "/out", errPath = std::string(dir) + "/err";
    std::vector<char *> args;
    for (const auto &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::rmdir(dir);
        return r;
    }
    if (pid == 0) {
        const int o = ::open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int e = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int in = ::open("/dev/null", O_RDONLY);
        if (o < 0 || e < 0 || in < 0 || ::dup2(o, 1) < 0 || ::dup2(e, 2) < 0 || ::dup2(in, 0) < 0)
            ::_exit(127);
        if (!cwd.empty() && ::chdir(cwd.c_str()) != 0)
            ::_exit(127);
        ::execv(exe.c_str(), args.data());
        ::_exit(127);
    }
    r.started = true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    int status = 0;
    for (;;) {
        const pid_t w = ::waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0) {
            status = 0;
            break;
        }
        if (seconds > 0 && std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            r.timedOut = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
    r.out = slurp(outPath);
    r.err = slurp(errPath);
    ::unlink(outPath.c_str());
    ::unlink(errPath.c_str());
    ::rmdir(dir);
    return r;
}

} // namespace se
