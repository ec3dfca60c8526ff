"""Without the compiled printer, a short array's SNBT text is made in Python and a longer one's
with NumPy (harness.formats.nbt.string_tag_visitor._array_parts): the two give the same text
at every length up to the Python path's limit and past it, extremes included."""

from __future__ import annotations

import numpy as np
import pytest

from harness.formats.nbt import string_tag_visitor as S
from harness.formats.nbt import tags as T

KINDS = [(T.ByteArrayTag, np.int8), (T.IntArrayTag, ">i4"), (T.LongArrayTag, ">i8")]


def _text(tag, separator, space):
    return "".join(S._array_parts(tag, separator, space))


@pytest.mark.parametrize("cls, dtype", KINDS, ids=[k[0].__name__ for k in KINDS])
def test_a_short_array_prints_as_numpy_prints_it(monkeypatch, cls, dtype):
    monkeypatch.setattr(S, "_compiled_text", None)
    info = np.iinfo(np.dtype(dtype))
    rng = np.random.default_rng(1)
    limit = S._ARRAY_TEXT[cls.id][3]
    numpy_only = {key: value[:3] + (-1,) for key, value in S._ARRAY_TEXT.items()}  # no array short enough
    for n in [*range(0, 40), limit - 1, limit, limit + 1]:
        values = rng.integers(info.min, info.max, n, endpoint=True, dtype=np.int64).astype(dtype)
        values[:2] = [info.min, info.max][:n]
        tag = cls(values)
        short = [_text(tag, ",", ""), _text(tag, ",", " ")]
        with monkeypatch.context() as patch:
            patch.setattr(S, "_ARRAY_TEXT", numpy_only)
            assert short == [_text(tag, ",", ""), _text(tag, ",", " ")], n


def test_the_short_path_prints_java_s_forms(monkeypatch):
    monkeypatch.setattr(S, "_compiled_text", None)
    assert _text(T.ByteArrayTag(np.array([-128, 127], np.int8)), ",", " ") == "[B; -128B, 127B]"
    assert _text(T.LongArrayTag(np.array([-(2 ** 63)], ">i8")), ",", "") == "[L;-9223372036854775808L]"
    assert _text(T.IntArrayTag(np.array([], ">i4")), ",", " ") == "[I;]"
