// SPDX-License-Identifier: MIT
#include "ScheduleInput.h"

#include "JscopReader.h"
#include "core/schedule/ScheduleReader.h"
#include "core/support/InputFile.h"

namespace se {

isl::schedule ScheduleInput::readFile(const PolyhedralModel &model, const std::string &path,
                                      std::vector<std::string> *notes, UnionMapPieces *pieces)
{
    return read(model, InputFile::read(path), path, notes, pieces);
}

isl::schedule ScheduleInput::read(const PolyhedralModel &model, const std::string &text, const std::string &file,
                                  std::vector<std::string> *notes, UnionMapPieces *pieces)
{
    // Before ScheduleReader's own detection: a JSCoP has "domain" keys too,
    // which would make it look like a YAML tree.
    if (JscopReader::looksLikeJscop(text, file)) {
        JscopReader::Import in = JscopReader::readSchedule(model, text, file);
        if (notes)
            notes->push_back(in.note);
        return in.schedule;
    }
    return ScheduleReader::read(model, text, file, pieces);
}

} // namespace se
