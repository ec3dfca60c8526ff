"""--errors refusal (any error matches any error) and resource refusals as one class.

Real runs: our implementation behind the protocol with every error answer renamed to the
adapter's own exception names, judged against the 26.3 reference.
"""

from __future__ import annotations

import json

from conftest import reference_cases
from helpers_adapter import adapter_command, check
from helpers_engine import write_recorded

from harness.engine.compare import first_difference, is_resource_refusal

OWN_NAMES = '''
def transform(case, answers):
    return [{"error": "MyLib." + a["error"].replace(".", "_") + "Error", "message": "my own words"}
            if isinstance(a, dict) and "error" in a else a for a in answers]
'''

# resource refusals answered as this adapter's own ResourceLimit; other errors kept
OWN_LIMITS = '''
from harness.engine.compare import is_resource_refusal
def transform(case, answers):
    return [{"error": "ResourceLimit", "message": "over my 1 MiB budget"} if is_resource_refusal(a) else a
            for a in answers]
'''


def _refusal_cases(version: str) -> list[dict]:
    return [c for area in ("nbt", "snbt", "storage", "palette") for c in reference_cases(version, area)
            if any(isinstance(a, dict) and "error" in a for a in c["answers"])]


def test_own_exception_names_pass_every_refusal_case_under_refusal(tmp_path, capsys):
    # the 26.3 cases with an error answer (the others have nothing to rename), as a recorded file
    cases = _refusal_cases("26.3")
    recorded = write_recorded(tmp_path / "refusals.jsonl", cases)
    cmd = adapter_command(tmp_path, OWN_NAMES)
    report = tmp_path / "r.json"
    status, out, _ = check(["--impl", cmd, "--recorded", str(recorded), "--errors", "refusal", "--json", str(report)],
                           capsys)
    doc = json.loads(report.read_text())
    refusing = {c["id"] for c in cases}
    statuses = {c["id"]: c["status"] for c in doc["cases"]}
    assert status == 0 and doc["summary"]["failed"] == 0 and doc["error_policy"] == "refusal"
    assert len(refusing) > 500 and statuses.keys() == refusing
    assert all(statuses[i] == "passed" for i in refusing if statuses[i] != "unverified")
    assert "--errors refusal: an error answer matches any error answer" in out


def test_own_exception_names_fail_under_kind(tmp_path, capsys):
    cmd = adapter_command(tmp_path, OWN_NAMES)
    status, out, _ = check(["--impl", cmd, "--version", "26.3", "--area", "storage", "--case", "storage/p/errors*",
                            "--errors", "kind", "--quiet"], capsys)
    assert status == 1 and "FAIL 26.3 storage/p/errors" in out


def test_an_own_resource_limit_passes_the_resource_cases_under_kind_not_under_message(tmp_path, capsys):
    cmd = adapter_command(tmp_path, OWN_LIMITS)
    resource = sorted(c["id"] for c in reference_cases("26.3", "nbt") if any(map(is_resource_refusal, c["answers"])))
    assert "nbt/p/huge-declared-length/file" in resource and "nbt/p/depth-513/file" in resource
    argv = ["--impl", cmd, "--version", "26.3", "--area", "nbt", "--case", "nbt/p/*", "--json", str(tmp_path / "r.json")]
    status, _, _ = check(argv + ["--errors", "kind"], capsys)
    kind = {c["id"]: c["status"] for c in json.loads((tmp_path / "r.json").read_text())["cases"]}
    assert status == 0 and all(kind[i] == "passed" for i in resource if i in kind)
    status, _, _ = check(argv + ["--errors", "message"], capsys)
    message = {c["id"]: c["status"] for c in json.loads((tmp_path / "r.json").read_text())["cases"]}
    assert status == 1 and {i for i, s in message.items() if s == "failed"} == {i for i in resource if i in message}


def test_the_resource_class():
    oom = {"error": "OutOfMemoryError", "message": "Requested array size exceeds VM limit"}
    quota = {"error": "NbtAccounterException",
             "message": "Tried to read NBT tag that was too big; tried to allocate: 2097193 bytes where max allowed: 2097152"}
    old_quota = dict(quota, error="RuntimeException")
    depth = {"error": "NbtAccounterException", "message": "Tried to read NBT tag with too high complexity, depth > 512"}
    mine = {"error": "TooDeep", "message": "nesting over 300", "resource": True}
    other = {"error": "RuntimeException", "message": "Missing type on ListTag"}
    assert all(map(is_resource_refusal, (oom, quota, old_quota, depth, mine, {"error": "ResourceLimit", "message": None})))
    assert not is_resource_refusal(other) and not is_resource_refusal({"resource": True})
    assert first_difference(oom, mine, "kind") is None and first_difference(quota, oom, "refusal") is None
    assert first_difference(oom, mine, "message") is not None
    assert first_difference(other, mine, "kind") is not None  # a resource refusal is not every refusal
    assert first_difference(other, mine, "refusal") is None
    assert first_difference(other, "0a00", "refusal").note == "an error answer vs a value"
