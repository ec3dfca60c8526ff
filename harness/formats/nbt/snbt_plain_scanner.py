"""The fast path of the 26.x ``SnbtGrammar``: plain SNBT scanned directly, with the grammar's answers.

The packrat rules of :mod:`harness.formats.nbt.snbt_grammar` cost tens of microseconds a value.
Most SNBT met in practice (what the game prints, what people write) uses a small part of the
grammar, and :func:`literal` reads that part directly, one regular expression a value (and a
whole run at a time of small ints, which share their tags as the binary reader's bytes do):

- compounds ``{k:v,...}`` (keys unquoted, or quoted and not empty), lists ``[v,...]``,
  arrays ``[B;...]`` ``[I;...]`` ``[L;...]`` of decimal integers, trailing commas too;
- decimal integers with an optional ``b s i l`` suffix (any case), in their type's range, no
  leading zero; floats in the four forms of ``float_literal`` with an optional ``f``/``d``;
- quoted strings whose escapes are the one-letter ones (``\\n``, ``\\"``, ...), unquoted
  strings, ``true``/``false``;
- whitespace between tokens, never inside one (``1 b``, ``- 5``, ``"\\ n"`` are the grammar's).

For that part it gives exactly the tag and the end position the rules give (the rules are the
definition; ``tests/formats/test_snbt_plain_scanner.py`` compares the two on many texts). After
each value it wants (past whitespace) the character that must follow it: ``,`` or the closing
bracket (the end of the text at the top). Anything else (hex, ``_``, ``\\u`` escapes, built-ins,
any error, nesting deeper than :data:`MAX_DEPTH` below where it started) and it **declines**:
:func:`literal` returns ``None`` and the rules parse that value, trying this path again on each
value inside it. The brackets it was inside when it declined are remembered
(``state.declined``) so that it is never tried on them again: every character is scanned at most
twice, and the parse stays linear.

What a value read here does not do is store the rules' failure reasons (``LongestOnly``). Those
all lie at or before the first non-space character after the value, which :func:`literal`
returns as its *horizon*; :meth:`~harness.formats.nbt.packrat.ParseState.parse_top` uses it to
keep every error message exact (see there).

>>> from harness.formats import versions
>>> from harness.formats.nbt.packrat import ParseState
>>> state = ParseState('{a:[1,2b],"b c":-1.5f}', versions.get("26.3"))
>>> literal(state, 0)
(CompoundTag({'a': ListTag([IntTag(1), ByteTag(2)]), 'b c': FloatTag(0xbfc00000 = -1.5)}), 22, 22)
>>> literal(ParseState("[1,0x2]", versions.get("26.3")), 0) is None  # hex: the rules' job
True
"""

from __future__ import annotations

import re
import struct
from itertools import repeat

import numpy as np

from harness.formats.nbt import tags as t
from harness.formats.nbt.java_number_parse import parse_float
from harness.formats.nbt.mutf8 import join_surrogates
from harness.formats.nbt.snbt_tokens import ARRAYS, INTEGER_TYPES, INTEGER_WIDTHS, NUMBER_START, SIMPLE_ESCAPES
from harness.formats.nbt.string_reader import JAVA_WHITESPACE, UNQUOTED_CHARS

MAX_DEPTH = 64  # nesting read here below the value it starts at (deeper: the rules, and their stack)


def _one_of(chars) -> str:
    """A regular expression's character class of ``chars``."""
    return "[" + "".join(map(re.escape, sorted(chars))) + "]"


# the grammar's tables (snbt_tokens) as the patterns below take them, both cases of each suffix letter
_SUFFIX = _one_of(INTEGER_TYPES.keys() | {c.upper() for c in INTEGER_TYPES})
_UNQUOTED_CHAR = _one_of(UNQUOTED_CHARS)
_UNQUOTED_START = _one_of(UNQUOTED_CHARS - set(NUMBER_START))
_WS = "[" + "".join(sorted(JAVA_WHITESPACE)) + "]*"
_SKIP = re.compile(_WS)
_new_dict = dict.__new__  # a compound without CompoundTag.__init__'s checks: its entries are tags read here
_QUOTED = {q: f"{q}([^{q}\\\\]*(?:\\\\{_one_of(SIMPLE_ESCAPES)}[^{q}\\\\]*)*){q}" for q in "\"'"}

# One value that is not a container. Groups: a decimal integer and its suffix; a float's text
# and its suffix (one of ``float_literal``'s four forms, or an integer with a leading zero or
# too long, which _scalar declines); a quoted string's contents (one-letter escapes only); an
# unquoted string (not starting like a number). The integer comes first, unlike in the rules:
# what both could read, the float forms refuse (no ``.``, exponent or ``f``/``d``).
_SCALAR = (f"([+-]?(?:0|[1-9][0-9]{{0,18}}))({_SUFFIX}?)"
           "|([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)([fFdD]?)"
           f"|{_QUOTED[chr(34)]}|{_QUOTED[chr(39)]}"
           f"|({_UNQUOTED_START}{_UNQUOTED_CHAR}*)")
_OPENER = "([\\[{])"
# a list element: a scalar and the separator after it, or an opening bracket
_ELEMENT = re.compile(f"{_WS}(?:(?:{_SCALAR}){_WS}([,\\]])|{_OPENER})")
# a compound entry: a key (unquoted, or quoted), ``:``, then a scalar and its separator, or an opening bracket
_ENTRY = re.compile(f"{_WS}(?:({_UNQUOTED_CHAR}+)|{_QUOTED[chr(34)]}|{_QUOTED[chr(39)]}){_WS}:"
                    f"{_WS}(?:(?:{_SCALAR}){_WS}([,}}])|{_OPENER})")
_TOP_SCALAR = re.compile(f"(?:{_SCALAR})(?={_WS}(?:[,\\]}})]|\\Z))")  # what may follow a value anywhere
_AFTER = re.compile(f"{_WS}([,\\]}}])")  # what follows a container inside another
_CLOSER = re.compile(f"{_WS}([\\]}}])")  # an empty container's end, or after a trailing comma
_ARRAY_PREFIX = re.compile(f"{_WS}({_one_of(ARRAYS)}){_WS};")
_ARRAY_ENTRY = re.compile(f"{_WS}([+-]?(?:0|[1-9][0-9]{{0,18}}))({_SUFFIX}?){_WS}([,\\]])")
_PACK_DOUBLE = struct.Struct(">d").pack
_DOUBLE_BITS = struct.Struct(">Q").unpack
_ESCAPE = re.compile(r"\\(.)", re.S)

# runs of decimal ints each followed by a comma, ASCII spaces only (int() takes them), in pieces
_RUN = "[ \t\r\n]*,[ \t\r\n]*){1,4096}"
_INT_RUN = re.compile("(?:[+-]?(?:0|[1-9][0-9]{0,9})" + _RUN)
_LONG_RUN = re.compile("(?:[+-]?(?:0|[1-9][0-9]{0,18})[lL]?" + _RUN)
_BYTE_RUN = re.compile("(?:[+-]?(?:0|[1-9][0-9]{0,2})[bB]?" + _RUN)
_DROP_SUFFIX = str.maketrans("", "", "lLbB")
_RUN_START = frozenset(NUMBER_START) - {"."}
_ASCII_SPACE = re.compile("[ \t\r\n]*")
_SMALL_RUN = re.compile("[-0-9,]*")  # the characters of small ints' texts and their commas


def _by_suffix(table: dict, letters: str, default: str) -> dict:
    """``table``'s entries of ``letters`` under each letter in both cases, and the ``default``'s under ``""``."""
    return {"": table[default], **{c: table[c] for c in letters}, **{c.upper(): table[c] for c in letters}}


_INT_TAG = _by_suffix(INTEGER_TYPES, "".join(INTEGER_TYPES), "i")
_WIDTH = _by_suffix(INTEGER_WIDTHS, "".join(INTEGER_WIDTHS), "i")
_RANGE = {suffix: (-(1 << (width - 1)), 1 << (width - 1)) for suffix, width in _WIDTH.items()}
# array prefix -> (tag class, the width of each element type allowed (no suffix: the array's), bulk run, its width)
_ARRAYS = {prefix: (tag, _by_suffix(INTEGER_WIDTHS, allowed, default), run, INTEGER_WIDTHS[default])
           for (prefix, (tag, default, allowed)), run in zip(ARRAYS.items(), (_BYTE_RUN, _INT_RUN, _LONG_RUN))}
_new_int = int.__new__


class _Decline(Exception):
    """Text outside the plain part: the rules take it."""


def _fits(value: int, width: int) -> bool:
    return -(1 << (width - 1)) <= value < (1 << (width - 1))


def _text(contents: str) -> str:
    """A quoted string's value: its one-letter escapes replaced, surrogate pairs joined."""
    if contents.isascii():
        if "\\" not in contents:
            return contents
        return _ESCAPE.sub(lambda e: SIMPLE_ESCAPES[e.group(1)], contents)
    if "\\" in contents:
        contents = _ESCAPE.sub(lambda e: SIMPLE_ESCAPES[e.group(1)], contents)
    return join_surrogates(contents)


def _scalar(integer, suffix, floating, float_suffix, double_quoted, single_quoted, unquoted) -> t.Tag:
    """The tag of one :data:`_SCALAR` match, from its groups (``None`` for those not taken)."""
    if integer is not None:
        tag = _SMALL_TAGS.get((integer, suffix))
        if tag is not None:
            return tag
        value = int(integer)
        low, high = _RANGE[suffix]
        if not low <= value < high:
            raise _Decline  # out of its type's range: the rules' error
        return _new_int(_INT_TAG[suffix], value)
    if double_quoted is not None:
        return t.StringTag(_text(double_quoted))
    if single_quoted is not None:
        return t.StringTag(_text(single_quoted))
    if floating is not None:  # float_literal: SnbtGrammar.createFloat, FloatTag/DoubleTag.valueOf
        if not (float_suffix or "." in floating or "e" in floating or "E" in floating) or len(floating) > 400:
            raise _Decline  # an integer with a leading zero or too long for any type (an error); a very long float
        if float_suffix in ("f", "F"):
            bits = parse_float(floating)
            if bits & 0x7FFFFFFF >= 0x7F800000:
                raise _Decline  # not finite: the rules' error
            return t.float_tag_read(bits)
        bits = _DOUBLE_BITS(_PACK_DOUBLE(float(floating)))[0]  # Double.parseDouble of a plain decimal
        if bits & 0x7FFFFFFFFFFFFFFF >= 0x7FF0000000000000:
            raise _Decline
        return t.double_tag_read(bits)
    lowered = unquoted.lower()
    if lowered == "true":
        return _new_int(t.ByteTag, 1)
    if lowered == "false":
        return _new_int(t.ByteTag, 0)
    return t.StringTag(unquoted)  # unquoted characters are ASCII: no surrogates


def _key(unquoted, double_quoted, single_quoted) -> str:
    if unquoted is not None:
        return unquoted
    key = _text(double_quoted if double_quoted is not None else single_quoted)
    if not key:
        raise _Decline  # snbt.parser.empty_key
    return key


def _int_run(units: str, q: int, limit: int):
    """A run of list elements from ``q`` (after ASCII spaces) that are unsuffixed ints each followed
    by ``,``, the last comma before ``limit``: ``(int tags, end, position of the last comma)``, or
    ``None``.

    First, while the text is the texts of :data:`_SMALL_INTS` each followed by ``,`` (no spaces),
    it is split at its commas and their shared tags taken, in windows that start at 64 characters
    and double up to :data:`_SMALL_WINDOW`, each ending at the first character that is not a digit,
    ``-`` or ``,``; then up to 4,096 more elements are matched by :data:`_INT_RUN` and converted.
    The work is proportional to the text the run covers (a window that does not hold only small
    ints is at most twice what the windows before it covered, or 64 characters), never to the text
    after it, so a list that starts every few characters stays linear."""
    limit = min(limit, len(units))
    if q >= limit:
        return None
    if units[q] not in _RUN_START:
        if units[q] not in " \t\r\n":
            return None
        q = _ASCII_SPACE.match(units, q, limit).end()
        if q >= limit or units[q] not in _RUN_START:
            return None
    tags: list = []
    width = 64
    while True:
        end = _SMALL_RUN.match(units, q, min(limit, q + width)).end()
        last = units.rfind(",", q, end)
        if last < q:
            break
        pieces = units[q:last].split(",")
        if not _SMALL_TEXTS.issuperset(pieces):
            break
        tags += map(_SMALL_INTS.__getitem__, pieces)
        q = last + 1
        width = min(2 * width, _SMALL_WINDOW)
    comma = q - 1
    start = _ASCII_SPACE.match(units, q, limit).end()
    run = _INT_RUN.match(units, start, limit)
    if run is not None:
        end = run.end()
        pieces = units[start:end].split(",")
        del pieces[-1]
        ints = list(map(int, pieces))
        if -(1 << 31) <= min(ints) and max(ints) < (1 << 31):
            tags += map(_new_int, repeat(t.IntTag), ints)
            q, comma = end, units.rfind(",", start, end)
    if not tags:
        return None
    return tags, q, comma


# the int tags of -128..1023 by their text: a list of small ints takes them without int()
_SMALL_INTS = {str(v): _new_int(t.IntTag, v) for v in range(-128, 1024)}
_SMALL_TEXTS = frozenset(_SMALL_INTS)
# and the byte, short, int and long tags of -128..127 by (text, suffix), for any small number
_SMALL_TAGS = {(str(v), suffix): _new_int(_INT_TAG[suffix], v) for v in range(-128, 128) for suffix in _INT_TAG}
_SMALL_WINDOW = 1 << 14


class _Frame:
    """A container being read: its tag (an array's values while they are read), its closing
    bracket, the key it goes under in its parent (``None`` in a list), its array prefix."""

    __slots__ = ("tag", "closer", "key", "prefix")

    def __init__(self, tag, closer: str, key, prefix):
        self.tag, self.closer, self.key, self.prefix = tag, closer, key, prefix


class _Scanner:
    """One reading of containers over ``units``; ``opened`` are the positions of the brackets
    being read (what is declined when the text leaves the plain part)."""

    __slots__ = ("units", "declined", "opened")

    def __init__(self, units: str, declined: set[int]):
        self.units = units
        self.declined = declined
        self.opened: list[int] = []

    def open(self, p: int, key, stack: list[_Frame]) -> int:
        """Push the container whose bracket is at ``p``; where its contents start."""
        if p in self.declined or len(stack) >= MAX_DEPTH:
            raise _Decline
        self.opened.append(p)
        if self.units[p] == "{":
            stack.append(_Frame(_new_dict(t.CompoundTag), "}", key, None))
            return p + 1
        m = _ARRAY_PREFIX.match(self.units, p + 1)
        if m is not None:
            stack.append(_Frame([], "]", key, m.group(1)))
            return m.end()
        stack.append(_Frame(t.ListTag(), "]", key, None))
        return p + 1

    def container(self, p: int) -> tuple[t.Tag, int]:
        """The compound, list or array whose opening bracket is at ``p``, and the position after it."""
        units = self.units
        stack: list[_Frame] = []
        q = self.open(p, None, stack)
        while True:
            frame = stack[-1]
            tag = frame.tag
            child = False  # a container opened inside this one: read it first
            if frame.prefix is not None:
                q = self.array_entries(q, frame)
            elif frame.closer == "}":
                while True:
                    m = _ENTRY.match(units, q)
                    if m is None:  # empty, or after a trailing comma
                        q = self.closer(q, "}")
                        break
                    uk, dqk, sqk, i, s, f, fs, dq, sq, u, sep, opener = m.groups()
                    key = uk if uk is not None else _key(None, dqk, sqk)
                    if opener is not None:
                        q, child = self.open(m.end() - 1, key, stack), True
                        break
                    tag[key] = _scalar(i, s, f, fs, dq, sq, u)
                    q = m.end()
                    if sep != ",":
                        break
            else:
                while True:
                    run = _int_run(units, q, len(units))
                    if run is not None:
                        tag += run[0]
                        q = run[1]
                    m = _ELEMENT.match(units, q)
                    if m is None:
                        q = self.closer(q, "]")
                        break
                    i, s, f, fs, dq, sq, u, sep, opener = m.groups()
                    if opener is not None:
                        q, child = self.open(m.end() - 1, None, stack), True
                        break
                    tag.append(_scalar(i, s, f, fs, dq, sq, u))
                    q = m.end()
                    if sep != ",":
                        break
            if child:
                continue
            # the container on top is complete, its closing bracket read: hand it to its parent,
            # closing the parents too while a closing bracket follows
            while True:
                frame = stack.pop()
                self.opened.pop()
                value = frame.tag
                if frame.prefix is not None:
                    tag_type = _ARRAYS[frame.prefix][0]
                    value = tag_type(np.array(value, dtype=tag_type.dtype))
                if not stack:
                    return value, q
                parent = stack[-1]
                if frame.key is None:
                    parent.tag.append(value)
                else:
                    parent.tag[frame.key] = value
                m = _AFTER.match(units, q)
                if m is None:
                    raise _Decline
                q = m.end()
                if m.group(1) == ",":
                    break
                if m.group(1) != parent.closer:
                    raise _Decline

    def closer(self, q: int, closer: str) -> int:
        """Past ``closer`` at ``q`` (after spaces): an empty container's, or one after a trailing comma."""
        m = _CLOSER.match(self.units, q)
        if m is None or m.group(1) != closer:
            raise _Decline
        return m.end()

    def array_entries(self, q: int, frame: _Frame) -> int:
        """The array's integer entries from ``q`` into ``frame.tag``; the position past its ``]``."""
        units = self.units
        _, widths, run_pattern, run_width = _ARRAYS[frame.prefix]
        values = frame.tag
        while True:
            run = run_pattern.match(units, q)
            if run is not None:
                pieces = units[q:run.end()].translate(_DROP_SUFFIX).split(",")
                del pieces[-1]
                ints = list(map(int, pieces))
                if _fits(min(ints), run_width) and _fits(max(ints), run_width):
                    values += ints
                    q = run.end()
                    continue
            m = _ARRAY_ENTRY.match(units, q)
            if m is None:
                return self.closer(q, "]")
            digits, suffix, sep = m.groups()
            width = widths.get(suffix)
            value = int(digits)
            if width is None or not _fits(value, width):
                raise _Decline  # a type the array does not take, or out of range: the rules' errors
            values.append(value)
            q = m.end()
            if sep == "]":
                return q


    def entries(self, q: int, compound: bool, limit: int):
        """A run of plain values (``compound``: ``(key, value)`` entries) from ``q``, each followed by
        ``,`` before ``limit``: ``(values, end, horizon)``, ``end`` just after the last ``,``, which
        is the horizon; ``None`` if there is none."""
        units = self.units
        pattern = _ENTRY if compound else _ELEMENT
        values: list = []
        comma = -1
        while True:
            run = None if compound else _int_run(units, q, limit)
            if run is not None:
                values += run[0]
                comma, q = run[2], run[1]
                continue
            m = pattern.match(units, q)
            if m is None:
                break
            groups = m.groups()
            try:
                key = _key(*groups[:3]) if compound else None
                if groups[-1] is not None:  # an opening bracket
                    value, end = self.container(m.end() - 1)
                    after = _AFTER.match(units, end)
                    if after is None or after.group(1) != ",":
                        break
                    at = after.end() - 1
                else:
                    if groups[-2] != ",":
                        break
                    value = _scalar(*groups[-9:-2])
                    at = m.end() - 1
            except _Decline:
                self.declined.update(self.opened)
                break
            if at >= limit:
                break
            values.append((key, value) if compound else value)
            comma, q = at, at + 1
        if not values:
            return None
        return values, comma + 1, comma


def list_entries(state, start: int):
    """``list_entries``' first run of plain values, each followed by ``,`` (see :meth:`_Scanner.entries`)."""
    return _Scanner(state.reader.units, state.declined).entries(start, False, state.fast_limit)


def map_entries(state, start: int):
    """``map_entries``' first run of plain ``(key, value)`` entries, each followed by ``,``."""
    return _Scanner(state.reader.units, state.declined).entries(start, True, state.fast_limit)


def literal(state, start: int):
    """``(tag, end, horizon)`` for the value at ``start`` if it is plain SNBT, else ``None``.

    ``end`` is where the rules would leave the cursor; ``horizon`` the first position after
    ``end`` that is not whitespace (every reason the rules would have stored lies at or before
    it). ``state`` is the :class:`~harness.formats.nbt.packrat.ParseState`, whose ``declined``
    set this reads and adds to.
    """
    units = state.reader.units
    p = _SKIP.match(units, start).end()
    if p < len(units) and units[p] in "[{":
        scanner = _Scanner(units, state.declined)
        try:
            value, end = scanner.container(p)
        except _Decline:
            state.declined.update(scanner.opened)
            return None
        return value, end, _SKIP.match(units, end).end()
    m = _TOP_SCALAR.match(units, p)
    if m is None:
        return None
    try:
        value = _scalar(*m.groups())
    except _Decline:
        return None
    end = m.end()
    return value, end, _SKIP.match(units, end).end()
