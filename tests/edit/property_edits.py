#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Property test of schedule edits, driven through schedule-tool.

On every sample kernel and every conformance kernel (parameters at their
`value`s), random edit sequences are applied one edit at a time: sometimes one
of the moves `schedule-tool moves` lists for a random node, sometimes an edit
with random arguments on a random node (often one that does not apply). After
each edit:

- schedule-tool never crashes: exit 0 (legal), 1 (illegal) or 2 with an
  error that names the faulty edit (`edits[k]`), never "analysis failed";
- every schedule the tool calls legal is legal per the oracle
  (conformance/tools/oracle.py, brute force, no isl), and every schedule it
  calls illegal is illegal per the oracle;
- an edit `moves` listed gets the verdict `moves` gave it.

  property_edits.py SCHEDULE_TOOL CONFORMANCE_DIR SAMPLE_DIR [--seed S] [--budget SECONDS]
"""
import argparse, glob, json, os, random, re, subprocess, sys, tempfile, time


def flow_to_json(text):
    """isl's flow YAML ({ domain: "...", child: { ... } }) as JSON: quote the keys.
    The heading's comment lines go, and so do the explicit leaves under marks."""
    text = '\n'.join(l for l in text.split('\n') if not l.startswith('#')).replace(', child: { leaf }', '')
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif c.isalpha() or c == '_':
            j = i
            while j < n and (text[j].isalnum() or text[j] == '_'):
                j += 1
            word = text[i:j]
            out.append('"%s"' % word if text[j:j + 1] == ':' else word)
            i = j
        else:
            out.append(c)
            i += 1
    return json.loads(''.join(out))


STMT = re.compile(r'(s\d+)\[([^\]]*)\]')


def nodes(tree):
    """[(path, kind, info)] in pre-order; leaves included."""
    out = []

    def walk(d, path):
        if d is None:
            out.append((path, 'leaf', {}))
            return
        if 'sequence' in d or 'set' in d:
            kind = 'sequence' if 'sequence' in d else 'set'
            kids = d[kind]
            out.append((path, kind, {'children': len(kids)}))
            for k, f in enumerate(kids):
                walk(f, path + [k])
            return
        if 'domain' in d:
            out.append((path, 'domain', {}))
        elif 'schedule' in d:
            sched = d['schedule']
            stmts = {}
            for name, its in STMT.findall(sched):
                stmts[name] = [x.strip() for x in its.split(',') if x.strip()]
            out.append((path, 'band', {'members': sched.count('{'), 'stmts': stmts}))
        elif 'filter' in d:
            out.append((path, 'filter', {}))
        elif 'mark' in d:
            out.append((path, 'mark', {'name': d['mark']}))
        walk(d.get('child'), path + [0])

    walk(tree, [])
    return out


class Tool:
    def __init__(self, exe, kernel, params, workdir):
        self.exe, self.kernel, self.params, self.workdir = exe, kernel, params, workdir
        self.calls = 0

    def run(self, args, edits, name):
        script = os.path.join(self.workdir, name + '.json')
        with open(script, 'w') as f:
            json.dump({'edits': edits}, f)
        # tree takes no dependence options: schedule-tool refuses options a
        # command does not use.
        params = self.params
        if args[0] == 'tree':
            params = [p for p in params if p != '--no-count']
            while '--deps' in params:
                k = params.index('--deps')
                params = params[:k] + params[k + 2:]
        cmd = [self.exe] + args[:1] + [self.kernel] + args[1:] + ['--edits', script] + params
        self.calls += 1
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        return r, script


def random_edit(rng, node, params):
    path, kind, info = node
    k = rng.random()
    if kind == 'band' and k < 0.85:
        n = info['members']
        stmts = info['stmts']
        m = rng.randrange(n + (1 if rng.random() < 0.1 else 0))  # sometimes out of range
        choice = rng.choice(['permute', 'interchange', 'tile', 'split', 'merge', 'reverse', 'shift', 'skew',
                             'scale', 'set_permutable', 'set_coincident', 'member_expr', 'distribute'])
        e = {'edit': choice, 'node': path}
        if choice == 'permute':
            order = list(range(n))
            rng.shuffle(order)
            e['order'] = order
        elif choice == 'tile':
            e['sizes'] = [rng.choice([1, 2, 3, 4, 8, 32]) for _ in range(n if rng.random() < 0.9 else n + 1)]
        elif choice == 'split':
            e['at'] = rng.randrange(0, n + 1)
        elif choice in ('reverse', 'set_coincident'):
            e['member'] = m
            if choice == 'set_coincident':
                e['value'] = rng.random() < 0.5
        elif choice == 'shift':
            e['member'] = m
            names = sorted(stmts) or ['s0']
            pick = rng.sample(names, rng.randint(1, len(names)))
            offs = ['1', '-1', '2', '3'] + ['%s - 1' % p for p in params] + ['floor(%s / 2)' % p for p in params]
            e['offsets'] = {s: rng.choice(offs) for s in pick}
        elif choice == 'skew':
            e['member'] = m
            e['source'] = rng.randrange(n)
            e['factor'] = rng.choice([-2, -1, 1, 2])
        elif choice == 'scale':
            e['member'] = m
            e['factor'] = rng.choice([1, 2, 3])
        elif choice == 'set_permutable':
            e['value'] = rng.random() < 0.5
        elif choice == 'member_expr':
            e['member'] = m
            s = rng.choice(sorted(stmts) or ['s0'])
            its = stmts.get(s, []) or ['i']
            terms = [rng.choice(['', '2*', '-']) + rng.choice(its) for _ in range(rng.randint(1, 2))]
            expr = ' + '.join(terms) + rng.choice(['', ' + 1', ' - 2'])
            if rng.random() < 0.15:
                expr = 'floor((%s) / 2)' % expr
            e['statement'] = s
            e['expr'] = expr
        return e
    if kind in ('sequence', 'set') and k < 0.85:
        n = info['children']
        choice = rng.choice(['move', 'fuse', 'to_set' if kind == 'sequence' else 'to_sequence'])
        e = {'edit': choice, 'node': path}
        if choice == 'move':
            e['child'] = rng.randrange(n)
            e['to'] = rng.randrange(n)
        elif choice == 'fuse':
            e['child'] = rng.randrange(max(n - 1, 1))
        return e
    if kind == 'mark' and k < 0.6:
        if rng.random() < 0.5:
            return {'edit': 'delete_mark', 'node': path}
        return {'edit': 'rename_mark', 'node': path, 'name': info['name'] + '_x'}
    # Anything anywhere: mostly edits that do not apply.
    choice = rng.choice(['insert_mark', 'tile', 'fuse', 'distribute', 'merge', 'interchange', 'delete_mark',
                         'to_set', 'move'])
    e = {'edit': choice, 'node': path}
    if choice == 'insert_mark':
        e['name'] = rng.choice(['m', 'parallel', 'bad name'])
    elif choice == 'tile':
        e['sizes'] = [4]
    elif choice == 'fuse':
        e['child'] = 0
    elif choice == 'move':
        e['child'], e['to'] = 0, 1
    return e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('tool')
    ap.add_argument('conformance')
    ap.add_argument('samples')
    ap.add_argument('--seed', type=int, default=20240611)
    ap.add_argument('--budget', type=float, default=22.0, help='seconds after which no new round starts')
    ap.add_argument('--steps', type=int, default=4)
    a = ap.parse_args()

    sys.path.insert(0, os.path.join(a.conformance, 'tools'))
    import oracle

    kernels = sorted(glob.glob(os.path.join(a.samples, '*.json'))) + \
        sorted(glob.glob(os.path.join(a.conformance, 'kernels', '*.json')))
    start = time.time()
    failures, stats = [], {'applied': 0, 'legal': 0, 'illegal': 0, 'refused': 0, 'moves': 0}
    work = tempfile.mkdtemp(prefix='se-edit-prop-')
    cache = {}
    kinds = {}

    def oracle_legal(kpath, doc, mapping, mode):
        key = (kpath, mode)
        if key not in cache:
            k = oracle.Kernel(doc, {})
            cache[key] = (k, oracle.dependences(k, mode))
        k, deps = cache[key]
        sched = oracle.parse_union_map(mapping)
        T = oracle.times(k, sched)
        return all(T[x] < T[y] for pairs in deps.values() for x, y in pairs)

    def fail(msg, kpath, edits, extra=''):
        path = os.path.join(work, 'failure%d.json' % len(failures))
        with open(path, 'w') as f:
            json.dump({'edits': edits}, f, indent=1)
        failures.append('%s: %s (script %s) %s' % (os.path.basename(kpath), msg, path, extra.strip()[:400]))

    rounds = 0
    while rounds == 0 or time.time() - start < a.budget:
        for kpath in kernels:
            doc = json.load(open(kpath))
            params = [p['name'] for p in doc.get('params', [])]
            pargs = ['--param=%s=%s' % (p['name'], p['value']) for p in doc.get('params', []) if 'value' in p]
            rng = random.Random('%d/%d/%s' % (a.seed, rounds, doc['name']))
            mode = 'flow' if rng.random() < 0.25 else 'may'
            tool = Tool(a.tool, kpath, pargs + ['--deps', mode, '--no-count'], work)
            edits = []
            for step in range(a.steps):
                r, _ = tool.run(['tree', '--format', 'flow'], edits, 'tree')
                if r.returncode != 0:
                    fail('tree failed (%d)' % r.returncode, kpath, edits, r.stderr)
                    break
                all_nodes = nodes(flow_to_json(r.stdout))
                # Mostly bands and sequences: that is where the interesting edits are.
                busy = [x for x in all_nodes if x[1] in ('band', 'sequence', 'set')]
                node = rng.choice(busy if busy and rng.random() < 0.8 else (all_nodes[1:] or all_nodes))
                expected = None
                if rng.random() < 0.4:
                    r, _ = tool.run(['moves', '--node', '.'.join(map(str, node[0])) or 'root', '--json'], edits, 'moves')
                    if r.returncode != 0:
                        fail('moves failed (%d)' % r.returncode, kpath, edits, r.stderr)
                        break
                    listed = json.loads(r.stdout)['moves']
                    if not listed:
                        continue
                    plain = [m for m in listed if 'mark' not in m['edit']['edit']]
                    pick = rng.choice(plain if plain and rng.random() < 0.85 else listed)
                    edit, expected = pick['edit'], pick['verdict']
                    stats['moves'] += 1
                else:
                    edit = random_edit(rng, node, params)
                trial = edits + [edit]
                r, script = tool.run(['apply', '--format', 'map', '--json'], trial, 'apply')
                if r.returncode == 2:
                    where = 'edits[%d]' % (len(trial) - 1)
                    if 'analysis failed' in r.stderr or where not in r.stderr:
                        fail('exit 2 without naming %s' % where, kpath, trial, r.stderr)
                    elif 'isl could not' in r.stderr:
                        fail('an edit reached isl unchecked', kpath, trial, r.stderr)
                    if expected not in (None, 'does not apply'):
                        fail('moves said %s, apply refused' % expected, kpath, trial, r.stderr)
                    stats['refused'] += 1
                    continue
                if r.returncode not in (0, 1):
                    fail('exit %d' % r.returncode, kpath, trial, r.stderr)
                    break
                out = json.loads(r.stdout)
                legal = out['legal']
                if legal != (r.returncode == 0):
                    fail('exit status and "legal" disagree', kpath, trial)
                if expected is not None and expected != ('legal' if legal else 'illegal'):
                    fail('moves said %s, apply says %s' % (expected, 'legal' if legal else 'illegal'), kpath, trial)
                try:
                    truth = oracle_legal(kpath, doc, out['schedule'], mode)
                except (ValueError, SystemExit) as err:
                    fail('the oracle cannot read the map: %s' % err, kpath, trial, out['schedule'])
                    break
                if legal and not truth:
                    fail('the tool calls an illegal schedule legal (%s)' % mode, kpath, trial, out['schedule'])
                # The map is one order of each set's children; a set promises
                # any order, so the tool may rightly find a pair between two
                # children that this order happens to keep (across_set).
                if truth and not legal and not all(v.get('across_set') for v in out['violations']):
                    fail('the tool calls a legal schedule illegal (%s)' % mode, kpath, trial, out['schedule'])
                edits = trial
                kinds[edit['edit']] = kinds.get(edit['edit'], 0) + 1
                stats['applied'] += 1
                stats['legal' if legal else 'illegal'] += 1
        rounds += 1

    print('%d rounds over %d kernels in %.1fs: %d edits applied (%d legal, %d illegal), %d refused, %d from moves'
          % (rounds, len(kernels), time.time() - start, stats['applied'], stats['legal'], stats['illegal'],
             stats['refused'], stats['moves']))
    print('applied by kind: ' + ', '.join('%s %d' % kv for kv in sorted(kinds.items())))
    for f in failures:
        print('FAIL', f)
    print('%d failures' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
