"""harness fuzz against the stand-in jar, with a deliberately broken implementation: the
stand-in with one wrong rule planted per area (conftest.BROKEN_RULES), run through the rig's
worker as the implementation under test. Every planted bug must be found and shrunk to at
most 3 operations, by the local engine and by the cluster engine (Dask, in this process),
and both must write the same cases. Also: harness record with 2 workers records what 1 does.

The stand-in's answers are a test double's: nothing here is written outside tmp_path, and no
answer is taken for the game's."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from harness.engine.casefile import load_cases
from harness.engine.reference import load_reference
from rig.runner import REPO

from test_rig_end_to_end import case_file

# fixed: the same seed draws the same cases. Of seeds 0 to 52, seed 11 finds all four planted
# bugs in the fewest cases (in chunk 0: storage's at case 19, palette's at 9, nbt's at 34,
# snbt's at 20; seed 1 needs 50), so 34 cases per area of one chunk
SEED, CASES = 11, 34
AREAS = ("storage", "palette", "nbt", "snbt")


def fuzz(standin_jars, broken_standin_jar, out, *extra):
    impl = f"{sys.executable} -m rig.worker --jar {broken_standin_jar}"
    done = subprocess.run([sys.executable, "-m", "harness", "fuzz", "--jar", str(standin_jars.plain), "--impl", impl,
                           "--seed", str(SEED), "--cases", str(CASES), "--out", str(out / "cases"),
                           "--database", str(out / "db"), "--no-progress",
                           *[arg for area in AREAS for arg in ("--area", area)], *extra],
                          capture_output=True, text=True, cwd=REPO, timeout=900,
                          env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert done.returncode == 1, done.stderr  # 1: disagreements found
    return {p.relative_to(out / "cases").as_posix(): load_cases(p)[0] for p in sorted((out / "cases").rglob("fuzz-*.yaml"))}, done


def planted(area: str, case: dict) -> bool:
    """The shrunk case exercises its area's planted rule (conftest.BROKEN_RULES)."""
    ops, setup = case["ops"], case["setup"]
    if area == "storage":
        return any(op[0] == "fill" for op in ops)
    if area == "palette":
        return ops[-1][0] in ("bits", "write", "pack")
    if area == "nbt":
        hex_input = setup["input"]
        return any(hex_input[i:i + 2] == "03" for i in range(0, len(hex_input), 2))  # an IntTag's id somewhere
    return any("B" in op[1] for op in ops)


def check_found(found: dict, stdout: str) -> None:
    areas = {case["area"] for case in found.values()}
    assert areas == set(AREAS), stdout
    for name, case in found.items():
        assert len(case["ops"]) <= 3, (name, case)
        assert planted(case["area"], case), (name, case)
        assert case["versions"] == ["26.3"] and case["id"] == f"{case['area']}/fuzz/{name.split('fuzz-')[1][:-5]}"


@pytest.fixture(scope="module")
def local_run(standin_jars, broken_standin_jar, tmp_path_factory):
    out = tmp_path_factory.mktemp("fuzz-local")
    return fuzz(standin_jars, broken_standin_jar, out, "--workers", "2")


# the two tests of local_run on one worker (pytest-xdist's loadgroup), so the campaign runs once
SAME_WORKER = pytest.mark.xdist_group("rig-fuzz-local-run")


@SAME_WORKER
def test_a_local_campaign_finds_and_shrinks_every_planted_bug(local_run):
    found, done = local_run
    check_found(found, done.stdout)
    assert f"{4 * CASES} cases in" in done.stdout and "2 workers, local" in done.stdout


@SAME_WORKER
def test_the_cluster_engine_finds_the_same(local_run, standin_jars, broken_standin_jar, tmp_path):
    pytest.importorskip("distributed")
    found, done = fuzz(standin_jars, broken_standin_jar, tmp_path, "--workers", "2", "--cluster", "local")
    assert "2 workers, dask" in done.stdout
    check_found(found, done.stdout)
    assert found == local_run[0]  # same seed, same cases, same disagreements, whatever the engine


def test_record_with_two_workers_records_what_one_does(standin_jars, tmp_path):
    path, cases = case_file(tmp_path, "26.3", per_area=6)
    sets = []
    for workers in (1, 2):
        out = tmp_path / f"ref-{workers}"
        done = subprocess.run([sys.executable, "-m", "harness", "record", "--jar", str(standin_jars.plain), "--cases",
                               str(path), "--out", str(out), "--workers", str(workers)], capture_output=True, text=True,
                              cwd=REPO, timeout=600, env=dict(os.environ, PYTHONPATH=str(REPO)))
        assert done.returncode == 0, done.stderr
        sets.append([{k: c[k] for k in ("id", "ops", "answers")} for c in load_reference(out / "26.3").cases])
    assert sets[0] == sets[1] and len(sets[0]) == len(cases)
    assert json.dumps(sets[0]).count('"answers"') == len(cases)
