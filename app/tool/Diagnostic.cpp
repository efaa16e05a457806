// SPDX-License-Identifier: MIT
#include "Diagnostic.h"

#include "InputFiles.h"
#include "JsonLocator.h"
#include "core/support/InputError.h"
#include "core/support/Utf8.h"

#include <regex>

namespace se::tool {

namespace {

// The core names settings neutrally (InputError::parameterPlace, ...): the
// CLI shows them as the options that set them.
std::string optionPlace(const std::string &place)
{
    static const std::regex setting(R"(^(parameter|function|SCoP)(?: (.+))?$)");
    std::smatch m;
    if (!std::regex_match(place, m, setting))
        return place;
    const std::string what = m[1];
    const std::string option = what == "parameter" ? "--param" : what == "function" ? "--function" : "--scop";
    return option + " " + (m[2].matched ? m[2].str() : what == "SCoP" ? "N" : "NAME");
}

} // namespace

Diagnostic Diagnostic::fromInputError(const InputError &e)
{
    Diagnostic d;
    d.file = e.file();
    d.place = optionPlace(e.place());
    d.fault = e.fault();
    static const std::regex lineColumn(R"(^line (\d+), column (\d+)$)");
    std::smatch m;
    if (std::regex_match(d.place, m, lineColumn)) {
        d.line = std::stoi(m[1]);
        d.column = std::stoi(m[2]);
        d.place.clear();
        return d;
    }
    if (d.file.empty())
        return d;
    const auto text = InputFiles::textOf(d.file);
    if (!text)
        return d;
    if (d.place.empty())
        return d; // the core put a syntax error's position into the place already
    const std::string path = JsonLocator::pathPart(d.place);
    if (path.empty())
        return d;
    bool exact = false;
    auto offset = JsonLocator::find(*text, path, &exact);
    if (!offset)
        return d;
    // `body[0].ub, column 3`: the third character of the expression string.
    static const std::regex inString(R"(^, column (\d+)$)");
    const std::string rest = d.place.substr(path.size());
    if (exact && std::regex_match(rest, m, inString) && (*text)[*offset] == '"')
        *offset += static_cast<std::size_t>(std::stoul(m[1]));
    std::tie(d.line, d.column) = JsonLocator::lineColumn(*text, *offset);
    return d;
}

Diagnostic Diagnostic::warning(const std::string &file, const std::string &text)
{
    const auto colon = text.find(": ");
    const std::string place = colon == std::string::npos ? "" : text.substr(0, colon);
    const bool located = !place.empty() && JsonLocator::pathPart(place) == place;
    Diagnostic d = located ? fromInputError(InputError(file, place, text.substr(colon + 2)))
                           : fromInputError(InputError(file, "", text));
    d.kind = "warning";
    d.severity = "warning";
    d.exitStatus = 0;
    return d;
}

Diagnostic Diagnostic::plain(std::string kind, std::string fault, int exitStatus)
{
    Diagnostic d;
    d.kind = std::move(kind);
    d.fault = std::move(fault);
    d.exitStatus = exitStatus;
    return d;
}

std::string Diagnostic::text() const
{
    std::string out = file.empty() ? std::string("schedule-tool") : file;
    if (!file.empty() && line > 0)
        out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += ": " + severity + ": ";
    if (!place.empty())
        out += place + ": ";
    // The one place a message is assembled: input text in it (a file name,
    // a key, a fault quoting the input) is escaped here.
    return Utf8::sanitized(out + fault);
}

nlohmann::json Diagnostic::json() const
{
    nlohmann::json e = {{"kind", kind}, {"message", text()}, {"fault", Utf8::sanitized(fault)}};
    e["file"] = file.empty() ? nlohmann::json(nullptr) : nlohmann::json(Utf8::sanitized(file));
    e["line"] = line > 0 ? nlohmann::json(line) : nlohmann::json(nullptr);
    e["column"] = line > 0 ? nlohmann::json(column) : nlohmann::json(nullptr);
    e["place"] = place.empty() ? nlohmann::json(nullptr) : nlohmann::json(Utf8::sanitized(place));
    return {{"format", 1}, {"error", e}, {"exit_status", exitStatus}};
}

} // namespace se::tool
