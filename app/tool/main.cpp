// SPDX-License-Identifier: MIT
#include "ToolMain.h"

int main(int argc, char **argv)
{
    return se::tool::run(argc, argv);
}
