"""``Tag.toString()``: the game's ``StringTagVisitor`` (compact SNBT), per version.

Matches ``net.minecraft.nbt.StringTagVisitor`` and ``StringTag.quoteAndEscape`` of 1.20.1,
1.21.1 and 26.1.2 (26.3 shares 26.1.2's classes). What differs between versions is read
from ``version.snbt`` (:class:`harness.formats.versions.SnbtRules`):

- ``strict_unquoted_keys``: a compound key is printed bare when it matches
  ``[A-Za-z0-9._+-]+`` (1.20.1, 1.21.1), or ``[A-Za-z._]+[A-Za-z0-9._+-]*`` and is not
  ``true``/``false`` in any case (26.x); otherwise it is quoted like a string.
- ``escape_control_chars``: strings escape ``\\b \\t \\n \\f \\r`` and any other char below
  U+0020 as ``\\xHH`` (upper-case hex) (26.x); older versions print them raw.

Everything else is shared: keys sorted in Java ``String`` order (UTF-16 code units, so
U+FFFF sorts after U+1F600), ``1b 1s 1 1L``, ``Float.toString + f``, ``Double.toString +
d`` (see :mod:`harness.formats.nbt.java_float_text`; ``jdk`` picks the JDK whose text is
wanted, by default the Java the release needs: ``GameVersion.java_version``), ``[B;1B,2B]``, ``[I;1,2]``, ``[L;1L,2L]``,
``[a,b]`` (26.x heterogeneous lists print their elements as they are), ``END``.

>>> from harness.formats.nbt.tags import CompoundTag, IntTag, StringTag
>>> to_string(CompoundTag({"true": IntTag(4), "1a": StringTag("it's")}), "1.20.1")
'{1a:"it\\'s",true:4}'
>>> to_string(CompoundTag({"true": IntTag(4), "1a": StringTag("it's")}), "26.3")
'{"1a":"it\\'s","true":4}'
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator

import numpy as np

from harness.formats import budget, versions
from harness.formats.nbt import tags as T
from harness.formats.nbt.fast_binary import array_text as _compiled_text
from harness.formats.nbt.java_float_text import double_text, float_text

__all__ = ["to_string", "to_string_parts", "quote_and_escape", "scalar_text", "java_sorted_keys", "snbt_rules",
           "release_jdk"]

SIMPLE_VALUE = re.compile(r"[A-Za-z0-9._+-]+")  # StringTagVisitor.SIMPLE_VALUE (<= 1.21.x)
UNQUOTED_KEY_MATCH = re.compile(r"[A-Za-z._]+[A-Za-z0-9._+-]*")  # 26.x
BOOLEAN_WORDS = ("true", "false")

# SnbtGrammar.escapeControlCharacters (26.x)
_NAMED_CONTROL_ESCAPES = {"\b": "b", "\t": "t", "\n": "n", "\f": "f", "\r": "r"}

# str.translate tables of quoteAndEscape, by (the chosen quote, whether control characters are escaped)
_ESCAPES = {(quote, control): {ord("\\"): "\\\\", ord(quote): "\\" + quote,
                               **({c: "\\" + _NAMED_CONTROL_ESCAPES.get(chr(c), f"x{c:02X}") for c in range(0x20)}
                                  if control else {})}
            for quote in "\"'" for control in (False, True)}

_SUFFIX = {T.TAG_BYTE: "b", T.TAG_SHORT: "s", T.TAG_INT: "", T.TAG_LONG: "L"}


def snbt_rules(version) -> versions.SnbtRules:
    """The :class:`SnbtRules` of ``version`` (a :class:`GameVersion` or a version string)."""
    return versions.resolve(version).snbt


def release_jdk(version, jdk: int | None = None) -> int:
    """``jdk`` when given, else the Java major version the game ``version`` needs
    (``GameVersion.java_version``): the JDK whose ``Float/Double.toString`` text its printers
    give by default.

    >>> release_jdk("1.20.4"), release_jdk("1.20.5"), release_jdk("26.3"), release_jdk("26.3", 17)
    (17, 21, 25, 17)
    """
    return versions.resolve(version).java_version if jdk is None else jdk


def to_string(tag: T.Tag, version, jdk: int | None = None) -> str:
    """``tag.toString()`` as the game ``version`` prints it (``StringTagVisitor``).

    ``version``: a :class:`GameVersion` or a version string (``"26.3"``); ``jdk``: the
    JDK whose ``Float/Double.toString`` is wanted (default :func:`release_jdk`: the Java the
    release needs, 17 up to 1.20.4, 21 from 1.20.5, 25 for 26.x).
    Iterative, so any nesting depth prints. ``TypeError`` for a value that is not a tag;
    :class:`~harness.formats.budget.BudgetExceeded` past ``budget.MAX_PRINTED_SNBT_CHARS`` characters.
    """
    return "".join(budget.printed_within(joined(_pieces(tag, version, jdk)), "toString()"))


def joined(parts: Iterator[str], count: int = 1024) -> Iterator[str]:
    """``parts`` joined ``count`` at a time: the same text in fewer, longer pieces (a whole text
    made of them costs less to count against its budget: a few ms a MB less)."""
    parts = iter(parts)
    while batch := list(itertools.islice(parts, count)):
        yield "".join(batch)


def to_string_parts(tag: T.Tag, version, jdk: int | None = None) -> Iterator[str]:
    """The pieces of :func:`to_string`'s text, in order, as they are printed: a big document
    written piece by piece never needs the whole text as one string (an array's text comes
    :data:`PIECE_CHARS` characters at a time). Past ``budget.MAX_PRINTED_SNBT_CHARS``
    characters in all, :class:`~harness.formats.budget.BudgetExceeded`."""
    return budget.printed_within(_pieces(tag, version, jdk), "toString()")


def _pieces(tag: T.Tag, version, jdk: int | None) -> Iterator[str]:
    release = versions.resolve(version)  # once: the rules and the JDK are both the release's
    rules, jdk = release.snbt, release_jdk(release, jdk)
    stack: list = [tag]  # tags to print, and (text,) tuples to copy as they are
    while stack:
        item = stack.pop()
        if type(item) is tuple:
            yield item[0]
        elif isinstance(item, T.CompoundTag):
            pending: list = [("}",)]
            for i, key in enumerate(reversed(java_sorted_keys(item))):
                pending.append(item[key])
                pending.append((_key_text(key, rules) + ":",))
                if i != len(item) - 1:
                    pending.append((",",))
            pending.append(("{",))
            stack.extend(pending)
        elif isinstance(item, T.ListTag):
            pending = [("]",)]
            for i in range(len(item) - 1, -1, -1):
                pending.append(item[i])
                if i:
                    pending.append((",",))
            pending.append(("[",))
            stack.extend(pending)
        elif isinstance(item, T._ArrayTag):
            yield from _array_parts(item, ",", "")
        else:
            yield scalar_text(item, rules, jdk)


def scalar_text(tag: T.Tag, rules: versions.SnbtRules, jdk: int) -> str:
    """A number, string or End tag as both visitors print it (``END`` for the End tag); floats
    and doubles as JDK ``jdk``'s ``Float/Double.toString`` (see :func:`release_jdk`)."""
    if isinstance(tag, T.StringTag):
        return quote_and_escape(tag, rules)
    if isinstance(tag, T._IntTag):
        return f"{int(tag)}{_SUFFIX[tag.id]}"
    if isinstance(tag, T.FloatTag):
        return float_text(tag.bits, jdk) + "f"
    if isinstance(tag, T.DoubleTag):
        return double_text(tag.bits, jdk) + "d"
    if isinstance(tag, T.EndTag):
        return "END"
    raise TypeError(f"not an NBT tag: {tag!r}")


_ARRAY_TEXT = {T.TAG_BYTE_ARRAY: ("B", "B", 3, 32), T.TAG_INT_ARRAY: ("I", "", 10, 256),
               T.TAG_LONG_ARRAY: ("L", "L", 19, 256)}  # letter, element suffix, most decimal digits, and
# the most elements printed in Python without the compiled printer (NumPy's passes cost 6 µs for
# bytes, 30 to 200 µs for ints and longs, whatever their number; Python 0.15 µs an element)
_ARRAY_CHUNK = 1 << 18  # elements printed per NumPy pass: bounds the scratch memory (~8 MiB)
PIECE_CHARS = 1 << 16  # an array's text is handed out at most this many characters at a time


def _array_parts(tag: T._ArrayTag, separator: str, space: str) -> Iterator[str]:
    """The pieces of ``[B;1B,2B]`` (compact) or ``[B; 1B, 2B]`` (``separator=","``, ``space=" "``),
    none longer than :data:`PIECE_CHARS`, made as they are asked for.

    Printed by the compiled printer (``_array_text.c``, :data:`~harness.formats.nbt.fast_binary.array_text`,
    about 2 ns a byte) a piece at a time when it is built, else with NumPy a chunk at a time
    (:func:`_decimal_rows`, about 15 ns a byte), never one Python string per element but in a
    short array (at most 32 bytes, 256 ints or longs: NumPy's passes cost more there): however
    long the array, the text in memory at a time is one piece's or chunk's (a few MiB), never
    the whole text. All print the same text.
    """
    letter, suffix, digits, in_python = _ARRAY_TEXT[tag.id]
    head, tail = space.encode("ascii"), (suffix + separator).encode("ascii")
    values = tag.array
    yield f"[{letter};"
    compiled = _compiled_text is not None and values.dtype == tag.dtype  # as the tags hold them (native order)
    if not compiled and len(values) <= in_python:  # a short one: one piece, far under PIECE_CHARS
        if len(values):
            yield space + (suffix + separator + space).join(map(str, values.tolist())) + suffix
        yield "]"
        return
    if compiled:
        per = PIECE_CHARS // (len(head) + digits + 1 + len(tail))  # elements whose text surely fits a piece
        for start in range(0, len(values), per):
            cut = len(separator) if start + per >= len(values) else 0  # no separator after the last element
            yield _compiled_text.text(np.ascontiguousarray(values[start:start + per]), head, tail, cut)
        yield "]"
        return
    for start in range(0, len(values), _ARRAY_CHUNK):
        chunk = values[start:start + _ARRAY_CHUNK]
        if tag.id == T.TAG_BYTE_ARRAY:  # 256 possible texts: look them up
            text = _byte_text(chunk, head, tail)
        else:
            rows = _decimal_rows(chunk, digits, head, tail)
            text = rows[rows != 0].tobytes()  # NUL padding dropped
            del rows
        if start + _ARRAY_CHUNK >= len(values):
            text = text[:len(text) - len(separator)]  # no separator after the last element
        for at in range(0, len(text), PIECE_CHARS):
            yield text[at:at + PIECE_CHARS].decode("ascii")
    yield "]"


def _byte_text(chunk: np.ndarray, head: bytes, tail: bytes) -> bytes:
    """The ASCII text of the bytes ``chunk``, each as ``head``, its decimal value and ``tail``.

    Each byte's text (at most ``width`` characters) is looked up as one 64-bit word of
    :func:`_byte_words` and stored ``width`` bytes after the previous one, each store
    overwriting only the NUL padding of the one before (stores go in ascending order);
    ``bytes.translate`` then drops the padding that remains. About 15 ns a byte."""
    words, width = _byte_words(head, tail)
    out = bytearray(len(chunk) * width + 8 - width)  # the last word's padding past the end
    slots = np.ndarray((len(chunk),), "<u8", buffer=out, strides=(width,))
    slots[...] = words[chunk.view(np.uint8)]
    del slots
    return out.translate(None, b"\0")


@functools.lru_cache(maxsize=8)
def _byte_words(head: bytes, tail: bytes) -> tuple[np.ndarray, int]:
    """``(words, width)``: for each byte (indexed by its unsigned value) its text as the bytes of
    a little-endian 64-bit word, left-aligned and NUL-padded; ``width`` the longest text."""
    rows = _decimal_rows(np.arange(256).astype(np.uint8).view(np.int8), 3, head, tail)
    texts = [row[row != 0].tobytes() for row in rows]
    width = max(map(len, texts))
    if width > 8:
        raise ValueError(f"a byte's text of {width} characters does not fit a 64-bit word")
    padded = b"".join(t.ljust(8, b"\0") for t in texts)
    return np.frombuffer(padded, "<u8"), width


def _decimal_rows(values: np.ndarray, digits: int, head: bytes, tail: bytes) -> np.ndarray:
    """A ``uint8`` matrix, a row per value: ``head``, the value's decimal text right-aligned in
    ``digits + 1`` columns (sign included), ``tail``; NUL where a shorter number leaves room."""
    count = len(values)
    signed = values.astype(np.int64)
    negative = signed < 0
    magnitude = signed.view(np.uint64).copy()
    np.negative(magnitude, out=magnitude, where=negative)  # two's complement: |Long.MIN_VALUE| fits
    rows = np.zeros((count, len(head) + digits + 1 + len(tail)), np.uint8)
    rows[:, :len(head)] = np.frombuffer(head, np.uint8)
    rows[:, rows.shape[1] - len(tail):] = np.frombuffer(tail, np.uint8)
    first = np.full(count, len(head) + digits, np.intp)  # column of each value's first digit
    for column in range(len(head) + digits, len(head), -1):
        shown = magnitude > 0
        if column == len(head) + digits:
            shown[:] = True  # a zero still prints its one digit
        magnitude, digit = np.divmod(magnitude, np.uint64(10))
        rows[:, column] = np.where(shown, digit.astype(np.uint8) + ord("0"), 0)
        first[shown] = column
        if not magnitude.any():
            break  # no value has another digit: the columns left stay NUL
    rows[np.nonzero(negative)[0], first[negative] - 1] = ord("-")
    return rows


def _key_text(key: str, rules: versions.SnbtRules) -> str:
    """``StringTagVisitor.handleEscape`` / ``handleKeyEscape``: bare or quoted key."""
    if rules.strict_unquoted_keys:
        bare = UNQUOTED_KEY_MATCH.fullmatch(key) is not None and key.lower() not in BOOLEAN_WORDS
    else:
        bare = SIMPLE_VALUE.fullmatch(key) is not None
    return key if bare else quote_and_escape(key, rules)


def quote_and_escape(text: str, rules: versions.SnbtRules) -> str:
    """``StringTag.quoteAndEscape``: the string in quotes, escaped.

    The first quote character in ``text`` decides: ``"`` first → single quotes, ``'``
    first → double quotes, none → double quotes. ``\\`` and the chosen quote are
    backslash-escaped; control characters too when ``rules.escape_control_chars``.
    """
    double, single = text.find('"'), text.find("'")
    quote = "'" if double >= 0 and (single < 0 or double < single) else '"'
    return quote + text.translate(_ESCAPES[quote, rules.escape_control_chars]) + quote


def java_sorted_keys(compound: T.CompoundTag) -> list[str]:
    """The keys in Java ``String.compareTo`` order (UTF-16 code units, not code points)."""
    return sorted(compound, key=_java_order)


def _java_order(key: str) -> bytes:
    return key.encode("utf-16-be", "surrogatepass")
