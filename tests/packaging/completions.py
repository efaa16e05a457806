#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Shell completions of schedule-tool (issue 45).

  completions.py SCHEDULE_TOOL COMPLETION_DIR

COMPLETION_DIR holds what the build wrote: bash/schedule-tool,
zsh/_schedule-tool, fish/schedule-tool.fish. The bash script is loaded in
bash and asked, as bash asks it on <TAB>, through COMP_WORDS and
COMP_CWORD; the fish script is asked through `complete -C`; the zsh
script is parsed (zsh -n). For every command the options offered after
`--` are exactly the ones its --help lists, so the scripts and the parser
cannot drift apart.
"""
import os
import re
import shutil
import subprocess
import sys

tool, folder = sys.argv[1:3]
bash_script = os.path.join(folder, "bash", "schedule-tool")
failures = []


def bash_complete(line):
    """What bash offers at the end of `line` (a trailing space: a new word)."""
    words = line.split()
    if line.endswith(" "):
        words.append("")
    program = ('source "$1"; complete -p schedule-tool >/dev/null || exit 9; shift; '
               'COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="${COMP_WORDS[*]}"; '
               'COMP_POINT=${#COMP_LINE}; _schedule_tool; printf "%s\\n" "${COMPREPLY[@]}"')
    r = subprocess.run(["bash", "--norc", "-c", program, "bash", bash_script] + words, capture_output=True,
                       text=True, timeout=30)
    if r.returncode != 0:
        failures.append("bash, %r: exit %d: %s" % (line, r.returncode, r.stderr))
    return [w for w in r.stdout.splitlines() if w]


def expect(shell, line, got, present, absent=()):
    for w in present:
        if w not in got:
            failures.append("%s, %r: %s not offered (offered: %s)" % (shell, line, w, " ".join(got)))
    for w in absent:
        if w in got:
            failures.append("%s, %r: %s offered" % (shell, line, w))


cases = [
    ("schedule-tool ch", ["check"], ["deps", "--json"]),
    ("schedule-tool ", ["check", "deps", "repair", "serve", "help"], ["completions"]),
    ("schedule-tool --v", ["--version"], []),
    ("schedule-tool check k.json --", ["--schedule", "--param", "--schedules", "--json", "--help"],
     ["--goal", "--format"]),
    ("schedule-tool check k.json --deps ", ["may", "flow"], []),
    ("schedule-tool tree k.json --format ", ["block", "flow", "map", "dot", "svg"], ["text"]),
    ("schedule-tool repair k.json --goal p", ["permutable", "parallel"], ["legal"]),
    ("schedule-tool help re", ["repair"], ["check"]),
]
for line, present, absent in cases:
    expect("bash", line, bash_complete(line), present, absent)

# No drift: after `--` each command offers exactly the options of its help.
commands = re.findall(r"^  (\S+) ", subprocess.run([tool, "--help"], capture_output=True, text=True).stdout, re.M)
commands = [c for c in commands if not c.startswith("-")]
if len(commands) < 10:
    failures.append("schedule-tool --help lists %d commands" % len(commands))
for c in commands:
    help_text = subprocess.run([tool, c, "--help"], capture_output=True, text=True).stdout
    listed = set(re.findall(r"(--[a-z][-a-z]*)", "\n".join(l.split("  ")[1] if l.startswith("  ") else ""
                                                           for l in help_text.splitlines())))
    offered = set(bash_complete("schedule-tool %s k.json --" % c))
    if listed != offered:
        failures.append("bash, %s: offers %s, its help lists %s" % (c, sorted(offered - listed),
                                                                    sorted(listed - offered)))

fish = shutil.which("fish")
if fish:
    script = os.path.join(folder, "fish", "schedule-tool.fish")
    for line, present, absent in cases:
        r = subprocess.run([fish, "--no-config", "-c", 'source $argv[1]; complete -C $argv[2]', script, line],
                           capture_output=True, text=True, timeout=30)
        expect("fish", line, [l.split("\t")[0] for l in r.stdout.splitlines()], present, absent)
else:
    print("fish is not installed: its completion is not checked")
zsh = shutil.which("zsh")
if zsh:
    r = subprocess.run([zsh, "-n", os.path.join(folder, "zsh", "_schedule-tool")], capture_output=True, text=True)
    if r.returncode != 0:
        failures.append("zsh -n: %s" % r.stderr)
else:
    print("zsh is not installed: its completion is not checked")

for f in failures:
    print("FAIL", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
