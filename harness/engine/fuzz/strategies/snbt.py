"""SNBT fuzz strategies: text parsed by ``TagParser`` (``parse`` and ``parse_compound``).

Text is drawn from SNBT's grammar (compounds, lists, typed arrays, quoted and unquoted
strings with every escape, numbers in every radix, with and without suffixes, signedness
markers and underscores, booleans in any case, the ``bool``/``uuid`` functions), then
sometimes damaged (a character cut, repeated or replaced). Weighted edges: lone surrogates,
overflowing and boundary numbers, NaN and infinity spellings, and brackets nested 511, 512
and 513 deep around the parser's depth limit of 512.
"""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from harness.engine.fuzz.strategies import AreaStrategy, edges, weighted

DEPTHS = (510, 511, 512, 513, 514)
WORDS = edges("a", "key", "true", "false", "TRUE", "True", "fALSE", "NaN", "Infinity", "NaNf", "Infinityd", "-Infinityf",
              "minecraft:stone", "a.b", "+", "-", ".", "_", "1e5", "012", "0x", "bool", "uuid")
INTEGERS = edges("0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "2147483647", "2147483648",
                 "-2147483648", "-2147483649", "9223372036854775807", "9223372036854775808", "0x7f", "0xFF", "0X80",
                 "0b101", "0B1", "1_000", "_1", "1_", "00", "+5", "0xFFFFFFFF", "0xFFFFFFFFFFFFFFFF",
                 around=st.integers(-(1 << 65), 1 << 65).map(str), weight=2)
INT_SUFFIXES = weighted(  # none, lower case, upper case (suffixes are read in any case): a third each
    (2, st.just("")), (1, edges("b", "s", "l", "i", "ub", "sb", "us", "ss", "ui", "si", "ul", "sl", "u")),
    (1, weighted((3, edges("B", "S", "L", "I")), (1, edges("UB", "SB", "US", "SS", "UI", "SI", "UL", "SL", "U", "uB", "Sb")))))
FLOATS = edges("0.0", "-0.0", ".5", "1.", "1e5", "1E-5", "1.5e+3", "3.4028235e38", "3.5e38", "1e309", "4.9e-324",
               "1e-400", "0.1", "-.0", "1_0.5", "1.0_5",
               around=st.floats(allow_nan=False, allow_infinity=False).map(repr), weight=2)
FLOAT_SUFFIXES = edges("", "f", "F", "d", "D")
ESCAPES = edges("\\\\", "\\'", '\\"', "\\n", "\\t", "\\b", "\\s", "\\f", "\\r", "\\x41", "\\xZZ", "\\u00e9", "\\ud800",
                "\\U0001F600", "\\U00110000", "\\N{SNOWMAN}", "\\N{NOT A NAME}", "\\q", "\\")
CHARS = st.one_of(st.characters(codec=None, exclude_characters="\"'\\"), edges("\ud800", "\udfff", "\x00", "\u00e9", " "))


@cache
def _number():
    ints = st.tuples(INTEGERS, INT_SUFFIXES).map("".join)
    floats = st.tuples(FLOATS, FLOAT_SUFFIXES).map("".join)
    return weighted((2, ints), (1, floats))


@cache
def _quoted():
    def quote(q):
        body = st.lists(st.one_of(CHARS, ESCAPES, st.just("'" if q == '"' else '"')), max_size=8).map("".join)
        return body.map(lambda b: q + b + q)
    return st.sampled_from(('"', "'")).flatmap(quote)


@cache
def _leaf():
    return weighted((2, _number()), (1, WORDS), (1, _quoted()),
                       (1, st.text(alphabet="abcXYZ019_-.+", min_size=1, max_size=6)))


@cache
def _value():
    leaves = _leaf()

    def nest(children):
        sep = edges(",", ", ", " , ", ",\n")
        key = st.one_of(WORDS, _quoted(), st.just(""), st.text(alphabet="ab1_", min_size=1, max_size=3))
        entries = st.lists(st.tuples(key, children), max_size=4)
        compound = st.tuples(entries, sep, st.booleans()).map(
            lambda e: "{" + e[1].join(f"{k}:{v}" for k, v in e[0]) + ("," if e[2] and e[0] else "") + "}")
        items = st.lists(children, max_size=4)
        listed = st.tuples(items, sep).map(lambda e: "[" + e[1].join(e[0]) + "]")
        array = st.tuples(edges("B", "I", "L", "b", "X", "S"), st.lists(_number(), max_size=4)).map(
            lambda e: f"[{e[0]};" + ",".join(e[1]) + "]")
        calls = st.one_of(children.map(lambda c: f"bool({c})"), _quoted().map(lambda q: f"uuid({q})"),
                          st.lists(children, max_size=2).map(lambda a: "nope(" + ",".join(a) + ")"))
        return weighted((2, compound), (1, listed), (1, array), (1, calls))

    return st.recursive(leaves, nest, max_leaves=10)


@cache
def _deep():
    def build(depth, kind):
        if kind == "list":
            return "[" * depth + "]" * depth
        return "{a:" * depth + "1" + "}" * depth
    return st.tuples(st.sampled_from(DEPTHS), st.sampled_from(("list", "compound"))).map(lambda dk: build(*dk))


def _damaged(text: str):
    if not text:
        return st.just(text)
    at = st.integers(0, len(text) - 1)
    cut = at.map(lambda i: text[:i] + text[i + 1:])
    twice = at.map(lambda i: text[:i] + text[i] + text[i:])
    other = st.tuples(at, edges("{", "}", "[", "]", ",", ":", ";", '"', "'", " ", "\\", "\ud800")).map(
        lambda ic: text[:ic[0]] + ic[1] + text[ic[0] + 1:])
    return weighted((6, st.just(text)), (1, cut), (1, twice), (1, other))


@cache
def _text():
    spaced = st.tuples(edges("", " ", "\t", "\n "), _value(), edges("", " ", "x", ",")).map("".join)
    compound = _value().map(lambda v: "{a:" + v + "}")
    alone = st.tuples(_leaf(), edges("", " ")).map("".join)
    return weighted((2, spaced.flatmap(_damaged)), (2, compound.flatmap(_damaged)), (1, alone), (1, _deep()),
                    (1, st.text(max_size=6)))


@cache
def _one_text():
    return st.tuples(_text()).map(list)


def _args(setup, version):
    return _one_text()


AREA = AreaStrategy(setup=lambda version: st.just({}), args={"parse": _args, "parse_compound": _args}, max_ops=3)
