# SPDX-License-Identifier: MIT
"""Bases (keep/base/drop) and per-request detail. A schedule-tool without
them is skipped, not failed: these tests pass before the server side lands
and exercise it once it does. Expected verdicts come from the oracle."""
import json
import sys

import pytest

import schedule_explorer as se
from conftest import CONFORMANCE, SAMPLES, fixed_params, oracle_check

JACOBI = SAMPLES / "jacobi_1d.json"
FUSE = {"edit": "fuse", "node": [0, 0], "child": 0}
SHIFT = {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": 1}}


def unsupported(e):
    return e.kind == "unsupported" or "unknown key" in e.message


@pytest.fixture
def jacobi(tool):
    with se.open(JACOBI, tool, T=4, N=10) as k:
        yield k


@pytest.fixture
def fused(jacobi):
    """The jacobi kernel with base "fused" (the plain fusion) kept on the server."""
    try:
        base = jacobi.keep("fused", edits=[FUSE])
    except se.ScheduleToolError as e:
        if unsupported(e):
            pytest.skip("this schedule-tool serve has no bases: %s" % e.message)
        raise
    return base


def test_keep_and_check_on_base(jacobi, fused):
    want_fused = oracle_check(JACOBI, jacobi.apply([FUSE]))
    want_shifted = oracle_check(JACOBI, jacobi.apply([FUSE, SHIFT]))
    assert fused.result.kept == "fused"
    assert (fused.result.legal, fused.result.violated) == (False, len(want_fused["violations"]))
    assert fused.check().legal is False
    assert fused.check(edits=[SHIFT]).legal == want_shifted["legal"] is True
    assert jacobi.check(base="fused", edits=[SHIFT], detail="all").legal is True
    # The base is unchanged by requests on it.
    assert fused.check().violated == len(want_fused["violations"])


def test_keep_chain_moves_repair(jacobi, fused):
    shifted = fused.keep("shifted", edits=[SHIFT])
    assert shifted.result.legal and shifted.check().legal
    assert fused.moves("0").kind == "band"
    assert all(oracle_check(JACOBI, p.schedule)["legal"] for p in fused.repair(count=2).repairs)
    shifted.drop()


def test_drop_and_unknown_base(jacobi, fused):
    fused.drop()
    with pytest.raises(se.ScheduleToolError) as e:
        jacobi.check(base="fused")
    assert e.value.kind == "input"
    with pytest.raises(se.ScheduleToolError):
        jacobi.check(base="never-kept")
    with jacobi.keep("scoped") as b:
        assert b.check().legal
    with pytest.raises(se.ScheduleToolError):
        jacobi.check(base="scoped")


def detail_answer(k, schedule, detail):
    try:
        r = k.check(schedule, detail=detail)
    except se.ScheduleToolError as e:
        if unsupported(e):
            pytest.skip("this schedule-tool serve has no detail: %s" % e.message)
        raise
    if detail != "all" and "dependences" in r.raw:
        pytest.skip("this schedule-tool serve ignores \"detail\" (a full answer came back)")
    return r


@pytest.mark.parametrize("detail", ["verdict", "first", "all"])
def test_detail(tool, detail):
    # sbuf_alias.pipelined violates three edges: "first" shows one of them.
    path = CONFORMANCE / "kernels" / "sbuf_alias.json"
    schedule = CONFORMANCE / "schedules" / "sbuf_alias.pipelined.map"
    want = json.loads((CONFORMANCE / "expected" / "sbuf_alias.pipelined.json").read_text())
    assert len(want["violations"]) == 3
    with se.open(path, tool, **fixed_params(path)) as k:
        r = detail_answer(k, schedule, detail)
        assert (r.legal, r.violated) == (False, 3)
        assert r.verdict.startswith("illegal")
        shown = {"verdict": 0, "first": 1, "all": 3}[detail]
        assert len(r.violations) == shown
        assert ("dependences" in r.raw) == (detail == "all")
        if detail == "verdict":
            assert "violations" not in r.raw
        legal = detail_answer(k, None, detail)
        assert (legal.legal, legal.violated, legal.violations) == (True, 0, [])


def test_request_shapes(tmp_path):
    """What the client sends, against a stand-in serve that echoes each
    request (runs whatever the real server supports)."""
    fake = tmp_path / "echo-schedule-tool"
    fake.write_text("#!" + sys.executable + """
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    a = {"id": r["id"], "legal": True, "verdict": "legal", "violated": 0, "echo": r}
    if "keep" in r:
        a["kept"] = r["keep"]
    if "drop" in r:
        a["dropped"] = r["drop"]
    print(json.dumps(a), flush=True)
""")
    fake.chmod(0o755)
    with se.open(JACOBI, str(fake)) as k:
        b = k.keep("fused", "{ s0[i] -> [i] }", edits=[FUSE])
        assert b.result.raw["echo"] == {"id": 1, "schedule": "{ s0[i] -> [i] }", "edits": {"edits": [FUSE]},
                                        "detail": "verdict", "keep": "fused"}
        r = b.check(edits=[SHIFT], detail="first", keep="shifted")
        assert r.raw["echo"] == {"id": 2, "base": "fused", "edits": {"edits": [SHIFT]}, "detail": "first",
                                 "keep": "shifted"}
        assert b.moves([0, 0]).echo == {"id": 3, "base": "fused", "moves": {"node": "0.0", "ranges": True}}
        assert b.repair(node="0", goal="permutable").echo["repair"] == {"goal": "permutable", "count": 3, "node": "0"}
        b.drop()
        with pytest.raises(ValueError):
            k.check("{ s0[i] -> [i] }", base="fused")
