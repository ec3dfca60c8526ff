"""Test helper: what our answers to a case read of its release, so that a test replays a case
once per distinct rules instead of once per release (:func:`one_release_per_rules`)."""

from __future__ import annotations

import json
from functools import lru_cache

from harness.formats import versions
from harness.formats.lang import language


@lru_cache(maxsize=None)
def answer_rules(area: str, version: str) -> tuple:
    """What our answers to an ``area`` case read of ``version`` (as the implementation's own kept
    answers are keyed, :mod:`harness.implementations.python`): the area's rules row of
    ``harness/formats/versions.py`` (an nbt case prints SNBT and an snbt case writes NBT: both
    rows), and for snbt the English text its messages are rendered from. Two releases with equal
    rules give a case the same answers: replaying it in both is the same computation."""
    v = versions.get(version)
    if area in ("storage", "palette", "region"):
        return (getattr(v, area),)
    english = json.dumps(language(v.lang_release).text, sort_keys=True) if area == "snbt" else None
    return v.nbt, v.snbt, english


def one_release_per_rules(area: str, releases) -> list[str]:
    """The first of ``releases`` (ids, in order) of each distinct :func:`answer_rules` of
    ``area``: the others answer an ``area`` case as it does."""
    first: dict[tuple, str] = {}
    for version in releases:
        first.setdefault(answer_rules(area, version), version)
    return list(first.values())
