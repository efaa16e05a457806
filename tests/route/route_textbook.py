#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The textbook routes to legality, through schedule-tool, judged by the oracle.

Each case runs `schedule-tool repair` or `schedule-tool moves --ranges` on a
sample or conformance kernel and checks what it proposes with the brute-force
oracle (conformance/tools/oracle.py, no isl), every parameter at its kernel
value:

- time tiling: `repair --goal permutable` at the time band of jacobi_1d and
  heat_2d gives a legal schedule whose band, tiled by 2 and by 3 in every
  member, is still legal (the oracle's test of a permutable band);
- a wavefront: the same for gauss_seidel_2d;
- a fusion made legal by a shift: `repair` of jacobi_1d's plain fusion and of
  two_mm's fusion proposes only legal schedules, the first a shift;
- a stencil interchange made legal by a skew: `repair` of gauss_seidel_2d
  interchanged proposes only legal schedules;
- matmul's permutations: every order `moves --ranges` lists has the oracle's
  verdict.

  route_textbook.py SCHEDULE_TOOL CONFORMANCE_DIR SAMPLE_DIR
"""
import json, os, subprocess, sys, tempfile

TOOL, CONF, SAMPLES = sys.argv[1], sys.argv[2], sys.argv[3]
ORACLE = os.path.join(CONF, 'tools', 'oracle.py')
TMP = tempfile.mkdtemp(prefix='route-')
failures = []
passed = 0


def params_of(kernel):
    with open(kernel) as f:
        doc = json.load(f)
    return ['--param=%s=%s' % (p['name'], p['value']) for p in doc.get('params', []) if 'value' in p]


def run(args, ok=(0, 1)):
    p = subprocess.run([TOOL] + args, capture_output=True, text=True, timeout=120)
    if p.returncode not in ok:
        raise RuntimeError('%s: exit %d: %s' % (' '.join(args), p.returncode, p.stderr.strip()))
    return p.stdout


def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, 'w') as f:
        f.write(text)
    return path


def flat_map(kernel, schedule, edits, tag):
    args = ['tree', kernel, '--format', 'map'] + params_of(kernel)
    if schedule:
        args += ['--schedule', schedule]
    if edits:
        args += ['--edits', write(tag + '.edits.json', json.dumps({'edits': edits}))]
    text = '\n'.join(l for l in run(args, ok=(0,)).splitlines() if not l.startswith('#'))
    return write(tag + '.map', text)


def oracle_legal(kernel, schedule_map):
    p = subprocess.run([sys.executable, ORACLE, 'check', kernel, '--schedule', schedule_map]
                       + [a.replace('--param=', '--param=') for a in params_of(kernel)],
                       capture_output=True, text=True, timeout=300)
    if p.returncode not in (0, 1):
        raise RuntimeError('oracle failed on %s: %s' % (schedule_map, p.stderr.strip()))
    return json.loads(p.stdout)['legal']


def check(name, cond, detail=''):
    global passed
    if cond:
        passed += 1
    else:
        failures.append('%s: %s' % (name, detail))
        print('FAIL %s: %s' % (name, detail))


def permutable_case(kernel, node):
    name = os.path.basename(kernel) + ' permutable at ' + node
    out = json.loads(run(['repair', kernel, '--node', node, '--goal', 'permutable', '--json'] + params_of(kernel)))
    check(name + ': a proposal', len(out['repairs']) >= 1, out.get('reason', ''))
    for k, r in enumerate(out['repairs']):
        tag = 'perm%d' % k
        m = flat_map(kernel, None, r['edits'], tag)
        check(name + ': legal', oracle_legal(kernel, m), r['summary'])
        members = json.loads(run(['moves', kernel, '--node', node, '--edits',
                                  write(tag + '.e.json', json.dumps({'edits': r['edits']})), '--ranges', '--json']
                                 + params_of(kernel)))['ranges']['members']
        path = [int(x) for x in node.split('.')] if node != 'root' else []
        for size in (2, 3):
            tiled = r['edits'] + [{'edit': 'tile', 'node': path, 'sizes': [size] * members}]
            check(name + ': tiled by %d legal' % size, oracle_legal(kernel, flat_map(kernel, None, tiled, tag + 't')),
                  r['summary'])


def repair_case(kernel, schedule, want_first=None):
    name = os.path.basename(kernel) + ' repair of ' + os.path.basename(schedule)
    check(name + ': illegal before', not oracle_legal(kernel, schedule))
    out = json.loads(run(['repair', kernel, '--schedule', schedule, '--json', '--count', '4'] + params_of(kernel)))
    check(name + ': a proposal', len(out['repairs']) >= 1, out.get('reason', ''))
    if want_first and out['repairs']:
        check(name + ': first is a ' + want_first, out['repairs'][0]['edits'][0]['edit'] == want_first,
              out['repairs'][0]['summary'])
    for k, r in enumerate(out['repairs']):
        check(name + ': ' + r['summary'], r['legal'] and oracle_legal(kernel, write('r%d.map' % k, r['schedule'])))
        applied = flat_map(kernel, schedule, r['edits'], 'ra%d' % k)
        check(name + ': edits give it', oracle_legal(kernel, applied), r['summary'])


def permutations_case(kernel, node):
    name = os.path.basename(kernel) + ' permutations at ' + node
    edits = [{'edit': 'merge', 'node': [0]}]
    out = json.loads(run(['moves', kernel, '--node', node, '--edits', write('m.e.json', json.dumps({'edits': edits})),
                          '--ranges', '--json'] + params_of(kernel)))['ranges']
    import math
    check(name + ': every order listed', len(out['permutations']) == math.factorial(out['members']))
    for p in out['permutations']:
        m = flat_map(kernel, None, edits + [{'edit': 'permute', 'node': [0], 'order': p['order']}], 'p')
        check(name + ': order %s' % p['order'], p['legal'] == oracle_legal(kernel, m), 'tool says %s' % p['legal'])


S = lambda n: os.path.join(SAMPLES, n)
C = lambda n: os.path.join(CONF, n)
for case in [lambda: permutable_case(S('jacobi_1d.json'), '0'),
             lambda: permutable_case(S('heat_2d.json'), '0'),
             lambda: permutable_case(S('gauss_seidel_2d.json'), '0'),
             lambda: repair_case(S('jacobi_1d.json'), S('schedules/jacobi_1d.fuse.map'), 'shift'),
             lambda: repair_case(C('kernels/two_mm.json'), C('schedules/two_mm.fused.map')),
             lambda: repair_case(S('gauss_seidel_2d.json'), S('schedules/gauss_seidel_2d.interchange.map')),
             lambda: permutations_case(S('matmul.json'), '0')]:
    try:
        case()
    except Exception as e:  # a crash of the tool or the oracle is a failure, not a stop
        failures.append(str(e))
        print('FAIL', e)
print('%d passed, %d failed' % (passed, len(failures)))
sys.exit(1 if failures else 0)
