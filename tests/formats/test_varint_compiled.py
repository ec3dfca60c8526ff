"""The compiled VarInt writer (harness/formats/_varint.c) against the pure one, where it was built.

The bytes of a VarInt are pinned by the game's recorded palette writes (``harness check
--area palette`` runs them through whichever path is built) and by ``30893 -> adf101`` of
test_palette_rules; here the compiled writer must give the pure writer's bytes for every
32-bit int pattern width, and decline (None) what the pure path must answer itself.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.formats import varint

compiled = varint.compiled
needs_build = pytest.mark.skipif(compiled is None, reason="harness/formats/_varint.c not built")
EDGES = [0, 1, 127, 128, 16383, 16384, (1 << 21) - 1, 1 << 21, (1 << 28) - 1, 1 << 28,
         (1 << 31) - 1, 1 << 31, (1 << 32) - 1, -1, -128, -(1 << 31), 30893]


def _pure(values) -> bytes:
    return b"".join(varint.write_varint(v) for v in values)


@needs_build
def test_every_width_is_the_pure_writers_bytes():
    assert compiled.write_varints(EDGES) == _pure(EDGES)
    assert compiled.write_varints(tuple(EDGES)) == _pure(EDGES)
    assert compiled.write_varints([30893]) == bytes.fromhex("adf101")  # the game's, as test_palette_rules pins
    assert compiled.write_varints([]) == b""


@needs_build
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-(1 << 31), (1 << 32) - 1), max_size=300))
def test_any_list_of_32_bit_ints_is_the_pure_writers_bytes(values):
    assert compiled.write_varints(values) == _pure(values)


@needs_build
@pytest.mark.parametrize("values", [[1 << 32], [-(1 << 31) - 1], [1, 2, 1 << 70], [True], [1, 2.0],
                                    [np.int64(3)], (x for x in [1]), np.array([1, 2])],
                         ids=["2**32", "below -2**31", "huge", "bool", "float", "numpy int", "generator", "array"])
def test_what_the_compiled_writer_declines_goes_the_pure_way(values):
    assert compiled.write_varints(values) is None


def test_out_of_range_is_the_pure_paths_error_on_either_path(monkeypatch):
    for which in (compiled, None):
        monkeypatch.setattr(varint, "compiled", which)
        with pytest.raises(ValueError, match="4294967296 is not a 32-bit int"):
            varint.write_varints([5, 1 << 32])
        assert varint.write_varints([True, 300]) == bytes.fromhex("01ac02")  # a bool is written as the pure path writes it


def test_the_switch_leaves_the_compiled_writer_out(monkeypatch):
    from harness.formats import extensions

    monkeypatch.setenv(varint.PURE_ENV, "1")
    assert extensions.load("harness.formats._varint", varint.PURE_ENV) is None
    monkeypatch.setenv(varint.PURE_ENV, "0")
    assert extensions.load("harness.formats._varint", varint.PURE_ENV) is compiled
