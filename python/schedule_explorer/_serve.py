# SPDX-License-Identifier: MIT
"""One `schedule-tool serve` child process: a JSON line out, a JSON line back.

The child must never outlive its user, whatever way the user goes:
- close() and garbage collection (weakref.finalize) kill it; so does
  interpreter exit (finalize runs at exit too), and a timed-out request;
- if the parent dies without running Python code (SIGKILL, a crash), the
  pipe to serve's stdin closes and serve exits on that EOF;
- on Linux the child also gets PR_SET_PDEATHSIG=SIGKILL, so it dies at once
  rather than after the request it is working on. Linux sends that signal
  when the *thread* that started the child ends, so it is set only for
  children started on the main thread (a Dask worker starts them on a
  pool thread: there the EOF alone applies).

POSIX only (select on a pipe).
"""
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import weakref

from .errors import ScheduleToolError


def _pdeathsig_preexec():
    """A preexec_fn asking Linux to SIGKILL the child when its parent dies,
    or None where that is not available or not safe (see the module doc)."""
    if not sys.platform.startswith("linux") or threading.current_thread() is not threading.main_thread():
        return None
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError, ImportError):
        return None
    parent = os.getpid()
    PR_SET_PDEATHSIG = 1

    def preexec():
        prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
        if os.getppid() != parent:  # the parent died before prctl took effect
            os._exit(1)
    return preexec


def _shutdown(proc, stderr):
    """Kill and reap the child, close its pipes (also the finalizer: no self)."""
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    for f in (proc.stdin, proc.stdout, stderr):
        try:
            f.close()
        except OSError:
            pass


class ServeProcess:
    """A running `schedule-tool serve`; ask() is thread-safe (one request at a time)."""

    def __init__(self, argv):
        self.argv = list(argv)
        # stderr to a file: a pipe nobody reads could fill and stall serve.
        self._stderr = tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self._stderr, bufsize=0, close_fds=True,
                                         preexec_fn=_pdeathsig_preexec(),
                                         # Ctrl-C in a terminal interrupts the client, not its server.
                                         start_new_session=True)
        except OSError as e:
            self._stderr.close()
            raise ScheduleToolError("cannot run %s: %s" % (self.argv[0], e), "tool") from None
        self._finalizer = weakref.finalize(self, _shutdown, self.proc, self._stderr)
        self._buffer = bytearray()
        self._lock = threading.Lock()

    @property
    def pid(self):
        return self.proc.pid

    @property
    def alive(self):
        return self._finalizer.alive and self.proc.poll() is None

    def close(self):
        self._finalizer()

    def ask(self, request, timeout=None):
        """Send one request (a dict), return the answer (a dict). On a timeout
        the server is killed: serve cannot drop a request it has started."""
        line = (json.dumps(request) + "\n").encode()
        with self._lock:
            if not self.alive:
                raise self._died()
            try:
                self.proc.stdin.write(line)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                raise self._died() from None
            text = self._read_line(timeout)
        return json.loads(text)

    def _read_line(self, timeout):
        fd = self.proc.stdout.fileno()
        deadline = None if timeout is None else time.monotonic() + timeout
        start = 0
        while True:
            end = self._buffer.find(b"\n", start)
            if end >= 0:
                text = bytes(self._buffer[:end])
                del self._buffer[:end + 1]
                return text
            start = len(self._buffer)
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                self.close()
                raise ScheduleToolError("schedule-tool serve gave no answer in %g s; the server was stopped"
                                        % timeout, "timeout")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise self._died()
            self._buffer += chunk

    def _died(self):
        """The error for a server that is gone, with what it said on stderr."""
        was_closed = not self._finalizer.alive
        try:
            status = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            status = None
        said = ""
        if not self._stderr.closed:
            self._stderr.seek(0)
            said = self._stderr.read().decode(errors="replace").strip()
        self.close()
        if was_closed:
            return ScheduleToolError("the schedule-tool serve process was stopped", "closed")
        return ScheduleToolError("schedule-tool serve exited (status %s)%s" % (status, ": " + said if said else ""),
                                 "died", {"argv": self.argv, "status": status, "stderr": said})
