"""The compiled ``QuickSet`` base of ``PalettedContainer`` and the compiled long writer, against the pure ones.

Where ``_quick_set.c`` is built, ``set_at`` is the C type's (it also adds a new value to a linear
or hash map palette with room), and ``write`` sends the longs through ``_long_bytes.c``. The
game decides: every recorded palette case of every recorded release (but those an earlier release
with the same ``PaletteRules`` recorded alike: ``helpers_palette.palette_cases_to_replay``, the
same computation) is replayed, in a forked child, with both extensions left out at import (``MC_HARNESS_PURE_PALETTE=1``, ``MC_HARNESS_PURE_STORAGE=1``: the
pure base and NumPy's byte swap, as a machine without a compiler has them) and held to the
recorded answers, as ``test_palette_quick_set`` holds the built ones; the rule model there
(GAME_FACTS.md 2.2-2.4) checks the growth in C. Cases no recording covers compare the compiled
answers with the pure path's.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import tempfile
import weakref

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import RECORDED_VERSIONS
from harness.formats.errors import GameError
from helpers_cli import fork, wait
from helpers_palette import needs_quick_set, palette_cases_to_replay, unpack_unchecked
from helpers_palette import quick_path  # noqa: F401  (the fixture: each quick path)
from harness.formats.palette import PalettedContainer, Strategy, quick_set
from harness.formats.storage import long_bytes
from test_palette_quick_set import _RuleModel

BLOCKS = Strategy.block_states(35723)
BIOMES = Strategy.biomes(67)
needs_long_bytes = pytest.mark.skipif(long_bytes.compiled is None, reason="harness/formats/storage/_long_bytes.c not built")

def _replay_pure(cases: dict[str, list[dict]]) -> int:
    """(In a forked child.) Every harness module imported afresh with both extensions left out
    (as at a fresh interpreter's import: the choice is made there), then ``cases`` (by release)
    replayed through our palette and held to their recorded answers; what it found as one JSON
    line on stdout."""
    os.environ.update({quick_set.PURE_ENV: "1", long_bytes.PURE_ENV: "1"})
    for name in [n for n in sys.modules if n == "harness" or n.startswith("harness.")]:
        del sys.modules[name]
    from harness.engine.compare import compare_case
    from harness.formats import versions
    from harness.formats.palette import PalettedContainer
    from harness.formats.storage import long_bytes as pure_long_bytes
    from harness.implementations.python import palette as python_palette

    wrong, count = [], 0
    for version, replayed in cases.items():
        for case in replayed:
            answers = python_palette.run(case["setup"], case["ops"], versions.get(version))
            count += 1
            if json.dumps(answers) != json.dumps(case["answers"]) and compare_case(case["ops"], case["answers"],
                                                                                   answers, case=case):
                wrong.append(version + " " + case["id"])
    print(json.dumps({"base": PalettedContainer.__mro__[1].__name__, "long_bytes": pure_long_bytes.compiled is None,
                      "count": count, "wrong": wrong}))
    return 0


def test_every_recorded_palette_case_without_the_extensions():
    """In a child forked from this process (its imports of NumPy and the rest, and the recorded
    cases it has read, already paid), the harness imported again there without the extensions."""
    cases = {v: palette_cases_to_replay(v) for v in RECORDED_VERSIONS}
    with tempfile.TemporaryFile() as out, open(os.devnull, "rb") as nothing:
        status, _, timed_out = wait(fork(lambda: _replay_pure(cases), (nothing.fileno(), out.fileno(), out.fileno())),
                                    timeout=600)
        out.seek(0)
        said = out.read().decode()
    assert status == 0 and not timed_out, said[-3000:]
    said = json.loads(said.splitlines()[-1])
    assert said["base"] == "PureQuickSet" and said["long_bytes"] is True  # both left out
    assert said["count"] == sum(map(len, cases.values())) > 100 and said["wrong"] == []


def _filled(values: list[int], strategy: Strategy = BLOCKS) -> PalettedContainer:
    c = PalettedContainer(strategy, values[0])
    for i, v in enumerate(values):
        c.set_at(i, v)
    return c


def test_a_value_get_and_set_took_is_not_added_again(quick_path):
    # get_and_set_at adds to the palette outside set_at: set_at must find it there (GAME_FACTS.md 2.2)
    c, model = PalettedContainer(BLOCKS, 0), _RuleModel(0)
    for index, value, swap in ((1, 5, False), (2, 9, True), (3, 9, False), (4, 11, True), (5, 11, False),
                               (6, 12, False)):
        if swap:
            assert c.get_and_set_at(index, value) == model.set(index, value)
        else:
            c.set_at(index, value)
            model.set(index, value)
    assert c.write("26.3") == model.write()


def test_a_palette_grown_in_c_through_every_configuration_follows_the_rules(quick_path):
    rng = np.random.default_rng(7)
    states = rng.choice(35723, size=300, replace=False).tolist()
    c, model = PalettedContainer(BLOCKS, states[0]), _RuleModel(states[0])
    for step in range(5000):
        index = int(rng.integers(0, 4096))
        value = states[int(rng.integers(0, min(300, 2 + step // 16)))]
        c.set_at(index, value)
        model.set(index, value)
        if step in (20, 200, 1000, 3000):
            assert c.write("26.3") == model.write() and c.bits() == model.bits
    assert c.write("26.3") == model.write()
    assert (c.pack().palette, c.pack().data) == model.pack()


def _slot(value: int) -> int:
    """The slot of the compiled path's table of values seen lately (its hash, for a test that makes them collide)."""
    return ((value * 2654435761) & 0xFFFFFFFF) >> 26


def test_values_that_share_a_slot_of_the_seen_table_keep_their_own_ids(quick_path):
    first = 1000
    others = [v for v in range(1001, 35723) if _slot(v) == _slot(first)][:6]
    values = [first, *others]
    c, model = PalettedContainer(BLOCKS, 0), _RuleModel(0)
    for i in range(600):
        v = values[i % len(values)] if i % 3 else values[(i * 5) % len(values)]
        c.set_at(i, v)
        model.set(i, v)
    assert [c.get_at(i) for i in range(600)] == [model.value(i) for i in range(600)]
    assert c.write("26.3") == model.write()


@needs_quick_set
@pytest.mark.parametrize("entries", [[3, True, 5], [3, 1.0, 5], [3, 5, 3, -1]], ids=["bool", "float", "dup-and-bad"])
def test_a_loaded_palette_of_other_entries_answers_as_the_pure_path(monkeypatch, entries):
    # a loaded palette holds whatever the saved form had (GAME_FACTS.md 2.4: no check at unpack)
    def run():
        c = unpack_unchecked(BIOMES, list(entries), [0] * 2)  # 2 bits: 64 values in 2 longs
        out = []
        for i, v in enumerate([3, 1, 5, 7, 1, 8, 9, 3]):
            c.set_at(i, v)
            out.append((c.bits(), list(c._data.palette.values) if hasattr(c._data.palette, "values") else None))
        try:
            written: object = c.write("26.3")
        except (TypeError, ValueError) as e:  # an entry no VarInt can hold: refused alike
            written = repr(e)
        return out, written, [c.get_at(i) for i in range(10)]

    compiled = run()
    monkeypatch.setattr(quick_set, "compiled", None)
    assert compiled == run()


def test_a_filled_container_goes_when_dropped(quick_path):
    # no reference cycle: the cyclic collector is not needed to free it
    gc.disable()
    try:
        c = _filled(list(range(40)) * 100)
        assert c.bits() == 6
        gone = weakref.ref(c)
        del c
        assert gone() is None
    finally:
        gc.enable()


@needs_quick_set
def test_set_at_of_a_subclass_and_a_kept_bound_method():
    class Mine(PalettedContainer):
        pass

    c, model = Mine(BIOMES, 0), _RuleModel(0)
    kept = c.set_at
    for i in range(64):
        kept(i, i % 5)
        model.set(i, i % 5)
    assert [c.get_at(i) for i in range(64)] == [model.value(i) for i in range(64)]
    with pytest.raises(TypeError):
        quick_set.compiled.own_set_at(int)
    with pytest.raises(TypeError):
        PalettedContainer.set_at(object(), 0, 0)


@needs_long_bytes
@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(st.binary(max_size=20), st.lists(st.integers(0, (1 << 64) - 1), max_size=300))
def test_the_compiled_long_writer_gives_the_pure_bytes(prefix, words):
    array = np.array(words, dtype=np.uint64)
    pure = bytes(prefix) + b"".join(w.to_bytes(8, "big") for w in words)  # FriendlyByteBuf.writeLong, each
    assert long_bytes.big_endian(prefix, array) == pure
    assert long_bytes.big_endian(bytearray(prefix), array.view(np.int64)) == pure
    saved, long_bytes.compiled = long_bytes.compiled, None
    try:
        assert long_bytes.big_endian(prefix, array) == pure
        assert long_bytes.big_endian(prefix, array.view(np.int64)) == pure
    finally:
        long_bytes.compiled = saved


@needs_long_bytes
def test_the_compiled_long_writer_refuses_other_cells():
    with pytest.raises(ValueError, match="8-byte cells"):
        long_bytes.compiled.big_endian(b"", np.zeros(4, dtype=np.uint32))
    with pytest.raises(ValueError, match="one-dimensional"):
        long_bytes.compiled.big_endian(b"", np.zeros((2, 2), dtype=np.uint64))
    assert long_bytes.big_endian(b"-", np.arange(8, dtype=np.uint64)[::2]) == b"-" + b"".join(
        i.to_bytes(8, "big") for i in (0, 2, 4, 6))  # strided


@needs_quick_set
def test_what_the_compiled_set_at_cannot_answer_goes_one_way_on():
    # not started, or a value of another type: the pure path (which hands on to the full one);
    # started, a plain int it cannot answer: the full path at once (the map was asked in C)
    asked = []

    class Mine(PalettedContainer):
        def _set_at_in_python(self, index, value):
            asked.append(("pure", index, value))
            quick_set.set_at_in_python(self, index, value)

        def _set_at_in_full(self, index, value):
            asked.append(("full", index, value))
            PalettedContainer._set_at_in_full(self, index, value)

    c = Mine(BIOMES, 0)
    c.set_at(0, 1)  # not started yet: the pure path, then the full one starts it
    c.set_at(1, 1)  # known: the C path alone
    with pytest.raises(GameError):
        c.set_at(64, 1)  # past the end: refused by the full path
    with pytest.raises(TypeError):
        c.set_at(2, True)
    c.set_at(3, 2)  # a new value, no room in the 1-bit palette: the full path resizes
    c.set_at(4, 3)  # a new value the 2-bit palette has room for: the C path adds it
    assert asked == [("pure", 0, 1), ("full", 0, 1), ("full", 64, 1), ("pure", 2, True), ("full", 2, True),
                     ("full", 3, 2)]
    assert [c.get_at(i) for i in range(6)] == [1, 1, 0, 2, 3, 0]
