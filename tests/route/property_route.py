#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Property test of `schedule-tool moves --ranges` and `schedule-tool repair`
against the brute-force oracle (conformance/tools/oracle.py, no isl).

Kernels: every conformance and sample kernel (parameters at their `value`s) and
seeded random small kernels (1-3 statements, loop depth 1-3, perfectly or
imperfectly nested, 1-2-D tensors, stencil-like affine indices such as i - 1,
i + 1, j, t, parameters N = 4..6 and T = 3). The schedules looked at are the
original one, the same with every chain of nested bands merged into one band
(so that bands have several members), the conformance schedules of the
kernel, and a few perturbed ones (one random edit: permute, reverse, shift,
skew, interchange or a sequence move; often illegal). At every band of the
first three (at the edited band and one more of a perturbed one),
`moves --node P --ranges --json` must tell the truth:

- shift: for each member and statement, the offsets of that one statement
  that keep the schedule legal are the interval [min, max] ("empty": none):
  the bounds, bound - 1 and bound + 1, -3..3, values inside and, for an
  unbounded side, the finite bound +- 7 are legal exactly when inside;
- shift_sets: the sample point (all offsets in one shift edit) is legal; no
  sample only when no single-statement shift of that member is legal;
- skew: the same interval checks for the factor (factor 0 is the schedule
  itself, never applied as an edit); so for "scale" (factors >= 1, when
  answered), and "reverse" and the band's "legal" verdict when answered;
- permutations: every order of the members is listed once, and its
  "legal" is the oracle's verdict on the permuted schedule;
- permutable (legal schedules only): for the whole band, true exactly when
  every dependence the outer schedule does not carry has non-negative
  distances in every member, and then tiling every member by 2 and by 3 is
  legal; for a sub-range [i..j] the same with members < i counted as outer.

These verdicts are computed here from the tool's map of the schedule (`tree
--format map`) and the edit's documented meaning (shift adds to one column,
skew adds a multiple of another, permute reorders, tile inserts floor(x /
size) columns) on the oracle's instances. Two agreeing edits per kernel are
also run through `tree --edits E --format map` and must agree, and every
reported disagreement is confirmed that way (the commands to reproduce it,
the edit script and the map are printed and kept in the temp dir).

`repair` (--count 2) on every schedule the oracle calls illegal (sometimes
with --node P --goal legal): each repair's "legal" is true, its "schedule" is
legal per the oracle, and its "edits" applied to the given schedule give a
legal schedule; no repair needs a non-empty "reason" (counted, not a
failure). `repair --node P --goal permutable` (and sometimes `--goal
parallel`) at a band of the original schedule: every proposal is legal, and
after its edits the band at P is permutable (its outer member carries no
dependence).

The moves and the repairs are asked of one `schedule-tool serve KERNEL
--param ...` per kernel, as request lines ({"schedule_file": FILE, "moves":
{"node": P, "ranges": true}} and {..., "repair": {"goal": G, "node": P,
"count": 2}}; the original schedule as the text `tree --format flow` gives):
no process start and no kernel analysis per question. `tree` (flows and maps
of schedules and of edits applied to them) stays a command of its own: serve
answers no such question. The expected answers all come from the oracle.

Exit statuses other than 0-3, signals, tracebacks and timeouts (30 s) are
failures; exit 2 from a random perturbation just means the edit did not apply.
For serve: an error answer counts as exit status 2 (3 for a resource limit);
a server that dies (the request being answered fails, with serve's stderr),
sends no answer within 30 s (it is stopped; that request fails), answers out
of order or does not exit 0 at the end of its kernel is a failure; the
requests after a failed one go to a new server.

  property_route.py SCHEDULE_TOOL CONFORMANCE_DIR SAMPLE_DIR [--seed S] [--kernels N] [--budget SECONDS]
                    [--shard I/N] [--jobs N]

No new kernel starts after --budget seconds (the count done is printed).
The sample kernels (SAMPLE_DIR/*.json, with SAMPLE_DIR/schedules/NAME.*.map)
are used like the conformance ones, parameters at their `value`s, unless they
have more than 1000 instances.
The last line is 'N passed, M failed' (checks); exit status 1 on any failure.
"""
import argparse, fcntl, glob, itertools, json, os, random, re, select, shlex, shutil, subprocess, sys, \
    tempfile, time

CALL_TIMEOUT = 30
COUNT = 2  # repair --count
MAX_INSTANCES = 1000  # fixed kernels (conformance, samples) bigger than this are left out


# ---------------------------------------------------------------- schedule trees

# The flow YAML reader of the edit property test, shared.
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'edit'))
from property_edits import flow_to_json  # noqa: E402


STMT = re.compile(r'(s\d+)\[([^\]]*)\]')


def tree_nodes(tree):
    """[(path, kind, info)] in pre-order. info['col'] is the first column of the
    node in the flat schedule map (isl_schedule_get_map): every band adds one
    column per member, every sequence or set one column (the child's index),
    and the map is padded with zeros at the end."""
    out = []

    def walk(d, path, col):
        if d is None:
            out.append((path, 'leaf', {'col': col}))
            return
        if 'sequence' in d or 'set' in d:
            kind = 'sequence' if 'sequence' in d else 'set'
            kids = d[kind]
            out.append((path, kind, {'children': len(kids), 'col': col}))
            for k, f in enumerate(kids):
                walk(f, path + [k], col + 1)
            return
        if 'schedule' in d:
            sched = d['schedule']
            stmts = sorted(set(name for name, _ in STMT.findall(sched)))
            members = sched.count('{')
            child = d.get('child')
            out.append((path, 'band', {'members': members, 'stmts': stmts, 'col': col,
                                       'child_is_band': isinstance(child, dict) and 'schedule' in child}))
            walk(child, path + [0], col + members)
            return
        if 'domain' in d:
            out.append((path, 'domain', {'col': col}))
        elif 'filter' in d:
            out.append((path, 'filter', {'col': col}))
        elif 'mark' in d:
            out.append((path, 'mark', {'col': col, 'name': d['mark']}))
        else:
            out.append((path, 'other', {'col': col}))
        walk(d.get('child'), path + [0], col)

    walk(tree, [], 0)
    return out


def path_arg(path):
    return '.'.join(map(str, path)) or 'root'


# ---------------------------------------------------------------- random kernels

def gen_kernel(rng, name):
    """A small stencil-like kernel in the format of docs/kernel-format.md."""
    N = rng.randint(4, 6)
    T = 3
    nstmts = rng.choice([1, 2, 2, 3, 3])
    maxdepth = rng.choice([1, 2, 2, 3, 3])
    names = ['t', 'i', 'j'] if rng.random() < 0.5 else ['i', 'j', 'k']
    perfect = rng.random() < 0.35
    ntens = rng.choice([1, 2, 2, 3])
    tensors = []
    for k in range(ntens):
        dims = 2 if rng.random() < 0.35 else 1
        tensors.append({'name': 'ABC'[k], 'shape': ['N'] * dims, 'space': 'dram'})
    used = {'N'}
    counter = [0]

    def index_expr(iters):
        spatial = [v for v in iters if v != 't']
        if not iters or rng.random() < 0.06:
            return rng.choice(['0', '1'])
        if spatial and (rng.random() < 0.85 or 't' not in iters):
            v = rng.choice(spatial)
            off = rng.choice([0, 0, 0, -1, 1])
            return v if off == 0 else ('%s %s %d' % (v, '-' if off < 0 else '+', abs(off)))
        return 't'

    def access(iters, tensor=None):
        t = tensor or rng.choice(tensors)
        return {'tensor': t['name'], 'index': [index_expr(iters) for _ in t['shape']]}

    def stmt(iters):
        sid = counter[0]
        counter[0] += 1
        w = access(iters)
        reads = [access(iters) for _ in range(rng.choice([1, 1, 2]))]
        if rng.random() < 0.3:
            reads.append({'tensor': w['tensor'], 'index': list(w['index'])})  # read-modify-write
        s = {'id': sid, 'op': 'op%d' % sid, 'writes': [w], 'reads': reads}
        spatial = [v for v in iters if v != 't']
        if spatial and rng.random() < 0.08:
            s['predicates'] = ['%s >= 2' % rng.choice(spatial)]
        return s

    def loop(depth, iters, body_fn):
        v = names[depth]
        if v == 't':
            used.add('T')
            lp = {'loop': v, 'lb': 0, 'ub': 'T'}
        else:
            outer = [x for x in iters if x != 't']
            r = rng.random()
            if outer and r < 0.12:
                lp = {'loop': v, 'lb': rng.choice(outer), 'ub': 'N - 1'}          # triangular
            elif outer and r < 0.2:
                lp = {'loop': v, 'lb': 1, 'ub': '%s + 1' % rng.choice(outer)}
            elif r < 0.3:
                lp = {'loop': v, 'lb': 0, 'ub': 'N'}
            elif r < 0.35:
                lp = {'loop': v, 'lb': 0, 'ub': 'N', 'stride': 2}
            else:
                lp = {'loop': v, 'lb': 1, 'ub': 'N - 1'}
        lp['body'] = body_fn(iters + [v])
        return lp

    def items(depth, iters, n):
        if perfect:
            if depth < maxdepth:
                return [loop(depth, iters, lambda its: items(depth + 1, its, n))]
            return [stmt(iters) for _ in range(n)]
        out, left = [], n
        while left > 0:
            g = rng.randint(1, left)
            left -= g
            if depth < maxdepth and (depth == 0 or g > 1 or rng.random() < 0.55):
                out.append(loop(depth, iters, lambda its, g=g: items(depth + 1, its, g)))
            else:
                out.extend(stmt(iters) for _ in range(g))
        return out

    body = items(0, [], nstmts)
    params = [{'name': 'N', 'min': 4, 'value': N}]
    if 'T' in used:
        params.append({'name': 'T', 'min': 1, 'value': T})
    return {'version': 1, 'name': name, 'description': 'random kernel of property_route.py',
            'params': params, 'tensors': tensors, 'body': body}


# ---------------------------------------------------------------- the run

class Run:
    def __init__(self, a, oracle):
        self.a, self.oracle = a, oracle
        self.tool = a.tool
        self.work = tempfile.mkdtemp(prefix='se-route-prop-')
        self.failures = []
        self.passed = 0
        self.confirms = 0
        self.stats = dict(kernels=0, random=0, schedules=0, illegal_schedules=0, bands=0, ranges=0,
                          shift_values=0, skew_values=0, scale_values=0, reverse=0, permutations=0, permutable=0, tool_edits=0,
                          repairs=0, repair_calls=0, repairs_empty=0, goal_calls=0, goal_empty=0,
                          perturb_refused=0, calls=0, serve_starts=0, requests=0)
        self.nfile = 0
        self.unsupported = set()
        self.timing = {}
        self.oracle_time = 0.0

    # -- bookkeeping
    def ok(self, n=1):
        self.passed += n

    def fail(self, ctx, what, cmd=None, extra=None):
        self.failures.append({'kernel': ctx.kpath, 'what': what, 'cmd': cmd, 'extra': extra})
        ctx.failed = True

    def newfile(self, ctx, stem, text):
        self.nfile += 1
        base, ext = os.path.splitext(stem)
        path = os.path.join(ctx.dir, '%s-%d%s' % (base, self.nfile, ext or '.json'))
        with open(path, 'w') as f:
            f.write(text)
        return path

    # -- the tool
    def call(self, ctx, args, what):
        """(returncode, stdout, stderr, cmdline); a crash or hang is a failure (returncode None)."""
        cmd = [self.tool] + args
        line = shlex.join(cmd)
        self.stats['calls'] += 1
        t0 = time.time()
        kind = args[0] + (' --ranges' if '--ranges' in args else '') + (' --goal' if '--goal' in args else '')
        for attempt in range(31):
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=CALL_TIMEOUT)
                n, t = self.timing.get(kind, (0, 0.0))
                self.timing[kind] = (n + 1, t + time.time() - t0)
                break
            except subprocess.TimeoutExpired:
                self.fail(ctx, '%s: no answer within %d s' % (what, CALL_TIMEOUT), line)
                return None, '', '', line
            except OSError as e:  # the binary missing or being relinked: wait a minute for it
                if attempt == 30:
                    self.fail(ctx, '%s: cannot run schedule-tool: %s' % (what, e), line)
                    return None, '', '', line
                time.sleep(2)
                t0 = time.time()
        if r.returncode not in (0, 1, 2, 3) or 'Traceback' in r.stderr or 'Assertion `' in r.stderr:
            self.fail(ctx, '%s: crashed (exit status %d)' % (what, r.returncode), line, r.stderr.strip()[-600:])
            return None, r.stdout, r.stderr, line
        return r.returncode, r.stdout, r.stderr, line

    def tree(self, ctx, fmt, sched, edits, what):
        """`tree --format FMT` of SCHEDULE after EDITS: the same question twice
        in one kernel is asked once (the tool is deterministic)."""
        key = (fmt, sched, json.dumps(edits, sort_keys=True))
        if key in ctx.tree_cache:
            return ctx.tree_cache[key]
        args = ['tree', ctx.kpath, '--format', fmt] + ctx.pargs
        if sched:
            args += ['--schedule', sched]
        if edits:
            args += ['--edits', self.newfile(ctx, 'edits', json.dumps({'edits': edits}, indent=1))]
        r = self.call(ctx, args, what)
        if r[0] is not None:  # a crash is reported once, where it happened
            ctx.tree_cache[key] = r
        return r

    def tree_map(self, ctx, sched, edits, what):
        """The flat map of SCHEDULE (None: the original) after EDITS, or (None,
        cmd, err); err is None when the call crashed (a failure already)."""
        rc, out, err, line = self.tree(ctx, 'map', sched, edits, what)
        if rc != 0:
            return None, line, None if rc is None else err
        return '\n'.join(l for l in out.split('\n') if not l.startswith('#')).strip(), line, err

    def tree_flow(self, ctx, sched, edits, what):
        rc, out, err, line = self.tree(ctx, 'flow', sched, edits, what)
        if rc != 0:
            return None, rc, line, err
        return '\n'.join(l for l in out.split('\n') if not l.startswith('#')).strip(), rc, line, err


class Server:
    """One `schedule-tool serve KERNEL --param ...` for one kernel: request
    lines in, answer lines out, in order. ask() gives each request what a
    command would: (status, stdout, stderr, command line), status 0 for an
    answer, 2 for an error answer (3: a resource limit), None after a failure
    (recorded). A server that dies, hangs (CALL_TIMEOUT per answer) or answers
    out of order fails the request being answered and is stopped; the requests
    after it go to a new one."""

    def __init__(self, run, ctx):
        self.run, self.ctx = run, ctx
        self.proc = None
        self.errfile = None
        self.next_id = 0
        self.starts = 0

    def cmd(self):
        return [self.run.tool, 'serve', self.ctx.kpath, '--jobs', str(self.run.a.jobs)] + self.ctx.pargs

    def repro(self, req):
        """The shell command that asks REQ again."""
        return 'echo %s | %s' % (shlex.quote(json.dumps(req)), shlex.join(self.cmd()))

    def start(self, what):
        self.starts += 1
        self.errpath = os.path.join(self.ctx.dir, 'serve-%d.stderr' % self.starts)
        self.errfile = open(self.errpath, 'w+')
        for attempt in range(31):
            try:
                self.proc = subprocess.Popen(self.cmd(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=self.errfile, bufsize=0)
                break
            except OSError as e:  # the binary missing or being relinked: wait a minute for it
                if attempt == 30:
                    self.run.fail(self.ctx, '%s: cannot run schedule-tool serve: %s' % (what, e), shlex.join(self.cmd()))
                    return False
                time.sleep(2)
        self.run.stats['calls'] += 1
        self.run.stats['serve_starts'] += 1
        fl = fcntl.fcntl(self.proc.stdin.fileno(), fcntl.F_GETFL)
        fcntl.fcntl(self.proc.stdin.fileno(), fcntl.F_SETFL, fl | os.O_NONBLOCK)
        self.buf = b''
        return True

    def stderr_text(self):
        try:
            self.errfile.flush()
            self.errfile.seek(0)
            return self.errfile.read()
        except (OSError, ValueError):
            return ''

    def stop(self):
        """Kill a server that failed (only this one, by its process)."""
        if self.proc is None:
            return
        try:
            self.proc.kill()
        except OSError:
            pass
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        self.proc.wait()
        self.errfile.close()
        self.proc = None

    def close(self):
        """EOF: the server must exit 0 with no crash message."""
        if self.proc is None:
            return
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            rc = self.proc.wait(timeout=CALL_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.run.fail(self.ctx, 'serve: no exit within %d s of the end of its input' % CALL_TIMEOUT,
                          shlex.join(self.cmd()))
            self.stop()
            return
        err = self.stderr_text()
        if rc != 0 or 'Traceback' in err or 'Assertion `' in err:
            self.run.fail(self.ctx, 'serve: exit status %d at the end of its input' % rc, shlex.join(self.cmd()),
                          err.strip()[-600:])
        self.proc.stdout.close()
        self.errfile.close()
        self.proc = None

    def ask(self, reqs, kinds, what):
        """The results of request objects REQS (ids are set here)."""
        out = []
        todo = list(zip(reqs, kinds))
        while todo:
            if self.proc is None and not self.start(what):
                out += [(None, '', '', self.repro(r)) for r, _ in todo]
                return out
            got = self.exchange(todo, what)
            out += got
            todo = todo[len(got):]
        return out

    def exchange(self, todo, what):
        """Send TODO, read answers until all are in or the server fails
        (then the failed request's result is the last one given)."""
        lines = []
        for r, _ in todo:
            r['id'] = self.next_id
            self.next_id += 1
            lines.append(json.dumps(r) + '\n')
        self.run.stats['requests'] += len(todo)
        data = ''.join(lines).encode()
        fin, fout = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        results = []
        last = time.time()
        failure = None
        while len(results) < len(todo):
            # every complete answer line in the buffer
            while b'\n' in self.buf and len(results) < len(todo):
                text, self.buf = self.buf.split(b'\n', 1)
                req, kind = todo[len(results)]
                now = time.time()
                n, t = self.run.timing.get(kind, (0, 0.0))
                self.run.timing[kind] = (n + 1, t + now - last)
                last = now
                try:
                    ans = json.loads(text)
                    assert isinstance(ans, dict)
                except (ValueError, AssertionError):
                    failure = 'an answer line that is not a JSON object: %r' % text[:300]
                    break
                if ans.get('id') != req['id']:
                    failure = 'the answer has id %r, want %r (out of order)' % (ans.get('id'), req['id'])
                    break
                if 'error' in ans:
                    rc = 3 if ans.get('kind') == 'resource' else 2
                    results.append((rc, '', str(ans['error']), self.repro(req)))
                else:
                    results.append((0, text.decode(), '', self.repro(req)))
            if failure or len(results) == len(todo):
                break
            rlist, wlist, _ = select.select([fout], [fin] if data else [], [], max(0.0, last + CALL_TIMEOUT - time.time()))
            if not rlist and not wlist:
                if time.time() >= last + CALL_TIMEOUT:
                    failure = 'no answer within %d s' % CALL_TIMEOUT
                    break
                continue
            if wlist:
                try:
                    k = os.write(fin, data[:65536])
                    data = data[k:]
                except BlockingIOError:
                    pass
                except BrokenPipeError:
                    data = b''  # it died: reading tells
            if rlist:
                chunk = os.read(fout, 1 << 20)
                if not chunk:
                    try:
                        rc = self.proc.wait(timeout=5)
                    except subprocess.TimeoutExpired:
                        rc = None
                    failure = 'crashed (exit status %s)' % rc
                    break
                self.buf += chunk
        if failure:
            req, kind = todo[len(results)]
            err = self.stderr_text()
            self.run.fail(self.ctx, '%s: serve: %s' % (what, failure), self.repro(req), err.strip()[-600:])
            self.stop()
            results.append((None, '', err, self.repro(req)))
        return results


class Ctx:
    """One kernel: the oracle's instances and dependence pairs, computed once."""

    def __init__(self, run, kpath, doc, kdir, kernel=None):
        t0 = time.time()
        self.run, self.kpath, self.doc, self.dir = run, kpath, doc, kdir
        self.failed = False
        fixed = {p['name']: p['value'] for p in doc.get('params', []) if 'value' in p}
        self.pargs = [x for n, v in fixed.items() for x in ('--param', '%s=%d' % (n, v))]
        self.fixed = fixed
        o = run.oracle
        self.k = kernel or o.Kernel(doc, fixed)  # main() may have enumerated it already
        deps = o.dependences(self.k, 'may')
        pairs = set()
        self.edge_of = {}
        for key, ps in deps.items():
            for p in ps:
                pairs.add(p)
                self.edge_of.setdefault(p, key)
        self.pairs = sorted(pairs)
        self.stmt = [inst[0] for inst in self.k.instances]
        self.cache = {}
        self.tree_cache = {}
        self.server = Server(run, self)
        run.oracle_time += time.time() - t0

    def ask(self, reqs, kinds, what):
        return self.server.ask(reqs, kinds, what)

    def times(self, mapping):
        """Unpadded time vectors of every instance under a union map."""
        t0 = time.time()
        try:
            return self._times(mapping)
        finally:
            self.run.oracle_time += time.time() - t0

    def _times(self, mapping):
        o = self.run.oracle
        sched = o.parse_union_map(mapping)
        out = []
        for sid, pt, stamp, env in self.k.instances:
            if sid not in sched:
                raise ValueError('the map misses %s' % sid)
            ivs, fs = sched[sid]
            e2 = dict(self.k.env)
            for v, x in zip(ivs, pt):
                e2[v] = x
            out.append(tuple(f(e2) for f in fs))
        return out

    def verdict(self, T):
        """(legal, first violating pair or None) of time vectors T."""
        t0 = time.time()
        try:
            return self._verdict(T)
        finally:
            self.run.oracle_time += time.time() - t0

    def _verdict(self, T):
        n = max((len(t) for t in T), default=0)
        P = [t + (0,) * (n - len(t)) for t in T]
        for a, b in self.pairs:
            if not P[a] < P[b]:
                return False, (a, b, P[a], P[b])
        return True, None

    def map_legal(self, mapping):
        if mapping not in self.cache:
            self.cache[mapping] = self.verdict(self.times(mapping))
        return self.cache[mapping]

    def describe(self, bad):
        if not bad:
            return ''
        a, b, ta, tb = bad
        t, s, d, alloc = self.edge_of[(a, b)]
        ia, ib = self.k.instances[a], self.k.instances[b]
        return '%s %s -> %s on %s: %s%s at %s, %s%s at %s' % (t, s, d, alloc, ia[0], list(ia[1]), list(ta),
                                                               ib[0], list(ib[1]), list(tb))


# ---------------------------------------------------------------- edits on time vectors

def m_shift(ctx, T, col, offsets):
    out = []
    for x, t in enumerate(T):
        o = offsets.get(ctx.stmt[x])
        if o:
            t = t[:col] + (t[col] + o,) + t[col + 1:]
        out.append(t)
    return out


def m_skew(ctx, T, stmts, col, src, k):
    return [t[:col] + (t[col] + k * t[src],) + t[col + 1:] if ctx.stmt[x] in stmts else t
            for x, t in enumerate(T)]


def m_permute(ctx, T, stmts, col, order):
    n = len(order)
    return [t[:col] + tuple(t[col + o] for o in order) + t[col + n:] if ctx.stmt[x] in stmts else t
            for x, t in enumerate(T)]


def m_tile(ctx, T, stmts, col, lo, hi, size):
    """Members lo..hi (band columns col+lo..col+hi) tiled by SIZE, the tile
    loops inserted just before them (split at lo and hi + 1, then tile)."""
    return [t[:col + lo] + tuple(v // size for v in t[col + lo:col + hi + 1]) + t[col + lo:]
            if ctx.stmt[x] in stmts else t for x, t in enumerate(T)]


def direct_permutable(ctx, T, stmts, col, lo, hi):
    """Every dependence that the columns before member LO do not carry has a
    non-negative distance in members lo..hi (docs/edits.md, computed flags)."""
    n = max((len(t) for t in T), default=0)
    P = [t + (0,) * (n - len(t)) for t in T]
    c0 = col + lo
    for a, b in ctx.pairs:
        if ctx.stmt[a] not in stmts or ctx.stmt[b] not in stmts:
            continue
        if P[a][:c0] != P[b][:c0]:
            continue
        for c in range(col + lo, col + hi + 1):
            if P[b][c] < P[a][c]:
                return False
    return True


# ---------------------------------------------------------------- checks

class Schedule:
    """One schedule of a kernel: a file (None: the original), its tree and map."""

    def __init__(self, label, path, flow, mapping, T, legal, bad):
        self.label, self.path, self.flow, self.map, self.T, self.legal, self.bad = \
            label, path, flow, mapping, T, legal, bad
        self.nodes = tree_nodes(flow_to_json(flow))
        self.focus = None  # band paths to look at (None: all)

    def bands(self):
        return [n for n in self.nodes if n[1] == 'band' and n[2]['members'] > 0 and n[2]['stmts']]

    def focus_bands(self, rng):
        """All bands, or for a perturbed schedule the first band at or below
        the edited node and one other (keeps the run short)."""
        bands = self.bands()
        if self.focus is None:
            return bands
        near = [b for b in bands if b[0][:len(self.focus)] == self.focus][:1]
        rest = [b for b in bands if b not in near]
        return near + (rng.sample(rest, 1) if rest else [])

    def sched_req(self):
        """The request's schedule: the file, or the original's tree as text."""
        return {'schedule_file': self.path} if self.path else {'schedule': self.flow}


def confirm(run, ctx, S, edits, model_legal, claim, what, ranges_cmd):
    """A modelled verdict disagrees with the tool's claim: run the edit through
    `tree --edits` and the oracle to be sure; report what the official
    pipeline says. Returns nothing; records a failure unless the tool map
    agrees with the claim (then the model is wrong: reported as such)."""
    run.confirms += 1
    if run.confirms > 150:
        run.fail(ctx, '%s (not confirmed through tree --edits: too many failures)' % what, ranges_cmd)
        return
    mapping, line, err = run.tree_map(ctx, S.path, edits, 'tree --edits (confirming a failure)')
    if mapping is None:
        if err is not None:
            run.fail(ctx, '%s; and the edit does not apply: %s' % (what, err.strip()[:300]), line)
        return
    try:
        legal, bad = ctx.map_legal(mapping)
    except (ValueError, SystemExit) as e:
        run.fail(ctx, 'the oracle cannot read the map of tree --edits: %s' % e, line, mapping)
        return
    mfile = run.newfile(ctx, 'map.map', mapping + '\n')
    ocmd = 'python3 %s check %s --schedule %s %s' % (
        os.path.join(run.a.conformance, 'tools', 'oracle.py'), ctx.kpath, mfile,
        ' '.join('--param %s=%d' % kv for kv in ctx.fixed.items()))
    if legal != model_legal:
        run.fail(ctx, 'the map of %s is %s per the oracle, but the edit as documented gives a %s schedule '
                 '(edit semantics differ, or a bug of this test)' % (json.dumps(edits), 'legal' if legal else 'illegal',
                                                                      'legal' if model_legal else 'illegal'),
                 line, ocmd)
        if legal == claim:
            return
    run.fail(ctx, '%s; the oracle: %s%s' % (what, 'legal' if legal else 'illegal: ', ctx.describe(bad)),
             ranges_cmd, 'reproduce: %s\n  then: %s' % (line, ocmd))


def oracle_cmd(run, ctx, S):
    """The oracle's command line for schedule S (its map written to a file)."""
    if not getattr(S, 'mapfile', None):
        S.mapfile = run.newfile(ctx, 'schedule.map', S.map + '\n')
    mfile = S.mapfile
    return 'python3 %s check %s --schedule %s %s' % (
        os.path.join(run.a.conformance, 'tools', 'oracle.py'), ctx.kpath, mfile,
        ' '.join('--param %s=%d' % kv for kv in ctx.fixed.items()))


def interval_values(rng, lo, hi):
    vals = set(range(-3, 4))
    if lo is not None:
        vals |= {lo, lo - 1}
    if hi is not None:
        vals |= {hi, hi + 1}
    if lo is None and hi is None:
        vals |= {-7, 7}
    elif lo is None:
        vals.add(hi - 7)
    elif hi is None:
        vals.add(lo + 7)
    a = lo if lo is not None else (hi - 7 if hi is not None else -7)
    b = hi if hi is not None else a + 7
    if a <= b:
        vals |= {rng.randint(a, b) for _ in range(2)}
    return sorted(vals)


def check_interval(run, ctx, S, band, e, kind, rng, ranges_cmd, apply_edit, tool_samples, least=None):
    """Entry E of "shift", "skew" or "scale": the legal values are exactly
    [min, max] (among the values >= LEAST, when the edit takes no others)."""
    label = '%s %s' % (kind, json.dumps({k: e.get(k) for k in ('member', 'statement', 'source') if k in e}))
    for key in ('range', 'range_text'):
        if not isinstance(e.get(key), str) or not e.get(key):
            run.fail(ctx, 'ranges: %s has no %s string' % (label, key), ranges_cmd)
            return
    if not isinstance(e.get('empty'), bool):
        run.fail(ctx, 'ranges: %s has no boolean "empty"' % label, ranges_cmd)
        return
    empty = e['empty']
    if not empty and ('min' not in e or 'max' not in e):
        run.fail(ctx, 'ranges: %s has no min/max although every parameter is fixed' % label, ranges_cmd)
        return
    lo, hi = (None, None) if empty else (e.get('min'), e.get('max'))
    for v in (lo, hi):
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            run.fail(ctx, 'ranges: %s: min/max not integers or null: %r %r' % (label, lo, hi), ranges_cmd)
            return
    if not empty and lo is not None and hi is not None and lo > hi:
        run.fail(ctx, 'ranges: %s: min %d > max %d but not "empty"' % (label, lo, hi), ranges_cmd)
        return
    vals = interval_values(rng, lo, hi)
    if least is not None:
        vals = sorted(set(v for v in vals if v >= least) | set(range(least, least + 4)))

    def inside(v):
        return not empty and (lo is None or v >= lo) and (hi is None or v <= hi)

    bad_vals = []
    for v in vals:
        T, edits = apply_edit(v)
        legal, _ = ctx.verdict(T) if edits else (S.legal, None)
        run.stats['%s_values' % kind] += 1
        if legal != inside(v):
            bad_vals.append((v, legal, edits))
        else:
            run.ok()
    if bad_vals:
        v, legal, edits = bad_vals[0]
        rng_txt = 'empty' if empty else '[%s, %s]' % ('-inf' if lo is None else lo, 'inf' if hi is None else hi)
        what = ('ranges at node %s of %s: %s is %s (range_text %r), so %s %d should be %s; %d value(s) disagree: %s'
                % (path_arg(band[0]), S.label, label, rng_txt, e['range_text'], 'offset' if kind == 'shift' else 'factor',
                   v, 'legal' if inside(v) else 'illegal', len(bad_vals), [x[0] for x in bad_vals][:8]))
        if edits:
            confirm(run, ctx, S, edits, legal, inside(v), what + ' (edit %s)' % json.dumps(edits[0]), ranges_cmd)
        else:
            run.fail(ctx, what + '; value %d is the schedule itself, which is %s' % (
                0 if least is None else least, 'legal per the oracle' if S.legal else
                'illegal per the oracle: ' + ctx.describe(S.bad)), ranges_cmd, 'then: ' + oracle_cmd(run, ctx, S))
    else:
        # one edit of the answer through the official pipeline: tool map and model agree
        cands = [v for v in vals if v != (0 if least is None else least)]
        if cands:
            tool_samples.append((apply_edit, rng.choice(cands)))


def moves_request(S, path):
    return dict(S.sched_req(), moves={'node': list(path), 'ranges': True})


def unsupported_key(err, key):
    """serve refuses a request key or argument it does not know."""
    return 'unknown key' in err and key in err


def check_ranges(run, ctx, S, band, rng, tool_samples, answer):
    """ANSWER: the result of moves_request(S, band's path) (Server.ask)."""
    path, _, info = band
    n, stmts, col = info['members'], info['stmts'], info['col']
    if 'ranges' in run.unsupported:
        return
    rc, out, err, line = answer
    if rc is None:
        return
    if rc == 2 and (unsupported_key(err, 'moves') or unsupported_key(err, 'ranges')):
        run.unsupported.add('ranges')
        run.fail(ctx, 'schedule-tool serve does not answer moves with ranges: no ranges checked', line,
                 err.strip()[:300])
        return
    if rc not in (0, 1):
        run.fail(ctx, 'moves --ranges at band %s of %s: exit status %d' % (path_arg(path), S.label, rc), line,
                 err.strip()[:400])
        return
    try:
        R = json.loads(out)['ranges']
        assert isinstance(R, dict)
    except (ValueError, KeyError, AssertionError, TypeError):
        run.fail(ctx, 'moves --ranges at band %s of %s: no "ranges" object in %r' % (path_arg(path), S.label, out[:300]),
                 line)
        return
    run.stats['ranges'] += 1
    where = 'ranges at node %s of %s' % (path_arg(path), S.label)
    # identity of the band
    problems = []
    if str(R.get('node')) != path_arg(path) and not (path == [] and R.get('node') in ('', 'root')):
        problems.append('node %r, want %r' % (R.get('node'), path_arg(path)))
    if R.get('members') != n:
        problems.append('members %r, want %d' % (R.get('members'), n))
    if sorted(R.get('statements') or []) != stmts:
        problems.append('statements %r, want %r' % (R.get('statements'), stmts))
    if problems:
        run.fail(ctx, '%s: %s' % (where, '; '.join(problems)), line)
        return
    run.ok()
    T0 = S.T
    sset = set(stmts)

    # shift, one statement at a time
    shift = R.get('shift')
    if not isinstance(shift, list):
        run.fail(ctx, '%s: no "shift" list' % where, line)
        shift = []
    seen = {(e.get('member'), e.get('statement')) for e in shift if isinstance(e, dict)}
    want = {(m, s) for m in range(n) for s in stmts}
    if seen != want or len(shift) != len(want):
        run.fail(ctx, '%s: shift entries for %s, want one per member x statement %s'
                 % (where, sorted(seen, key=str), sorted(want)), line)
    else:
        run.ok()
    nonempty = set()
    for e in shift:
        if not isinstance(e, dict) or (e.get('member'), e.get('statement')) not in want:
            continue
        m, s = e['member'], e['statement']
        if e.get('empty') is False:
            nonempty.add(m)

        def apply_shift(v, m=m, s=s):
            if v == 0:
                return T0, None
            return m_shift(ctx, T0, col + m, {s: v}), [
                {'edit': 'shift', 'node': path, 'member': m, 'offsets': {s: v}}]
        check_interval(run, ctx, S, band, e, 'shift', rng, line, apply_shift, tool_samples)

    # shift_sets: the joint set
    sets = R.get('shift_sets')
    if not isinstance(sets, list) or sorted(x.get('member') for x in sets if isinstance(x, dict)) != list(range(n)):
        run.fail(ctx, '%s: shift_sets should have one entry per member 0..%d: %r' % (where, n - 1, sets), line)
        sets = []
    else:
        run.ok()
    for e in sets:
        m = e.get('member')
        names = e.get('statements')
        sample = e.get('sample')
        if not isinstance(names, list) or sorted(names) != stmts or not isinstance(e.get('range'), str):
            run.fail(ctx, '%s: shift_sets member %r: statements %r (want %r) or no range' % (where, m, names, stmts),
                     line)
            continue
        if sample is None:
            if S.legal or m in nonempty:
                run.fail(ctx, '%s: shift_sets member %d has no sample point, but %s' % (
                    where, m, 'the schedule itself (all offsets 0) is legal' if S.legal else
                    'the shift entry of one statement of that member is not empty'), line)
            else:
                run.ok()
            continue
        if not isinstance(sample, list) or len(sample) != len(names) or \
                not all(isinstance(v, int) and not isinstance(v, bool) for v in sample):
            run.fail(ctx, '%s: shift_sets member %d: sample %r is not %d integers' % (where, m, sample, len(names)), line)
            continue
        offs = {s: v for s, v in zip(names, sample) if v}
        T = m_shift(ctx, T0, col + m, offs) if offs else T0
        legal, bad = ctx.verdict(T)
        if legal:
            run.ok()
            if offs:
                tool_samples.append((lambda o, m=m, offs=offs: (m_shift(ctx, T0, col + m, offs), [
                    {'edit': 'shift', 'node': path, 'member': m, 'offsets': offs}]), None))
        elif not offs:
            run.fail(ctx, '%s: shift_sets member %d: sample %r (the schedule itself) is illegal per the oracle: %s'
                     % (where, m, sample, ctx.describe(bad)), line, 'then: ' + oracle_cmd(run, ctx, S))
        else:
            confirm(run, ctx, S, [{'edit': 'shift', 'node': path, 'member': m, 'offsets': offs}], legal, True,
                    '%s: shift_sets member %d: the sample %r should be legal' % (where, m, sample), line)

    # skew
    skew = R.get('skew')
    if not isinstance(skew, list):
        run.fail(ctx, '%s: no "skew" list' % where, line)
        skew = []
    for e in skew:
        m, src = e.get('member') if isinstance(e, dict) else None, e.get('source') if isinstance(e, dict) else None
        if not (isinstance(m, int) and isinstance(src, int) and 0 <= m < n and 0 <= src < n and m != src):
            run.fail(ctx, '%s: bad skew entry %r' % (where, e), line)
            continue

        def apply_skew(k, m=m, src=src):
            if k == 0:
                return T0, None
            return m_skew(ctx, T0, sset, col + m, col + src, k), [
                {'edit': 'skew', 'node': path, 'member': m, 'source': src, 'factor': k}]
        check_interval(run, ctx, S, band, e, 'skew', rng, line, apply_skew, tool_samples)

    # beyond the brief's contract, when answered: the band's own verdict, reverse, scale
    if 'legal' in R:
        if R['legal'] == S.legal:
            run.ok()
        else:
            run.fail(ctx, '%s: "legal" is %r, the oracle says %s %s' % (where, R['legal'], S.legal,
                                                                         ctx.describe(S.bad)), line)
    for e in R.get('reverse') or []:
        m = e.get('member')
        if not isinstance(m, int) or not 0 <= m < n:
            run.fail(ctx, '%s: bad reverse entry %r' % (where, e), line)
            continue
        T = [t[:col + m] + (-t[col + m],) + t[col + m + 1:] if ctx.stmt[x] in sset else t for x, t in enumerate(T0)]
        legal, bad = ctx.verdict(T)
        run.stats['reverse'] += 1
        if e.get('legal') == legal:
            run.ok()
        else:
            confirm(run, ctx, S, [{'edit': 'reverse', 'node': path, 'member': m}], legal, e.get('legal'),
                    '%s: reverse member %d says legal=%r' % (where, m, e.get('legal')), line)
    for e in R.get('scale') or []:
        m = e.get('member')
        if not isinstance(m, int) or not 0 <= m < n:
            run.fail(ctx, '%s: bad scale entry %r' % (where, e), line)
            continue

        def apply_scale(k, m=m):
            if k == 1:
                return T0, None
            return [t[:col + m] + (k * t[col + m],) + t[col + m + 1:] if ctx.stmt[x] in sset else t
                    for x, t in enumerate(T0)], [{'edit': 'scale', 'node': path, 'member': m, 'factor': k}]
        check_interval(run, ctx, S, band, e, 'scale', rng, line, apply_scale, tool_samples, least=1)

    # permutations
    perms = R.get('permutations')
    if n <= 5:
        orders = [tuple(p.get('order') or ()) for p in perms] if isinstance(perms, list) else None
        if orders is None or sorted(orders) != sorted(itertools.permutations(range(n))):
            run.fail(ctx, '%s: permutations should list each of the %d orders once: %r'
                     % (where, len(list(itertools.permutations(range(n)))), orders), line)
            perms = perms if isinstance(perms, list) else []
        else:
            run.ok()
        for p in perms:
            order = p.get('order')
            if not isinstance(order, list) or sorted(order) != list(range(n)):
                continue
            ident = order == list(range(n))
            T = T0 if ident else m_permute(ctx, T0, sset, col, order)
            legal, bad = ctx.verdict(T)
            run.stats['permutations'] += 1
            if p.get('legal') == legal:
                run.ok()
                if not ident:
                    tool_samples.append((lambda o, order=order: (
                        m_permute(ctx, T0, sset, col, order), [{'edit': 'permute', 'node': path, 'order': order}]),
                        None))
            elif ident:
                run.fail(ctx, '%s: permutation %r (the identity) says legal=%r, the oracle says %s %s'
                         % (where, order, p.get('legal'), legal, ctx.describe(bad)), line)
            else:
                confirm(run, ctx, S, [{'edit': 'permute', 'node': path, 'order': order}], legal, p.get('legal'),
                        '%s: permutation %r says legal=%r (edit {"edit": "permute", "node": %s, "order": %s})'
                        % (where, order, p.get('legal'), json.dumps(path), json.dumps(order)), line)

    # permutable
    pm = R.get('permutable')
    if not isinstance(pm, list):
        run.fail(ctx, '%s: no "permutable" list' % where, line)
        pm = []
    got = {}
    for p in pm:
        mem = p.get('members') if isinstance(p, dict) else None
        if not isinstance(mem, list) or not mem or not all(isinstance(x, int) for x in mem):
            run.fail(ctx, '%s: bad permutable entry %r' % (where, p), line)
            continue
        i, j = mem[0], mem[-1]
        if len(mem) > 2 and mem != list(range(i, j + 1)):
            run.fail(ctx, '%s: permutable members %r are not a contiguous range' % (where, mem), line)
            continue
        got[(i, j)] = p.get('permutable')
    want_r = {(i, j) for i in range(n) for j in range(i, n)}
    if set(got) != want_r:
        run.fail(ctx, '%s: permutable ranges %r, want every [i..j]: %r' % (where, sorted(got), sorted(want_r)), line)
    else:
        run.ok()
    if S.legal:
        for (i, j), claim in sorted(got.items()):
            if (i, j) not in want_r:
                continue
            run.stats['permutable'] += 1
            truth = direct_permutable(ctx, T0, sset, col, i, j)
            tiles = {}
            for size in (2, 3):
                tiles[size] = ctx.verdict(m_tile(ctx, T0, sset, col, i, j, size))
            tiled_ok = all(v[0] for v in tiles.values())
            full = (i, j) == (0, n - 1)
            if truth and not tiled_ok:
                run.fail(ctx, 'internal: permutable by definition but tiling is illegal (a bug of this test)', line)
                continue
            if claim is truth:
                run.ok()
                continue
            part = '' if full else ' (sub-range: members before %d counted as outer)' % i
            if claim is True:
                bad_size = [s for s, v in tiles.items() if not v[0]]
                if bad_size:
                    detail = 'tiling members %d..%d by %d is illegal: %s' % (i, j, bad_size[0],
                                                                          ctx.describe(tiles[bad_size[0]][1]))
                else:
                    detail = ('a dependence not carried outside has a negative distance in the band, '
                              'though tiling by 2 and 3 stays legal (a larger tile size breaks it)')
            else:
                detail = 'every dependence not carried outside has non-negative distances in members %d..%d%s' % (
                    i, j, ' and tiling them by 2 and by 3 is legal' if tiled_ok else '')
            edits = [{'edit': 'tile', 'node': path, 'sizes': [2] * n}] if full else []
            what = '%s: permutable for members [%d..%d] says %r%s, but %s' % (where, i, j, claim, part, detail)
            if full and claim is True and not tiles[2][0]:
                confirm(run, ctx, S, edits, False, True, what, line)
            else:
                run.fail(ctx, what, line)



def verify_sample(run, ctx, S, apply_edit, v):
    """One edit whose verdict agreed with the ranges answer, through the
    official pipeline: the tool's map of the edit and the model agree."""
    T, edits = apply_edit(v)
    model, _ = ctx.verdict(T)
    mapping, cmd, err = run.tree_map(ctx, S.path, edits, 'tree --edits')
    run.stats['tool_edits'] += 1
    if mapping is None:
        if err is not None:
            run.fail(ctx, 'the edit %s does not apply: %s' % (json.dumps(edits), err.strip()[:300]), cmd)
        return
    try:
        legal, bad = ctx.map_legal(mapping)
    except (ValueError, SystemExit) as e:
        run.fail(ctx, 'the oracle cannot read the map of tree --edits: %s' % e, cmd, mapping)
        return
    if legal == model:
        run.ok()
    else:
        run.fail(ctx, 'the map of %s is %s per the oracle, the edit as documented gives %s (edit semantics differ)'
                 % (json.dumps(edits), legal, model), cmd, mapping)


def check_goal(run, ctx, S, edits, goal, node, tag, cmd, mapping, line2):
    """After a --goal repair the band at NODE is permutable (all its members)
    or its outer member carries no dependence."""
    flow, rc, line, err = run.tree_flow(ctx, S.path, edits, 'tree --edits (a repair)')
    if flow is None:
        return
    nodes = tree_nodes(flow_to_json(flow))
    hit = [x for x in nodes if x[0] == node]
    if not hit or hit[0][1] != 'band':
        run.fail(ctx, '%s: after its edits node %s is %s, not a band' % (tag, path_arg(node), hit[0][1] if hit else
                                                                         'missing'), line)
        return
    T = ctx.times(mapping)
    info = hit[0][2]
    st, col = set(info['stmts']), info['col']
    if goal == 'permutable':
        okay = direct_permutable(ctx, T, st, col, 0, info['members'] - 1)
        detail = 'band %s is not permutable: a dependence not carried outside has a negative distance' % path_arg(node)
    else:
        n = max(len(t) for t in T)
        P = [t + (0,) * (n - len(t)) for t in T]
        okay = all(P[a][col] == P[b][col] for a, b in ctx.pairs
                   if ctx.stmt[a] in st and ctx.stmt[b] in st and P[a][:col] == P[b][:col])
        detail = 'member 0 of band %s carries a dependence' % path_arg(node)
    if okay:
        run.ok()
    else:
        run.fail(ctx, '%s: %s' % (tag, detail), cmd, 'the result: %s' % line2)


def check_repairs(run, ctx, S, args, what, goal=None, node=None):
    """ARGS: the request's "repair" object without the count."""
    if 'repair' in run.unsupported:
        return
    kind = 'repair --goal' if 'goal' in args else 'repair'
    (rc, out, err, line), = ctx.ask([dict(S.sched_req(), repair=dict(args, count=COUNT))], [kind], what)
    if rc is None:
        return
    if rc == 2 and unsupported_key(err, 'repair'):
        run.unsupported.add('repair')
        run.fail(ctx, 'schedule-tool serve answers no repair requests: no repairs checked', line, err.strip()[:300])
        return
    if rc not in (0, 1):
        run.fail(ctx, '%s of %s: exit status %d' % (what, S.label, rc), line, err.strip()[:400])
        return
    try:
        doc = json.loads(out)
        reps = doc['repairs']
        assert isinstance(reps, list)
    except (ValueError, KeyError, AssertionError, TypeError):
        run.fail(ctx, '%s of %s: no "repairs" list in %r' % (what, S.label, out[:300]), line)
        return
    if goal:
        run.stats['goal_calls'] += 1
    else:
        run.stats['repair_calls'] += 1
    if len(reps) > COUNT:
        run.fail(ctx, '%s: %d repairs for --count %d' % (what, len(reps), COUNT), line)
    if not reps:
        if not isinstance(doc.get('reason'), str) or not doc['reason'].strip():
            run.fail(ctx, '%s of %s: no repairs and no reason' % (what, S.label), line)
        else:
            run.ok()
            run.stats['goal_empty' if goal else 'repairs_empty'] += 1
        return
    for n, r in enumerate(reps):
        run.stats['repairs'] += 1
        tag = '%s of %s: repairs[%d] (%s)' % (what, S.label, n, r.get('summary') if isinstance(r, dict) else '?')
        if not isinstance(r, dict) or r.get('legal') is not True:
            run.fail(ctx, '%s: "legal" is %r' % (tag, r.get('legal') if isinstance(r, dict) else r), line)
            continue
        sched = r.get('schedule')
        try:
            legal, bad = ctx.map_legal(sched)
        except (ValueError, SystemExit, AttributeError, TypeError) as e:
            run.fail(ctx, '%s: the oracle cannot read "schedule" %r: %s' % (tag, sched, e), line)
            legal = None
        if legal is True:
            run.ok()
        elif legal is False:
            mfile = run.newfile(ctx, 'repair.map', sched + '\n')
            run.fail(ctx, '%s: "schedule" is illegal per the oracle: %s' % (tag, ctx.describe(bad)), line,
                     'schedule %s' % mfile)
        edits = r.get('edits')
        if not isinstance(edits, list):
            run.fail(ctx, '%s: "edits" is not a list' % tag, line)
            continue
        mapping, cmd, err = run.tree_map(ctx, S.path, edits, 'tree --edits (a repair)')
        if mapping is None:
            if err is not None:
                run.fail(ctx, '%s: its edits do not apply to the given schedule: %s' % (tag, err.strip()[:300]), cmd)
            continue
        try:
            legal2, bad2 = ctx.map_legal(mapping)
        except (ValueError, SystemExit) as e:
            run.fail(ctx, '%s: the oracle cannot read the map of its edits: %s' % (tag, e), cmd, mapping)
            continue
        if legal2:
            run.ok()
            if goal:
                check_goal(run, ctx, S, edits, goal, node, tag, line, mapping, cmd)
        else:
            mfile = run.newfile(ctx, 'repair-edits.map', mapping + '\n')
            run.fail(ctx, '%s: its edits give an illegal schedule per the oracle: %s' % (tag, ctx.describe(bad2)),
                     cmd, 'map %s' % mfile)


# ---------------------------------------------------------------- schedules of a kernel

def load_schedule(run, ctx, label, base, edits):
    """The schedule BASE (a file or None) after EDITS, as a YAML file: a Schedule,
    or None when an edit does not apply (exit 2)."""
    if edits:
        flow, rc, line, err = run.tree_flow(ctx, base, edits, 'tree --edits %s' % label)
        if flow is None:
            if rc == 2:
                return None
            if rc is not None:
                run.fail(ctx, 'tree --edits: exit status %d' % rc, line, err.strip()[:300])
            return None
        path = run.newfile(ctx, '%s.yaml' % re.sub(r'\W+', '_', label), flow + '\n')
    else:
        path = base
        flow, rc, line, err = run.tree_flow(ctx, base, [], 'tree %s' % label)
        if flow is None:
            if rc is not None:
                run.fail(ctx, 'tree --format flow of %s: exit status %d (%s)' % (label, rc, 'a bad random kernel: '
                                                                                 'a bug of the generator' if rc == 2
                                                                                 else ''), line, err.strip()[:300])
            return None
    mapping, line, err = run.tree_map(ctx, path, [], 'tree --format map %s' % label)
    if mapping is None:
        if err is not None:
            run.fail(ctx, 'tree --format map of %s failed' % label, line, err.strip()[:300])
        return None
    try:
        T = ctx.times(mapping)
    except (ValueError, SystemExit) as e:
        run.fail(ctx, 'the oracle cannot read the map of %s: %s' % (label, e), line, mapping)
        return None
    legal, bad = ctx.verdict(T)
    return Schedule(label, path, flow, mapping, T, legal, bad)


def merge_edits(S):
    """Merge every chain of nested bands into one band: deepest chains first, so
    that the paths of the others stay put."""
    edits = []
    heads = []
    byp = {tuple(p): (k, i) for p, k, i in S.nodes}
    for p, k, i in S.nodes:
        if k != 'band' or not i['child_is_band']:
            continue
        parent = byp.get(tuple(p[:-1])) if p else None
        if parent and parent[0] == 'band' and parent[1]['child_is_band'] and p[-1] == 0:
            continue  # inside a chain
        length, q = 1, tuple(p)
        while byp[q][1].get('child_is_band'):
            q = q + (0,)
            length += 1
        heads.append((p, length))
    for p, length in reversed(heads):
        edits += [{'edit': 'merge', 'node': p}] * (length - 1)
    return edits


def perturb(rng, S):
    """One random edit (often illegal) at a random band or sequence of S."""
    cands = [x for x in S.nodes if x[1] in ('band', 'sequence', 'set')]
    path, kind, info = rng.choice(cands)
    if kind != 'band':
        n = info['children']
        c = rng.randrange(n)
        return {'edit': 'move', 'node': path, 'child': c, 'to': (c + 1) % n}
    n = info['members']
    choices = ['reverse', 'shift', 'shift']
    if n >= 2:
        choices += ['permute', 'permute', 'skew']
    if info['child_is_band']:
        choices.append('interchange')
    c = rng.choice(choices)
    if c == 'reverse':
        return {'edit': 'reverse', 'node': path, 'member': rng.randrange(n)}
    if c == 'shift':
        s = rng.choice(info['stmts'])
        return {'edit': 'shift', 'node': path, 'member': rng.randrange(n), 'offsets': {s: rng.choice([-2, -1, 1, 2, 3])}}
    if c == 'permute':
        order = list(range(n))
        while order == list(range(n)):
            rng.shuffle(order)
        return {'edit': 'permute', 'node': path, 'order': order}
    if c == 'skew':
        m, src = rng.sample(range(n), 2)
        return {'edit': 'skew', 'node': path, 'member': m, 'source': src, 'factor': rng.choice([-1, 1, 2])}
    return {'edit': 'interchange', 'node': path}


def do_kernel(run, kpath, doc, kdir, rng, extra_maps, nperturb, kernel=None):
    ctx = Ctx(run, kpath, doc, kdir, kernel)
    try:
        return kernel_checks(run, ctx, rng, extra_maps, nperturb)
    finally:
        ctx.server.close()


def kernel_checks(run, ctx, rng, extra_maps, nperturb):
    kpath = ctx.kpath
    run.stats['kernels'] += 1
    schedules = []
    orig = load_schedule(run, ctx, 'the original schedule', None, [])
    if orig is None:
        return ctx
    if not orig.legal:
        run.fail(ctx, 'the original schedule is illegal per the oracle (a bug of the oracle or the tool map): %s'
                 % ctx.describe(orig.bad), None)
        return ctx
    schedules.append(orig)
    base = orig
    me = merge_edits(orig)
    if me:
        merged = load_schedule(run, ctx, 'the original schedule with nested bands merged', None, me)
        if merged is None:
            run.fail(ctx, 'merging nested bands %s does not apply' % json.dumps(me), None)
        else:
            schedules.append(merged)
            base = merged
            if merged.legal != orig.legal:
                run.fail(ctx, 'merging bands changed legality', None)
    for mp in extra_maps:
        S = load_schedule(run, ctx, 'schedule %s' % os.path.basename(mp), mp, [])
        if S:
            schedules.append(S)
    made = 0
    for attempt in range(3 * nperturb):
        if made >= nperturb:
            break
        src = base if rng.random() < 0.75 else orig
        e = perturb(rng, src)
        S = load_schedule(run, ctx, '%s + %s' % ('merged' if src is not orig else 'original', json.dumps(e)),
                          src.path, [e])
        if S is None:
            run.stats['perturb_refused'] += 1
            continue
        made += 1
        S.focus = e['node']
        schedules.append(S)
    # a node that is not a band has no ranges
    others = [x for x in orig.nodes if x[1] in ('domain', 'sequence', 'filter', 'mark')]
    if others and 'ranges' not in run.unsupported:
        p = rng.choice(others)[0]
        (rc, out, err, line), = ctx.ask([moves_request(orig, p)], ['moves --ranges'],
                                        'moves --ranges at a node that is not a band')
        if rc in (0, 1):
            try:
                r = json.loads(out).get('ranges')
            except (ValueError, AttributeError):
                r = 'not JSON: %r' % out[:200]
            if r is None:
                run.ok()
            else:
                run.fail(ctx, 'moves --ranges at node %s (not a band) answers ranges %r' % (path_arg(p), r), line)
        elif rc == 2 and not unsupported_key(err, 'ranges'):
            run.ok()  # refused with a message: fine too
    all_samples = []
    for S in schedules:
        run.stats['schedules'] += 1
        samples = []
        bands = S.focus_bands(rng)
        # every band's question at once: the server works while the answers are checked
        answers = ([] if 'ranges' in run.unsupported else
                   ctx.ask([moves_request(S, b[0]) for b in bands], ['moves --ranges'] * len(bands), 'moves --ranges'))
        for band, answer in zip(bands, answers or [None] * len(bands)):
            run.stats['bands'] += 1
            check_ranges(run, ctx, S, band, rng, samples, answer)
        all_samples += [(S, x) for x in samples]
        if not S.legal:
            run.stats['illegal_schedules'] += 1
            sb = S.bands()
            if sb and rng.random() < 0.3:
                b = rng.choice(sb)[0]
                check_repairs(run, ctx, S, {'node': list(b), 'goal': 'legal'},
                              'repair --node %s --goal legal' % path_arg(b))
            else:
                check_repairs(run, ctx, S, {}, 'repair')
    # two edits whose verdicts agreed with the ranges answers, through tree --edits
    for S, (apply_edit, v) in rng.sample(all_samples, min(2, len(all_samples))):
        verify_sample(run, ctx, S, apply_edit, v)
    # goals at a band of the original schedule
    bands = orig.bands()
    if bands:
        b = rng.choice(bands)
        check_repairs(run, ctx, orig, {'node': list(b[0]), 'goal': 'permutable'},
                      'repair --node %s --goal permutable' % path_arg(b[0]), goal='permutable', node=b[0])
        if rng.random() < 0.3:
            b = rng.choice(bands)
            check_repairs(run, ctx, orig, {'node': list(b[0]), 'goal': 'parallel'},
                          'repair --node %s --goal parallel' % path_arg(b[0]), goal='parallel', node=b[0])
    return ctx


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('tool')
    ap.add_argument('conformance')
    ap.add_argument('samples')
    ap.add_argument('--seed', type=int, default=20240612)
    ap.add_argument('--kernels', type=int, default=200, help='random kernels (default 200)')
    ap.add_argument('--budget', type=float, default=400.0, help='seconds after which no new kernel starts')
    ap.add_argument('--shard', default='0/1',
                    help='I/N: only the kernels whose place in the list is I modulo N (ctest runs the shards side by side)')
    ap.add_argument('--jobs', type=int, default=1,
                    help="serve's --jobs: threads per kernel's server (default 1: ctest runs the shards side by side)")
    a = ap.parse_args()
    try:
        shard, shards = (int(x) for x in a.shard.split('/'))
        assert 0 <= shard < shards
    except (ValueError, AssertionError):
        ap.error('--shard wants I/N with 0 <= I < N, not %r' % a.shard)
    sys.path.insert(0, os.path.join(a.conformance, 'tools'))
    import oracle

    run = Run(a, oracle)
    start = time.time()
    print('property_route: seed %d, shard %d/%d, work dir %s' % (a.seed, shard, shards, run.work))
    sys.stdout.flush()

    jobs = []
    for folder, sub, kind in ((a.conformance, 'kernels', 'conformance'), (a.samples, '', 'sample')):
        for kpath in sorted(glob.glob(os.path.join(folder, sub, '*.json'))):
            name = os.path.splitext(os.path.basename(kpath))[0]
            maps = sorted(glob.glob(os.path.join(folder, 'schedules', name + '.*.map')))
            jobs.append((kind, kpath, maps))
    for n in range(a.kernels):
        jobs.append(('random', n, []))
    jobs = jobs[shard::shards]
    asked = len([j for j in jobs if j[0] == 'random'])

    done_random = 0
    out_of_time = False
    for kind, what, maps in jobs:
        if time.time() - start > a.budget:
            out_of_time = True
            break
        rng = random.Random('%d/%s' % (a.seed, what) if kind == 'random' else
                            '%d/%s/%s' % (a.seed, kind, os.path.basename(what)))
        if kind == 'random':
            name = 'rand%04d' % what
            kdir = os.path.join(run.work, name)
            os.makedirs(kdir, exist_ok=True)
            doc = gen_kernel(rng, name)
            kpath = os.path.join(kdir, name + '.json')
            with open(kpath, 'w') as f:
                json.dump(doc, f, indent=1)
            nperturb = 2
            kernel = None
        else:
            kpath = what
            try:
                doc = json.load(open(kpath))
                t1 = time.time()
                kernel = oracle.Kernel(doc, {p['name']: p['value'] for p in doc.get('params', []) if 'value' in p})
                run.oracle_time += time.time() - t1
                size = len(kernel.instances)
            except (ValueError, KeyError, SystemExit) as e:
                print('note: %s skipped: the oracle cannot run it (%s)' % (kpath, e))
                continue
            if size > MAX_INSTANCES:
                print('note: %s skipped: %d instances is too many for this test' % (kpath, size))
                continue
            kdir = os.path.join(run.work, '%s-%s' % (kind, doc['name']))
            os.makedirs(kdir, exist_ok=True)
            nperturb = 3
        t0 = time.time()
        try:
            ctx = do_kernel(run, kpath, doc, kdir, rng, maps, nperturb, kernel)
        except Exception as e:  # a bug of this test: say so, keep going
            import traceback
            run.failures.append({'kernel': kpath, 'what': 'internal error of the test: %r' % e, 'cmd': None,
                                 'extra': traceback.format_exc()[-800:]})
            continue
        if kind == 'random':
            done_random += 1
            run.stats['random'] += 1
        if not ctx.failed:
            shutil.rmtree(kdir, ignore_errors=True)
        if time.time() - t0 > 2.0:
            print('note: %s took %.1f s' % (os.path.basename(kpath), time.time() - t0))

    elapsed = time.time() - start
    shown = run.failures[:200]
    for f in shown:
        print('FAIL %s' % f['what'])
        print('  kernel: %s' % f['kernel'])
        if f.get('cmd'):
            print('  command: %s' % f['cmd'])
        if f.get('extra'):
            print('  ' + str(f['extra']).strip().replace('\n', '\n  '))
    if len(run.failures) > len(shown):
        print('... and %d more failures (see %s)' % (len(run.failures) - len(shown),
                                                     os.path.join(run.work, 'failures.json')))
    if run.failures:
        with open(os.path.join(run.work, 'failures.json'), 'w') as f:
            json.dump(run.failures, f, indent=1)
    s = run.stats
    print('%d kernels (%d fixed, %d random of %d asked%s) in %.1f s, %d schedule-tool processes (%d serve), '
          '%d serve requests' % (
              s['kernels'], s['kernels'] - done_random, done_random, asked,
              ', the budget of %g s ran out' % a.budget if out_of_time else '', elapsed, s['calls'], s['serve_starts'],
              s['requests']))
    print('%d schedules (%d illegal, %d perturbations refused), %d bands, %d ranges answers: %d shift offsets, '
          '%d skew and %d scale factors, %d reverses, %d permutations, %d permutable ranges checked, %d edits run through the tool'
          % (s['schedules'], s['illegal_schedules'], s['perturb_refused'], s['bands'], s['ranges'],
             s['shift_values'], s['skew_values'], s['scale_values'], s['reverse'], s['permutations'], s['permutable'], s['tool_edits']))
    print('repair: %d calls on illegal schedules (%d with no repair, a reason given), %d goal calls (%d with none), '
          '%d repairs checked' % (s['repair_calls'], s['repairs_empty'], s['goal_calls'], s['goal_empty'], s['repairs']))
    print('schedule-tool time: ' + ', '.join('%s %d %s %.1f s' % (k, n, 'calls' if k == 'tree' else 'requests', t)
                                             for k, (n, t) in sorted(run.timing.items()))
          + '; the oracle %.1f s' % run.oracle_time)
    if run.failures:
        print('failing kernels and files kept in %s' % run.work)
    else:
        shutil.rmtree(run.work, ignore_errors=True)
    print('%d passed, %d failed' % (run.passed, len(run.failures)))
    return 1 if run.failures else 0


if __name__ == '__main__':
    sys.exit(main())
