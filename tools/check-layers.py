#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the layers the architecture promises (docs/architecture.md):

- core/ includes no Qt and nothing from widgets/ or app/;
- widgets/ includes nothing from app/, and widget headers include no isl
  (views hold plain snapshots, never live isl objects);
- the folders inside core/ include each other without cycles, and each
  only what its row of the table in docs/architecture.md ("What each core
  folder does and may include") allows: its own files, support, the folders
  named there and what those may include.

Run from anywhere: tools/check-layers.py [SOURCE_DIR]. Prints each breach
with its file and line and exits 1; prints the folder order it found and
exits 0 when the layers hold. The layers test (ctest -R layers) runs it.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')
QT = re.compile(r'^(Q[A-Za-z0-9_]*|Qt[A-Za-z]*/.*)$')


def sources(root, top):
    for base, dirs, files in os.walk(os.path.join(root, top)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(('.h', '.hpp', '.cpp', '.h.in')):
                yield os.path.join(base, name)


def includes(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                yield number, m.group(1), m.group(2)


def folder_of(root, path):
    """core/<folder>/... -> <folder>; core's own top-level files -> ''."""
    parts = os.path.relpath(path, os.path.join(root, 'core')).split(os.sep)
    return parts[0] if len(parts) > 1 else ''


ROW = re.compile(r'^\|\s*core/([a-z]+)\s*\|[^|]*\|([^|]*)\|\s*$')


def allowed_table(root):
    """{folder: set of folders it may include}, closed over the rows; None
    when the table is missing."""
    path = os.path.join(root, 'docs', 'architecture.md')
    rows = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = ROW.match(line)
            if m:
                rows[m.group(1)] = {x.strip() for x in m.group(2).split(',') if x.strip()}
    if not rows:
        return None
    closed = {}

    def close(folder, seen=()):
        if folder in closed:
            return closed[folder]
        out = {'support'}
        for below in rows.get(folder, ()):
            if below in seen:
                continue  # a cycle in the table: the include check reports it
            out |= {below} | close(below, seen + (folder,))
        closed[folder] = out
        return out

    return {folder: close(folder) for folder in rows}


def check(root):
    breaches = []
    allowed = allowed_table(root)
    if allowed is None:
        breaches.append('docs/architecture.md: the table of what each core folder may include is missing')
        allowed = {}
    edges = {}  # folder -> {folder: first (file, line) seen}
    core = os.path.join(root, 'core')
    for name in sorted(os.listdir(core)):
        if os.path.isdir(os.path.join(core, name)):
            edges.setdefault(name, {})
            if allowed and name not in allowed:
                breaches.append(f'core/{name}: a folder without a row in docs/architecture.md\'s table')
    for path in sources(root, 'core'):
        rel = os.path.relpath(path, root)
        here = folder_of(root, path)
        for line, kind, name in includes(path):
            if kind == '<' and QT.match(name):
                breaches.append(f'{rel}:{line}: core includes Qt ({name}): the core is Qt-free')
            if name.startswith(('widgets/', 'app/')):
                breaches.append(f'{rel}:{line}: core includes {name}: core is the bottom layer')
            if kind == '"' and name.startswith('core/'):
                there = name.split('/')[1] if name.count('/') >= 2 else ''
                if there != here:
                    edges.setdefault(here, {}).setdefault(there, f'{rel}:{line}')
                    if here and there and here in allowed and there not in allowed[here]:
                        breaches.append(f'{rel}:{line}: core/{here} includes {name}: its row in '
                                        f'docs/architecture.md allows {", ".join(sorted(allowed[here]))}')
    for path in sources(root, 'widgets'):
        rel = os.path.relpath(path, root)
        for line, kind, name in includes(path):
            if name.startswith('app/'):
                breaches.append(f'{rel}:{line}: widgets include {name}: the app sits above widgets')
            if path.endswith('.h') and kind == '<' and name.startswith('isl/'):
                breaches.append(f'{rel}:{line}: a widget header includes {name}: views hold no isl objects')
    order, cycle = topological(edges)
    if cycle:
        chain = ' -> '.join(cycle)
        where = '; '.join(f'{a} -> {b} at {edges[a][b]}' for a, b in zip(cycle, cycle[1:]))
        breaches.append(f'core folders form a cycle: {chain} ({where})')
    return breaches, order


def topological(edges):
    """Folders bottom-up, or a cycle as a list of folders."""
    nodes = set(edges) | {b for deps in edges.values() for b in deps}
    state, order, stack = {}, [], []

    def visit(n):
        state[n] = 'open'
        stack.append(n)
        for m in sorted(edges.get(n, {})):
            if state.get(m) == 'open':
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 'done'
        order.append(n)
        return None

    for n in sorted(nodes):
        if n not in state:
            found = visit(n)
            if found:
                return order, found
    return order, None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..'))
    breaches, order = check(root)
    for b in breaches:
        print(b)
    if breaches:
        print(f'{len(breaches)} layer breach(es)')
        return 1
    print('layers hold; core folders bottom-up: ' + ' '.join(f or '(core)' for f in order))
    return 0


if __name__ == '__main__':
    sys.exit(main())
