"""An id means the same operations forever: every generated case the game has answered is
regenerated with exactly the setup and operations it was recorded with.

Reads the recorded answers only through ``load_reference(BUNDLED / v)`` for each bundled
reference set, so it proves the rule for every release bundled (all 27 once ``reference/``
holds them). Three ids were recorded with two contents (the per-release registry cases,
drawn from a shared stream that earlier tables shifted); the generator keeps the content the
releases of the case's own registry size recorded, and ``harness reference import`` renamed
the other content ``<id>~<release>`` (said in those releases' PROVENANCE.json ``renamed``).
"""

from __future__ import annotations

import functools
import json

import pytest

from harness.engine.recorded_import import RENAME_MARK
from harness.engine.reference import BUNDLED, bundled_versions, load_reference
from harness.engine.sources import applies_to, generated_cases
from helpers_groups import EVERY_RELEASE

pytestmark = EVERY_RELEASE  # every release read: helpers_groups

# ids recorded once and no longer generated (their number is never given again)
RETIRED = {"snbt/g/collections-077", "snbt/g/collections-078", "snbt/g/collections-079",
           "snbt/g/collections-080"}  # SNBT nested 512 and 513 deep: no stable answer

VERSIONS = bundled_versions()


@pytest.fixture(scope="module")
def generated():
    return {c["id"]: c for c in generated_cases()}


@functools.lru_cache(maxsize=None)
def _recorded(version):
    return load_reference(BUNDLED / version).by_id()


_BODIES: dict[tuple[int, int], tuple] = {}


def _body(case):
    """A case's setup and operations as one text (keys sorted, so types and values are what
    compares). Made once per pair of setup and operations objects: the releases' references
    share the objects of a case they recorded alike, so 27 releases' ~40,000 recorded cases
    cost about their distinct bodies (the objects are kept with their text, so an id is never
    reused while it is a key)."""
    setup, ops = case.get("setup"), case["ops"]
    key = (id(setup), id(ops))
    kept = _BODIES.get(key)
    if kept is None or kept[0] is not setup or kept[1] is not ops:
        kept = _BODIES[key] = (setup, ops, json.dumps([setup or {}, ops], sort_keys=True))
    return kept[2]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_recorded_generated_case_is_regenerated_as_recorded(version, generated):
    recorded = {i: c for i, c in _recorded(version).items() if "/g/" in i and RENAME_MARK not in i}
    if not recorded:
        pytest.skip(f"the bundled {version} set holds no generated case (the older sets held only p cases)")
    differ, gone = [], []
    for cid, rec in recorded.items():
        if cid not in generated:
            if cid not in RETIRED:
                gone.append(cid)
        elif _body(generated[cid]) != _body(rec):
            differ.append(cid)
    assert not differ, f"{version}: regenerated with other setup or ops: {differ[:10]}"
    assert not gone, f"{version}: recorded but no longer generated: {gone[:10]}"


@pytest.mark.parametrize("version", VERSIONS)
def test_a_release_runs_the_recorded_cases_that_apply_to_it(version, generated):
    """Nothing the game answered is left out by a stale ``versions`` list: a recorded g case
    the release does not run is one the table's rules make meaningless there (or another
    registry size's, or retired)."""
    recorded = _recorded(version)
    left_out = [i for i in recorded if i in generated and not applies_to(generated[i], version)]
    for cid in left_out:
        assert cid.startswith(("palette/g/grow-version-", "palette/g/flat-bottom-section-")) \
            or cid.endswith("/network-named") or cid.endswith("/any") or cid.startswith("storage/g/fill-"), cid
