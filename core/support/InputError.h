// SPDX-License-Identifier: MIT
#pragma once

#include <stdexcept>
#include <string>

namespace se {

/// Bad user input: a kernel, schedule, edit script or session that breaks its
/// format. Carries the file, the place inside it (a JSON path such as
/// `body[0].reads[1].index[0]`, or `line 3, column 7`) and the fault, so every
/// front end can print `file: place: fault`. The CLI maps it to exit status 2.
class InputError : public std::runtime_error {
public:
    InputError(std::string file, std::string place, std::string fault);

    const std::string &file() const { return m_file; }
    const std::string &place() const { return m_place; }
    const std::string &fault() const { return m_fault; }

    /// The same error attributed to another file (loaders know the path,
    /// parsers below them do not).
    InputError inFile(const std::string &file) const;
    /// The same error with `prefix` put in front of the place.
    InputError under(const std::string &prefix) const;

    /// Places that name a setting of the run rather than a spot in a file.
    /// The core speaks of the setting; each front end shows it as its own
    /// option or control (the CLI as `--param N`, `--function F`, `--scop K`).
    static std::string parameterPlace(const std::string &name) { return "parameter " + name; }
    static std::string functionPlace(const std::string &name) { return "function " + name; }
    /// `number` < 0: which SCoP is not chosen yet.
    static std::string scopPlace(long number = -1)
    {
        return number < 0 ? std::string("SCoP") : "SCoP " + std::to_string(number);
    }

private:
    static std::string format(const std::string &file, const std::string &place, const std::string &fault);
    std::string m_file;
    std::string m_place;
    std::string m_fault;
};

/// An isl computation hit its operation quota or the time limit. The CLI maps
/// it to exit status 3 and names the option that raises the limit; the app
/// shows "stopped: too large".
class ResourceLimitError : public std::runtime_error {
public:
    enum class Limit { Operations, Time };
    explicit ResourceLimitError(const std::string &what, Limit limit = Limit::Operations)
        : std::runtime_error(what), m_limit(limit)
    {
    }
    Limit limit() const { return m_limit; }

private:
    Limit m_limit;
};

/// A computation was cancelled on purpose (a newer edit superseded it).
class CancelledError : public std::runtime_error {
public:
    CancelledError() : std::runtime_error("cancelled") { }
};

} // namespace se
