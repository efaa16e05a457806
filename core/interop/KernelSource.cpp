// SPDX-License-Identifier: MIT
#include "KernelSource.h"

#include "JscopKernel.h"
#include "JscopReader.h"
#include "core/model/KernelLoader.h"

#include <cstdlib>
#include <unistd.h>

#include <map>
#include <mutex>

namespace se {

namespace {

std::mutex choicesMutex;
std::map<std::string, int> &choices()
{
    static std::map<std::string, int> c;
    return c;
}

std::string absolute(const std::string &path)
{
    if (!path.empty() && path[0] == '/')
        return path;
    char *cwd = ::getcwd(nullptr, 0);
    std::string out = std::string(cwd ? cwd : ".") + "/" + path;
    std::free(cwd);
    return out;
}

} // namespace

void KernelSource::rememberScop(const std::string &path, int scop)
{
    std::lock_guard<std::mutex> lock(choicesMutex);
    choices()[absolute(path)] = scop;
}

KernelPtr KernelSource::load(const std::string &path)
{
    CFrontEnd::Options c;
    {
        std::lock_guard<std::mutex> lock(choicesMutex);
        if (auto it = choices().find(absolute(path)); it != choices().end())
            c.scop = it->second;
    }
    return load(path, c);
}

KernelPtr KernelSource::load(const std::string &path, const CFrontEnd::Options &c)
{
    if (CFrontEnd::isSource(path))
        return CFrontEnd::open(path, c);
    const std::string text = KernelLoader::readFile(path);
    if (JscopReader::looksLikeJscop(text, path))
        return JscopKernel::fromDocument(JscopReader::parse(text, path), text, path);
    return KernelLoader::loadText(text, path);
}

} // namespace se
