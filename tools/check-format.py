#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that every C++ file of the project is formatted as .clang-format says.

tools/check-format.py [--fix] [SOURCE_DIR]: lists each file clang-format-14
would change (with the first differing line) and exits 1; with --fix it
rewrites them. The format test (ctest -R format) runs the check.
"""
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
import sys

FOLDERS = ('core', 'app', 'widgets', 'tests', 'bench')
SUFFIXES = ('.h', '.hpp', '.cpp')


def clang_format():
    for name in ('clang-format-14', 'clang-format'):
        path = shutil.which(name)
        if path:
            return path
    sys.exit('check-format: clang-format-14 is not installed (tools/install-deps.sh installs it)')


def files(root):
    for folder in FOLDERS:
        for base, dirs, names in os.walk(os.path.join(root, folder)):
            dirs.sort()
            for name in sorted(names):
                if name.endswith(SUFFIXES):
                    yield os.path.join(base, name)


def main():
    args = [a for a in sys.argv[1:] if a != '--fix']
    fix = '--fix' in sys.argv[1:]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), '..'))
    tool = clang_format()
    bad = []

    def format_one(path):
        with open(path, encoding='utf-8') as f:
            original = f.read()
        formatted = subprocess.run([tool, '--style=file', '--assume-filename=' + path], input=original,
                                   capture_output=True, text=True, check=True, cwd=root).stdout
        return path, original, formatted

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(format_one, files(root)))
    for path, original, formatted in results:
        if formatted == original:
            continue
        rel = os.path.relpath(path, root)
        if fix:
            with open(path, 'w', encoding='utf-8') as f:
                f.write(formatted)
            print(f'formatted {rel}')
            continue
        a, b = original.splitlines(), formatted.splitlines()
        line = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        bad.append(f'{rel}:{line + 1}: not formatted (clang-format-14 would change it)')
    for b in bad:
        print(b)
    if bad:
        print(f'{len(bad)} file(s) not formatted: run tools/check-format.py --fix')
        return 1
    if not fix:
        print('every C++ file is formatted')
    return 0


if __name__ == '__main__':
    sys.exit(main())
