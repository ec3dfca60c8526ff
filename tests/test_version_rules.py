"""Each rule of the version table changes at the release the recorded answers show.

For every change in ``versions.CHANGES`` (release, area, fields) a recorded case pins it:
the recorded release before the change and the first recorded release at or after it
(1.21.5's rewrite is first recorded in 1.21.7) answer it differently; our implementation
gives the earlier release's answers with the earlier rules, and with only the changed
fields set to their new value it gives the later release's answers. So each field is shown
to be what makes the difference, at that release and not another.
"""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from conftest import reference_case, reference_cases
from harness.engine.reference import BUNDLED, load_reference
from harness.formats import versions as V

# (release of the change, area, the fields that change together, a recorded case showing it)
PINS = [
    ("1.19", "nbt", ("string_fallback",), "nbt/g/string/65536-bytes-on-write/file"),
    ("1.20.2", "nbt", ("network_named_root",), "nbt/p/depth-511/network"),
    ("1.20.2", "nbt", ("accounter_style", "accounter_error"), "nbt/p/depth-513/file"),
    ("1.20.2", "nbt", ("accounter_error",), "nbt/p/list-depth-513/file"),
    ("1.20.3", "nbt", ("format_error",), "nbt/p/list-end-nonzero/file"),
    ("1.20.3", "nbt", ("reported_error",), "nbt/p/raw-string-truncated-2byte/file"),
    ("1.20.3", "nbt", ("string_fallback",), "nbt/g/string/65536-bytes-on-write/any"),
    ("1.21.2", "palette", ("copy_keeps_resize_handler",), "palette/g/copy-then-grow"),
    ("1.21.5", "palette", ("write_long_array_length",), "palette/p/flat-bottom-section"),
    ("1.21.5", "nbt", ("heterogeneous_lists",), "nbt/p/list-wrapped-compounds/file"),
    ("1.21.5", "nbt", ("list_charge",), "nbt/g/huge/list-2g-bytes/network"),
    ("1.21.5", "nbt", ("refuse_negative_size",), "nbt/p/negative-array/file"),
    ("1.21.5", "nbt", ("list_negative_length",), "nbt/p/list-negative/file"),
    ("1.21.5", "snbt", ("grammar",), "snbt/p/12"),
    ("1.21.5", "snbt", ("escape_control_chars",), "nbt/p/string-2/file"),
    ("1.21.5", "snbt", ("strict_unquoted_keys",), "nbt/p/keys/file"),
    ("1.21.9", "snbt", ("underscore_not_allowed_key",), "snbt/g/floats-025"),
    ("26.2", "snbt", ("bool_any_nonzero",), "snbt/g/builtins-006"),
]

# Operations that a release lacks: pinned by what the recordings hold (the rig records no
# case whose operation or form the jar does not have).
PRESENCE = [
    ("1.20.2", "nbt", "has_any_form", lambda c: c["setup"].get("form") == "any"),
    ("26.3", "storage", "has_fill", lambda c: any(op[0] == "fill" for op in c["ops"])),
]


# Rules no recorded answer shows yet (no region answer is recorded): pinned by the stated facts
# of ../shared/GAME_API.md ("Region files") and GAME_FACTS.md 3.1, written out here as the
# region tests' fixed points: (release, area, field, the value stated for the release before,
# the value stated from the release on).
STATED = [
    ("1.20.5", "region", "compression_ids", (1, 2, 3), (1, 2, 3, 4, 127)),  # 1.20.1: 1 2 3; 1.21.1: + 4 LZ4, 127 custom
    ("1.20.5", "region", "storage_info", False, True),  # RegionFile(RegionStorageInfo, Path, Path, ...) from 1.20.5
]


def neighbours(release: str) -> tuple[str, str]:
    """The last recorded release before ``release`` and the first recorded one from it on."""
    order = list(V.VERSIONS)
    i = order.index(release)
    before = [v for v in order[:i] if V.VERSIONS[v].verified][-1]
    after = [v for v in order[i:] if V.VERSIONS[v].verified][0]
    return before, after


def answers(case: dict, version: V.GameVersion, jvm: int) -> list:
    module = importlib.import_module(f"harness.implementations.python.{case['area']}")
    return module.run(case["setup"], case["ops"], version, jvm=jvm)


def test_every_change_of_the_table_is_pinned():
    pinned = {(r, a, f) for r, a, fields, _ in PINS for f in fields} | {(r, a, f) for r, a, f, _ in PRESENCE} \
        | {(r, a, f) for r, a, f, _, _ in STATED}
    changes = {(r, a, f) for r, areas in V.CHANGES.items() for a, fields in areas.items() for f in fields}
    assert changes == pinned


@pytest.mark.parametrize("release, area, fields, case_id", PINS, ids=[f"{p[0]}-{'+'.join(p[2])}" for p in PINS])
def test_rule_changes_at_its_release(release, area, fields, case_id):
    before, after = neighbours(release)
    old, new = reference_case(before, case_id), reference_case(after, case_id)
    assert old["ops"] == new["ops"] and old["answers"] != new["answers"]  # the game changed here
    rules_before = getattr(V.get(before), area)
    for f in fields:  # the table: the old value up to the release before, the new one from the change
        assert getattr(rules_before, f) != getattr(getattr(V.get(after), area), f)
        assert getattr(getattr(V.get(release), area), f) == V.CHANGES[release][area][f]
    jvm_before, jvm_after = (load_reference(BUNDLED / v).jvm for v in (before, after))
    assert answers(old, V.get(before), jvm_before) == old["answers"]
    assert answers(new, V.get(after), jvm_after) == new["answers"]
    flipped = replace(V.get(before), **{area: replace(rules_before, **{f: V.CHANGES[release][area][f] for f in fields})})
    assert answers(old, flipped, jvm_after) == new["answers"]


@pytest.mark.parametrize("release, area, field, uses", PRESENCE, ids=[p[2] for p in PRESENCE])
def test_operation_exists_from_its_release(release, area, field, uses):
    before, after = neighbours(release)
    assert not any(uses(c) for c in reference_cases(before, area))
    recorded = [c for c in reference_cases(after, area) if uses(c)]
    assert recorded and getattr(getattr(V.get(after), area), field) and not getattr(getattr(V.get(before), area), field)
    jvm = load_reference(BUNDLED / after).jvm
    assert all(answers(c, V.get(after), jvm) == c["answers"] for c in recorded[:20])


@pytest.mark.parametrize("release, area, field, before, after", STATED, ids=[f"{s[0]}-{s[2]}" for s in STATED])
def test_stated_rule_changes_at_its_release(release, area, field, before, after):
    order = list(V.VERSIONS)
    at = order.index(release)
    for v in order:
        assert getattr(getattr(V.get(v), area), field) == (after if order.index(v) >= at else before), v
