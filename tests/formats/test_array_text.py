"""The compiled SNBT printer of arrays (``_array_text.c``) against the pure NumPy one.

Both must print the very same text for the same array, in ``toString()`` (``[B;1B,-1B]``) and
in ``SnbtPrinterTagVisitor`` (``[B; 1B, -1B]``), for every release of the table (one of each
set of equal rules: the printers read a release's rules alone, :func:`helpers_rules.answer_rules`): the extremes
of each element type, every byte value, lengths around a piece's and a NumPy chunk's end, and
empty arrays. What the game prints for arrays is checked on both paths by
tests/formats/test_snbt_printer.py (its recorded answers, with the ``nbt_path`` fixture).
"""

from __future__ import annotations

import numpy as np
import pytest

from harness.formats import versions
from harness.formats.nbt import fast_binary, string_tag_visitor as stv
from harness.formats.nbt import tags as T
from harness.formats.nbt.snbt_printer_tag_visitor import pretty_parts
from helpers_rules import one_release_per_rules

pytestmark = pytest.mark.skipif(fast_binary.array_text is None, reason="the compiled array printer is not built here")

CLASSES = {T.ByteArrayTag: np.int8, T.IntArrayTag: np.int32, T.LongArrayTag: np.int64}


def _texts(tag: T.Tag, version: str, monkeypatch) -> list[tuple[list[str], list[str]]]:
    """``[(toString() pieces, pretty pieces)]`` of ``tag`` by the compiled printer, then the pure one."""
    out = []
    for printer in (fast_binary.array_text, None):
        monkeypatch.setattr(stv, "_compiled_text", printer)
        out.append((list(stv.to_string_parts(T.CompoundTag(a=tag), version)), list(pretty_parts(tag, version))))
    return out


def _arrays(rng, lengths: list[int]) -> list[T.Tag]:
    out = [T.ByteArrayTag(np.arange(-128, 128, dtype=np.int8))]  # every byte's text
    for cls, dtype in CLASSES.items():
        info = np.iinfo(dtype)
        for n in lengths:
            values = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
            values[:4] = [info.min, info.max, 0, -1][:n]
            out.append(cls(values))
        # every decimal length, each side of zero
        powers = [10 ** k for k in range(len(str(info.max)))]
        edges = [v for p in powers for v in (p - 1, p, -p, -p + 1) if info.min <= v <= info.max]
        out.append(cls(np.array(edges, dtype=dtype)))
    return out


LONG = [2849, 2850, 2978, 2979, 5041, 5042, 5461, 5462, 9362, 9363, 10922, 10923, (1 << 18) + 5]  # a piece's end, a chunk's


@pytest.mark.parametrize("version, lengths",
                         [(v, [0, 1, 2, 3, 40]) for v in one_release_per_rules("nbt", versions.VERSIONS)] + [("26.3", LONG)])
def test_compiled_prints_what_the_pure_printer_prints(version, lengths, monkeypatch):
    rng = np.random.default_rng(11)
    for tag in _arrays(rng, lengths):
        (compiled_compact, compiled_pretty), (pure_compact, pure_pretty) = _texts(tag, version, monkeypatch)
        assert "".join(compiled_compact) == "".join(pure_compact), (type(tag).__name__, len(tag))
        assert "".join(compiled_pretty) == "".join(pure_pretty), (type(tag).__name__, len(tag))
        assert max(map(len, compiled_compact + compiled_pretty)) <= stv.PIECE_CHARS


def test_the_text_is_each_element_as_java_prints_it(monkeypatch):
    """Independent of both printers: Python's ``str`` of each int is Java's ``toString`` of it."""
    monkeypatch.setattr(stv, "_compiled_text", fast_binary.array_text)
    values = [-2**63, -2**63 + 1, -10, -9, -1, 0, 1, 9, 10, 99, 100, 2**31, 2**63 - 1]
    tag = T.LongArrayTag(values)
    assert "".join(stv.to_string_parts(tag, "26.3")) == "[L;" + ",".join(f"{v}L" for v in values) + "]"
    assert "".join(pretty_parts(tag, "26.3")) == "[L; " + ", ".join(f"{v}L" for v in values) + "]"


def test_non_native_and_strided_arrays_print_the_same(monkeypatch):
    """A tag holding a non-native array (set by hand: printed the pure way) or a strided one (copied a
    piece at a time) prints its elements as any other."""
    monkeypatch.setattr(stv, "_compiled_text", fast_binary.array_text)
    swapped = T.IntArrayTag()
    swapped.array = np.array([1, -2, 300], dtype=">i4")
    strided = T.LongArrayTag(np.arange(10, dtype=np.int64)[::3])
    assert stv.to_string(swapped, "26.3") == "[I;1,-2,300]"
    assert stv.to_string(strided, "26.3") == "[L;0L,3L,6L,9L]"


def test_bad_arguments_are_refused_with_a_typed_error():
    text = fast_binary.array_text.text
    assert text(np.array([1, -1], np.int8), b"", b"B,", 1) == "1B,-1B"
    with pytest.raises(TypeError):
        text(np.array([1.5]), b"", b",", 0)
    with pytest.raises(TypeError):
        text(np.zeros((2, 2), np.int32), b"", b",", 0)
    with pytest.raises(ValueError):
        text(np.array([1], np.int8), b"123456789", b",", 0)
    with pytest.raises(ValueError):
        text(np.array([1], np.int8), b"", "é".encode(), 0)
    with pytest.raises(ValueError):
        text(np.array([1], np.int8), b"", b",", -1)
