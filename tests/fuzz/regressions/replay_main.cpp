// SPDX-License-Identifier: MIT
// Replays inputs through a fuzz target's entry point without libFuzzer: each
// argument is a file, or a directory whose files are all fed in turn. Built
// with the ordinary compiler (and the asan preset's sanitizers), so every
// crasher a fuzzer found stays a test under ctest.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv)
{
    namespace fs = std::filesystem;
    std::set<fs::path> files; // sorted: the same order on every run
    for (int i = 1; i < argc; ++i) {
        const fs::path p = argv[i];
        if (fs::is_directory(p)) {
            for (const auto &e : fs::directory_iterator(p))
                if (e.is_regular_file() && e.path().filename().string().rfind('.', 0) != 0)
                    files.insert(e.path());
        } else if (fs::is_regular_file(p)) {
            files.insert(p);
        } else {
            std::fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            return 2;
        }
    }
    for (const fs::path &f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::printf("replay: %s (%zu bytes)\n", f.string().c_str(), bytes.size());
        std::fflush(stdout);
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size());
    }
    std::printf("replay: %zu inputs, no crash\n", files.size());
    return 0;
}
