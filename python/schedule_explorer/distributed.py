# SPDX-License-Identifier: MIT
"""Check many candidate schedules on the workers of a Dask cluster.

Each worker process keeps one serve process per (kernel, tool, options)
in a module-level cache, so the dependence analysis runs once per worker,
not once per candidate; candidates go in chunks, so a task carries many
checks. Dask does the scheduling (client.map, client.gather). This module
imports no dask: the caller's client is all it uses, so the rest of the
package works without dask installed.

The kernel and schedule files must be readable at the same path on the
workers (the paths are made absolute on the client).
"""
import math
import os
import pathlib
import threading

from .errors import ScheduleToolError
from .kernel import _schedule_file, find_tool, open
from .results import Result

_KERNELS = {}  # (kernel path, tool, options) -> Kernel, on each worker process
_LOCK = threading.Lock()


def _kernel(kernel_path, tool, options):
    """This worker's Kernel for the key, opened on first use (or again if it
    was closed). Each Kernel's own finalizer stops its server at exit; if
    the worker is killed, the server exits on the EOF of its stdin."""
    key = (kernel_path, tool, options)
    with _LOCK:
        k = _KERNELS.get(key)
        if k is None or k.closed:
            k = _KERNELS[key] = open(kernel_path, tool, **{n: dict(v) if n == "params" else v for n, v in options})
        return k


def _check_chunk(chunk, kernel_path, tool, options, detail, errors):
    """The task: check a list of candidates with this worker's server.
    Answers go back as plain dicts (or errors, with errors="return")."""
    k = _kernel(kernel_path, tool, options)
    out = []
    for c in chunk:
        try:
            r = k.check(detail=detail, **c) if isinstance(c, dict) else k.check(c, detail=detail)
            out.append(r.raw)
        except ScheduleToolError as e:
            if errors == "raise":
                raise
            out.append(e)
    return out


def _server_pids():
    """The serve processes of this worker (for tests: none may outlive it)."""
    with _LOCK:
        return [k.pid for k in _KERNELS.values() if not k.closed]


def _portable(candidate):
    """A candidate with its schedule file made absolute (workers may run elsewhere)."""
    if isinstance(candidate, dict):
        s = candidate.get("schedule")
        return dict(candidate, schedule=_portable(s)) if s is not None else candidate
    if isinstance(candidate, (str, pathlib.PurePath)):
        path = _schedule_file(candidate)
        return pathlib.Path(path) if path else candidate
    return candidate


def check_all(client, kernel_path, schedules, detail="verdict", tool=None, *, chunk_size=None, errors="raise",
              **params):
    """The verdicts (Results) of `schedules`, in their order, checked on the
    workers of the dask.distributed `client`.

    schedules: candidates as Kernel.check takes a schedule (isl text or a
    file), or dicts of Kernel.check keyword arguments ({"schedule": ...,
    "edits": [...]}). params: as schedule_explorer.open takes them
    (parameters, function=, scop=, deps=, timeout=). chunk_size: candidates
    per task (default: about four tasks per worker thread). errors="return"
    puts a ScheduleToolError in the place of a candidate that fails, instead
    of raising it.
    """
    if errors not in ("raise", "return"):
        raise ValueError('errors is "raise" or "return"')
    candidates = [_portable(c) for c in schedules]
    if not candidates:
        return []
    tool = find_tool(tool)  # resolved here: the workers may not see the same environment
    # Hashable: the key of the workers' cache (a params={...} dict as pairs).
    options = tuple(sorted((n, tuple(sorted(v.items())) if n == "params" else v) for n, v in params.items()))
    if chunk_size is None:
        threads = sum(client.nthreads().values()) or 1
        chunk_size = max(1, math.ceil(len(candidates) / (4 * threads)))
    chunks = [candidates[i:i + chunk_size] for i in range(0, len(candidates), chunk_size)]
    futures = client.map(_check_chunk, chunks, kernel_path=os.path.abspath(kernel_path), tool=tool,
                         options=options, detail=detail, errors=errors, pure=False)
    answers = [a for part in client.gather(futures) for a in part]
    return [a if isinstance(a, ScheduleToolError) else Result(a) for a in answers]
