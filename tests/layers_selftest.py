#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/check-layers.py on small made-up trees: the real tree passes (the
`layers` test), and each rule here must catch its breach.

  layers_selftest.py SOURCE_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile

TABLE = '''| folder | its job | may include |
|---|---|---|
| core/support | s | |
| core/expr | e | |
| core/model | m | expr |
| core/isl | i | model |
'''


def tree(base, files, table=TABLE):
    for rel, text in files.items():
        path = os.path.join(base, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            f.write(text)
    os.makedirs(os.path.join(base, 'docs'), exist_ok=True)
    os.makedirs(os.path.join(base, 'widgets'), exist_ok=True)
    with open(os.path.join(base, 'docs', 'architecture.md'), 'w') as f:
        f.write(table)


def run(checker, files, table=TABLE):
    base = tempfile.mkdtemp(prefix='layers-')
    try:
        tree(base, files, table)
        p = subprocess.run([sys.executable, checker, base], capture_output=True, text=True)
        return p.returncode, p.stdout
    finally:
        shutil.rmtree(base)


def main():
    checker = os.path.join(sys.argv[1], 'tools', 'check-layers.py')
    good = {'core/support/A.h': '', 'core/expr/E.h': '#include "core/support/A.h"\n',
            'core/model/M.h': '#include "core/expr/E.h"\n', 'core/isl/I.h': '#include "core/expr/E.h"\n'}
    cases = [
        ('a tree that keeps the table', good, TABLE, 0, 'layers hold'),
        ('an include the row does not allow', dict(good, **{'core/expr/E2.h': '#include "core/model/M.h"\n'}),
         TABLE, 1, 'core/expr includes core/model/M.h'),
        ('a folder without a row', dict(good, **{'core/extra/X.h': ''}), TABLE, 1, 'core/extra: a folder without a row'),
        ('no table', good, '# nothing\n', 1, 'the table of what each core folder may include is missing'),
        ('Qt in the core', dict(good, **{'core/isl/Q.h': '#include <QString>\n'}), TABLE, 1, 'core includes Qt'),
    ]
    failed = 0
    for what, files, table, code, expect in cases:
        rc, out = run(checker, files, table)
        ok = rc == code and expect in out
        failed += not ok
        print('%s %s' % ('ok  ' if ok else 'FAIL', what) + ('' if ok else ': exit %d, output:\n%s' % (rc, out)))
    print('%d passed, %d failed' % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
