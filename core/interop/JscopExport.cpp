// SPDX-License-Identifier: MIT
#include "JscopExport.h"

#include "JscopWriter.h"
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "ScheduleInput.h"

namespace se {

std::string JscopExport::write(const KernelPtr &kernel, const std::map<std::string, std::int64_t> &params,
                               const std::string &scheduleText, const std::string &label)
{
    IslContext ctx; // first: outlives the objects below
    const PolyhedralModel model(ctx, kernel, ParamValues(params.begin(), params.end()));
    const isl::schedule schedule = ScheduleInput::read(model, scheduleText, label);
    return JscopWriter::write(model, schedule);
}

} // namespace se
