"""A ByteArrayTag is built from any bytes (the raw bytes, two's complement, as the game's
``byte[]`` holds them) and gives them back; values outside an array tag's element type are
refused whatever holds them (a list or a wider NumPy array), and bytes-like values are refused
by the int and long array tags (their byte order is not ours to guess)."""

from __future__ import annotations

import numpy as np
import pytest

from harness.formats.nbt import nbt_io
from harness.formats.nbt import tags as T

EVERY_BYTE = bytes(range(256))


@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview])
def test_bytes_like_values_are_the_raw_bytes(kind):
    tag = T.ByteArrayTag(kind(EVERY_BYTE))
    assert list(tag) == list(range(128)) + list(range(-128, 0))
    assert bytes(tag) == EVERY_BYTE
    assert tag == T.ByteArrayTag(list(tag))


def test_a_bytearray_changed_later_leaves_the_tag_alone():
    data = bytearray(b"\x01\xf1")
    tag = T.ByteArrayTag(data)
    data[0] = 0x7f
    assert list(tag) == [1, -15]


def test_bytes_written_as_nbt_are_the_bytes_given():
    tag = T.ByteArrayTag(b"\xf1\x00\x80")
    written = nbt_io.write_any(tag, "26.3")
    assert written == b"\x07\x00\x00\x00\x03\xf1\x00\x80"  # id 7, length 3, the bytes as given
    assert nbt_io.read_any(written, "26.3") == tag


@pytest.mark.parametrize("cls, words", [(T.IntArrayTag, ">i4"), (T.LongArrayTag, ">i8")])
@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview])
def test_word_arrays_refuse_bytes_naming_the_way(cls, words, kind):
    with pytest.raises(TypeError, match=rf"{cls.__name__} takes ints or a NumPy array, not {kind.__name__} "
                                        rf"\(for big-endian words: numpy.frombuffer\(data, '{words}'\)\)"):
        cls(kind(b"\0" * 8))


@pytest.mark.parametrize("cls, values, shown", [
    (T.ByteArrayTag, [241], "241"), (T.ByteArrayTag, np.array([241], np.uint8), "241"),
    (T.ByteArrayTag, np.array([0, -129]), "-129"), (T.IntArrayTag, np.array([1 << 40]), str(1 << 40)),
    (T.LongArrayTag, np.array([1 << 63], np.uint64), str(1 << 63))])
def test_values_outside_the_element_type_are_refused_never_wrapped(cls, values, shown):
    with pytest.raises(ValueError, match=rf"^{cls.__name__} element out of range: {shown}$"):
        cls(values)


def test_wider_arrays_within_range_are_taken():
    assert list(T.ByteArrayTag(np.array([-128, 0, 127], np.int64))) == [-128, 0, 127]
    assert list(T.LongArrayTag(np.array([(1 << 63) - 1], np.uint64))) == [(1 << 63) - 1]


@pytest.mark.parametrize("cls, takes", [(T.ByteArrayTag, "ints, a NumPy array or bytes"),
                                        (T.IntArrayTag, "ints or a NumPy array"), (T.LongArrayTag, "ints or a NumPy array")])
def test_text_is_refused_saying_what_an_array_takes(cls, takes):
    # a str is iterable, but its characters are no elements (it said: invalid literal for int())
    with pytest.raises(TypeError, match=rf"^{cls.__name__} takes {takes}, not str$"):
        cls("abc")
