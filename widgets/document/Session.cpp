// SPDX-License-Identifier: MIT
#include "Session.h"

#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"
#include "core/support/InputFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <set>

namespace se {

namespace {

constexpr const char *Magic = "schedule-explorer";

bool sameOverrides(const std::vector<DependenceOverride> &a, const std::vector<DependenceOverride> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto &x, const auto &y) {
        return x.matches(y.type, y.src, y.dst, y.allocation) && x.reason == y.reason;
    });
}

[[noreturn]] void fail(const QString &file, const std::string &place, const std::string &fault)
{
    throw InputError(file.toStdString(), place, fault);
}

} // namespace

std::string readTextFile(const QString &path)
{
    // Files on disk take the core's one reading path (the size cap, regular
    // files only, the same messages as the CLI); Qt resources (the samples)
    // are compiled in.
    if (!path.startsWith(QLatin1Char(':')))
        return InputFile::read(QFile::encodeName(path).toStdString());
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        fail(path, "", "cannot open the file: " + f.errorString().toStdString());
    const QByteArray data = f.readAll();
    if (f.error() != QFileDevice::NoError)
        fail(path, "", "cannot read the file: " + f.errorString().toStdString());
    return data.toStdString();
}

bool writeTextFile(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

bool Session::operator==(const Session &o) const
{
    return kernelPath == o.kernelPath && fixedParams == o.fixedParams && mode == o.mode
        && scheduleText == o.scheduleText && edits == o.edits && sameOverrides(assumeNoDep, o.assumeNoDep);
}

nlohmann::json Session::toJson(const QString &sessionFile) const
{
    nlohmann::json doc;
    doc["session"] = Magic;
    doc["version"] = 1;
    QString kernel = kernelPath;
    if (!kernel.startsWith(QLatin1Char(':')) && !sessionFile.isEmpty()) {
        const QDir dir = QFileInfo(sessionFile).absoluteDir();
        const QString rel = dir.relativeFilePath(kernel);
        if (!rel.startsWith(QStringLiteral("..")))
            kernel = rel;
    }
    doc["kernel"] = kernel.toStdString();
    doc["params"] = nlohmann::json::object();
    for (const auto &[name, value] : fixedParams)
        doc["params"][name] = value;
    doc["deps"] = mode == DepMode::Flow ? "flow" : "may";
    doc["schedule"] = scheduleText.empty() ? nlohmann::json(nullptr) : nlohmann::json(scheduleText);
    if (!scheduleFile.isEmpty())
        doc["schedule_file"] = scheduleFile.toStdString();
    doc["edits"] = edits;
    if (!assumeNoDep.empty()) {
        doc["assume_no_dep"] = nlohmann::json::array();
        for (const auto &o : assumeNoDep)
            doc["assume_no_dep"].push_back(o.toJson());
    }
    return doc;
}

Session Session::fromJson(const nlohmann::json &doc, const QString &sessionFile)
{
    if (!doc.is_object())
        fail(sessionFile, "", "a session file is a JSON object");
    if (!doc.contains("session") || doc["session"] != Magic)
        fail(sessionFile, "session", "not a schedule-explorer session (expected \"session\": \"schedule-explorer\")");
    if (!doc.contains("version") || !doc["version"].is_number_integer() || doc["version"].get<int>() != 1)
        fail(sessionFile, "version", "unsupported session version (expected 1)");
    for (const auto &[key, value] : doc.items()) {
        static const std::set<std::string> known{"session",  "version",       "kernel", "params",       "deps",
                                                 "schedule", "schedule_file", "edits",  "assume_no_dep"};
        if (!known.count(key))
            fail(sessionFile, key, "unknown key");
    }
    Session s;
    if (!doc.contains("kernel") || !doc["kernel"].is_string() || doc["kernel"].get<std::string>().empty())
        fail(sessionFile, "kernel", "the kernel path is missing (a string)");
    QString kernel = QString::fromStdString(doc["kernel"].get<std::string>());
    if (!kernel.startsWith(QLatin1Char(':')) && QFileInfo(kernel).isRelative())
        kernel = QFileInfo(sessionFile).absoluteDir().filePath(kernel);
    s.kernelPath = kernel.startsWith(QLatin1Char(':')) ? kernel : QFileInfo(kernel).absoluteFilePath();
    if (doc.contains("params")) {
        const auto &p = doc["params"];
        if (!p.is_object())
            fail(sessionFile, "params", "expected an object of parameter values");
        for (const auto &[name, value] : p.items()) {
            if (!value.is_number_integer())
                fail(sessionFile, "params." + name, "expected an integer");
            s.fixedParams[name] = value.get<std::int64_t>();
        }
    }
    if (doc.contains("deps")) {
        const auto &d = doc["deps"];
        if (d == "may")
            s.mode = DepMode::May;
        else if (d == "flow")
            s.mode = DepMode::Flow;
        else
            fail(sessionFile, "deps", "expected \"may\" or \"flow\"");
    }
    if (doc.contains("schedule") && !doc["schedule"].is_null()) {
        if (!doc["schedule"].is_string())
            fail(sessionFile, "schedule", "expected the schedule's text (a string) or null");
        s.scheduleText = doc["schedule"].get<std::string>();
    }
    if (doc.contains("schedule_file")) {
        if (!doc["schedule_file"].is_string())
            fail(sessionFile, "schedule_file", "expected a string");
        s.scheduleFile = QString::fromStdString(doc["schedule_file"].get<std::string>());
    }
    if (doc.contains("edits")) {
        if (!doc["edits"].is_array())
            fail(sessionFile, "edits", "expected an array of edits");
        const auto &edits = doc["edits"];
        for (std::size_t k = 0; k < edits.size(); ++k) {
            try {
                s.edits.push_back(Edit::fromJson(edits[k]));
            } catch (const InputError &e) {
                throw e.inFile(sessionFile.toStdString()).under("edits[" + std::to_string(k) + "]");
            }
        }
    }
    s.assumeNoDep = DependenceOverride::readList(doc, sessionFile.toStdString());
    return s;
}

bool Session::save(const QString &path, QString *error) const
{
    const std::string text = toJson(path).dump(1) + "\n";
    return writeTextFile(path, QByteArray::fromStdString(text), error);
}

Session Session::load(const QString &path)
{
    const std::string text = readTextFile(path);
    return fromJson(KernelLoader::parseJson(text, path.toStdString()), path);
}

} // namespace se
