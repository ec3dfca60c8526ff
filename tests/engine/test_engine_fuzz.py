"""The fuzzing engine without a JVM: strategies, seeded generation, the example database,
and a whole campaign of ours as the judge against a planted bug (tests/engine/broken_storage_impl.py).

Which answers are right is never decided here: the judge is ours (as a protocol process)
and the implementation differs from it by one planted rule, so every disagreement found is
that rule's."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from hypothesis import Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

from harness.engine import vocabulary
from harness.engine.casefile import load_cases
from harness.engine.fuzz import generate
from harness.engine.fuzz.campaign import Campaign, run_campaign
from harness.engine.fuzz.local import LocalEngine
from harness.engine.fuzz.strategies import STRATEGIES, weighted
from harness.engine.fuzz.strategies.nbt import mutf8
from harness.engine.fuzz.worker import command_side, our_side
from helpers_adapter import adapter_command, forked_command
from helpers_cli import run_in_process

REPO = Path(__file__).resolve().parents[2]
BROKEN_SCRIPT = REPO / "tests" / "engine" / "broken_storage_impl.py"
BROKEN = f"{sys.executable} {BROKEN_SCRIPT}"


@lru_cache(maxsize=None)
def _whole_chunk(area: str, k: int) -> tuple:
    """Chunk ``k`` of seed 1 for 26.3, whole: drawn once for the tests that read it."""
    return tuple(generate.draw_chunk(area, "26.3", seed=1, k=k))


@pytest.mark.parametrize("area", list(STRATEGIES))
def test_drawn_cases_fit_the_vocabulary_and_use_every_operation(area):
    # whole chunks, drawn until every operation was used (at most 4: 256 cases)
    drawn, used, wanted = [], set(), set(vocabulary.VOCABULARY[area].ops)
    for k in range(4):
        chunk = list(_whole_chunk(area, k))
        assert len(chunk) == generate.CHUNK
        assert [vocabulary.case_problem({"area": area, **d}) for d in chunk] == [None] * len(chunk)
        drawn += chunk
        used |= {op[0] for d in chunk for op in d["ops"]}
        if used >= wanted:
            break
    assert used == wanted, f"{len(drawn)} drawn {area} cases never used {sorted(wanted - used)}"


def test_the_cases_of_a_seed_do_not_depend_on_what_else_is_imported(tmp_path, monkeypatch):
    before = list(_whole_chunk("storage", 0))  # drawn before the module below is imported (here or earlier)
    # a module of our own with literals a storage case could use: Hypothesis (6.155 here) draws
    # such literals of any loaded module that is not installed, unless draw_chunk stops it
    (tmp_path / "many_literals.py").write_text("VALUES = [" + ", ".join(str(7 ** i % 4099) for i in range(400))
                                               + "]\nWORDS = ['values', 'longs', 'get', 'fill', 'new']\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    importlib.import_module("many_literals")
    try:
        assert generate.draw_chunk("storage", "26.3", seed=1, k=0) == before
    finally:
        sys.modules.pop("many_literals", None)


def test_the_same_seed_draws_the_same_cases_and_another_seed_others():
    first = generate.draw_chunk("storage", "26.3", seed=5, k=0, size=16)
    assert generate.draw_chunk("storage", "26.3", seed=5, k=0, size=16) == first
    assert generate.draw_chunk("storage", "26.3", seed=6, k=0, size=16) != first
    assert generate.draw_chunk("storage", "26.3", seed=5, k=1, size=16) != first


def test_weighted_draws_in_proportion():
    drawn = []

    @settings(max_examples=300, database=None, phases=[Phase.generate])
    @hypothesis_seed(3)
    @given(st.tuples(weighted((7, st.just("a")), (1, st.just("b"))), st.integers(0, 1000)))
    def collect(pair):
        drawn.append(pair[0])

    collect()
    assert drawn.count("a") > 3 * drawn.count("b") > 0  # st.one_of(a, a, a, b) draws them alike


def test_modified_utf8_as_java_writes_it():
    # GAME_FACTS.md 3.3: NUL as C0 80, a supplementary character as two 3-byte surrogates
    assert mutf8("\x00") == bytes.fromhex("0002c080")
    assert mutf8("\U0001F600") == bytes.fromhex("0006eda0bdedb880")
    assert mutf8("\ud800") == bytes.fromhex("0003eda080")


def test_the_example_database_keeps_cases_per_area_and_release(tmp_path):
    db = DirectoryBasedExampleDatabase(str(tmp_path / "db"))
    generate.save_case(db, "storage", "26.3", {"bits": 1, "size": 2}, [["new"], ["get", 1]])
    generate.save_case(db, "storage", "26.3", {"bits": 1, "size": 2}, [["new"], ["get", 1]])
    db.save(generate.database_key("storage", "26.3"), b"not json")
    assert generate.saved_cases(db, "storage", "26.3") == [{"setup": {"bits": 1, "size": 2}, "ops": [["new"], ["get", 1]]}]
    assert generate.saved_cases(db, "storage", "1.21.1") == []


class _AskedDrawer:
    """A stand-in for the campaign's drawer: each chunk made-up storage cases (not judged
    here), each case ``repeat`` times in a row (1: all distinct; 2: 32 new cases in a whole
    chunk), and every chunk asked for, now or ahead, kept in ``asked``."""

    def __init__(self, repeat: int = 1):
        self.asked, self.repeat = set(), repeat

    def get(self, key, upcoming):
        self.asked |= {key[:2] for key in (key, *upcoming)}
        return [{"setup": {"bits": 1, "size": 1 + i // self.repeat}, "ops": [["new"], ["get", key[1]]]}
                for i in range(key[2])]


@pytest.mark.parametrize("cases, asked", [(40, {("storage", 0), ("snbt", 0)}),
                                          (generate.CHUNK + 1, {(a, k) for a in ("storage", "snbt") for k in (0, 1)})])
def test_a_campaign_of_n_cases_draws_no_chunk_ahead_that_it_may_not_run(cases, asked):
    # chunks are drawn ahead (in a child process) only where even full chunks before them would
    # leave cases to run: 40 of a 64-case chunk ask for no chunk 1 or 2
    import threading

    from harness.engine.fuzz.campaign import _batches

    drawer = _AskedDrawer()
    c = Campaign(["storage", "snbt"], "26.3", 1, cases, None, None, None)
    batches = list(_batches(c, threading.Event(), drawer))
    assert {area: sum(len(b) for a, b in batches if a == area) for area in c.areas} == {"storage": cases, "snbt": cases}
    assert drawer.asked == asked


def test_the_first_cases_of_a_chunk_are_the_same_however_many_are_drawn():
    # Hypothesis draws otherwise for another max_examples: draw_chunk stops a whole chunk's run
    whole = list(_whole_chunk("storage", 0))
    for size in (17, 40):
        assert generate.draw_chunk("storage", "26.3", seed=1, k=0, size=size) == whole[:size], size


def test_a_campaign_of_n_cases_is_the_first_n_of_a_longer_one_where_a_chunk_repeats_cases():
    import threading

    from harness.engine.fuzz.campaign import _batches

    def run(cases):
        c = Campaign(["storage", "snbt"], "26.3", 1, cases, None, None, None)
        batches = list(_batches(c, threading.Event(), _AskedDrawer(repeat=2)))
        return {area: [case["hash"] for a, b in batches if a == area for case in b] for area in c.areas}

    short, longer = run(40), run(100)
    assert {a: len(h) for a, h in short.items()} == {"storage": 40, "snbt": 40}
    assert short == {a: h[:40] for a, h in longer.items()}


def _campaign(tmp_path, db, engine, cases=16, seed=1, draw_processes=1):
    campaign = Campaign(["storage", "snbt"], "26.3", seed, cases, None, tmp_path / "cases", db,
                        judge_name="python (judge)", impl_name="broken", draw_processes=draw_processes)
    return run_campaign(campaign, engine)


def test_a_campaign_finds_shrinks_and_keeps_the_planted_bug_then_replays_it_first(tmp_path):
    db = DirectoryBasedExampleDatabase(str(tmp_path / "db"))
    # its processes serve both campaigns; our judge (our_side's program: serve(answer_case)) and the
    # planted bug run in children of the adapters' warm server (helpers_adapter: no interpreter's
    # start and imports of their own)
    judge = command_side(adapter_command(tmp_path, "def transform(case, answers):\n    return answers\n", "judge.py"))
    engine = LocalEngine(judge, command_side(forked_command(BROKEN_SCRIPT)), workers=2)
    try:
        result = _campaign(tmp_path, db, engine)  # 16 cases an area: seed 1 plants the bug in 2 storage cases
        assert result.tallies["snbt"].disagree == 0 and result.tallies["storage"].disagree > 0
        assert result.cases == 32 and [f.area for f in result.found] == ["storage"]
        found = result.found[0]
        assert found.signature == ("storage", "mismatch", "get")
        kept = load_cases(found.path)
        assert found.path.name == f"fuzz-{kept[0]['id'].rsplit('/', 1)[1]}.yaml" and kept[0]["versions"] == ["26.3"]
        assert yaml.safe_load(found.path.read_text())["seed"] == 1
        ops = kept[0]["ops"]
        assert len(ops) <= 3 and ops[-1][0] == "get" and ops[-1][1] > 0  # the planted rule, and nothing else
        assert generate.saved_cases(db, "storage", "26.3") == [{"setup": kept[0]["setup"], "ops": ops}]

        # one case per area: the saved one comes first (its one drawn case drawn here: no drawing
        # process started for it, as the first campaign's was)
        again = _campaign(tmp_path, db, engine, cases=1, seed=99, draw_processes=0)
        assert again.tallies["storage"].replayed == 1 and again.tallies["storage"].disagree == 1
    finally:
        engine.close()


def test_our_side_is_our_implementation_behind_the_protocol(tmp_path, monkeypatch):
    # harness fuzz without --impl: started from any folder (the checkout from PYTHONPATH), it answers
    monkeypatch.chdir(tmp_path)
    case = dict(generate.make_case("storage", "26.3", {"setup": {"bits": 4, "size": 2}, "ops": [["new"], ["get", 1]]},
                                   "test"))
    impl = our_side().start()
    try:
        assert impl.answer({k: case[k] for k in ("id", "area", "version", "setup", "ops")}) == [None, 0]
    finally:
        impl.close()


def test_the_fuzz_verb_refuses_an_unknown_version_and_a_missing_judge():
    def fuzz(*args):
        return run_in_process(["fuzz", *args])

    done = fuzz("--against", BROKEN, "--version", "9.9", "--no-progress")
    assert done.returncode == 2 and "9.9" in done.stderr and "Traceback" not in done.stderr
    done = fuzz("--cases", "3")
    assert done.returncode == 2 and "--jar" in done.stderr
