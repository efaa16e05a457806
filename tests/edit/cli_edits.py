#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The edit subcommands through schedule-tool: apply (--out, --json, exit
statuses), --edits on check/tree/codegen, suggest, moves, bad scripts.

  cli_edits.py SCHEDULE_TOOL CONFORMANCE_DIR
"""
import json, os, re, subprocess, sys, tempfile

tool, conf = sys.argv[1], sys.argv[2]
jacobi = os.path.join(conf, 'kernels', 'jacobi_1d.json')
params = ['--param', 'T=4', '--param', 'N=10']
work = tempfile.mkdtemp(prefix='se-edit-cli-')
failures = []


def run(*args):
    return subprocess.run([tool] + list(args), capture_output=True, text=True, timeout=60)


def script(name, edits, kernel='jacobi_1d'):
    path = os.path.join(work, name)
    with open(path, 'w') as f:
        json.dump({'kernel': kernel, 'edits': edits}, f)
    return path


def expect(cond, what, r=None):
    if not cond:
        failures.append(what + ('' if r is None else ' [rc %d] %s' % (r.returncode, r.stderr.strip()[:300])))


fuse = {'edit': 'fuse', 'node': [0, 0], 'child': 0}
shift = {'edit': 'shift', 'node': [0, 0], 'member': 0, 'offsets': {'s1': 1}}
legal = script('legal.json', [fuse, shift])
illegal = script('illegal.json', [fuse])

# apply: YAML to --out, report on stderr, exit 0 when legal.
out = os.path.join(work, 'out.yaml')
r = run('apply', jacobi, '--edits', legal, '--out', out, *params)
expect(r.returncode == 0 and r.stdout == '', 'apply legal --out: exit 0, nothing on stdout', r)
expect('verdict: legal' in r.stderr and 'band flags' in r.stderr, 'apply reports legality and flags on stderr', r)
text = open(out).read() if os.path.exists(out) else ''
body = '\n'.join(l for l in text.split('\n') if not l.startswith('#'))  # after its heading
expect(text.startswith('# ') and body.startswith('domain:') and '\nchild:\n' in body,
       'apply --out writes block-style YAML after a heading')
r = run('check', jacobi, '--schedule', out, *params)
expect(r.returncode == 0, 'the written schedule checks legal', r)

# apply --json; exit 1 for an illegal result.
r = run('apply', jacobi, '--edits', illegal, '--json', *params)
expect(r.returncode == 1, 'apply illegal: exit 1', r)
j = json.loads(r.stdout) if r.stdout.startswith('{') else {}
expect(j.get('legal') is False and len(j.get('violations', [])) == 1, 'apply --json: legal false, one violation')
expect([e.get('legal') for e in j.get('edits', [])] == [False], 'apply --json: one step, illegal')
expect(all(k in j for k in ('flags', 'schedule', 'dependences')), 'apply --json: flags, schedule, dependences')

# --edits on check, tree, codegen.
r = run('check', jacobi, '--edits', illegal, *params)
expect(r.returncode == 1 and 'with the edits of' in r.stdout, 'check --edits sees the edited schedule', r)
r = run('tree', jacobi, '--edits', legal, '--format', 'map', *params)
expect(r.returncode == 0 and 's1[t, i] -> [(t), (1 + i), (1)]' in r.stdout, 'tree --edits --format map', r)
r = run('codegen', jacobi, '--edits', legal, *params)
expect(r.returncode == 0 and 'for' in r.stdout, 'codegen --edits', r)

# Bad scripts: exit 2 naming the file and the JSON path.
bad = script('bad.json', [fuse, {'edit': 'tile', 'node': [0, 0], 'sizes': [0]}])
r = run('apply', jacobi, '--edits', bad, *params)
expect(r.returncode == 2 and re.search(r'bad\.json:\d+:\d+: error: edits\[1\]\.sizes\[0\]', r.stderr),
       'bad script: exit 2 with its position and JSON path', r)
noapply = script('noapply.json', [{'edit': 'interchange', 'node': [0]}])
r = run('check', jacobi, '--edits', noapply, *params)
expect(r.returncode == 2 and re.search(r'noapply\.json:\d+:\d+: error: edits\[0\]: node 0: interchange', r.stderr),
       'an edit that does not apply: exit 2 naming it', r)
other = script('other.json', [], kernel='two_mm')
r = run('tree', jacobi, '--edits', other)
expect(r.returncode == 2 and "for kernel 'two_mm'" in r.stderr, 'a script for another kernel', r)
r = run('apply', jacobi)
expect(r.returncode == 2 and '--edits' in r.stderr, 'apply without --edits', r)

# suggest: a legal tree from isl's scheduler.
r = run('suggest', jacobi, '--json', *params)
j = json.loads(r.stdout) if r.returncode in (0, 1) else {}
expect(r.returncode == 0 and j.get('legal') is True and 'schedule' in j, 'suggest --json: legal', r)
expect(j.get('flags') and j['flags'][0]['permutable'] == {'declared': True, 'computed': True},
       'suggest: isl declares the band permutable and it is')

# moves: plain data with verdicts.
r = run('moves', jacobi, '--edits', script('f.json', [fuse]), '--node', '0.0', '--json', *params)
j = json.loads(r.stdout) if r.returncode == 0 else {}
verdicts = {m['description']: m['verdict'] for m in j.get('moves', [])}
expect(verdicts.get('shift member 0 of band 0.0: s1 by 1') == 'legal', 'moves: shifting s1 is legal', r)
expect(verdicts.get('shift member 0 of band 0.0: s0 by 1') == 'illegal', 'moves: shifting s0 is illegal', r)
r = run('moves', jacobi, '--node', '0.9', *params)
expect(r.returncode == 2 and 'no node 0.9' in r.stderr, 'moves at a node that does not exist', r)
r = run('moves', jacobi, *params)
expect(r.returncode == 2 and '--node' in r.stderr, 'moves without --node', r)

for f in failures:
    print('FAIL', f)
print('%d failures' % len(failures))
sys.exit(1 if failures else 0)
