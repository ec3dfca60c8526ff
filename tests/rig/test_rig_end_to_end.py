"""The rig end to end on the stand-in jars: worker, record, live, crashes and hangs.

Every JVM runs in a child process (JPype starts one JVM per process). The stand-in's
answers are a test double's: these tests check plumbing and the shapes of answers
(FORMAT.md), never values, and write only into temporary folders.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from functools import lru_cache

import pytest

from harness.engine.reference import load_reference
from helpers_cli import run_in_process
from harness.implementations.process import ImplementationFailure, ProcessImplementation
from rig.runner import REPO, prepare, run_game

from rig_sharing import BUNDLER_RECORD, same_jar

_HEX_DIGITS = re.compile(r"[0-9a-f]*")
INT32 = range(-2**31, 2**31)
INT64 = range(-2**63, 2**63)


def reference_cases(version: str, area: str) -> list[dict]:
    """The bundled recorded cases (the game's answers) of one version and area; each a fresh
    mapping (the reference is read once per process)."""
    return [dict(c) for c in _reference(version).cases if c["area"] == area]


@lru_cache(maxsize=None)
def _reference(version: str):
    return load_reference(REPO / "reference" / version)


def is_error(a) -> bool:
    return (isinstance(a, dict) and isinstance(a.get("error"), str) and set(a) <= {"error", "message", "cause", "cause_message"}
            and (a.get("message") is None or isinstance(a["message"], str)))


def is_hex(a) -> bool:
    """Bytes as lowercase hex: a string of hex digits, two a byte."""
    return isinstance(a, str) and len(a) % 2 == 0 and _HEX_DIGITS.fullmatch(a) is not None


def ints(a, within: range) -> bool:
    """A list of ints (no bools) all in ``within`` (a step-1 range)."""
    return isinstance(a, list) and set(map(type, a)) <= {int} and (not a or within.start <= min(a) and max(a) < within.stop)


SHAPES = {
    "storage": {"new": lambda a: a is None, "from_longs": lambda a: a is None, "set": lambda a: a is None,
                "fill": lambda a: a is None, "get": lambda a: type(a) is int and a in INT32,
                "get_and_set": lambda a: type(a) is int and a in INT32, "values": lambda a: ints(a, INT32),
                "longs": lambda a: ints(a, INT64)},
    "palette": {**{k: (lambda a: a is None) for k in ("set", "set_at", "unpack", "copy", "recreate")},
                **{k: (lambda a: type(a) is int and a >= 0) for k in ("get", "get_at", "get_and_set", "get_and_set_at", "bits")},
                "counts": lambda a: isinstance(a, list) and all(ints(p, INT32) and len(p) == 2 for p in a),
                "write": is_hex,
                "pack": lambda a: isinstance(a, dict) and set(a) == {"palette", "data"} and ints(a["palette"], INT32)
                and (a["data"] is None or ints(a["data"], INT64))},
    "nbt": {"write_back": is_hex,
            "to_string": lambda a: isinstance(a, str), "pretty": lambda a: isinstance(a, str)},
    "snbt": {"parse": is_hex,
             "parse_compound": is_hex},
}


def shape_problems(case: dict) -> list[str]:
    """Answers that do not have the shape FORMAT.md gives their operation."""
    shapes = SHAPES[case["area"]]
    return [f"{case['id']} op {i} {op[0]}: {answer!r}"[:200] for i, (op, answer) in enumerate(zip(case["ops"], case["answers"]))
            if not (is_error(answer) or shapes[op[0]](answer))] + (
        [f"{case['id']}: {len(case['answers'])} answers for {len(case['ops'])} ops"] if len(case["answers"]) != len(case["ops"]) else [])


def case_file(tmp_path, version: str, per_area: int = 8) -> tuple:
    """A recorded-format file with the first cases of each area of a bundled reference."""
    cases = [c for area in SHAPES for c in reference_cases(version, area)[:per_area]]
    path = tmp_path / f"cases-{version}.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in cases))
    return path, cases


def harness(*args, env=None):
    """``harness *args`` in this process (:func:`tests.helpers_cli.run_in_process`; the command
    itself runs in a child once, in conftest's :func:`bundler_record`)."""
    return run_in_process(list(args), env)


@pytest.mark.parametrize("version", ["26.3", "1.21.1", "1.20.1"])
def test_shape_checker_accepts_the_games_recorded_answers(version):
    for area in SHAPES:
        for case in reference_cases(version, area):
            assert shape_problems(case) == []


def test_shape_checker_rejects_wrong_shapes():
    case = {"id": "x", "area": "storage", "ops": [["get", 1], ["longs"], ["new"]],
            "answers": ["1", [2**63], {"error": 3, "message": "m"}]}
    assert len(shape_problems(case)) == 3


@BUNDLER_RECORD
def test_record_from_the_bundler_jar(standin_jars, bundler_record):
    done, cases, region = bundler_record.done, bundler_record.cases, bundler_record.region
    assert done.returncode == 0, done.stderr
    assert f"{len(cases) + len(region)} answered, 0 skipped, 0 failed" in done.stdout
    ref = load_reference(bundler_record.out / "26.3")
    assert sorted(c["id"] for c in ref.cases if c["area"] != "region") == sorted(c["id"] for c in cases)
    assert sorted(p.name for p in (bundler_record.out / "26.3").iterdir()) == [
        "PROVENANCE.json", "nbt.tsv", "palette.tsv", "region.tsv", "snbt.tsv", "storage.tsv"]
    for case in ref.cases:
        if case["area"] != "region":  # region answers: test_rig_region.py
            assert shape_problems(case) == []
    prov = ref.provenance
    assert prov["jar"]["sha1"] == hashlib.sha1(standin_jars.bundler.read_bytes()).hexdigest()
    assert prov["jar"]["bundler"] is True
    assert prov["version_json"] == {"id": "26.3", "world_version": 5023, "protocol_version": 777, "java_version": 25}
    assert prov["jvm"]["version"].startswith("25") and prov["rig_version"] and re.match(r"\d{4}-\d\d-\d\dT", prov["date"])
    inner = list(bundler_record.cache.rglob("server-26.3.jar"))
    assert len(inner) == 1 and hashlib.sha256(inner[0].read_bytes()).hexdigest() == standin_jars.inner_sha256


@BUNDLER_RECORD
def test_record_with_two_workers_records_what_one_does(standin_jars, bundler_record, tmp_path):
    """The storage, palette, NBT and SNBT cases of :func:`bundler_record` recorded again with 2
    workers (one JVM each, sharing the cases after the first 3): the same answers as its one
    worker's, in the same order (its region cases' answers hold the time a chunk was written)."""
    done = harness("record", "--jar", str(standin_jars.bundler), "--cases", str(bundler_record.cases_file),
                   "--out", str(tmp_path / "ref"), "--workers", "2", env={"MC_FORMAT_HARNESS_CACHE": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    sets = [[{k: c[k] for k in ("id", "ops", "answers")} for c in load_reference(out / "26.3").cases if c["area"] != "region"]
            for out in (bundler_record.out, tmp_path / "ref")]
    assert sets[0] == sets[1] and len(sets[0]) == len(bundler_record.cases)
    assert json.dumps(sets[0]).count('"answers"') == len(bundler_record.cases)


@same_jar("1.21.1")
def test_live_on_the_obfuscated_jar_with_mappings(standin_jars, tmp_path, kept_worker):
    path, cases = case_file(tmp_path, "1.21.1", per_area=3)  # every operation of the 4 first, answered or refused as there
    done = harness("live", "--jar", str(standin_jars.obfuscated), "--mappings", str(standin_jars.mappings),
                   "--cases", str(path), "--quiet")
    assert done.returncode in (0, 1), done.stderr
    summary = done.stdout.strip().splitlines()[-1]
    passed, failed, unverified = map(int, re.fullmatch(r"(\d+) passed, (\d+) failed, (\d+) unverified", summary).groups())
    assert passed + failed == len(cases) and unverified == 0  # the game answered every case
    assert not (tmp_path / "reference").exists()


@same_jar("1.21.1")
def test_obfuscated_names_come_back_as_mojangs(standin_jars, kept_worker):
    game = prepare(standin_jars.obfuscated, standin_jars.mappings, timeout=60)
    wanted = [c for c in reference_cases("1.21.1", "storage") if c["id"] == "storage/p/from-longs-wrong-length-1"]
    palette = reference_cases("1.21.1", "palette")[:3]
    run = run_game(game, wanted + palette)
    assert not run.failed and not run.skipped
    # the game's recorded answer: the nested class comes back Mojang-named (ab$a in the jar)
    assert run.answered[0]["answers"][0]["error"] == wanted[0]["answers"][0]["error"] == "SimpleBitStorage.InitializationException"
    for case in run.answered:
        assert shape_problems(case) == []


def _snbt(name, text):
    return {"id": f"snbt/x/{name}", "area": "snbt", "version": "26.3", "setup": {}, "ops": [["parse", text]]}


FILL = {"id": "storage/x/fill", "area": "storage", "version": "26.3", "setup": {"bits": 5, "size": 64},
        "ops": [["new"], ["fill", 3], ["longs"]]}
# the hang last: the worker restarted after a crash answers a case, then hangs (a restart after
# a hang: test_a_timeout_shorter_than_the_jvms_start_..., test_a_workers_first_case_...)
PLAIN_CASES = [FILL, dict(FILL, id="storage/x/unknown", ops=[["new"], ["frobnicate"]]),
               _snbt("ok-1", "{a:1}"), _snbt("crash", "\x00crash"), _snbt("ok-2", "{b:2}"), _snbt("hang", "\x00hang")]
PLAIN_RUN = pytest.mark.xdist_group("rig-plain-run")  # the tests of plain_run on one pytest-xdist worker
# a case of a worker's once its JVM runs: the stand-in answers these in well under 0.1 s
CASE_TIMEOUT = 1


@pytest.fixture(scope="module")
def plain_run(standin_jars):
    """:data:`PLAIN_CASES` run on the plain jar, :data:`CASE_TIMEOUT` s a case once a worker's
    JVM runs (its first case after each start 60 s, the start included): the run and what
    ``on_case`` was told, in order. The crash restarts the worker."""
    seen = []
    game = prepare(standin_jars.plain, timeout=CASE_TIMEOUT, start_timeout=60)
    run = run_game(game, PLAIN_CASES, lambda case, status, detail: seen.append((case["id"], status)))
    return run, seen


@PLAIN_RUN
def test_plain_jar_and_unsupported_operation(plain_run):
    run, seen = plain_run
    assert [c["id"] for c in run.answered if c["area"] == "storage"] == ["storage/x/fill"]
    assert shape_problems(run.answered[0]) == []
    assert "unknown operation 'frobnicate'" in run.skipped["storage/x/unknown"]


@PLAIN_RUN
def test_a_crash_or_a_hang_fails_that_case_and_the_run_goes_on(plain_run):
    run, seen = plain_run
    assert [c["id"] for c in run.answered if c["area"] == "snbt"] == ["snbt/x/ok-1", "snbt/x/ok-2"]
    assert set(run.failed) == {"snbt/x/crash", "snbt/x/hang"}
    assert "exited" in run.failed["snbt/x/crash"] and f"no answer within {CASE_TIMEOUT} s" in run.failed["snbt/x/hang"]
    assert seen == [("storage/x/fill", "answered"), ("storage/x/unknown", "skipped"), ("snbt/x/ok-1", "answered"),
                    ("snbt/x/crash", "failed"), ("snbt/x/ok-2", "answered"), ("snbt/x/hang", "failed")]


# a protocol program that takes START s before it reads its first case, answers each case at
# once, and never answers one whose id ends in "hang"
START = 0.1
SLOW_START = (f"import json, sys, time\ntime.sleep({START})\nfor line in sys.stdin:\n    case = json.loads(line)\n"
              "    if case['id'].endswith('hang'):\n        time.sleep(600)\n"
              "    print(json.dumps({'id': case['id'], 'answers': [case['id']]}), flush=True)\n")


def test_a_workers_first_case_after_each_start_gets_the_start_timeout():
    """``ProcessImplementation(start_timeout=...)``, as the rig runs its worker: the first case
    after each start waits out the start (longer than a case's ``timeout``), a later one only
    its ``timeout``."""
    process = ProcessImplementation([sys.executable, "-I", "-S", "-c", SLOW_START], start_timeout=60, timeout=START / 2)
    try:
        assert process.answer({"id": "first"}) == ["first"]
        with pytest.raises(ImplementationFailure, match=rf"^no answer within {START / 2:g} s \(hang"):
            process.answer({"id": "then-hang"})
        assert process.answer({"id": "after-the-restart"}) == ["after-the-restart"]
        assert process.restarts == 1 and process.timeout == START / 2
    finally:
        process.close()
    with pytest.raises(ValueError, match="at least the timeout"):
        ProcessImplementation([sys.executable], start_timeout=1, timeout=2)


def test_a_timeout_shorter_than_the_jvms_start_stops_record_and_live_with_one_line(standin_jars, tmp_path):
    path, cases = case_file(tmp_path, "26.3", per_area=2)
    for verb in ("record", "live"):
        out = ["--out", str(tmp_path / "ref")] if verb == "record" else []
        # 0.02 s: no JVM starts so soon (each of the 3 workers is killed in its start)
        done = harness(verb, "--jar", str(standin_jars.plain), "--cases", str(path), "--timeout", "0.02", *out)
        assert done.returncode == 2, done.stderr
        stopped = [line for line in done.stderr.splitlines() if "stopped" in line]
        # the words of the hang itself are the process implementation's (harness/implementations/process.py)
        assert len(stopped) == 1 and re.fullmatch(
            f"harness {verb}: stopped after 3 of {len(cases)} cases: the game 26.3: failed its first 3 cases without "
            r"answering one \(last: no answer within 0\.02 s \(hang\b.*\); giving up", stopped[0]), stopped
        assert "FAILED" not in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "ref").exists()


def test_a_jar_whose_classes_cannot_load_stops_after_three_cases_in_one_line(classes_jar, tmp_path):
    jar = classes_jar({"id": "26.3", "world_version": 5023, "protocol_version": 777, "java_version": 25})  # empty .class files
    path, cases = case_file(tmp_path, "26.3", per_area=2)
    done = harness("record", "--jar", str(jar), "--cases", str(path), "--out", str(tmp_path / "ref"))
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("harness record:")]
    assert len(lines) == 1 and lines[0].startswith(f"harness record: stopped after 3 of {len(cases)} cases: the first "
                                                   "3 cases all failed for a class the jar cannot load: the "
                                                   "implementation reported: MissingClass: class net.minecraft.")
    assert "cannot be loaded: java.lang.ClassFormatError" in lines[0]
    assert "FAILED" not in done.stderr and not (tmp_path / "ref").exists()


@same_jar("1.21.1")
def test_cases_recorded_for_another_version_are_run_and_recorded_as_the_jars_saying_so(standin_jars, tmp_path,
                                                                                      kept_worker):
    path, cases = case_file(tmp_path, "26.3", per_area=2)  # marked 26.3, run on a 1.21.1 jar
    jar = ["--jar", str(standin_jars.obfuscated), "--mappings", str(standin_jars.mappings), "--cases", str(path)]
    done = harness("record", *jar, "--out", str(tmp_path / "ref"))
    assert done.returncode == 0, done.stderr
    note = f"note: {len(cases)} cases were recorded for 26.3; running them as 1.21.1 (this jar's version)"
    assert [line for line in done.stderr.splitlines() if line.startswith("note:")] == [
        note + ", and writing the jar's answers to them as 1.21.1's"]
    assert sorted(p.name for p in (tmp_path / "ref").iterdir()) == ["1.21.1", "objects"]  # nothing filed under 26.3
    ref = load_reference(tmp_path / "ref" / "1.21.1")
    assert {c["version"] for c in ref.cases} == {"1.21.1"} and ref.provenance["version_json"]["id"] == "1.21.1"
    assert f"{len(ref.cases)} answered, {len(cases) - len(ref.cases)} skipped, 0 failed" in done.stdout
    assert ref.provenance["cases_from_other_versions"] == {"26.3": len(ref.cases)}  # the answered ones

    done = harness("live", *jar)
    assert done.returncode in (0, 1), done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("note:")] == [
        note + ", comparing ours for 1.21.1 with the jar's answers"]
    assert "python vs the game 1.21.1 (live)" in done.stdout
    assert set(re.findall(r"^FAIL (\S+) ", done.stdout, re.MULTILINE)) <= {"1.21.1"}
