# SPDX-License-Identifier: MIT
"""The one exception of the client, so that callers catch one type whatever failed."""


class ScheduleToolError(Exception):
    """schedule-tool refused or failed.

    message: the tool's own words (a serve "error", or a command's stderr).
    kind: what failed. serve's kinds "input" (a bad schedule, edit script,
      node...), "resource" (a time, operation or memory limit) and "internal",
      the same three for a failed command (exit status 2, 3, other), and the
      client's own: "timeout" (no answer in time: the server was killed),
      "died" (the server exited), "closed" (the kernel was closed), "tool"
      (schedule-tool cannot be run) and "unsupported" (the server does not
      know a request key, e.g. an older schedule-tool).
    raw: the serve answer (a dict) or, for a command, {"argv", "status",
      "stderr"}; None for the client's own errors.
    """

    def __init__(self, message, kind="internal", raw=None):
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.raw = raw

    def __reduce__(self):
        # Exceptions pickle their args only; Dask sends this one between
        # processes with its kind and raw answer.
        return (type(self), (self.message, self.kind, self.raw))

    def __str__(self):
        return self.message
