"""The SNBT parsers rule by rule, each rule pinned to a recorded answer or a GAME_FACTS.md 3.8 fact.

Where an expectation is a recorded answer it is read from ``reference/`` (``_recorded``);
where it is a fact GAME_FACTS.md states, the test says which. Both grammars are covered:
``legacy`` (1.20.1, 1.21.1) and ``packrat`` (26.1.2, 26.3).
"""

from __future__ import annotations

import pytest

from conftest import reference_case
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.lang import language
from harness.formats.nbt import tags as t
from harness.formats.nbt.java_number_parse import parse_float
from harness.formats.nbt.string_reader import CommandSyntaxError, StringReader
from harness.formats.nbt.tag_parser import parse, parse_compound
from harness.formats.nbt.uuid_text import UuidFormatError, uuid_from_string
from harness.implementations.python import snbt

LEGACY = ("1.20.1", "1.21.1")
PACKRAT = ("26.1.2", "26.3")


def _recorded(version: str, n: int, op: int = 0):
    case = reference_case(version, f"snbt/p/{n}")
    return case["ops"][op][1], case["answers"][op]


def _answer(text: str, version: str, op: str = "parse"):
    return snbt.run({}, [[op, text]], versions.get(version))[0]


def _check(version: str, n: int, op: int = 0):
    """Our answer to recorded case ``snbt/p/<n>``'s operation ``op`` is the game's; returns it."""
    case = reference_case(version, f"snbt/p/{n}")
    name, text = case["ops"][op]
    assert _answer(text, version, name) == case["answers"][op], f"{version} snbt/p/{n} {name} {text!r}"
    return case["answers"][op]


def _key(text: str, version: str, op=parse) -> str:
    with pytest.raises(CommandSyntaxError) as e:
        op(text, versions.get(version))
    return e.value.key


# --- the version table ---------------------------------------------------------------------
def test_the_version_table_names_each_grammar():
    # GAME_FACTS 3.8: regex TagParser in 1.20.1/1.21.1, SnbtGrammar (packrat) in 26.x
    assert {v: versions.get(v).snbt.grammar for v in LEGACY + PACKRAT + ("26.2",)} == {
        "1.20.1": "legacy", "1.21.1": "legacy", "26.1.2": "packrat", "26.2": "packrat", "26.3": "packrat"}


@pytest.mark.parametrize("n", range(41))
def test_versions_of_one_grammar_answer_alike(n):
    # the recorded answers of 1.20.1 equal 1.21.1's, and 26.1.2's equal 26.3's, case by case
    assert reference_case("1.20.1", f"snbt/p/{n}")["answers"] == reference_case("1.21.1", f"snbt/p/{n}")["answers"]
    assert reference_case("26.1.2", f"snbt/p/{n}")["answers"] == reference_case("26.3", f"snbt/p/{n}")["answers"]


# --- the error message ----------------------------------------------------------------------
def test_message_is_english_position_and_ten_units_of_context():
    for version in LEGACY + PACKRAT:
        text, want = _recorded(version, 31)  # "{a:1} trailing"
        assert _answer(text, version) == want == {
            "error": "CommandSyntaxException", "message": "Unexpected trailing data at position 6: {a:1} <--[HERE]"}
    for version in PACKRAT:  # more than 10 units before the cursor: "..." and the last 10
        text, want = _recorded(version, 11)
        assert want["message"].endswith(": ...00,d:-0x10<--[HERE]")
        assert _answer(text, version) == want


def test_positions_count_utf16_code_units():
    # a Java String holds a character outside the BMP as two chars; Brigadier's cursor counts chars
    for version in LEGACY + PACKRAT:
        bmp = _answer("{a:'ab'} x", version)["message"]
        astral = _answer("{a:'\U0001F600'} x", version)["message"]
        assert bmp.split(":")[0] == astral.split(":")[0] == "Unexpected trailing data at position 9"
        assert astral.endswith("{a:'\U0001F600'} <--[HERE]")


def test_string_reader_reads_like_brigadier():
    english = language("26.3")
    r = StringReader("  'a\\'b' rest", english)
    r.skip_whitespace()
    assert r.read_string() == "a'b" and r.cursor == 8
    with pytest.raises(CommandSyntaxError) as e:
        StringReader('"a\\nb"', english).read_string()
    assert (e.value.key, e.value.arguments) == ("parsing.quote.escape", ("n",))
    assert e.value.message == "Invalid escape sequence '\\n' in quoted string at position 3: \"a\\<--[HERE]"
    assert StringReader("\u3000\u00a0", english).read_string() == ""  # U+00A0 is not Java whitespace: not skipped
    r = StringReader("\u3000x", english)
    r.skip_whitespace()
    assert r.cursor == 1


# --- entry points --------------------------------------------------------------------------
def test_parse_compound_refuses_other_values():
    for version in LEGACY + PACKRAT:
        text, want = _recorded(version, 30, op=1)  # "[1,2]"
        assert _answer(text, version, "parse_compound") == want
    assert _recorded("26.3", 30, op=1)[1]["message"].startswith("Expected compound tag at position 5")
    assert _recorded("1.21.1", 30, op=1)[1]["message"].startswith("Expected '{' at position 0")
    assert parse_compound("{a:1}", versions.get("26.3")) == t.CompoundTag(a=t.IntTag(1))


def test_parse_takes_any_value():
    for version in LEGACY + PACKRAT:
        assert _answer("[1,2]", version) == _recorded(version, 30)[1] == "0903000000020000000100000002"


# --- legacy: tokens classified by regex ---------------------------------------------------------
@pytest.mark.parametrize("n", [11, 12, 14, 17, 18, 19, 20, 21, 22, 32, 35, 36])
def test_legacy_tokens_that_fit_no_pattern_are_strings(n):
    for version in LEGACY:
        text, want = _recorded(version, n)
        assert want.startswith("0a08")  # a compound whose one entry is a string
        assert _answer(text, version) == want


def test_legacy_numbers_by_suffix():
    v = versions.get("1.21.1")
    assert parse("{a:1b,b:2s,c:3L,d:4.0f,e:5.0d,f:6.0}", v) == t.CompoundTag(
        a=t.ByteTag(1), b=t.ShortTag(2), c=t.LongTag(3), d=t.FloatTag.of(4.0), e=t.DoubleTag.of(5.0),
        f=t.DoubleTag.of(6.0))  # recorded p/2
    _check("1.21.1", 40)  # "+5" is the int 5
    # GAME_FACTS 3.8: suffixes in any case; an unsuffixed double needs a '.'; Infinity from overflow
    assert parse("[1B,2b]", v) == t.ListTag([t.ByteTag(1), t.ByteTag(2)])
    assert parse("1.", v) == t.DoubleTag.of(1.0) and parse("1", v) == t.IntTag(1)
    assert parse("1e99f", v) == t.FloatTag(0x7F800000)
    assert parse("-0.0f", v) == t.FloatTag(0)  # recorded p/34: FloatTag.valueOf(-0.0f) is ZERO


def test_legacy_booleans_any_case():
    for version in LEGACY + PACKRAT:
        text, want = _recorded(version, 3)  # {a:true,b:false,c:TRUE}
        assert want == "0a01000161010100016200010001630100" and _answer(text, version) == want


def test_legacy_lists_must_be_homogeneous_and_arrays_typed():
    for version in LEGACY:
        for n in (7, 9, 10, 37, 38):  # list.mixed / array.mixed at the offending element
            text, want = _recorded(version, n)
            assert _answer(text, version) == want
        assert _key("[Q;1]", version) == "argument.nbt.array.invalid"  # GAME_FACTS 3.8
        assert _key("[1,,2]", version) == "argument.nbt.expected.value"
        assert parse("[1,2,]", versions.get(version)) == t.ListTag([t.IntTag(1), t.IntTag(2)])  # trailing comma


def test_legacy_keys_and_quotes():
    for version in LEGACY:
        for n in (4, 24, 25, 26, 27, 28, 29, 39):  # quotes, bad escapes, empty keys, last wins, trailing comma
            text, want = _recorded(version, n)
            assert _answer(text, version) == want
        assert parse("{'a\\\\b':'x\\'y'}", versions.get(version)) == t.CompoundTag({"a\\b": t.StringTag("x'y")})


def test_legacy_has_no_builtins():
    for version in LEGACY:
        _check(version, 23)  # parsing.expected at '('


# --- packrat: numbers --------------------------------------------------------------------------
def test_packrat_integer_bases_and_suffixes():
    for version in PACKRAT:
        text, want = _recorded(version, 12)  # {a:255ub,b:0xFFb,c:3ub,d:0xABCDus}
        assert _answer(text, version) == want
        # 'b' is a hex digit: 0xFFb is the int 0xFFB, not a byte (recorded, against GAME_FACTS' example)
        assert want == "0a01000161ff0300016200000ffb010001630302000164abcd00"
    v = versions.get("26.3")
    # GAME_FACTS 3.8: 0x/0b bases, '_' between digits, suffix b s i l with s/u prefix, default int
    assert parse("[0x1F,0b101,1_000,0X1f,0B11]", v) == t.ListTag([t.IntTag(31), t.IntTag(5), t.IntTag(1000),
                                                                 t.IntTag(31), t.IntTag(3)])
    assert parse("[1b,1s,1i,1l,1sb,1ss,1si,1sl]", v) == t.ListTag(
        [t.ByteTag(1), t.ShortTag(1), t.IntTag(1), t.LongTag(1), t.ByteTag(1), t.ShortTag(1), t.IntTag(1), t.LongTag(1)])
    assert parse("255ub", v) == t.ByteTag(-1)  # unsigned parses wrap
    assert parse("-0x10sb", v) == t.ByteTag(-16)  # explicitly signed hex may be negative


def test_packrat_integer_errors():
    for version in PACKRAT:
        for n in (11, 17, 18, 19, 32, 35):  # -0x10, 012, 2147483648, 128b, -1u, 1_
            text, want = _recorded(version, n)
            assert want["error"] == "CommandSyntaxException"
            assert _answer(text, version) == want
    # GAME_FACTS 3.8: overflow is an error (not a string); negative with unsigned is an error
    for text in ("{a:2147483648}", "{a:-1ub}", "{a:256ub}", "{a:0x100000000}"):
        with pytest.raises(CommandSyntaxError):
            parse(text, versions.get("26.3"))


def test_packrat_floats():
    for version in PACKRAT:
        for n in (2, 14, 15, 16, 33, 34):  # suffixes, 1e5 (double), 1.5e3f, .5, 1.0E7d, -0.0f
            text, want = _recorded(version, n)
            assert _answer(text, version) == want
    v = versions.get("26.3")
    # GAME_FACTS 3.8: the four float forms; no suffix is a double
    assert parse("[1.,1.5e1,2e1f,3d]", v) == t.ListTag(
        [t.DoubleTag.of(1.0), t.DoubleTag.of(15.0), t.FloatTag.of(20.0), t.DoubleTag.of(3.0)])
    assert parse("0.1f", v) == t.FloatTag(parse_float("0.1"))
    assert _key("{a:1e999f}", "26.3") == "snbt.parser.infinity_not_allowed"  # non-finite result


def test_packrat_nan_and_infinity_words():
    for version in PACKRAT:
        for n in (20, 21):  # NaNd, Infinityf: unquoted strings
            _check(version, n)
    with pytest.raises(CommandSyntaxError):  # GAME_FACTS 3.8: -Infinityf fails to parse
        parse("-Infinityf", versions.get("26.3"))


def test_packrat_whitespace_before_every_terminal():
    v = versions.get("26.3")
    # GAME_FACTS 3.8: whitespace skipped before every terminal, also inside number literals
    assert parse(" { a : [ 1 b , 2 ] } ", v) == t.CompoundTag(a=t.ListTag([t.ByteTag(1), t.IntTag(2)]))
    assert parse("'a b '", v) == t.StringTag("a b ")  # string contents excepted


# --- packrat: strings and keys ----------------------------------------------------------------
def test_packrat_escapes():
    for version in PACKRAT:
        text, want = _recorded(version, 24)  # \n \t \u00e9 \x41 \N{SNOWMAN}
        assert _answer(text, version) == want
        _check(version, 25)  # \q
    # GAME_FACTS 3.8: \b \s(space) \t \n \f \r \\ \' \" and \UHHHHHHHH
    assert parse("'\\b\\s\\t\\n\\f\\r\\\\\\'\\\"\\U0001F600'", versions.get("26.3")) == t.StringTag(
        "\b \t\n\f\r\\'\"\U0001F600")
    assert _key("'\\U00110000'", "26.3") == "snbt.parser.invalid_codepoint"


def test_packrat_unquoted_strings_may_not_start_like_numbers():
    for version in PACKRAT:
        for n in (22, 36):  # 1350diamonds_plz is refused; _1 is a string
            _check(version, n)
    assert parse("{1a:x}", versions.get("26.3")) == t.CompoundTag({"1a": t.StringTag("x")})  # keys may


def test_packrat_keys():
    for version in PACKRAT:
        for n in (26, 27, 28, 29, 39):  # empty keys refused, last value wins, trailing comma, quoted key
            _check(version, n)
    assert _key('{"":"x"}', "26.3") == "snbt.parser.empty_key"  # GAME_FACTS 3.8


# --- packrat: collections and built-ins ---------------------------------------------------------
def test_packrat_heterogeneous_lists():
    for version in PACKRAT:
        text, want = _recorded(version, 7)  # [1,'a',{b:2}]: written as compounds, non-compounds wrapped
        assert _answer(text, version) == want
        _check(version, 6)  # []


def test_packrat_array_element_types():
    for version in PACKRAT:
        for n in (8, 9, 10, 37, 38):  # unsuffixed elements take the array's type; [B;1s] refused
            _check(version, n)
    v = versions.get("26.3")
    # GAME_FACTS 3.8: B takes b; I takes b s i; L takes b s i l
    assert parse("[L;1b,2s,3i,4l]", v) == t.LongArrayTag([1, 2, 3, 4])
    assert parse("[I;1b,2s,3i]", v) == t.IntArrayTag([1, 2, 3])
    assert parse("[B;1b,]", v) == t.ByteArrayTag([1])
    for text in ("[I;1L]", "[B;1i]", "[L;1f]"):
        with pytest.raises(CommandSyntaxError):
            parse(text, v)
    assert _key("[I;1L]", "26.3") == "snbt.parser.invalid_array_element_type"


def test_packrat_builtins():
    for version in PACKRAT:
        text, want = _recorded(version, 23)  # bool(1), uuid("f81d4fae-...")
        assert _answer(text, version) == want
    v = versions.get("26.3")
    # GAME_FACTS 3.8: bool(x) of a boolean or a number, unknown name/arity refused
    assert parse("[bool(true),bool(false),bool(0),bool(2)]", v) == t.ListTag(
        [t.ByteTag(1), t.ByteTag(0), t.ByteTag(0), t.ByteTag(1)])
    assert _key("foo(1)", "26.3") == "snbt.parser.no_such_operation"
    assert _key("bool(1,2)", "26.3") == "snbt.parser.no_such_operation"
    assert _key("uuid(1)", "26.3") == "snbt.parser.expected_string_uuid"


def test_uuid_text_is_java_uuid_from_string():
    # the recorded uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf6") → [I;f81d4fae,7dec11d0,a76500a0,c91e6bf6]
    assert uuid_from_string("f81d4fae-7dec-11d0-a765-00a0c91e6bf6") == (0xF81D4FAE7DEC11D0, 0xA76500A0C91E6BF6)
    for bad in ("1-2-3-4", "1-2-3-4-5-6", "-1-2-3-4", "x-2-3-4-5", "0" * 37):
        with pytest.raises(UuidFormatError):
            uuid_from_string(bad)


# --- both ---------------------------------------------------------------------------------------
def test_deep_nesting_is_parsed_or_refused_cleanly():
    for version in LEGACY + PACKRAT:
        tag = parse("[" * 600 + "]" * 600, versions.get(version))
        depth = 0
        while isinstance(tag, t.ListTag) and tag:
            tag, depth = tag[0], depth + 1
        assert depth == 599
    for version in ("1.21.1", "26.3"):  # beyond our stack: the game's own kind of refusal
        with pytest.raises(GameError) as e:
            parse("[" * 25_000 + "]" * 25_000, versions.get(version))
        assert e.value.kind == "StackOverflowError"


def test_unknown_operation_is_a_malformed_case():
    with pytest.raises(ValueError):
        snbt.run({}, [["print", "{}"]], versions.get("26.3"))
