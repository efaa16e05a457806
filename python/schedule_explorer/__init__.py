# SPDX-License-Identifier: MIT
"""Python client of schedule-tool (Schedule Explorer).

    import schedule_explorer
    with schedule_explorer.open("sample-kernels/jacobi_1d.json", T=4, N=10) as k:
        k.check("[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i, 1] }").legal

open() starts one `schedule-tool serve` per kernel and keeps it, so each
check costs a legality check only. schedule_explorer.distributed spreads
candidates over a Dask cluster (dask is imported only there, by the caller).
Standard library only.
"""
from .errors import ScheduleToolError
from .kernel import Base, Kernel, find_tool, open
from .results import SVG, Record, Result

__all__ = ["open", "Kernel", "Base", "Result", "Record", "SVG", "ScheduleToolError", "find_tool"]
__version__ = "0.1.0"
