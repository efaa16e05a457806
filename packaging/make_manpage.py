#!/usr/bin/env python3
"""Writes a man page from a program's own help text, so that the manual and
`--help` never disagree.

  make_manpage.py PROGRAM OUTPUT VERSION [--subcommands]

With --subcommands (schedule-tool), each command's `help COMMAND` text
becomes a subsection of COMMANDS.
"""
import datetime
import os
import re
import subprocess
import sys


def help_text(args):
    # The help must not need a display (schedule-explorer answers --help
    # before it opens a window).
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(args, capture_output=True, text=True, check=True, timeout=60, env=env).stdout


def roff(text):
    """Verbatim text, safe for roff."""
    out = []
    for line in text.rstrip("\n").split("\n"):
        line = line.replace("\\", "\\e")
        if line.startswith((".", "'")):
            line = "\\&" + line
        out.append(line)
    return "\n".join(out)


def synopsis(overview, name):
    """The usage lines at the top of the help text."""
    lines = overview.strip("\n").split("\n")
    if not lines or not lines[0].lower().startswith("usage:"):
        return name
    out = [lines[0][len("usage:"):].strip()]
    for l in lines[1:]:
        if not l.startswith("       "):
            break
        out.append(l.strip())
    return "\n".join(out)


def main():
    program, output, version = sys.argv[1:4]
    name = os.path.basename(program)
    # Qt's help names the program by the path it was run as.
    overview = help_text([program, "--help"]).replace(program, name)
    summary = {
        "schedule-tool": "check, analyse, edit and generate code for polyhedral loop schedules",
        "schedule-explorer": "see and edit a loop nest's schedule and watch its legality live",
    }.get(name, name)
    date = datetime.date.fromtimestamp(int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or None
                                       ) if os.environ.get("SOURCE_DATE_EPOCH") else datetime.date.today()
    page = [
        '.TH %s 1 "%s" "%s %s" "User Commands"' % (name.upper(), date.isoformat(), name, version),
        ".SH NAME", "%s \\- %s" % (name, summary),
        ".SH SYNOPSIS", ".nf", roff(synopsis(overview, name)), ".fi",
        ".SH DESCRIPTION", ".nf", roff(overview), ".fi",
    ]
    if "--subcommands" in sys.argv:
        page.append(".SH COMMANDS")
        commands = re.findall(r"^  ([a-z][a-z-]+) +\S", overview.split("commands:", 1)[1].split("\n\n", 1)[0], re.M)
        for c in commands:
            page += [".SS %s" % c, ".nf", roff(help_text([program, "help", c])), ".fi"]
        page += [".SH EXIT STATUS", "0 success (check: legal); 1 check found violations; 2 bad input or usage;",
                 "3 a resource limit was hit (the analysis was stopped).",
                 ".SH DIAGNOSTICS", "Errors in a file read", ".IP", "FILE:LINE:COLUMN: error: PLACE: FAULT", ".PP",
                 "and other errors \\fBschedule-tool: error:\\fR ...; under \\fB--json\\fR also a JSON object on stdout."]
    page += [".SH SEE ALSO", "schedule-tool(1), schedule-explorer(1)" if name == "schedule-explorer" else
             "schedule-explorer(1)", ""]
    with open(output, "w") as f:
        f.write("\n".join(page))


if __name__ == "__main__":
    main()
