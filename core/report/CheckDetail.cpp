// SPDX-License-Identifier: MIT
#include "CheckDetail.h"

namespace se {

const char *checkDetailName(CheckDetail d)
{
    switch (d) {
    case CheckDetail::Verdict: return "verdict";
    case CheckDetail::First: return "first";
    case CheckDetail::All: return "all";
    }
    return "all";
}

std::optional<CheckDetail> checkDetailFromName(const std::string &name)
{
    for (CheckDetail d : {CheckDetail::Verdict, CheckDetail::First, CheckDetail::All})
        if (name == checkDetailName(d))
            return d;
    return std::nullopt;
}

} // namespace se
