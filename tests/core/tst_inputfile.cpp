// SPDX-License-Identifier: MIT
// InputFile: the one reading path for input files. A regular file is read
// whole; everything that is not one (a directory, /dev/zero, a FIFO, a
// symbolic link loop) is refused at once with the file named and what it
// is, and the size cap holds for files and streams alike (issue 16).
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"
#include "core/support/InputFile.h"

#include <QtTest>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace se;

namespace {

// The fault of reading `path`, or "" if it was read.
std::string faultOf(const std::string &path, std::uint64_t maxBytes = InputFile::DefaultMaxBytes)
{
    try {
        InputFile::read(path, maxBytes);
        return "";
    } catch (const InputError &e) {
        if (e.file() != path)
            return "wrong file: " + e.file();
        if (!e.place().empty())
            return "a place: " + e.place();
        return e.fault();
    }
}

} // namespace

class tst_InputFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void regularFile();
    void sizeCap();
    void missing();
    void danglingSymlink();
    void directory();
    void devZero();
    void fifoDoesNotBlock();
    void symlinkLoop();
    void permission();
    void streamCap();
    void kernelLoaderUsesIt();

private:
    std::string m_dir;
};

void tst_InputFile::init()
{
    char tmpl[] = "/tmp/tst_inputfile.XXXXXX";
    QVERIFY(mkdtemp(tmpl));
    m_dir = tmpl;
}

void tst_InputFile::cleanup()
{
    QDir(QString::fromStdString(m_dir)).removeRecursively();
}

void tst_InputFile::regularFile()
{
    const std::string path = m_dir + "/k.json";
    std::ofstream(path, std::ios::binary) << std::string("{\"a\": 1}\n\0tail", 14);
    QCOMPARE(InputFile::read(path), std::string("{\"a\": 1}\n\0tail", 14));
    const std::string empty = m_dir + "/empty";
    std::ofstream(empty).flush();
    QCOMPARE(InputFile::read(empty), std::string());
}

void tst_InputFile::sizeCap()
{
    const std::string path = m_dir + "/big";
    std::ofstream(path) << std::string(2048, 'x');
    QCOMPARE(InputFile::read(path, 2048).size(), std::size_t(2048));
    QCOMPARE(faultOf(path, 2047), std::string("the file is larger than 2047 bytes"));
    QCOMPARE(InputFile::sizeText(InputFile::DefaultMaxBytes), std::string("256 MB"));
}

void tst_InputFile::missing()
{
    QCOMPARE(faultOf(m_dir + "/no-such.json"), std::string("cannot open the file: no such file"));
    QCOMPARE(faultOf(m_dir + "/no-such-dir/k.json"), std::string("cannot open the file: no such file"));
    const std::string file = m_dir + "/f";
    std::ofstream(file) << "x";
    QCOMPARE(faultOf(file + "/k.json"),
             std::string("cannot open the file: a component of the path is not a directory"));
}

void tst_InputFile::danglingSymlink()
{
    const std::string link = m_dir + "/dangling";
    QCOMPARE(symlink((m_dir + "/gone").c_str(), link.c_str()), 0);
    QCOMPARE(faultOf(link), std::string("cannot open the file: no such file (a symbolic link to a missing file)"));
}

void tst_InputFile::directory()
{
    QCOMPARE(faultOf(m_dir), std::string("is a directory, not a file"));
}

void tst_InputFile::devZero()
{
    // Refused before a byte is read: it would stream zeros until memory runs out.
    QCOMPARE(faultOf("/dev/zero"), std::string("is a character device, not a regular file"));
    QCOMPARE(faultOf("/dev/null"), std::string("is a character device, not a regular file"));
}

void tst_InputFile::fifoDoesNotBlock()
{
    const std::string fifo = m_dir + "/fifo";
    QCOMPARE(mkfifo(fifo.c_str(), 0600), 0);
    // No writer ever opens it: open() would wait for one forever.
    const auto start = std::chrono::steady_clock::now();
    QCOMPARE(faultOf(fifo), std::string("is a pipe (FIFO), not a regular file"));
    QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    // A symbolic link to it is the same FIFO.
    const std::string link = m_dir + "/to-fifo";
    QCOMPARE(symlink(fifo.c_str(), link.c_str()), 0);
    QCOMPARE(faultOf(link), std::string("is a pipe (FIFO), not a regular file"));
}

void tst_InputFile::symlinkLoop()
{
    const std::string a = m_dir + "/a", b = m_dir + "/b";
    QCOMPARE(symlink(b.c_str(), a.c_str()), 0);
    QCOMPARE(symlink(a.c_str(), b.c_str()), 0);
    QCOMPARE(faultOf(a), std::string("cannot open the file: too many levels of symbolic links (a symbolic link loop)"));
}

void tst_InputFile::permission()
{
    if (geteuid() == 0)
        QSKIP("root reads files whatever their mode");
    const std::string path = m_dir + "/secret";
    std::ofstream(path) << "x";
    QCOMPARE(chmod(path.c_str(), 0), 0);
    QCOMPARE(faultOf(path), std::string("cannot open the file: permission denied"));
}

void tst_InputFile::streamCap()
{
    std::istringstream small("abc");
    QCOMPARE(InputFile::read(small, "<stdin>", 3), std::string("abc"));
    std::istringstream big(std::string(100, 'y'));
    try {
        InputFile::read(big, "<stdin>", 99);
        QFAIL("read past the cap");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), std::string("<stdin>"));
        QCOMPARE(e.fault(), std::string("the input is larger than 99 bytes"));
    }
}

void tst_InputFile::kernelLoaderUsesIt()
{
    // Every loader reads through InputFile: the kernel's gets the same refusals.
    try {
        KernelLoader::loadFile("/dev/zero");
        QFAIL("loaded /dev/zero");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), std::string("/dev/zero"));
        QCOMPARE(e.fault(), std::string("is a character device, not a regular file"));
    }
}

QTEST_GUILESS_MAIN(tst_InputFile)
#include "tst_inputfile.moc"
