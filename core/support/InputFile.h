// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace se {

/// The one way every input file is read (kernel, schedule, edit script,
/// dependence overrides, JSCoP, the app's sessions): the same size cap for
/// all, only regular files (a device such as /dev/zero never ends and a
/// FIFO blocks in open()), and a message naming the file and what is wrong
/// with it (missing, a directory, permission, a symbolic link loop, ...).
/// Every fault is an InputError with the file and an empty place.
class InputFile {
public:
    /// Larger than any real kernel or schedule by far, small enough that
    /// reading and parsing it stays well inside the memory limit.
    static constexpr std::uint64_t DefaultMaxBytes = std::uint64_t(256) << 20;

    /// The whole file at `path`, at most `maxBytes` of it.
    static std::string read(const std::string &path, std::uint64_t maxBytes = DefaultMaxBytes);

    /// A stream read with the same cap, `label` naming it in messages: the
    /// hook for front ends that read standard input ("-").
    static std::string read(std::istream &in, const std::string &label, std::uint64_t maxBytes = DefaultMaxBytes);

    /// "256 MB": the cap as a message says it.
    static std::string sizeText(std::uint64_t bytes);
};

} // namespace se
