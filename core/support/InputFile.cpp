// SPDX-License-Identifier: MIT
#include "InputFile.h"

#include "InputError.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <istream>
#include <sys/stat.h>
#include <unistd.h>

namespace se {

namespace {

[[noreturn]] void fail(const std::string &path, const std::string &fault)
{
    throw InputError(path, "", fault);
}

// What stat/open said, in words that say what to fix.
std::string openFault(int err)
{
    switch (err) {
    case ENOENT: return "cannot open the file: no such file";
    case ELOOP: return "cannot open the file: too many levels of symbolic links (a symbolic link loop)";
    case EACCES:
    case EPERM: return "cannot open the file: permission denied";
    case ENOTDIR: return "cannot open the file: a component of the path is not a directory";
    case ENAMETOOLONG: return "cannot open the file: the name is too long";
    case EISDIR: return "is a directory, not a file";
    default: return std::string("cannot open the file: ") + std::strerror(err);
    }
}

// Only regular files have an end that comes: a device (/dev/zero,
// /dev/urandom) streams forever, a FIFO or socket waits for a writer.
void requireRegular(const std::string &path, const struct stat &st)
{
    if (S_ISREG(st.st_mode))
        return;
    if (S_ISDIR(st.st_mode))
        fail(path, "is a directory, not a file");
    if (S_ISFIFO(st.st_mode))
        fail(path, "is a pipe (FIFO), not a regular file");
    if (S_ISCHR(st.st_mode))
        fail(path, "is a character device, not a regular file");
    if (S_ISBLK(st.st_mode))
        fail(path, "is a block device, not a regular file");
    if (S_ISSOCK(st.st_mode))
        fail(path, "is a socket, not a regular file");
    fail(path, "is not a regular file");
}

void requireSize(const std::string &path, std::uint64_t size, std::uint64_t maxBytes)
{
    if (size > maxBytes)
        fail(path, "the file is larger than " + InputFile::sizeText(maxBytes));
}

class Fd {
public:
    explicit Fd(int fd) : m_fd(fd) { }
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

} // namespace

std::string InputFile::sizeText(std::uint64_t bytes)
{
    if (bytes >= (std::uint64_t(1) << 20) && bytes % (std::uint64_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MB";
    return std::to_string(bytes) + " bytes";
}

std::string InputFile::read(const std::string &path, std::uint64_t maxBytes)
{
    if (path.empty())
        fail(path, "no file name given");
    // stat first: open() itself would block on a FIFO.
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) {
        const int err = errno;
        struct stat link { };
        if (err == ENOENT && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
            fail(path, "cannot open the file: no such file (a symbolic link to a missing file)");
        fail(path, openFault(err));
    }
    requireRegular(path, st);
    requireSize(path, static_cast<std::uint64_t>(st.st_size), maxBytes);
    // O_NONBLOCK: the path may have become a FIFO since stat; checked again
    // on the open file below.
    const Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0)
        fail(path, openFault(errno));
    if (::fstat(fd.get(), &st) != 0)
        fail(path, std::string("cannot read the file: ") + std::strerror(errno));
    requireRegular(path, st);
    requireSize(path, static_cast<std::uint64_t>(st.st_size), maxBytes);
    std::string out;
    out.reserve(static_cast<std::size_t>(st.st_size));
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buf, sizeof buf);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EISDIR)
                fail(path, "is a directory, not a file");
            fail(path, std::string("cannot read the file: ") + std::strerror(errno));
        }
        // A file that grows while it is read is held to the cap too.
        requireSize(path, out.size() + static_cast<std::uint64_t>(n), maxBytes);
        out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
}

std::string InputFile::read(std::istream &in, const std::string &label, std::uint64_t maxBytes)
{
    std::string out;
    char buf[65536];
    while (in) {
        in.read(buf, sizeof buf);
        const auto n = static_cast<std::uint64_t>(in.gcount());
        if (n == 0)
            break;
        if (out.size() + n > maxBytes)
            fail(label, "the input is larger than " + sizeText(maxBytes));
        out.append(buf, static_cast<std::size_t>(n));
    }
    if (in.bad())
        fail(label, "cannot read the input");
    return out;
}

} // namespace se
