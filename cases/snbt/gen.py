"""Generates the snbt cases: SNBT texts for both grammars (the legacy ``TagParser`` of
1.20.1/1.21.1 and the 26.x ``SnbtGrammar``).

Run ``python3 cases/snbt/gen.py [--out DIR]``; it writes one YAML case file per category next
to itself, or into DIR (``harness.engine.casefile.dump_cases``). Same generator, same bytes: the fixed texts are
listed in order (append only: ids are numbered in order, an id means the same text forever, a
retired text keeps its number) and every random choice comes from ``random.Random(seed)`` of its
category, for the texts each category lists, in that frozen order; a text added later draws
from ``generate.case_rng(id)`` (``cases/generate.py``). No text nests deeper than
``MAX_NESTING`` (400) levels: deeper, the game's answer depends on its JIT (its parser's stack
overflows), so no stable answer exists; ``collections-077`` .. ``080`` (512 and 513 deep) are
retired for it.
Every case parses its text twice, ``["parse", text]`` and ``["parse_compound", text]``, as
the recorded ``snbt/p/`` cases do, so one text shows both entry points.

Categories (GAME_FACTS.md 3.8 and the recorded snbt answers):

- ``integers``: decimal, hex, binary, signs, ``_``, every suffix ``b s i l`` with and without
  ``s``/``u``, in both cases, the boundaries of each type and one past them, unsigned
  wrapping, leading zeros, and random literals;
- ``floats``: every float form (``1.``, ``.5``, ``1e5``, suffixes), overflow to infinity,
  underflow, ``-0.0``, NaN/Infinity words, float rounding edges, and random literals;
- ``strings``: quoting, every escape, bad escapes, code points, unicode names, unquoted
  strings and their start characters, booleans, whitespace everywhere;
- ``collections``: lists (empty, homogeneous, mixed, nested, trailing commas, lists of
  compounds shaped ``{"": x}``), arrays of each type with each suffix, compounds with
  repeated, quoted and colliding keys (Java ``HashMap`` order), deep nesting;
- ``builtins``: ``bool(...)`` over numbers, booleans and strings, ``uuid(...)`` over good and
  malformed texts, unknown names and arities;
- ``errors``: one text per error key of each grammar, and the entry points' own errors.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from cases import generate  # noqa: E402



MAX_NESTING = 400  # deeper SNBT has no stable answer: the game's stack overflows at a depth its JIT decides
RETIRED = (None, "retired")  # a text no longer generated; its id number is never given again


def _cases(prefix: str, texts: list[tuple[str | None, str]]) -> list[dict]:
    """One case per (text, purpose): parse and parse_compound of the text, ids numbered in
    order (append only: an id means the same text forever); a ``RETIRED`` entry keeps its number."""
    cases = []
    for i, (text, purpose) in enumerate(texts):
        if text is None:  # a retired id: its number stays taken
            continue
        cases.append({
            "id": f"snbt/g/{prefix}-{i:03d}",
            "purpose": purpose,
            "setup": {},
            "ops": [["parse", text], ["parse_compound", text]],
        })
    return cases


def _in(value: str) -> str:
    return "{v:" + value + "}"


# --- integers -----------------------------------------------------------------------------
_BOUNDS = {"b": 8, "s": 16, "i": 32, "l": 64}


def integers(rng: random.Random) -> list[dict]:
    texts = []
    for literal in ("0", "1", "-1", "+1", "42", "-0", "+0", "007", "0_1", "1_000_000", "1__0", "_1", "1_",
                    "0x0", "0x1F", "0X1f", "-0x10", "+0x10", "0x", "0xG", "0x_1", "0x1_F", "0xFFFFFFFF",
                    "0x100000000", "0b0", "0b101", "0B11", "-0b1", "0b", "0b2", "0b1_0", "0b_1",
                    "1b", "1B", "1s", "1S", "1i", "1I", "1l", "1L", "1ub", "1UB", "1sb", "1SB", "1us", "1ss",
                    "1ui", "1si", "1ul", "1sl", "1u", "1ui ", "1 b", "- 1", "1 u b", "0xFFb", "0xFFub",
                    "0xFFsb", "0x7Fsb", "-0x80sb", "-0x81sb", "0b11111111ub", "0b11111111sb", "-1ub",
                    "-1ul", "-0x1", "-0x1si", "255ub", "256ub", "65535us", "65536us", "4294967295ui",
                    "4294967296ui", "18446744073709551615ul", "18446744073709551616ul", "0xFFFFFFFFFFFFFFFFL",
                    "0x10000000000000000L", "1e", "1f", "1d", "12345678901234567890"):
        texts.append((_in(literal), f"integer literal {literal!r}"))
    for suffix, bits in _BOUNDS.items():
        tail = "" if suffix == "i" else suffix
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        for value in (lo - 1, lo, hi, hi + 1):
            texts.append((_in(f"{value}{tail}"), f"signed {suffix} boundary {value}"))
        for value in ((1 << bits) - 1, 1 << bits):
            texts.append((_in(f"{value}u{suffix}"), f"unsigned {suffix} boundary {value}"))
            texts.append((_in(f"0x{value:X}{tail or 'i'}"), f"hex {suffix} boundary {value:#x}"))
    for _ in range(24):
        base = rng.choice(("dec", "hex", "bin"))
        bits = rng.choice((8, 16, 32, 64))
        value = rng.randrange(0, 1 << bits)
        digits = {"dec": str(value), "hex": f"0x{value:x}", "bin": f"0b{value:b}"}[base]
        sign = rng.choice(("", "", "-", "+"))
        suffix = rng.choice(("", "b", "s", "i", "l", "ub", "us", "ui", "ul", "sb", "ss", "si", "sl"))
        texts.append((_in(f"{sign}{digits}{suffix}"), f"random integer ({base}, {bits} bits)"))
    return _cases("integers", texts)


# --- floats -------------------------------------------------------------------------------
def floats(rng: random.Random) -> list[dict]:
    texts = []
    for literal in ("1.", ".5", "1.5", "-1.5", "+1.5", "1.0E7d", "1e5", "1E5", "1e+5", "1e-5", "1e5f", "1e5d",
                    "1.5e3f", ".5f", "1.f", "1f", "1F", "1d", "1D", "0.0", "-0.0", "-0.0f", "-0.0d", "0.0f",
                    "1_0.5", "1._5", "1.5_", "1e1_0", "1e_1", ".", ".e5", "1.5e", "1.5ef", "1.5e+f",
                    "1e39f", "3.4028235e38f", "3.4028236e38f", "1e308", "1.7976931348623157e308",
                    "1.7976931348623159e308", "1e309", "1e999", "1e999f", "-1e999d", "1e-46f", "1e-400",
                    "1.4e-45f", "4.9e-324", "0.1f", "0.1", "16777217f", "1.00000005960464477539f",
                    "1.000000059604644775390625f", "9007199254740993", "9007199254740993d",
                    "NaN", "NaNf", "NaNd", "Infinity", "Infinityf", "-Infinityf", "Infinityd",
                    "1.5b", "1.5L", "1. 5", "1 .5", "1 e5", "1.5 f", "0.5e-3f", "00.5", "01.5", "0e0"):
        texts.append((_in(literal), f"float literal {literal!r}"))
    for _ in range(24):
        whole = str(rng.randrange(0, 10 ** rng.randrange(1, 12)))
        frac = str(rng.randrange(0, 10 ** rng.randrange(1, 12)))
        exp = rng.choice(("", f"e{rng.randrange(-50, 50)}", f"E-{rng.randrange(0, 400)}"))
        suffix = rng.choice(("", "f", "d", "F", "D"))
        texts.append((_in(f"{whole}.{frac}{exp}{suffix}"), "random float literal"))
    return _cases("floats", texts)


# --- strings ------------------------------------------------------------------------------
def strings(rng: random.Random) -> list[dict]:
    texts = []
    for literal in ('"plain"', "'plain'", '""', "''", "'x\"y'", "\"x'y\"", '"x\\"y"', "'x\\'y'", '"a\\\\b"',
                    '"\\b\\s\\t\\n\\f\\r"', '"\\x41"', '"\\x4"', '"\\xZZ"', '"\\u00e9"', '"\\u00E9"', '"\\u0"',
                    '"\\U0001F600"', '"\\U00110000"', '"\\UFFFFFFFF"', '"\\uD83D\\uDE00"', '"\\uD800"',
                    '"\\N{SNOWMAN}"', '"\\N{snowman}"', '"\\N{ SNOWMAN }"', '"\\N{NOT A NAME}"', '"\\N{}"',
                    '"\\N{LATIN SMALL LETTER A}"', '"\\N SNOWMAN"', '"\\q"', '"\\ n"', '"\\', '"abc', "'abc",
                    '"a b  c"', '" \\t "', '"é☃😀"', "'\\''", '"\\\'"', "'\\\"'",
                    "abc", "a.b-c+d_e", "_x", "-x", "+x", ".x", "1x", "true", "false", "TRUE", "False",
                    "tRuE", "truex", "yes", "é", "a b", "a\tb"):
        texts.append((_in(literal), f"string {literal!r}"))
    for text in ("  {  v  :  1  }  ", "{v:1}\t\n", "\u3000{v:1}", "{v:1}\u00a0", "{\u2028v:1}",
                 "{'quoted key':1}", '{"with space":1}', "{1a:1}", "{-x:1}", "{+:1}", "{.:1}", "{true:1}",
                 "{'':1}", '{"":1}', "{'':'x'}", '{"":{}}', "{é:1}", "{a:1,}", "{a:1,,}", "{,}", "{a:1 b:2}"):
        texts.append((text, f"whitespace and keys {text!r}"))
    alphabet = "abcXYZ019 _-.+'\"\\"
    for _ in range(12):
        body = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 8)))
        quote = rng.choice(("'", '"'))
        texts.append((_in(quote + body + quote), "random quoted text"))
    return _cases("strings", texts)


# --- collections --------------------------------------------------------------------------
def _colliding_keys() -> list[str]:
    """Keys whose String hashes share low bits, so a HashMap's table size changes their order."""
    return ["Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "a", "q", "A", "Q", "0", "@", "p", "P", "`", "1"]


def collections(rng: random.Random) -> list[dict]:
    texts = []
    for literal in ("[]", "[ ]", "[1]", "[1,2,3]", "[1,2,3,]", "[1,,2]", "[,]", "[1 2]", "[1,'a',{b:2}]",
                    "[1,2b]", "[[],[1],[[2]]]", "[{},{a:1}]", "[{'':1},{'':2}]", "[{'':1},2]",
                    "[{'':1,b:2},3]", "[B]", "[B,1]", "[B;]", "[B;1b,2b]", "[B;1,2]", "[B;1s]", "[B;255]",
                    "[B;0xFF]", "[B;-1ub]", "[B;1b,]", "[B; 1b , 2b ]", "[ B ; 1 ]", "[I;1,2b,3s]",
                    "[I;1L]", "[I;0xFFFFFFFF]", "[I;1.5]", "[I;'a']", "[L;1,2]", "[L;1b,2s,3i,4l]",
                    "[L;0xFFFFFFFFi]", "[L;1f]", "[X;1]", "[b;1]", "[;1]", "['';1]", "[I;]", "[I;,]",
                    "[I;true]", "[I;1", "[1", "[", "{", "{a", "{a:", "{a:1", "{a:[1,2,3]}", "{a:{b:{c:{}}}}",
                    "{a:1,a:2}", "{a:1,b:2,a:3}", "{b:1,a:2}"):
        texts.append((_in(literal) if literal[:1] in "[" else literal, f"collection {literal!r}"))
    keys = _colliding_keys()
    for n in (2, 5, 6, 7, 12, 13, 16, 24, 25):
        order = keys[:n] if n <= len(keys) else keys + [f"k{i}" for i in range(n - len(keys))]
        texts.append(("{" + ",".join(f"{k}:{i}" for i, k in enumerate(order)) + "}",
                      f"compound of {n} keys with colliding hash slots (HashMap order)"))
        shuffled = list(order)
        rng.shuffle(shuffled)
        texts.append(("{" + ",".join(f"'{k}':{i}b" for i, k in enumerate(shuffled)) + "}",
                      f"the same {n} keys put in another order"))
    for depth in (16, 100, 512, 513, MAX_NESTING):
        if depth > MAX_NESTING:  # collections-077 .. 080, recorded before the limit: retired
            texts += [RETIRED, RETIRED]
            continue
        texts.append(("[" * depth + "]" * depth, f"lists nested {depth} deep"))
        texts.append(("{a:" * depth + "{}" + "}" * depth, f"compounds nested {depth} deep"))
    return _cases("collections", texts)


# --- builtins -----------------------------------------------------------------------------
def builtins(rng: random.Random) -> list[dict]:
    texts = []
    for literal in ("bool(1)", "bool(0)", "bool(true)", "bool(false)", "bool(2)", "bool(-1)", "bool(256)",
                    "bool(256s)", "bool(0.5)", "bool(0.5f)", "bool(1.0)", "bool(-0.0)", "bool(1e10)",
                    "bool(-1e10)", "bool(4294967296L)", "bool('x')", "bool([])", "bool({})", "bool()",
                    "bool(1,2)", "bool(1,)", "bool( 1 )", "BOOL(1)", "bool (1)", "bool(bool(1))", "bool(",
                    "bool(1", 'uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")',
                    "uuid('F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6')", 'uuid("00000000-0000-0000-0000-000000000000")',
                    'uuid("ffffffff-ffff-ffff-ffff-ffffffffffff")', 'uuid("1-2-3-4-5")', 'uuid("+1-2-3-4-5")',
                    'uuid("1-2-3-4")', 'uuid("1-2-3-4-5-6")', 'uuid("-1-2-3-4")', 'uuid("x-2-3-4-5")',
                    'uuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf60")', 'uuid("123456789-2-3-4-5")',
                    'uuid("1-2-3-4-1234567890123")', 'uuid("")', "uuid(1)", "uuid(abc)", "uuid()",
                    "uuid('a','b')", "true()", "foo(1)", "foo()", "x(1,2,3)", "1_()", "-x()"):
        texts.append((_in(literal), f"built-in {literal!r}"))
    for _ in range(6):
        words = [rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)]
        text = f"{words[0]:08x}-{words[1]:04x}-{words[2]:04x}-{words[3]:04x}-{words[4]:012x}"
        texts.append((_in(f'uuid("{text}")'), "random uuid"))
    return _cases("builtins", texts)


# --- errors -------------------------------------------------------------------------------
def errors(rng: random.Random) -> list[dict]:
    texts = [
        ("{a:1} trailing", "argument.nbt.trailing"),
        ("1 2", "argument.nbt.trailing after a number"),
        ("[1,2]", "argument.nbt.expected.compound (26.x) / parsing.expected (legacy) for parse_compound"),
        ("'x'", "a string where a compound is wanted"),
        ("", "empty text"),
        ("   ", "only whitespace"),
        ("{:1}", "argument.nbt.expected.key / expected_unquoted_string"),
        ("{a:1,", "argument.nbt.expected.key at the end"),
        ("{a:}", "argument.nbt.expected.value / expected_unquoted_string"),
        ("{a 1}", "parsing.expected ':'"),
        ("{a:[1,'a']}", "argument.nbt.list.mixed (legacy)"),
        ("{a:[B;1,2]}", "argument.nbt.array.mixed (legacy)"),
        ("{a:[Q;1]}", "argument.nbt.array.invalid (legacy)"),
        ('{a:"\\q"}', "parsing.quote.escape (legacy) / bad escape"),
        ('{a:"abc', "parsing.quote.expected.end (legacy) / invalid_string_contents"),
        ("{a:128b}", "snbt.parser.number_parse_failure"),
        ("{a:99999s}", "a short out of range (the suffix's own alternatives reach as far)"),
        ('{a:"\\x4"}', "snbt.parser.expected_hex_escape"),
        ('{a:"\\U00110000"}', "snbt.parser.invalid_codepoint"),
        ("{a:foo(1)}", "snbt.parser.no_such_operation"),
        ("{a:-1u}", "unsigned suffix without its type"),
        ("{a:-1ub}", "snbt.parser.expected_non_negative_number"),
        ("{a:-0x10}", "negative hex (unsigned by default)"),
        ('{a:"\\N{NO SUCH NAME}"}', "snbt.parser.invalid_character_name"),
        ("{a:[B;1s]}", "snbt.parser.invalid_array_element_type"),
        ("{a:1_()}", "snbt.parser.invalid_unquoted_start"),
        ("{a:-x}", "an unquoted string may not start with '-'"),
        ("{a:0b}", "0 then the byte suffix"),
        ("{a:0b2}", "snbt.parser.expected_binary_numeral"),
        ("{a:1_}", "snbt.parser.underscore_not_allowed"),
        ("{a:+}", "snbt.parser.expected_decimal_numeral"),
        ("{a:0x}", "snbt.parser.expected_hex_numeral"),
        ("{'':\"x\"}", "snbt.parser.empty_key"),
        ("{a:012}", "snbt.parser.leading_zero_not_allowed"),
        ("{a:00}", "two zeros"),
        ("{a:1e999f}", "snbt.parser.infinity_not_allowed"),
        ("{a:uuid(1)}", "snbt.parser.expected_string_uuid"),
        ("{a:bool('x')}", "snbt.parser.expected_number_or_boolean"),
        ("{a:[I;1L]}", "a long in an int array"),
        ("{a:1.5s}", "an integer suffix on a float"),
        ("{a:1,,b:2}", "two commas in a compound"),
        ("[1,,2]", "two commas in a list"),
        ("}", "a closing brace alone"),
        ("]", "a closing bracket alone"),
        ("{a:1}}", "one brace too many"),
        ("{a:[1}", "a list closed by a brace"),
        ("0123456789{a:1", "a long context before the error ('...' prefix)"),
    ]
    alphabet = "{}[]:,;'\"\\ab1.-_ BIL"
    for _ in range(16):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 12)))
        texts.append((text, "random punctuation"))
    return _cases("errors", texts)


CATEGORIES = {
    "integers": (6001, integers),
    "floats": (6002, floats),
    "strings": (6003, strings),
    "collections": (6004, collections),
    "builtins": (6005, builtins),
    "errors": (6006, errors),
}


def main(argv: list[str] | None = None) -> int:
    """``python3 cases/snbt/gen.py [--out DIR]``: writes ``<category>.yaml`` for every category."""
    return generate.main("snbt", CATEGORIES, argv)


if __name__ == "__main__":
    sys.exit(main())
