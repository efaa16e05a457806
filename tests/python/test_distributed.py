# SPDX-License-Identifier: MIT
"""check_all on a two-process LocalCluster gives, in input order, the
oracle's verdicts and the same answers as one local Kernel; each worker
keeps its serve processes, and none outlives the cluster."""
import subprocess
import sys

import pytest

import schedule_explorer as se
from conftest import CONFORMANCE, SAMPLES, gone, oracle_check

distributed = pytest.importorskip("distributed", reason="python3-distributed (tools/install-deps.sh)")
from schedule_explorer import distributed as sed  # noqa: E402

JACOBI = SAMPLES / "jacobi_1d.json"


def candidate(shift, tile):
    """docs/serve_client.py's candidates: fuse, shift s1 by `shift`, strip-mine i by `tile`."""
    if tile == 1:
        return "[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i + %d, 1] }" % shift
    return ("[T, N] -> { s0[t, i] -> [t, floor(i / %d), i, 0]; "
            "s1[t, i] -> [t, floor((i + %d) / %d), i + %d, 1] }" % (tile, shift, tile, shift))


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=40)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_check_all_matches_oracle_and_one_process(client, tool):
    texts = [candidate(s, t) for s in range(-1, 3) for t in (1, 4, 16)]
    files = sorted((CONFORMANCE / "schedules").glob("jacobi_1d.*.map"))
    fuse = {"edit": "fuse", "node": [0, 0], "child": 0}
    shift = {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": 1}}
    candidates = texts + files + [{"edits": [fuse]}, {"edits": [fuse, shift]}]
    got = sed.check_all(client, JACOBI, candidates, tool=tool, chunk_size=3, T=4, N=10)
    with se.open(JACOBI, tool, T=4, N=10) as k:
        local = [k.check(**c) if isinstance(c, dict) else k.check(c) for c in candidates]
        maps = texts + [f.read_text() for f in files] + [k.apply(c["edits"]) for c in candidates[-2:]]
    assert [(r.legal, r.verdict, r.violated) for r in got] == [(r.legal, r.verdict, r.violated) for r in local]
    want = [oracle_check(JACOBI, m) for m in maps]
    assert [(r.legal, r.violated) for r in got] == [(w["legal"], len(w["violations"])) for w in want]
    assert sum(r.legal for r in got) == 9  # shifts 1 and 2 (6), fuse_shift, skewed_tiles, fuse+shift


def test_workers_keep_one_server_each(client, tool):
    before = client.run(sed._server_pids)
    sed.check_all(client, JACOBI, [candidate(1, 1)] * 8, tool=tool, chunk_size=1, T=4, N=10)
    after = client.run(sed._server_pids)
    # One server per worker for one (kernel, options), kept from task to task.
    assert sum(len(p) for p in after.values()) >= 1
    for worker, pids in after.items():
        assert len(pids) <= 1 and set(before[worker]) <= set(pids)


def test_errors_raise_or_return(client, tool):
    bad = "[T, N] -> { s0[t, i] -> [t, i, 0]; nonsense"
    with pytest.raises(se.ScheduleToolError):
        sed.check_all(client, JACOBI, [candidate(1, 1), bad], tool=tool, T=4, N=10)
    got = sed.check_all(client, JACOBI, [candidate(1, 1), bad], tool=tool, errors="return", T=4, N=10)
    assert got[0].legal and isinstance(got[1], se.ScheduleToolError) and got[1].kind == "input"
    assert sed.check_all(client, JACOBI, [], tool=tool) == []


def test_no_server_outlives_the_cluster(tool):
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=40)
    with distributed.Client(cluster) as c:
        sed.check_all(c, JACOBI, [candidate(s, 1) for s in range(4)], tool=tool, chunk_size=1, T=4, N=10)
        pids = [p for ps in c.run(sed._server_pids).values() for p in ps]
    cluster.close()
    assert pids and all(gone(p) for p in pids)


def test_core_imports_no_dask():
    code = ("import sys, schedule_explorer, schedule_explorer.distributed\n"
            "assert not [m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')]")
    subprocess.run([sys.executable, "-c", code], check=True)
