#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs every `$ schedule-tool ...` command shown in a Markdown page, exactly
as printed, from the repository's top folder, and checks that its output
shows the lines printed under it, in order (`...` stands for lines left
out; the lines are compared with their trailing blanks removed). It must
exit with 0 or 1, or with 2 (bad input or usage) where the lines shown
have the error (`error: `).

  docs_commands.py SCHEDULE_TOOL SOURCE_DIR PAGE.md [PAGE.md ...]
"""
import os, shlex, subprocess, sys

tool, src, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
passed, failed = 0, []


def blocks(path):
    """(command, [expected lines]) for each indented `$ schedule-tool` line."""
    lines = open(path, encoding='utf-8').read().split('\n')
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('    $ schedule-tool '):
            cmd, want = line[6:], []
            i += 1
            while i < len(lines) and lines[i].startswith('    ') and not lines[i].startswith('    $ '):
                want.append(lines[i][4:].rstrip())
                i += 1
            out.append((cmd, want))
        else:
            i += 1
    return out


for page in pages:
    for cmd, want in blocks(os.path.join(src, page)):
        args = shlex.split(cmd)
        args[0] = tool
        p = subprocess.run(args, cwd=src, capture_output=True, text=True, timeout=300)
        got = [l.rstrip() for l in (p.stdout + p.stderr).split('\n')]
        at, missing = 0, None
        for w in want:
            if w == '...':
                continue
            while at < len(got) and got[at] != w:
                at += 1
            if at == len(got):
                missing = w
                break
            at += 1
        shows_error = any('error: ' in w for w in want)
        if p.returncode not in ((2,) if shows_error else (0, 1)) or missing is not None:
            failed.append(cmd)
            print('FAIL %s: %s\n  exit %d; first line not shown: %r\n  output:\n%s' % (
                page, cmd, p.returncode, missing, '\n'.join('    ' + l for l in got[:60])))
        else:
            passed += 1
print('%d passed, %d failed' % (passed, len(failed)))
sys.exit(1 if failed else 0)
