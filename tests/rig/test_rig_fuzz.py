"""harness fuzz against the stand-in jar, with a deliberately broken implementation: the
stand-in with one wrong rule planted per area (standin_build.BROKEN_RULES), run through the rig's
worker as the implementation under test. Every planted bug must be found and shrunk to at
most 3 operations by the local engine, and the cluster engine (Dask, in the command's
process, through the same judge and implementation processes) must write the same cases for
the area it runs.

The stand-in's answers are a test double's: nothing here is written outside tmp_path, and no
answer is taken for the game's."""

from __future__ import annotations

import sys

import pytest

from harness.engine.casefile import load_cases
from helpers_cli import run_in_process
from rig_sharing import kept_for, lend_kept_sides

# fixed: the same seed draws the same cases (in any process: no literal of a loaded module is
# drawn). Of seeds 0 to 109 two find all four planted bugs within 12 cases an area: 27 within 9
# and 40 within 7 (nbt's and storage's at their area's 3rd case, snbt's and palette's at the
# 7th), so seed 40 and 7 cases an area: one case fewer misses two of the bugs
SEED, CASES = 40, 7
AREAS = ("storage", "palette", "nbt", "snbt")
# the most candidates tried when shrinking one disagreement (--shrink-budget): with seed 40 each
# is down to at most 3 operations within 20 (storage's from 7 operations to 3, palette's write
# from 12 to 2, where 12 candidates leave it at 7); the candidates past that (smaller inputs)
# would be most of the campaign's JVM time
SHRINK_BUDGET = 20
# the cluster's campaign: the area quickest to shrink (3 candidates), the same seed and cases
CLUSTER_AREAS = ("snbt",)


# the cluster's drawing child (a fresh interpreter) reads the installed packages' own bytecode
# (Hypothesis'), which no other child of the run imports: this run's bytecode folder
# (conftest.children_keep_their_bytecode) would compile them once more, for this child only
# (about 2 s of CPU); nothing is written
NO_BYTECODE_FOLDER = {"PYTHONPYCACHEPREFIX": "", "PYTHONDONTWRITEBYTECODE": "1"}


def fuzz(standin_jars, broken_standin_jar, out, areas, *extra, env=None):
    """``harness fuzz`` of ``areas`` on the stand-in, the broken one as the implementation, in
    this process (:func:`tests.helpers_cli.run_in_process`, ``env`` over the environment): the
    case files it wrote (path under ``out/cases`` -> case) and its exit status and output."""
    impl = f"{sys.executable} -m rig.worker --jar {broken_standin_jar}"
    argv = ["fuzz", "--jar", str(standin_jars.plain), "--impl", impl, "--seed", str(SEED), "--cases", str(CASES),
            "--shrink-budget", str(SHRINK_BUDGET), "--out", str(out / "cases"), "--database", str(out / "db"),
            "--no-progress", *[arg for area in areas for arg in ("--area", area)], *extra]
    done = run_in_process(argv, env)
    assert done.returncode == 1, done.stderr  # 1: disagreements found
    return {p.relative_to(out / "cases").as_posix(): load_cases(p)[0] for p in sorted((out / "cases").rglob("fuzz-*.yaml"))}, done


def planted(area: str, case: dict) -> bool:
    """The shrunk case exercises its area's planted rule (standin_build.BROKEN_RULES)."""
    ops, setup = case["ops"], case["setup"]
    if area == "storage":
        return any(op[0] == "fill" for op in ops)
    if area == "palette":
        return ops[-1][0] in ("bits", "write", "pack")
    if area == "nbt":
        hex_input = setup["input"]
        return any(hex_input[i:i + 2] == "03" for i in range(0, len(hex_input), 2))  # an IntTag's id somewhere
    return any(any(c.isspace() for c in op[1].lstrip()) for op in ops)  # whitespace after the value


def check_found(found: dict, stdout: str, areas=AREAS) -> None:
    """Each planted bug of ``areas`` found, shrunk to at most 3 operations that exercise it."""
    assert {case["area"] for case in found.values()} == set(areas), stdout
    for name, case in found.items():
        assert len(case["ops"]) <= 3, (name, case)
        assert planted(case["area"], case), (name, case)
        assert case["versions"] == ["26.3"] and case["id"] == f"{case['area']}/fuzz/{name.split('fuzz-')[1][:-5]}"


# the module's tests on one worker (pytest-xdist's loadgroup), so the campaign runs once and
# its processes serve both
pytestmark = pytest.mark.xdist_group("rig-fuzz-local-run")


@pytest.fixture(scope="module")
def kept_sides(request, kept_workers):
    """The module's campaigns' judge and implementation processes (one JVM each), kept from the
    first campaign to the last (:func:`rig_sharing.lend_kept_sides`), stopped after the last
    (conftest's ``pytest_runtest_teardown``): the campaigns test what the engines do with the
    answers, not the processes' start."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        kept = kept_for(request.node)
        lend_kept_sides(kept, monkeypatch)
        yield kept


@pytest.fixture(scope="module")
def local_run(standin_jars, broken_standin_jar, tmp_path_factory, kept_sides):
    out = tmp_path_factory.mktemp("fuzz-local")
    # cases drawn in a thread of this process (no child interpreter of its own to start); the
    # cluster's command draws them in the default child process
    return fuzz(standin_jars, broken_standin_jar, out, AREAS, "--draw-processes", "0")


def test_a_local_campaign_finds_and_shrinks_every_planted_bug(local_run):
    found, done = local_run
    check_found(found, done.stdout)
    assert f"{4 * CASES} cases in" in done.stdout and "1 worker, local" in done.stdout


def test_the_cluster_engine_finds_the_same(local_run, standin_jars, broken_standin_jar, tmp_path, kept_sides):
    """One of the areas through a Dask actor (on the one worker of a cluster in this process,
    the local campaign's judge and implementation processes lent to it, its cases cut into
    shards and collected by hash), the cases drawn in the command's default child: the same
    cases written as the local campaign's of that area (its engine in a thread of this process,
    drawing in a thread), whatever the engine and where the cases are drawn."""
    pytest.importorskip("distributed")
    found, done = fuzz(standin_jars, broken_standin_jar, tmp_path, CLUSTER_AREAS, "--workers", "1", "--cluster", "local",
                       "--cluster-cpus", "1", env=NO_BYTECODE_FOLDER)
    assert f"{len(CLUSTER_AREAS) * CASES} cases in" in done.stdout and "1 worker, dask" in done.stdout
    assert len(kept_sides) == 2  # the judge and the implementation: no process of the cluster's own
    check_found(found, done.stdout, CLUSTER_AREAS)
    assert found == {name: case for name, case in local_run[0].items() if case["area"] in CLUSTER_AREAS}
