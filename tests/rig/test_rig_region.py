"""The region probe end to end on the stand-in jars: record writes region answers, live compares them.

The stand-in's region file is a test double (``standin/lib/standin/RegionStore.java``):
these tests check the plumbing (a folder per case, the name layer, the 1.20.5 constructor
with a ``RegionStorageInfo`` and the older one, the answers' shapes), never the values.
"""

from __future__ import annotations

import json
import re

import pytest

from harness.engine.casefile import dump_cases, load_cases
from harness.engine.reference import load_reference
from rig.runner import REPO
from test_rig_end_to_end import harness, is_error, is_hex

from rig_sharing import BUNDLER_RECORD, same_jar

CASES = REPO / "cases" / "region"
SMALL = 200_000  # characters of JSON: the cases quick to run through a JVM


def _files(a) -> bool:
    return isinstance(a, dict) and set(a) == {"files", "timestamps"} and all(
        re.fullmatch(r"r\.0\.0\.mca|c\.-?\d+\.-?\d+\.mcc", k) and is_hex(v) for k, v in a["files"].items()) \
        and all(isinstance(s, list) and len(s) == 2 and 0 <= s[0] < 1024 for s in a["timestamps"])


SHAPES = {"read": lambda a: a is None or is_hex(a), "files": _files,
          "exists": lambda a: type(a) is bool, "has": lambda a: type(a) is bool, "layer_is_empty": lambda a: type(a) is bool,
          "layer_get": lambda a: type(a) is int and 0 <= a < 16, "layer_data": is_hex}


def region_cases(tmp_path, version: str, per_file: int = 6) -> tuple:
    """A YAML case file of a few generated region cases of every category that apply to
    ``version``, and those cases."""
    out = []
    for path in sorted(CASES.glob("*.yaml")):
        small = [c for c in load_cases(path) if len(json.dumps(c)) < SMALL and version in c.get("versions", [version])]
        out += [{k: c[k] for k in ("id", "purpose", "setup", "ops")} for c in small[:per_file]]
    path = tmp_path / "region.yaml"
    dump_cases(path, "region", "tests/rig/test_rig_region.py", out)
    return path, out


def shape_problems(case: dict) -> list[str]:
    return [f"{case['id']} op {i} {op[0]}: {a!r}"[:200] for i, (op, a) in enumerate(zip(case["ops"], case["answers"]))
            if not (is_error(a) or SHAPES.get(op[0], lambda a: a is None)(a))]


@BUNDLER_RECORD
def test_record_region_answers_from_the_bundler_jar(bundler_record):
    done, cases = bundler_record.done, bundler_record.region  # region_cases(), recorded with others
    assert done.returncode == 0, done.stderr
    assert f"{len(bundler_record.cases) + len(cases)} answered, 0 skipped, 0 failed" in done.stdout
    ref = load_reference(bundler_record.out / "26.3")
    assert (bundler_record.out / "26.3" / "region.tsv").is_file()
    recorded = [c for c in ref.cases if c["area"] == "region"]
    assert sorted(c["id"] for c in recorded) == sorted(c["id"] for c in cases)
    for case in recorded:
        assert shape_problems(case) == []
    files = [a for c in recorded for op, a in zip(c["ops"], c["answers"]) if op[0] == "files" and _files(a)]
    assert any(a["timestamps"] for a in files) and all(a["files"]["r.0.0.mca"][8192:16384].strip("0") == ""
                                                       for a in files if len(a["files"]["r.0.0.mca"]) >= 16384)


@pytest.mark.parametrize("variant", [pytest.param(v, marks=same_jar(v)) for v in ("1.21.1", "1.18")])
def test_live_region_on_obfuscated_jars_old_and_new_constructors(standin_jars, tmp_path, variant, kept_worker):
    jar, mappings = ((standin_jars.obfuscated, standin_jars.mappings) if variant == "1.21.1"
                     else standin_jars.variants[variant])
    path, cases = region_cases(tmp_path, variant, per_file=2)  # every region operation of the 3 first
    done = harness("live", "--jar", str(jar), "--mappings", str(mappings), "--cases", str(path), "--quiet")
    assert done.returncode in (0, 1), done.stderr
    summary = done.stdout.strip().splitlines()[-1]
    passed, failed, unverified = map(int, re.fullmatch(r"(\d+) passed, (\d+) failed, (\d+) unverified", summary).groups())
    assert passed + failed == len(cases) and unverified == 0 and passed > 0  # the stand-in answered every case
