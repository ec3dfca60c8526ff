"""The regex-based SNBT ``TagParser`` of 1.18 to 1.21.4 (GAME_FACTS.md 3.8, left column).

A hand-written reader over Brigadier's :class:`~harness.formats.nbt.string_reader.StringReader`:

- a value is ``{...}``, ``[...]`` (an array when the text is ``[X;`` with ``X`` not a quote,
  contiguous), a quoted string (only ``\\\\`` and the quote itself may be escaped), or an
  unquoted token of ``0-9 A-Z a-z _ - . +`` that is then classified: float ``...f``, byte
  ``...b``, long ``...l``, short ``...s``, int, double ``...d``, double with a ``.``, ``true`` /
  ``false`` (any case), in that order; a token that matches none, or whose number does not
  fit its type, is a **string** (``128b``, ``1e5``, ``012``, ``2147483648``, ``0x1F``).
- lists must be homogeneous (``argument.nbt.list.mixed`` at the offending element); array
  elements must already be the array's element type (``argument.nbt.array.mixed``); an
  unknown array letter is ``argument.nbt.array.invalid``.
- compounds: keys quoted or unquoted, never empty (``argument.nbt.expected.key``); a repeated
  key keeps its first place and takes the last value; trailing commas are accepted.

Floats are ``Float.parseFloat`` / ``Double.parseDouble`` (overflow gives infinity, accepted);
``-0.0`` becomes ``0.0`` (``FloatTag.valueOf``). Errors: ``CommandSyntaxException`` at the
reader's cursor, with the keys of this parser or Brigadier's (``parsing.expected``, ...) and
their arguments (the tag types' pretty names ``TAG_Int``, the array letter, the symbol),
its message in the release's English (:mod:`harness.formats.lang`):

>>> from harness.formats.lang import language
>>> LegacyTagParser("[L;1,2]", language("1.20.1")).read_single_value()
Traceback (most recent call last):
...
harness.formats.nbt.string_reader.CommandSyntaxError: CommandSyntaxException: Can't insert TAG_Int into TAG_Long_Array at position 3: [L;<--[HERE] [at code unit 3]
"""

from __future__ import annotations

import re

from harness.formats.lang import Language
from harness.formats.nbt import tags as t
from harness.formats.nbt.java_number_parse import JavaNumberFormatError, parse_double, parse_float, parse_integer
from harness.formats.nbt.mutf8 import join_surrogates
from harness.formats.nbt.string_reader import StringReader, is_quoted_string_start

TRAILING = "argument.nbt.trailing"
EXPECTED_KEY = "argument.nbt.expected.key"
EXPECTED_VALUE = "argument.nbt.expected.value"
LIST_MIXED = "argument.nbt.list.mixed"  # (the element's type, the list's element type)
ARRAY_MIXED = "argument.nbt.array.mixed"  # (the element's type, the array's type)
ARRAY_INVALID = "argument.nbt.array.invalid"  # (the array letter)

_I = re.IGNORECASE  # Java's CASE_INSENSITIVE without UNICODE_CASE: ASCII letters only (tokens are ASCII)
_DOUBLE_NO_SUFFIX = re.compile(r"[-+]?(?:[0-9]+[.]|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?\Z", _I)
_DOUBLE = re.compile(r"[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?d\Z", _I)
_FLOAT = re.compile(r"[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?f\Z", _I)
_BYTE = re.compile(r"[-+]?(?:0|[1-9][0-9]*)b\Z", _I)
_LONG = re.compile(r"[-+]?(?:0|[1-9][0-9]*)l\Z", _I)
_SHORT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)s\Z", _I)
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\Z")
_new_dict = dict.__new__  # a compound without CompoundTag.__init__'s checks: its entries are tags read here

_ARRAY_TYPES = {"B": (t.ByteArrayTag, t.ByteTag), "L": (t.LongArrayTag, t.LongTag), "I": (t.IntArrayTag, t.IntTag)}


def _floating(tag_type, bits: int):
    """``FloatTag.valueOf`` / ``DoubleTag.valueOf``: both zeros give the shared ``0.0``."""
    return tag_type(0 if bits & ~(1 << (tag_type.width - 1)) == 0 else bits)


def classify(token: str) -> t.Tag:
    """``TagParser.type``: the tag an unquoted token stands for (a string if nothing fits)."""
    try:
        if _FLOAT.match(token):
            return _floating(t.FloatTag, parse_float(token[:-1]))
        if _BYTE.match(token):
            return t.ByteTag(parse_integer(token[:-1], 10, 8))
        if _LONG.match(token):
            return t.LongTag(parse_integer(token[:-1], 10, 64))
        if _SHORT.match(token):
            return t.ShortTag(parse_integer(token[:-1], 10, 16))
        if _INT.match(token):
            return t.IntTag(parse_integer(token, 10, 32))
        if _DOUBLE.match(token):
            return _floating(t.DoubleTag, parse_double(token[:-1]))
        if _DOUBLE_NO_SUFFIX.match(token):
            return _floating(t.DoubleTag, parse_double(token))
        if token.lower() == "true":
            return t.ByteTag(1)
        if token.lower() == "false":
            return t.ByteTag(0)
    except JavaNumberFormatError:
        pass
    return t.StringTag(token)


class LegacyTagParser:
    """``TagParser`` (1.18 .. 1.21.4) over one text; ``language`` renders its errors."""

    def __init__(self, text: str, language: Language):
        self.reader = StringReader(text, language)

    # -- entry points --------------------------------------------------------------------
    def read_single_struct(self) -> t.CompoundTag:
        """``parseTag``: a compound, then nothing but whitespace."""
        return self._fully(self.read_struct())

    def read_single_value(self) -> t.Tag:
        """``readValue``, then nothing but whitespace (``argument.nbt.trailing``)."""
        return self._fully(self.read_value())

    def _fully(self, tag):
        self.reader.skip_whitespace()
        if self.reader.can_read():
            raise self.reader.error(TRAILING)
        return tag

    # -- the grammar ---------------------------------------------------------------------
    def read_value(self) -> t.Tag:
        reader = self.reader
        reader.skip_whitespace()
        if not reader.can_read():
            raise reader.error(EXPECTED_VALUE)
        ch = reader.peek()
        if ch == "{":
            return self.read_struct()
        if ch == "[":
            return self._read_list()
        return self._read_typed_value()

    def _read_typed_value(self) -> t.Tag:
        reader = self.reader
        reader.skip_whitespace()
        start = reader.cursor
        if is_quoted_string_start(reader.peek()):
            return t.StringTag(reader.read_quoted_string())
        token = reader.read_unquoted_string()
        if not token:
            reader.cursor = start
            raise reader.error(EXPECTED_VALUE)
        return classify(token)

    def _read_key(self) -> str:
        reader = self.reader
        reader.skip_whitespace()
        if not reader.can_read():
            raise reader.error(EXPECTED_KEY)
        return reader.read_string()

    def read_struct(self) -> t.CompoundTag:
        reader = self.reader
        self._expect("{")
        compound = _new_dict(t.CompoundTag)
        reader.skip_whitespace()
        while reader.can_read() and reader.peek() != "}":
            start = reader.cursor
            key = self._read_key()
            if not key:
                reader.cursor = start
                raise reader.error(EXPECTED_KEY)
            self._expect(":")
            compound[key] = self.read_value()
            if not self._element_separator():
                break
            if not reader.can_read():
                raise reader.error(EXPECTED_KEY)
        self._expect("}")
        return compound

    def _read_list(self) -> t.Tag:
        reader = self.reader
        if reader.can_read(3) and not is_quoted_string_start(reader.peek(1)) and reader.peek(2) == ";":
            return self._read_array()
        return self._read_list_tag()

    def _read_list_tag(self) -> t.ListTag:
        reader = self.reader
        self._expect("[")
        reader.skip_whitespace()
        if not reader.can_read():
            raise reader.error(EXPECTED_VALUE)
        items = t.ListTag()
        element_type = None
        while reader.peek() != "]":
            start = reader.cursor
            tag = self.read_value()
            if element_type is None:
                element_type = tag.id
            elif tag.id != element_type:
                reader.cursor = start
                raise reader.error(LIST_MIXED, t.TYPE_NAMES[tag.id], t.TYPE_NAMES[element_type])
            items.append(tag)
            if not self._element_separator():
                break
            if not reader.can_read():
                raise reader.error(EXPECTED_VALUE)
        self._expect("]")
        return items

    def _read_array(self) -> t.Tag:
        reader = self.reader
        self._expect("[")
        start = reader.cursor
        letter = reader.read()
        reader.read()
        reader.skip_whitespace()
        if not reader.can_read():
            raise reader.error(EXPECTED_VALUE)
        if letter not in _ARRAY_TYPES:
            reader.cursor = start
            raise reader.error(ARRAY_INVALID, join_surrogates(letter))
        array_type, element_type = _ARRAY_TYPES[letter]
        values = []
        while reader.peek() != "]":
            start = reader.cursor
            tag = self.read_value()
            if type(tag) is not element_type:
                reader.cursor = start
                raise reader.error(ARRAY_MIXED, t.TYPE_NAMES[tag.id], t.TYPE_NAMES[array_type.id])
            values.append(int(tag))
            if not self._element_separator():
                break
            if not reader.can_read():
                raise reader.error(EXPECTED_VALUE)
        self._expect("]")
        return array_type(values)

    def _element_separator(self) -> bool:
        reader = self.reader
        reader.skip_whitespace()
        if reader.can_read() and reader.peek() == ",":
            reader.skip()
            reader.skip_whitespace()
            return True
        return False

    def _expect(self, ch: str) -> None:
        self.reader.skip_whitespace()
        self.reader.expect(ch)
