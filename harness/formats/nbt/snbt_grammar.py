"""The SNBT grammar of 1.21.5 and later: the game's ``SnbtGrammar`` and ``SnbtOperations`` over ``NbtOps``.

Matches 1.21.7 to 26.3 (GAME_FACTS.md 3.8; new in the 1.21.5 cycle), written with the
packrat kit of :mod:`harness.formats.nbt.packrat`. What it accepts:

- **literal** (the top rule): a number (if it starts with ``+ - . 0-9``: a float literal is
  tried before an integer literal), a quoted string, ``{...}``, ``[...]``, or an unquoted
  string / built-in call. Whitespace is skipped before every terminal and number run, so also
  inside number literals (``1 b``) and after a backslash (``"\\ n"``), never inside string text.
- **integers**: sign, then ``0x``/``0X`` hex, ``0b``/``0B`` binary, or decimal (a leading zero
  followed by digits is an error); ``_`` between digits (not first or last); suffix ``b s i l``
  (any case) optionally preceded by ``s`` (signed) or ``u`` (unsigned); default int; decimal
  is signed and hex/binary unsigned by default; an unsigned value wraps into its type
  (``255ub`` is the byte -1; ``b`` is a hex digit, so ``0xFFb`` is the int ``0xFFB``).
- **floats**: ``whole.frac? exp? suffix?``, ``.frac exp? suffix?``, ``whole exp suffix?``,
  ``whole exp? suffix`` (``f`` float, ``d`` double, default double); a non-finite value is
  ``snbt.parser.infinity_not_allowed``. ``-0.0`` becomes ``0.0`` (``FloatTag.valueOf``).
- **strings**: ``"..."`` or ``'...'`` with escapes ``\\b \\s \\t \\n \\f \\r \\\\ \\' \\"
  \\xHH \\uHHHH \\UHHHHHHHH \\N{name}``; unquoted strings of ``0-9 A-Z a-z _ - . +`` that do not
  start with ``+ - . 0-9``; ``true``/``false`` (any case) are bytes 1 and 0.
- **compounds** ``{k:v,...}`` (trailing comma allowed, empty key refused, last value of a
  repeated key kept at its first place), **lists** ``[v,...]`` of any mix of types, **arrays**
  ``[B;...]``, ``[I;...]``, ``[L;...]`` of integer literals (B takes ``b``; I takes ``b s i``;
  L takes ``b s i l``; no suffix means the array's type).
- **built-ins**: ``bool(x)`` and ``uuid("...")`` (``UUID.fromString`` → int array of 4); any
  other name/arity is ``snbt.parser.no_such_operation`` (``name/argc``). ``bool`` of a number
  follows ``version.snbt.bool_any_nonzero``: up to 26.1.2 DataFixerUpper's default
  ``getBooleanValue`` (the number's ``byteValue() != 0``, so ``bool(256)`` is false); from
  26.2 ``NbtOps``' own (any value other than zero is true, ``bool(0.5)`` too; ``-0.0`` is zero).

Errors are ``CommandSyntaxException`` with a ``snbt.parser.*`` or Brigadier key and its
arguments (a number's ``NumberFormatException`` message, ``U+%08X`` for a code point, the
length of a hex escape, ``name/argc``, the literal characters wanted joined by ``|``),
reported at the furthest position any alternative reached (the first reason stored there,
see :mod:`harness.formats.nbt.packrat`), with the message in the English of the release the
parse runs as (:mod:`harness.formats.lang`). The key for ``_`` at a number's start or end is
the version table's (``snbt.underscore_not_allowed_key``): 1.21.7/1.21.8 ask for one their
language file lacks, so they show it raw.

>>> from harness.formats import versions
>>> from harness.formats.nbt.packrat import ParseState
>>> parse_literal(ParseState("{a:012}", versions.get("26.3")))
Traceback (most recent call last):
...
harness.formats.nbt.string_reader.CommandSyntaxError: CommandSyntaxException: Expected literal . at position 6: {a:012<--[HERE] [at code unit 6]
>>> parse_literal(ParseState("bool(256)", versions.get("26.1.2"))), parse_literal(ParseState("bool(256)", versions.get("26.2")))
(ByteTag(0), ByteTag(1))
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from harness.formats.nbt import snbt_plain_scanner
from harness.formats.nbt import tags as t
from harness.formats.nbt.java_number_parse import (
    JavaNumberFormatError, parse_double, parse_float, parse_integer, parse_unsigned,
)
from harness.formats.nbt.mutf8 import join_surrogates, utf16_units
from harness.formats.nbt.packrat import (
    Alt, Chars, Cut, Fail, Lookahead, Marker, Opt, ParseState, Ref, Repeated, RepeatedSep, Rule, Seq,
)
from harness.formats.nbt.snbt_tokens import ARRAYS, INTEGER_TYPES, INTEGER_WIDTHS, NUMBER_START, SIMPLE_ESCAPES
from harness.formats.nbt.uuid_text import UuidFormatError, uuid_from_string

# snbt.parser.* translation keys (SnbtGrammar / SnbtOperations)
NUMBER_PARSE_FAILURE = "snbt.parser.number_parse_failure"
EXPECTED_HEX_ESCAPE = "snbt.parser.expected_hex_escape"
INVALID_CODEPOINT = "snbt.parser.invalid_codepoint"
NO_SUCH_OPERATION = "snbt.parser.no_such_operation"
EXPECTED_INTEGER_TYPE = "snbt.parser.expected_integer_type"
EXPECTED_FLOAT_TYPE = "snbt.parser.expected_float_type"
EXPECTED_NON_NEGATIVE_NUMBER = "snbt.parser.expected_non_negative_number"
INVALID_CHARACTER_NAME = "snbt.parser.invalid_character_name"
INVALID_ARRAY_ELEMENT_TYPE = "snbt.parser.invalid_array_element_type"
INVALID_UNQUOTED_START = "snbt.parser.invalid_unquoted_start"
EXPECTED_UNQUOTED_STRING = "snbt.parser.expected_unquoted_string"
INVALID_STRING_CONTENTS = "snbt.parser.invalid_string_contents"
EXPECTED_BINARY_NUMERAL = "snbt.parser.expected_binary_numeral"
EXPECTED_DECIMAL_NUMERAL = "snbt.parser.expected_decimal_numeral"
EXPECTED_HEX_NUMERAL = "snbt.parser.expected_hex_numeral"
EMPTY_KEY = "snbt.parser.empty_key"
LEADING_ZERO_NOT_ALLOWED = "snbt.parser.leading_zero_not_allowed"
INFINITY_NOT_ALLOWED = "snbt.parser.infinity_not_allowed"
EXPECTED_STRING_UUID = "snbt.parser.expected_string_uuid"
EXPECTED_NUMBER_OR_BOOLEAN = "snbt.parser.expected_number_or_boolean"

_RADIX = {"binary": 2, "decimal": 10, "hex": 16}
_UNICODE_NAME = re.compile(r"[-a-zA-Z0-9 ]+")
_new_dict = dict.__new__  # a compound without CompoundTag.__init__'s checks: its entries are tags read here


# --- hand-written rules -------------------------------------------------------------------
def _number_run(name: str, accepted: str, no_value: str) -> Rule:
    """``NumberRunParseRule``: skip whitespace, then a run of ``accepted`` (digits and ``_``)
    that neither starts nor ends with ``_``."""
    accepted = frozenset(accepted)

    def action(state: ParseState):
        reader = state.reader
        reader.skip_whitespace()
        units, start = reader.units, reader.cursor
        end = start
        while end < reader.length and units[end] in accepted:
            end += 1
        if end == start:
            state.store(no_value)
            return None
        if units[start] == "_" or units[end - 1] == "_":
            state.store(state.version.snbt.underscore_not_allowed_key)
            return None
        reader.cursor = end
        return units[start:end]

    return Rule(name, action=action)


def _greedy(name: str, accepted: str, minimum: int, maximum: int | None, error: str, *args) -> Rule:
    """``GreedyPredicateParseRule``: ``minimum..maximum`` (None: any number of) characters of the
    regular-expression class ``accepted``, no whitespace skip; else the reason ``error`` with ``args``."""
    run = re.compile(accepted + ("*" if maximum is None else f"{{0,{maximum}}}"))

    def action(state: ParseState):
        reader = state.reader
        start = reader.cursor
        end = run.match(reader.units, start).end()
        if end - start < minimum:
            state.store(error, *args)
            return None
        reader.cursor = end
        return reader.units[start:end]

    return Rule(name, action=action)


def _pattern(name: str, pattern: re.Pattern, error: str) -> Rule:
    """``GreedyPatternParseRule``: the pattern's match at the cursor, no whitespace skip."""

    def action(state: ParseState):
        reader = state.reader
        m = pattern.match(reader.units, reader.cursor)
        if not m:
            state.store(error)
            return None
        reader.cursor = m.end()
        return m.group()

    return Rule(name, action=action)


def _unquoted(state: ParseState):
    """``UnquotedStringParseRule`` (at least one character): skip whitespace, then Brigadier's
    unquoted characters."""
    reader = state.reader
    reader.skip_whitespace()
    cursor = reader.cursor
    value = reader.read_unquoted_string()
    if not value:
        state.store(EXPECTED_UNQUOTED_STRING, cursor=cursor)
        return None
    return value


# --- values ------------------------------------------------------------------------------
class IntegerLiteral(NamedTuple):
    """An integer literal as written: sign, base, digits (with ``_``), suffix (signedness, type)."""

    negative: bool
    base: str  # "binary" | "decimal" | "hex"
    digits: str
    signed: bool | None  # explicit "s"/"u" prefix of the suffix, else None
    type: str | None  # "b" | "s" | "i" | "l", else None

    def is_signed(self) -> bool:
        if self.signed is not None:
            return self.signed
        return self.base == "decimal"

    def value(self, state: ParseState, type_: str) -> int | None:
        """The value as a Java number of ``type_`` (signed, wrapped), or None with the reason stored."""
        signed = self.is_signed()
        if not signed and self.negative:
            state.store(EXPECTED_NON_NEGATIVE_NUMBER)
            return None
        digits = ("-" if self.negative else "") + self.digits.replace("_", "")
        try:
            if signed:
                return parse_integer(digits, _RADIX[self.base], INTEGER_WIDTHS[type_])
            return parse_unsigned(digits, _RADIX[self.base], INTEGER_WIDTHS[type_])
        except JavaNumberFormatError as e:
            state.store(NUMBER_PARSE_FAILURE, str(e))
            return None

    def tag(self, state: ParseState):
        type_ = self.type or "i"
        value = self.value(state, type_)
        return None if value is None else INTEGER_TYPES[type_](value)


def _floating(state: ParseState, negative: bool, whole, fraction, exponent, suffix):
    """``SnbtGrammar.createFloat``: the text rebuilt without ``_``, parsed as the suffix says."""
    text = "-" if negative else ""
    if whole is not None:
        text += whole.replace("_", "")
    if fraction is not None:
        text += "." + fraction.replace("_", "")
    if exponent is not None:
        exp_negative, exp_digits = exponent
        text += "e" + ("-" if exp_negative else "") + exp_digits.replace("_", "")
    if suffix == "f":
        bits, tag_type, infinite = parse_float(text), t.FloatTag, 0x7F800000
    else:
        bits, tag_type, infinite = parse_double(text), t.DoubleTag, 0x7FF0000000000000
    magnitude = bits & ~(1 << (tag_type.width - 1))  # without the sign bit
    if magnitude >= infinite:
        state.store(INFINITY_NOT_ALLOWED)
        return None
    return tag_type(0 if magnitude == 0 else bits)  # valueOf: -0.0 == 0.0 gives the shared ZERO


_FLOATING_TAGS = (t.FloatTag, t.DoubleTag)
_NUMERIC_TAGS = (t.ByteTag, t.ShortTag, t.IntTag, t.LongTag) + _FLOATING_TAGS


def _byte_value(tag) -> int:
    """``Number.byteValue()`` of a numeric tag's boxed value (floating: to int, saturating; NaN 0)."""
    if isinstance(tag, _FLOATING_TAGS):
        v = tag.value
        if v != v:
            return 0
        v = max(-(1 << 31), min((1 << 31) - 1, int(v)))
    else:
        v = int(tag)
    return t.ByteTag.wrap(v)


def _builtin_bool(state: ParseState, args: list):
    """``bool(x)``: ``NbtOps.getBooleanValue`` of a number: ``byteValue() != 0`` (DataFixerUpper's
    default), or from 26.2 (``bool_any_nonzero``) the value itself not zero."""
    arg = args[0]
    if isinstance(arg, _NUMERIC_TAGS):
        if state.version.snbt.bool_any_nonzero:
            true = arg.value != 0 if isinstance(arg, _FLOATING_TAGS) else int(arg) != 0
        else:
            true = _byte_value(arg) != 0
        return t.ByteTag(1 if true else 0)
    state.store(EXPECTED_NUMBER_OR_BOOLEAN)
    return None


def _builtin_uuid(state: ParseState, args: list):
    """``uuid("...")``: ``UUID.fromString`` of a string tag → ``UUIDUtil.uuidToIntArray``."""
    arg = args[0]
    if not isinstance(arg, t.StringTag):
        state.store(EXPECTED_STRING_UUID)
        return None
    try:
        msb, lsb = uuid_from_string(arg)
    except UuidFormatError:
        state.store(EXPECTED_STRING_UUID)
        return None
    words = [msb >> 32, msb & 0xFFFFFFFF, lsb >> 32, lsb & 0xFFFFFFFF]
    return t.IntArrayTag([w - (1 << 32) if w >> 31 else w for w in words])


BUILTIN_OPERATIONS = {("bool", 1): _builtin_bool, ("uuid", 1): _builtin_uuid}

def _array(state: ParseState, prefix: str, entries: list[IntegerLiteral]):
    tag_type, default, allowed = ARRAYS[prefix]
    values = []
    for entry in entries:
        type_ = entry.type or default
        if type_ not in allowed:
            state.store(INVALID_ARRAY_ELEMENT_TYPE)
            return None
        value = entry.value(state, type_)
        if value is None:
            return None
        values.append(value)  # widened (Number.intValue/longValue) or already a byte
    return tag_type(values)


def _string(units: str) -> t.StringTag:
    return t.StringTag(join_surrogates(units))


def _escape(state: ParseState):
    scope = state.scope
    plain = scope.get("string_escape_sequence")
    if plain is not None:
        return plain
    hex_digits = scope.get_any("string_hex_2", "string_hex_4", "string_hex_8")
    if hex_digits is not None:
        code_point = int(hex_digits, 16)
        if code_point >= 0x80000000:  # HexFormat.fromHexDigits gives an int: 8 digits can be negative
            code_point -= 1 << 32
        if not 0 <= code_point <= 0x10FFFF:
            state.store(INVALID_CODEPOINT, f"U+{code_point & 0xFFFFFFFF:08X}")  # String.format("U+%08X")
            return None
        return utf16_units(chr(code_point))
    code_point = _code_point_of(scope.get("string_unicode_name"))
    if code_point is None:
        state.store(INVALID_CHARACTER_NAME)
        return None
    return utf16_units(chr(code_point))


def _code_point_of(name: str) -> int | None:
    """``Character.codePointOf(name)``: case-insensitive, trimmed; None if no character has it."""
    name = name.strip().upper()
    try:
        ch = unicodedata.lookup(name)
    except KeyError:
        return None
    if len(ch) != 1 or unicodedata.name(ch, "") != name:  # no aliases or named sequences
        return None
    if name.startswith(_RANGE_NAMES):  # Python derives these; Java has no such names
        return None
    return ord(ch)


# names Python derives for characters of UnicodeData ranges, which Java's name table lacks
_RANGE_NAMES = ("CJK UNIFIED IDEOGRAPH-", "HANGUL SYLLABLE ", "TANGUT IDEOGRAPH-",
                "KHITAN SMALL SCRIPT CHARACTER-", "NUSHU CHARACTER-")


# --- the grammar ---------------------------------------------------------------------------
def _build():
    """The grammar's top rule, ``literal`` (``SnbtGrammar.createParser(NbtOps.INSTANCE)``)."""
    def ch(chars: str) -> Chars:
        return Chars(chars)

    sign = Rule("sign").define(
        Alt(Seq(ch("+"), Marker("sign", False)), Seq(ch("-"), Marker("sign", True))),
        lambda s: s.scope.get("sign"))

    def suffixes(signed):
        return Alt(*(Seq(ch(c + c.upper()), Marker("integer_suffix", (signed, c))) for c in INTEGER_TYPES))

    integer_suffix = Rule("integer_suffix").define(
        Alt(Seq(ch("uU"), suffixes(False)), Seq(ch("sS"), suffixes(True)), suffixes(None)),
        lambda s: s.scope.get("integer_suffix"))
    binary = _number_run("binary_numeral", "01_", EXPECTED_BINARY_NUMERAL)
    decimal = _number_run("decimal_numeral", "0123456789_", EXPECTED_DECIMAL_NUMERAL)
    hexadecimal = _number_run("hex_numeral", "0123456789abcdefABCDEF_", EXPECTED_HEX_NUMERAL)

    def integer_action(s: ParseState):
        scope = s.scope
        signed, type_ = scope.get("integer_suffix", (None, None))
        negative = scope.get("sign", False)
        for base, name in (("decimal", "decimal_numeral"), ("hex", "hex_numeral"), ("binary", "binary_numeral")):
            digits = scope.get(name)
            if digits is not None:
                return IntegerLiteral(negative, base, digits, signed, type_)
        raise AssertionError("integer literal without digits")  # pragma: no cover

    integer = Rule("integer_literal").define(Seq(
        Opt(Ref(sign)),
        Alt(
            Seq(ch("0"), Cut(), Alt(
                Seq(ch("xX"), Cut(), Ref(hexadecimal)),
                Seq(ch("bB"), Ref(binary)),
                Seq(Ref(decimal), Cut(), Fail(LEADING_ZERO_NOT_ALLOWED)),
                Marker("decimal_numeral", "0"),
            )),
            Ref(decimal),
        ),
        Opt(Ref(integer_suffix)),
    ), integer_action)

    float_suffix = Rule("float_type_suffix").define(
        Alt(Seq(ch("fF"), Marker("float_type_suffix", "f")), Seq(ch("dD"), Marker("float_type_suffix", "d"))),
        lambda s: s.scope.get("float_type_suffix"))
    exponent = Rule("float_exponent_part").define(
        Seq(ch("eE"), Opt(Ref(sign)), Ref(decimal)),
        lambda s: (s.scope.get("sign", False), s.scope.get("decimal_numeral")))
    whole, fraction = Ref(decimal, "float_whole_part"), Ref(decimal, "float_fraction_part")
    floating = Rule("float_literal").define(Seq(
        Opt(Ref(sign)),
        Alt(
            Seq(whole, ch("."), Cut(), Opt(fraction), Opt(Ref(exponent)), Opt(Ref(float_suffix))),
            Seq(ch("."), Cut(), fraction, Opt(Ref(exponent)), Opt(Ref(float_suffix))),
            Seq(whole, Ref(exponent), Cut(), Opt(Ref(float_suffix))),
            Seq(whole, Opt(Ref(exponent)), Ref(float_suffix)),
        ),
    ), lambda s: _floating(s, s.scope.get("sign", False), s.scope.get("float_whole_part"),
                           s.scope.get("float_fraction_part"), s.scope.get("float_exponent_part"),
                           s.scope.get("float_type_suffix")))

    hex2 = _greedy("string_hex_2", "[0-9a-fA-F]", 2, 2, EXPECTED_HEX_ESCAPE, 2)
    hex4 = _greedy("string_hex_4", "[0-9a-fA-F]", 4, 4, EXPECTED_HEX_ESCAPE, 4)
    hex8 = _greedy("string_hex_8", "[0-9a-fA-F]", 8, 8, EXPECTED_HEX_ESCAPE, 8)
    unicode_name = _pattern("string_unicode_name", _UNICODE_NAME, INVALID_CHARACTER_NAME)
    escape = Rule("string_escape_sequence").define(Alt(
        *(Seq(ch(c), Marker("string_escape_sequence", v)) for c, v in SIMPLE_ESCAPES.items()),
        Seq(ch("x"), Ref(hex2)),
        Seq(ch("u"), Ref(hex4)),
        Seq(ch("U"), Ref(hex8)),
        Seq(ch("N"), ch("{"), Ref(unicode_name), ch("}")),
    ), _escape)
    plain = _greedy("string_plain_contents", r"[^\"'\\]", 1, None, INVALID_STRING_CONTENTS)

    def contents(quote: str, other: str) -> Rule:
        chunk = Rule(f"{quote}_quoted_string_chunk").define(Alt(
            Ref(plain, "string_contents"),
            Seq(ch("\\"), Ref(escape, "string_contents")),
            Seq(ch(other), Marker("string_contents", other)),
        ), lambda s: s.scope.get("string_contents"))
        return Rule(f"{quote}_quoted_string_contents").define(
            Repeated(chunk, "string_chunks"),
            lambda s: "".join(s.scope.get("string_chunks")) or None)

    double_contents = contents("double", "'")
    single_contents = contents("single", '"')
    quoted = Rule("quoted_string_literal").define(Alt(
        Seq(ch('"'), Cut(), Opt(Ref(double_contents, "string_contents")), ch('"')),
        Seq(ch("'"), Opt(Ref(single_contents, "string_contents")), ch("'")),
    ), lambda s: s.scope.get("string_contents", ""))
    unquoted = Rule("unquoted_string", action=_unquoted)

    literal = Rule("literal")  # forward: defined below
    arguments = Rule("arguments").define(RepeatedSep(literal, "arguments", ch(",")),
                                         lambda s: s.scope.get("arguments"))

    def builtin_action(s: ParseState):
        scope = s.scope
        contents_ = scope.get("unquoted_string")
        if contents_[0] in NUMBER_START:
            s.store(INVALID_UNQUOTED_START)
            return None
        args = scope.get("arguments")
        if args is not None:
            operation = BUILTIN_OPERATIONS.get((contents_, len(args)))
            if operation is None:
                s.store(NO_SUCH_OPERATION, f"{contents_}/{len(args)}")
                return None
            return operation(s, args)
        lowered = contents_.lower()
        if lowered == "true":
            return t.ByteTag(1)
        if lowered == "false":
            return t.ByteTag(0)
        return _string(contents_)

    unquoted_or_builtin = Rule("unquoted_string_or_builtin").define(
        Seq(Ref(unquoted), Opt(Seq(ch("("), Ref(arguments), ch(")")))), builtin_action)

    map_key = Rule("map_key").define(Alt(Ref(quoted), Ref(unquoted)),
                                     lambda s: s.scope.get_any("quoted_string_literal", "unquoted_string"))

    def entry_action(s: ParseState):
        key = s.scope.get("map_key")
        if not key:
            s.store(EMPTY_KEY)
            return None
        return (join_surrogates(key), s.scope.get("literal"))

    map_entry = Rule("map_entry").define(Seq(Ref(map_key), ch(":"), Ref(literal)), entry_action)
    entries = RepeatedSep(map_entry, "map_entries", ch(","))
    entries.bulk = snbt_plain_scanner.map_entries  # a run of plain entries read directly
    map_entries = Rule("map_entries").define(entries, lambda s: s.scope.get("map_entries"))

    def map_action(s: ParseState):
        compound = _new_dict(t.CompoundTag)
        for key, value in s.scope.get("map_entries"):
            compound[key] = value  # a repeated key keeps its first place and takes the last value
        return compound

    map_literal = Rule("map_literal").define(Seq(ch("{"), Ref(map_entries), ch("}")), map_action)
    elements = RepeatedSep(literal, "list_entries", ch(","))
    elements.bulk = snbt_plain_scanner.list_entries  # a run of plain values read directly
    list_entries = Rule("list_entries").define(elements, lambda s: s.scope.get("list_entries"))
    array_prefix = Rule("array_prefix").define(
        Alt(*(Seq(ch(p), Marker("array_prefix", p)) for p in "BLI")),
        lambda s: s.scope.get("array_prefix"))
    array_entries = Rule("int_array_entries").define(RepeatedSep(integer, "int_array_entries", ch(",")),
                                                     lambda s: s.scope.get("int_array_entries"))

    def list_action(s: ParseState):
        prefix = s.scope.get("array_prefix")
        if prefix is not None:
            return _array(s, prefix, s.scope.get("int_array_entries"))
        return t.ListTag(s.scope.get("list_entries"))

    list_literal = Rule("list_literal").define(Seq(
        ch("["),
        Alt(Seq(Ref(array_prefix), ch(";"), Ref(array_entries)), Ref(list_entries)),
        ch("]"),
    ), list_action)

    def literal_action(s: ParseState):
        scope = s.scope
        text = scope.get("quoted_string_literal")
        if text is not None:
            return _string(text)
        number = scope.get("integer_literal")
        if number is not None:
            return number.tag(s)
        return scope.get("literal")

    literal.define(Alt(
        Seq(Lookahead(ch(NUMBER_START)), Alt(Ref(floating, "literal"), Ref(integer))),
        Seq(Lookahead(ch("\"'")), Cut(), Ref(quoted)),
        Seq(Lookahead(ch("{")), Cut(), Ref(map_literal, "literal")),
        Seq(Lookahead(ch("[")), Cut(), Ref(list_literal, "literal")),
        Ref(unquoted_or_builtin, "literal"),
    ), literal_action)
    literal.fast = snbt_plain_scanner.literal  # plain SNBT read directly, the same answers
    return literal


LITERAL = _build()


def parse_literal(state: ParseState):
    """The tag of the ``literal`` rule at the start of ``state`` (not checking what follows),
    or :class:`~harness.formats.nbt.string_reader.CommandSyntaxError`."""
    return state.parse_top(LITERAL)
