#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Raw isl C calls stay in core/isl unless isl/cpp.h lacks the operation.

Every `isl_name(` call in core/, widgets/, app/ and bench/ outside core/isl/
must be one of:
  - a function listed in tools/raw-isl-allowlist.txt (one name and the reason
    isl/cpp.h lacks it per line; the check fails if cpp.h calls that function
    anywhere, so an entry cannot outlive the wrapper's arrival);
  - on a line, or under a line, that carries a `// raw isl: <reason>` comment;
  - inside a block opened by `// raw isl begin: <reason>` and closed by
    `// raw isl end` (for code that walks isl objects through C callbacks or
    keeps a C object across many calls, where a tag per line is noise).
A tag without a reason does not count.

Usage: tools/check-raw-isl.py [--root DIR] [--cpp-h PATH] [--list]
  --list prints every raw call with how it is excused, then the counts.
Exit 0 when every call is excused, 1 otherwise (each offending line printed).
"""

import argparse
import os
import re
import sys

FOLDERS = ("core", "widgets", "app", "bench")
EXEMPT = os.path.join("core", "isl") + os.sep
SUFFIXES = (".cpp", ".h", ".hpp", ".cc", ".cxx", ".inc")
CALL = re.compile(r"\bisl_[a-z0-9_]+(?=\s*\()")
TAG = re.compile(r"//\s*raw isl:\s*\S")
BEGIN = re.compile(r"//\s*raw isl begin:\s*\S")
END = re.compile(r"//\s*raw isl end\b")


def code_part(line, in_block):
    """The line without comments and string literals; whether a /* */ block is still open."""
    out = []
    i = 0
    n = len(line)
    while i < n:
        if in_block:
            j = line.find("*/", i)
            if j < 0:
                return "".join(out), True
            i = j + 2
            in_block = False
            continue
        c = line[i]
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            in_block = True
            i += 2
            continue
        if c == '"' or c == "'":
            j = i + 1
            while j < n and line[j] != c:
                j += 2 if line[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out), in_block


def read_allowlist(path):
    allowed = {}
    problems = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            name, _, reason = line.partition(" ")
            if not re.fullmatch(r"isl_[a-z0-9_]+", name):
                problems.append(f"{path}:{number}: not an isl function name: {name}")
            elif not reason.strip():
                problems.append(f"{path}:{number}: {name} has no reason")
            elif name in allowed:
                problems.append(f"{path}:{number}: {name} listed twice")
            else:
                allowed[name] = reason.strip()
    return allowed, problems


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(here))
    parser.add_argument("--cpp-h", default="/usr/include/isl/cpp.h")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()

    allowed, problems = read_allowlist(os.path.join(args.root, "tools", "raw-isl-allowlist.txt"))
    if os.path.exists(args.cpp_h):
        with open(args.cpp_h, encoding="utf-8") as f:
            wrapped = set(CALL.findall(f.read()))
        for name in sorted(set(allowed) & wrapped):
            problems.append(f"raw-isl-allowlist.txt: {name} is called by {args.cpp_h}: use the wrapper "
                            "(or tag the call with the reason the wrapper does not fit)")

    counts = {"allow-listed": 0, "tagged": 0, "in a block": 0, "unexcused": 0}
    used = set()
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(args.root, folder)):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(SUFFIXES):
                    continue
                path = os.path.join(dirpath, filename)
                rel = os.path.relpath(path, args.root)
                if rel.startswith(EXEMPT):
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.read().split("\n")
                in_comment = False
                block = None  # line number of the open `raw isl begin`
                previous = ""
                for number, line in enumerate(lines, 1):
                    if BEGIN.search(line):
                        if block:
                            problems.append(f"{rel}:{number}: raw isl block opened twice (first at line {block})")
                        block = number
                    code, in_comment = code_part(line, in_comment)
                    for name in CALL.findall(code):
                        used.add(name)
                        if name in allowed:
                            how = "allow-listed"
                        elif TAG.search(line) or TAG.search(previous):
                            how = "tagged"
                        elif block:
                            how = "in a block"
                        else:
                            how = "unexcused"
                            problems.append(f"{rel}:{number}: raw {name}() outside core/isl: use isl/cpp.h, "
                                            "or tag it `// raw isl: <what cpp.h lacks>`")
                        counts[how] += 1
                        if args.list:
                            print(f"{rel}:{number}: {name} [{how}]")
                    if END.search(line):
                        if not block:
                            problems.append(f"{rel}:{number}: `raw isl end` without a begin")
                        block = None
                    previous = line
                if block:
                    problems.append(f"{rel}:{block}: raw isl block never closed")

    for p in problems:
        print(p)
    total = sum(counts.values())
    print(f"{total} raw isl calls outside core/isl: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    stale = sorted(set(allowed) - used)
    if stale:
        print("note: allow-listed but no longer called (remove them): " + " ".join(stale))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
