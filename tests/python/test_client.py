# SPDX-License-Identifier: MIT
"""schedule_explorer against the real schedule-tool: verdicts as the
conformance suite's brute-force answers say, schedules and edits in every
form the client takes, moves and repairs checked by the oracle, commands,
and errors."""
import json
import pathlib

import pytest

import schedule_explorer as se
from conftest import CONFORMANCE, SAMPLES, fixed_params, oracle_check

JACOBI = SAMPLES / "jacobi_1d.json"
FUSE = {"edit": "fuse", "node": [0, 0], "child": 0}
SHIFT = {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": 1}}
CASES = sorted(p.name[:-len(".json")] for p in (CONFORMANCE / "expected").glob("*.json"))


@pytest.fixture(scope="module")
def kernels(tool):
    """One open Kernel per conformance kernel, its parameters fixed at their values."""
    opened = {}

    def get(name):
        if name not in opened:
            path = CONFORMANCE / "kernels" / (name + ".json")
            opened[name] = se.open(path, tool, **fixed_params(path))
        return opened[name]
    yield get
    for k in opened.values():
        k.close()


@pytest.fixture
def jacobi(tool):
    with se.open(JACOBI, tool, T=4, N=10) as k:
        yield k


def edge(v):
    return (v["type"], v["src"], v["dst"], v["tensor"])


@pytest.mark.parametrize("case", CASES)
def test_conformance_verdicts(kernels, case):
    name, variant = case.split(".", 1)
    want = json.loads((CONFORMANCE / "expected" / (case + ".json")).read_text())
    schedule = None if variant == "original" else CONFORMANCE / "schedules" / (case + ".map")
    k = kernels(name)
    r = k.check(schedule)
    assert (r.legal, r.violated) == (want["legal"], len(want["violations"]))
    full = k.check(schedule, detail="all")
    assert full.legal == want["legal"]
    assert sorted(edge(v) for v in full.violations) == sorted(edge(v) for v in want["violations"])
    assert full.verdict.startswith("legal" if want["legal"] else "illegal")


def test_schedule_forms_agree(jacobi):
    path = SAMPLES / "schedules" / "jacobi_1d.fuse.map"
    want = oracle_check(JACOBI, path.read_text())
    assert not want["legal"]
    for schedule in (path, str(path), path.read_text(), jacobi.apply([FUSE], format="block")):
        r = jacobi.check(schedule)
        assert (r.legal, r.violated) == (False, len(want["violations"])), schedule
    assert jacobi.check().legal and oracle_check(JACOBI)["legal"]


def test_edits_forms_and_oracle(jacobi, tmp_path):
    for edits, also in (([FUSE], [FUSE]), ([FUSE, SHIFT], {"edits": [FUSE, SHIFT]})):
        want = oracle_check(JACOBI, jacobi.apply(edits))["legal"]
        script = tmp_path / "script.json"
        script.write_text(json.dumps({"kernel": "jacobi_1d", "edits": edits}))
        assert [jacobi.check(edits=e).legal for e in (edits, also, script)] == [want] * 3
    assert jacobi.check(edits=FUSE).legal is False  # one edit, not in a list
    assert oracle_check(JACOBI, jacobi.apply([FUSE, SHIFT]))["legal"]


def test_assume_no_dep(jacobi):
    override = {"type": "WAR", "src": "s0", "dst": "s1", "tensor": "A", "reason": "A is double-buffered"}
    r = jacobi.check(edits=[FUSE], assume_no_dep=[override])
    assert r.legal and r.verdict.startswith("legal, assuming")


def test_moves_verdicts_match_oracle(jacobi):
    answer = jacobi.moves("0")
    assert answer.kind == "band" and answer.node == "0" and "shift" in answer.ranges
    judged = [m for m in answer.moves if m.verdict in ("legal", "illegal")]
    assert len(judged) >= 3
    for m in judged:
        assert oracle_check(JACOBI, jacobi.apply([m.edit]))["legal"] == (m.verdict == "legal"), m.description
    assert "ranges" not in jacobi.moves([0], ranges=False)


def test_repairs_are_legal_by_oracle(jacobi):
    fused = SAMPLES / "schedules" / "jacobi_1d.fuse.map"
    answer = jacobi.repair(fused, count=2)
    assert answer.goal == "legal" and 1 <= len(answer.repairs) <= 2
    for p in answer.repairs:
        assert oracle_check(JACOBI, p.schedule)["legal"], p.summary
        assert jacobi.check(fused, edits=p.edits).legal


def test_commands(jacobi):
    assert "for (" in jacobi.codegen() and "s1" in jacobi.codegen(edits=[FUSE])
    assert jacobi.apply([FUSE], format="block").lstrip().startswith("#")
    assert "domain:" in jacobi.original
    for picture in (jacobi.tree_svg(), jacobi.tree_svg(edits=[FUSE]), jacobi.deps_svg()):
        assert "<svg" in picture._repr_svg_()


def test_c_source_with_function(tool):
    c = pathlib.Path(__file__).resolve().parents[1] / "interop" / "data" / "fdtd_2d.c"
    if not c.exists():
        pytest.skip("no C sample")
    with se.open(c, tool, function="kernel_fdtd_2d", scop=1, tmax=2, nx=4, ny=3) as k:
        assert k.check().legal
        assert "<svg" in k.deps_svg().text
    with pytest.raises(se.ScheduleToolError) as e, se.open(c, tool, function="no_such_function") as k:
        k.check()  # --function reaches the tool
    assert "no_such_function" in e.value.message


def test_error_answers(jacobi):
    with pytest.raises(se.ScheduleToolError) as e:
        jacobi.check("[T, N] -> { s0[t, i] -> [t, i, 0]; nonsense")
    assert e.value.kind == "input" and e.value.raw["error"] == e.value.message
    with pytest.raises(se.ScheduleToolError) as e:
        jacobi.check(edits=[{"edit": "tile", "node": [0], "sizes": [4, 4]}])
    assert e.value.kind == "input" and "tile" in e.value.message
    with pytest.raises(se.ScheduleToolError):
        jacobi.moves("7.7")
    assert jacobi.check().legal  # the server goes on after errors


def test_command_errors(jacobi, tool):
    with pytest.raises(se.ScheduleToolError) as e:
        jacobi.apply([{"edit": "nosuch", "node": [0]}])
    assert e.value.kind == "input" and e.value.raw["status"] == 2 and e.value.message
    with pytest.raises(se.ScheduleToolError) as e:
        se.open(JACOBI, "/nonexistent/schedule-tool")
    assert e.value.kind == "tool"


def test_bad_kernel_raises_with_stderr(tool, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with se.open(bad, tool) as k:
        with pytest.raises(se.ScheduleToolError) as e:
            k.check("{ s0[i] -> [i] }")
    assert e.value.kind == "died" and "bad.json" in e.value.message


def test_closed_kernel_refuses(jacobi):
    jacobi.close()
    with pytest.raises(se.ScheduleToolError) as e:
        jacobi.check()
    assert e.value.kind == "closed"
