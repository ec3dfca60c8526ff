"""Every recorded nbt case of every version, answered by our implementation.

The expected answers are the game's (``reference/<version>/nbt.jsonl``). ``write_back`` is
binary NBT (:mod:`harness.formats.nbt.nbt_io`); ``to_string`` and ``pretty`` go through the
SNBT printers (``string_tag_visitor`` / ``snbt_printer_tag_visitor``).
"""

from __future__ import annotations

import pytest

from harness.formats import versions
from harness.implementations.python import nbt
from tests.conftest import RECORDED_VERSIONS, reference_cases


def _params(ops: tuple[str, ...]):
    for version in RECORDED_VERSIONS:
        for case in reference_cases(version, "nbt"):
            picked = [i for i, op in enumerate(case["ops"]) if op[0] in ops]
            if picked:
                yield pytest.param(version, case, picked, id=f"{version}:{case['id']}")


def _check(version: str, case: dict, picked: list[int]) -> None:
    ops = [case["ops"][i] for i in picked]
    expected = [case["answers"][i] for i in picked]
    got = nbt.run(case["setup"], ops, versions.get(version))
    for op, want, have in zip(ops, expected, got):
        assert have == want, f"{case['id']} {op}: got {str(have)[:200]!r}, the game {str(want)[:200]!r}"


@pytest.mark.parametrize("version, case, picked", list(_params(("write_back",))))
def test_write_back_as_the_game(version, case, picked):
    _check(version, case, picked)


@pytest.mark.parametrize("version, case, picked", list(_params(("to_string", "pretty"))))
def test_to_string_and_pretty_as_the_game(version, case, picked):
    _check(version, case, picked)


def test_every_version_has_its_recorded_nbt_cases():
    counts = {v: len(reference_cases(v, "nbt")) for v in RECORDED_VERSIONS}
    assert counts == {"1.20.1": 124, "1.21.1": 127, "26.1.2": 127, "26.3": 127}
