"""The storage and palette generators' case files: well formed, and every case answerable."""

import dataclasses
import importlib.util
import random

import pytest

from conftest import REPO
from helpers_rules import one_release_per_rules
from harness.engine.casefile import load_cases
from harness.formats import versions
from harness.implementations.python import answer_case


@pytest.mark.parametrize("area", ["storage", "palette"])
def test_generated_cases_are_well_formed_and_answerable(area):
    # a case is answered once per distinct rules of its releases (helpers_rules.one_release_per_rules)
    ids = set()
    for path in sorted((REPO / "cases" / area).glob("*.yaml")):
        for case in load_cases(path):
            assert case["id"].startswith(f"{area}/g/") and case["id"] not in ids
            ids.add(case["id"])
            releases = case.get("versions") or [v.id for v in versions.VERSIONS.values() if v.verified]
            for v in one_release_per_rules(area, releases):
                answers = answer_case(dict(case, version=v))  # only GameErrors become answers; others raise
                assert len(answers) == len(case["ops"])
    assert len(ids) > 50


def _load_gen():
    spec = importlib.util.spec_from_file_location("palette_case_gen", REPO / "cases" / "palette" / "gen.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _size_cases(prefix: str) -> list[dict]:
    return [c for name in ("flat", "grow") for c in load_cases(REPO / "cases" / "palette" / f"{name}.yaml")
            if c["id"].startswith(prefix)]


@pytest.mark.parametrize("prefix, kind", [("palette/g/flat-bottom-section-", "block_states"),
                                          ("palette/g/grow-version-block_states-", "block_states"),
                                          ("palette/g/grow-version-biomes-", "biomes")])
def test_one_case_per_registry_size_for_the_releases_of_that_size(prefix, kind):
    """Every release of the table (recorded or inferred) gets exactly the case of its own size."""
    cases = _size_cases(prefix)
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids))
    sizes = {getattr(v.registries, kind) for v in versions.VERSIONS.values()}
    assert {c["setup"]["registry"] for c in cases} == sizes and len(cases) == len(sizes)
    for c in cases:
        assert c["id"] == f"{prefix}{c['setup']['registry']}"
        assert c["versions"] == [v.id for v in versions.VERSIONS.values()
                                 if getattr(v.registries, kind) == c["setup"]["registry"]]
    for v in versions.VERSIONS.values():
        mine = [c for c in cases if v.id in c["versions"]]
        assert [c["setup"]["registry"] for c in mine] == [getattr(v.registries, kind)]


def test_a_new_release_adds_its_cases_and_changes_no_other(monkeypatch):
    gen = _load_gen()
    before = {c["id"]: c for c in gen.grow(random.Random(gen.CATEGORIES["grow"][0]))}
    last = versions.VERSIONS[versions.LATEST]
    extra = dataclasses.replace(last, id="99.1", registries=versions.Registries(40001, 71))
    monkeypatch.setattr(versions, "VERSIONS", {**versions.VERSIONS, "99.1": extra})
    after = {c["id"]: c for c in gen.grow(random.Random(gen.CATEGORIES["grow"][0]))}
    new = set(after) - set(before)
    assert new == {"palette/g/grow-version-block_states-40001", "palette/g/grow-version-biomes-71"}
    for cid, case in before.items():
        assert (after[cid]["setup"], after[cid]["ops"]) == (case["setup"], case["ops"]), cid
    # a case drawn from its own stream is the same whatever is generated around it
    alone = gen._grow_case(gen.generate.case_rng("palette/g/grow-version-biomes-71"), "grow-version-biomes-71",
                           "", gen.Strategy("biomes", 71), 64, ["99.1"])
    assert alone["ops"] == after["palette/g/grow-version-biomes-71"]["ops"]


def test_pinned_draws_are_what_their_cases_set():
    """The recorded draws replay as set operations of values at positions, one new value each."""
    gen = _load_gen()
    for cid, pinned in gen.PINNED.items():
        assert cid.startswith("palette/g/grow-version-")
        registry = int(cid.rsplit("-", 1)[1])
        values, positions = pinned["values"], pinned["positions"]
        assert len(values) == len(positions) == len(set(values)) == len(set(positions))
        assert pinned["start"] not in values and all(0 <= v < registry for v in values + [pinned["start"]])


def test_a_generated_error_case_answers_the_games_refusal():
    case = next(c for c in load_cases(REPO / "cases" / "storage" / "errors.yaml") if c["id"] == "storage/g/errors-bits-33")
    answers = answer_case(dict(case, version="26.3"))
    # the refusal storage/p/bits-33 recorded
    assert answers[0] == {"error": "IllegalArgumentException",
                          "message": "The value 33 is not in the specified inclusive range of 1 to 32"}
