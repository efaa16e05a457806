#!/usr/bin/env python3
"""Regenerates the kernel_loader and expr_parser seed corpora: every shipped
and test kernel (compact JSON), the bad kernels, and every expression,
bound and constraint those kernels contain (a first byte picks the parser
entry: 0 expression, 1 loop bound with min/max, 2 constraint).

The schedule_reader, jscop_reader and edit_script seeds are files written
by hand or printed by schedule-tool for the fuzz kernel (FuzzSupport.h);
docs/reliability.md gives the commands."""
import json, glob, os, hashlib
root = os.path.abspath(os.path.join(os.path.dirname(__file__), '../../..'))
out = os.path.join(root, 'tests/fuzz/corpus')
conf = os.path.join(root, '../shared/conformance/kernels')
if not os.path.isdir(conf):
    conf = os.path.join(root, 'tests/data/conformance/kernels')
kernels = sorted(glob.glob(root+'/sample-kernels/*.json')+glob.glob(root+'/tests/data/kernels/*.json')+glob.glob(conf+'/*.json'))
bad = sorted(glob.glob(root+'/tests/data/bad-kernels/*.json'))
def name(prefix, p): return prefix + os.path.splitext(os.path.basename(p))[0]
exprs=set(); cons=set(); bounds=set()
def walk_expr(v, kind):
    if isinstance(v, str):
        (bounds if kind=='b' else exprs).add(v)
    elif isinstance(v, list) and kind=='b':
        for x in v: walk_expr(x, kind)
def walk_body(body):
    for it in body:
        if 'loop' in it:
            walk_expr(it.get('lb'),'b'); walk_expr(it.get('ub'),'b')
            walk_body(it.get('body',[]))
        else:
            for acc in it.get('reads',[])+it.get('writes',[]):
                for e in acc.get('index',[]):
                    walk_expr(e,'e')
            for p in it.get('predicates',[]): 
                if isinstance(p,str): cons.add(p)
for p in kernels:
    k=json.load(open(p))
    tag = 'conf_' if p.startswith(conf) else ('sample_' if 'sample-kernels' in p else 'data_')
    open(f"{out}/kernel_loader/{name(tag,p)}.json",'w').write(json.dumps(k, separators=(',',':')))
    for c in k.get('context',[]): cons.add(c)
    for t in k.get('tensors',[]):
        for e in t.get('shape',[]): walk_expr(e,'e')
        for e in t.get('alloc',{}).get('index',[]): walk_expr(e,'e')
    walk_body(k['body'])
for p in bad:
    txt=open(p).read()
    try: txt=json.dumps(json.loads(txt), separators=(',',':'))
    except Exception: pass
    open(f"{out}/kernel_loader/{name('bad_',p)}.json",'w').write(txt)
extra_e=['ceildiv(i + 3, 4)','cc_mod(N - 1, 8)','floor((i + j) / 2)','ceil(N / 3)','rank(0, 1) + 2','3i - 2*(j // 4)','mod(-i, 7)','floordiv(2N - 1, 16)','-(-(i))','9223372036854775807','i % 0','i * j','(((i))']
extra_b=['max(0, i - 4, N // 2)','min(N, i + 8)']
extra_c=['i >= 0','2i + 1 < N','i % 4 == 3','N // 2 <= j','max(i, 3) > 2']
seen=set()
def seed(mode, text):
    data=bytes([mode])+text.encode()
    h=hashlib.sha1(data).hexdigest()[:12]
    if h in seen: return
    seen.add(h)
    open(f"{out}/expr_parser/{'ecb'[mode]}_{h}",'wb').write(data)
for e in sorted(exprs)+extra_e: seed(0,e)
for e in sorted(bounds)+extra_b: seed(1,e)
for c in sorted(cons)+extra_c: seed(2,c)
print(len(kernels), len(bad), len(seen))
