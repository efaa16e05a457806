# SPDX-License-Identifier: MIT
"""A kernel opened once: legality checks, moves and repairs go to one
`schedule-tool serve` process (dependences computed once); pictures, the
edited tree and generated code come from one schedule-tool command each."""
import itertools
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading

from ._serve import ServeProcess
from .errors import ScheduleToolError
from .results import SVG, Record, Result

DETAILS = ("verdict", "first", "all")


def find_tool(tool=None):
    """The schedule-tool to run: `tool`, else $SCHEDULE_TOOL, else the one on PATH."""
    tool = tool or os.environ.get("SCHEDULE_TOOL") or shutil.which("schedule-tool")
    if not tool:
        raise ScheduleToolError("schedule-tool not found: pass tool=, set SCHEDULE_TOOL or put it on PATH", "tool")
    tool = os.fspath(tool)
    # A relative path is made absolute: the kernel may be used from another directory.
    return os.path.abspath(tool) if os.sep in tool else tool


def open(path, tool=None, *, function=None, scop=None, deps=None, timeout=None, params=None, **more_params):
    """Open a kernel (JSON, JSCoP, or C/C++ through the tool's Polly front end)
    and start its serve process. Keyword arguments other than the named ones
    are kernel parameters (--param NAME=VALUE); a parameter whose name is one
    of those goes in params={...}. timeout: seconds to wait for each answer
    (None: no limit); a request that takes longer stops the server, and the
    next request starts a new one (the bases it kept are gone)."""
    return Kernel(path, tool, function=function, scop=scop, deps=deps, timeout=timeout,
                  params=dict(params or {}, **more_params))


def _node_text(node):
    """A node as serve and the CLI take it: "0.1", [0, 1], (0, 1) or "root"."""
    if isinstance(node, (list, tuple)):
        return ".".join(str(int(i)) for i in node) or "root"
    return str(node)


def _edit_script(edits):
    """An edit script dict (docs/edits.md) from a script, a list of edits,
    one edit, or the path of a script file. A wrapped list carries no
    "kernel": the key may be left out, and then the server does not check it."""
    if edits is None:
        return None
    if isinstance(edits, (str, pathlib.PurePath)):
        with pathlib.Path(edits).open(encoding="utf-8") as f:
            return json.load(f)
    if isinstance(edits, dict):
        return edits if "edits" in edits or "assume_no_dep" in edits else {"edits": [edits]}
    return {"edits": list(edits)}


def _overrides(assume_no_dep):
    """A list of dependence overrides from a list, an {"assume_no_dep": [...]} dict or its file."""
    if assume_no_dep is None:
        return None
    if isinstance(assume_no_dep, (str, pathlib.PurePath)):
        with pathlib.Path(assume_no_dep).open(encoding="utf-8") as f:
            assume_no_dep = json.load(f)
    if isinstance(assume_no_dep, dict):
        assume_no_dep = assume_no_dep["assume_no_dep"]
    return list(assume_no_dep)


def _schedule_file(schedule):
    """The path if `schedule` names a file (a Path, or a one-line str without
    isl braces that is a file), else None: the schedule is isl text."""
    if isinstance(schedule, pathlib.PurePath):
        return os.path.abspath(schedule)
    if "{" not in schedule and "\n" not in schedule and os.path.isfile(schedule):
        return os.path.abspath(schedule)
    return None


class Kernel:
    """An opened kernel. Use as a context manager, or call close(); the
    server also stops when the object is garbage-collected or Python exits.
    Safe to share between threads (requests take turns)."""

    def __init__(self, path, tool=None, *, function=None, scop=None, deps=None, timeout=None, params=None):
        self.path = os.fspath(path) if os.fspath(path) == "-" else os.path.abspath(path)
        self.tool = find_tool(tool)
        self.params = dict(params or {})
        self.timeout = timeout
        self._load_args = ["--param=%s=%s" % (k, v) for k, v in self.params.items()]
        if function is not None:
            self._load_args += ["--function", str(function)]
        if scop is not None:
            self._load_args += ["--scop", str(scop)]
        self._deps_args = ["--deps", deps] if deps else []
        self._ids = itertools.count(1)
        self._original = None
        self._closed = False
        self._restart = threading.Lock()
        self._server = self._start()

    # -- the serve process

    def _start(self):
        return ServeProcess([self.tool, "serve", self.path, "--jobs", "1"] + self._load_args + self._deps_args)

    @property
    def pid(self):
        """The serve process's id (None once closed)."""
        return None if self._closed else self._server.pid

    @property
    def closed(self):
        return self._closed

    def close(self):
        """Stop the server (kill it: nothing it was doing is wanted any more)."""
        self._closed = True
        self._server.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def ask(self, request):
        """Send one serve request (a dict; an "id" is added) and return the
        answer dict; an error answer raises ScheduleToolError. A server that
        died or timed out is replaced by a new one for the next request."""
        if self._closed:
            raise ScheduleToolError("the kernel is closed", "closed")
        with self._restart:
            if not self._server.alive:
                self._server = self._start()
            server = self._server
        request = dict(request, id=next(self._ids))
        answer = server.ask(request, self.timeout)
        if "error" in answer:
            raise ScheduleToolError(answer["error"], answer.get("kind", "internal"), answer)
        if answer.get("id") != request["id"]:
            raise ScheduleToolError("schedule-tool serve answered request %s with id %r"
                                    % (request["id"], answer.get("id")), "internal", answer)
        return answer

    def _source(self, schedule, base):
        """The request keys naming the schedule: a base, a file or isl text
        (the original schedule when None)."""
        if base is not None:
            if schedule is not None:
                raise ValueError("give schedule or base, not both")
            return {"base": base}
        if schedule is None:
            return {"schedule": self.original}
        path = _schedule_file(schedule)
        return {"schedule_file": path} if path else {"schedule": schedule}

    def _request(self, schedule, edits, base, assume_no_dep):
        r = self._source(schedule, base)
        script = _edit_script(edits)
        if script is not None:
            r["edits"] = script
        overrides = _overrides(assume_no_dep)
        if overrides is not None:
            r["assume_no_dep"] = overrides
        return r

    # -- serve requests

    def check(self, schedule=None, edits=None, detail="verdict", base=None, keep=None, assume_no_dep=None):
        """The legality verdict (a Result) of a schedule (isl text, or a file
        as a Path or str; None: the original), or of base (a kept schedule),
        after edits (a script dict, a list of edits or a script file).
        detail: "verdict" (cheapest: legal, verdict, violated count),
        "first" (and the first violation) or "all" (every dependence and
        violation). keep=NAME: the server keeps the result as base NAME."""
        if detail not in DETAILS:
            raise ValueError("detail is one of %s" % ", ".join(DETAILS))
        r = self._request(schedule, edits, base, assume_no_dep)
        r["detail"] = detail
        if keep is not None:
            r["keep"] = keep
        answer = self.ask(r)
        if keep is not None and answer.get("kept") != keep:
            raise ScheduleToolError("this schedule-tool serve keeps no bases (no \"kept\" in its answer)",
                                    "unsupported", answer)
        return Result(answer)

    def moves(self, node, schedule=None, edits=None, ranges=True, base=None):
        """The edits that apply at node, each with its verdict, and with
        ranges=True a band's exact legal arguments (moves.schema.json), as a
        Record: answer.moves[0].verdict, answer.ranges.shift, ..."""
        r = self._request(schedule, edits, base, None)
        r["moves"] = {"node": _node_text(node), "ranges": bool(ranges)}
        return Record(self.ask(r))

    def repair(self, schedule=None, edits=None, node=None, goal="legal", count=3, base=None):
        """Proposals, best first, that make the schedule legal (or the band at
        node permutable or parallel: goal=), as a Record (repair.schema.json):
        answer.repairs[0].edits, .schedule, .summary; answer.reason if none."""
        args = {"goal": goal, "count": int(count)}
        if node is not None:
            args["node"] = _node_text(node)
        r = self._request(schedule, edits, base, None)
        r["repair"] = args
        return Record(self.ask(r))

    def keep(self, name, schedule=None, edits=None, base=None, assume_no_dep=None):
        """Have the server keep a schedule (after edits) as base `name`, so
        that later requests send only their edits. Returns a Base handle."""
        result = self.check(schedule, edits, "verdict", base, name, assume_no_dep)
        return Base(self, name, result)

    def drop(self, name):
        """Forget the base `name` on the server."""
        answer = self.ask({"drop": name})
        if answer.get("dropped") != name:
            raise ScheduleToolError("this schedule-tool serve drops no bases (no \"dropped\" in its answer)",
                                    "unsupported", answer)

    # -- one command each

    @property
    def original(self):
        """The kernel's original schedule, as isl YAML (asked once)."""
        if self._original is None:
            self._original = self._run("tree", None, None, ["--format", "block"])
        return self._original

    def apply(self, edits, schedule=None, format="map"):
        """The schedule after edits, as text: "map" (an isl union map),
        "block" or "flow" (isl YAML trees)."""
        return self._run("tree", schedule, edits, ["--format", format])

    def codegen(self, schedule=None, edits=None, format="text"):
        """The loop nest the schedule gives: "text", "c" or "kernel" (JSON)."""
        return self._run("codegen", schedule, edits, ["--format", format])

    def tree_svg(self, schedule=None, edits=None):
        """The schedule tree drawn as the app draws it."""
        return SVG(self._run("tree", schedule, edits, ["--format", "svg"]))

    def deps_svg(self):
        """The dependence graph drawn as the app draws it."""
        return SVG(self._run("deps", None, None, ["--format", "svg"] + self._deps_args))

    def _run(self, command, schedule, edits, args):
        """Run `schedule-tool COMMAND KERNEL ...` with the kernel's load
        options, schedule and edits in temporary files; its stdout."""
        with tempfile.TemporaryDirectory(prefix="schedule-explorer-") as tmp:
            argv = [self.tool, command, self.path] + self._load_args + args
            if schedule is not None:
                path = _schedule_file(schedule)
                if path is None:
                    path = os.path.join(tmp, "schedule")
                    pathlib.Path(path).write_text(schedule, encoding="utf-8")
                argv += ["--schedule", path]
            script = _edit_script(edits)
            if script is not None:
                path = os.path.join(tmp, "edits.json")
                pathlib.Path(path).write_text(json.dumps(script), encoding="utf-8")
                argv += ["--edits", path]
            try:
                done = subprocess.run(argv, capture_output=True, text=True, timeout=self.timeout,
                                      stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                raise ScheduleToolError("schedule-tool %s took more than %g s" % (command, self.timeout),
                                        "timeout") from None
            except OSError as e:
                raise ScheduleToolError("cannot run %s: %s" % (self.tool, e), "tool") from None
        if done.returncode != 0:
            kind = {2: "input", 3: "resource"}.get(done.returncode, "internal")
            raise ScheduleToolError(done.stderr.strip() or "schedule-tool %s failed" % command, kind,
                                    {"argv": argv, "status": done.returncode, "stderr": done.stderr})
        return done.stdout

    def __repr__(self):
        return "<Kernel %s%s>" % (self.path, " (closed)" if self._closed else "")


class Base:
    """A schedule the server keeps (Kernel.keep): requests on it send only
    their edits. A context manager that drops it at the end."""

    def __init__(self, kernel, name, result):
        self.kernel = kernel
        self.name = name
        self.result = result  # the verdict of the kept schedule

    def check(self, edits=None, detail="verdict", keep=None, assume_no_dep=None):
        return self.kernel.check(None, edits, detail, self.name, keep, assume_no_dep)

    def keep(self, name, edits=None, assume_no_dep=None):
        return self.kernel.keep(name, None, edits, self.name, assume_no_dep)

    def moves(self, node, edits=None, ranges=True):
        return self.kernel.moves(node, None, edits, ranges, self.name)

    def repair(self, edits=None, node=None, goal="legal", count=3):
        return self.kernel.repair(None, edits, node, goal, count, self.name)

    def drop(self):
        self.kernel.drop(self.name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if not self.kernel.closed:
            self.drop()

    def __repr__(self):
        return "<Base %s: %s>" % (self.name, self.result.verdict)
