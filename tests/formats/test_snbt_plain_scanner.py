"""The 26.x grammar's fast path (:mod:`harness.formats.nbt.snbt_plain_scanner`) changes no answer.

Two kinds of check:

- **large texts against recorded answers**: a list of many copies of a recorded text parses to
  the bytes our writer gives for that many copies of the recorded tag; a recorded error case
  with a run of plain values put in front of its error still gives its recorded message, at a
  position moved by the run's length (the run's values parse before the error and stop nothing).
- **the fast path against the rules alone** (``LITERAL.fast`` unset): every recorded text of
  26.3, and texts made from them (cut short, spaced out, nested, repeated), parse to the same
  tag or the same error, message and position included, in the releases whose rules differ.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from functools import lru_cache

import pytest

from conftest import reference_cases
from harness.formats import budget, versions
from harness.formats.errors import GameError
from harness.formats.nbt import tags as t
from harness.formats.nbt import snbt_grammar
from harness.formats.nbt.nbt_io import read_any, write_any
from harness.formats.nbt.tag_parser import parse, parse_compound

V26 = versions.get("26.3")


@lru_cache(maxsize=None)
def _recorded_snbt(version: str = "26.3") -> dict[str, dict]:
    return {c["id"]: c for c in reference_cases(version, "snbt")}


@contextmanager
def _rules_alone():
    fast, snbt_grammar.LITERAL.fast = snbt_grammar.LITERAL.fast, None
    try:
        yield
    finally:
        snbt_grammar.LITERAL.fast = fast


def _outcome(text: str, version, op=parse):
    try:
        return write_any(op(text, version), version).hex()
    except GameError as e:
        return e.kind, e.message


# --- large texts against recorded answers -----------------------------------------------------------

def _recorded_values(limit: int = 24) -> list[tuple[str, str]]:
    """(text, hex) of recorded 26.3 parses that succeeded, the texts without a comma-free ``[X;`` start."""
    out = []
    for case in _recorded_snbt().values():
        (op, text), answer = case["ops"][0], case["answers"][0]
        if op == "parse" and isinstance(answer, str) and len(text) < 200:
            out.append((text, answer))
    out.sort()
    return out[:: max(1, len(out) // limit)]


def test_large_lists_of_recorded_values_are_the_recorded_tags_repeated(monkeypatch):
    monkeypatch.setattr(budget, "MAX_SNBT_VALUES", 10_000_000)
    samples = _recorded_values()
    assert len(samples) >= 20
    for text, answer in samples:
        n = max(50, 10_000 // (len(text) + 1))
        tag = read_any(bytes.fromhex(answer), V26)
        assert write_any(parse("[" + ",".join([text] * n) + "]", V26), V26) == write_any(t.ListTag([tag] * n), V26), text


def test_a_list_of_many_runs_of_ints_is_those_ints(monkeypatch):
    # the recorded [1,2]-shaped answers pin our writer's list of ints; here the list is 3 of the
    # scanner's runs of 4,096 ints and part of one (100 KB), its small ints shared, the others not;
    # each array the same values, over the same runs
    monkeypatch.setattr(budget, "MAX_SNBT_VALUES", 10_000_000)
    values = [(i * 7919) % 2_000_003 - 1_000_000 for i in range(3 * 4096 + 1234)]
    values[:4] = [2147483647, -2147483648, 0, -0]
    text = "[" + ", ".join(map(str, values)) + " ]"
    expected = write_any(t.ListTag([t.IntTag(v) for v in values]), V26)
    assert write_any(parse(text, V26), V26) == expected
    arrays = {"B": ("b", t.ByteArrayTag, 8), "I": ("", t.IntArrayTag, 32), "L": ("L", t.LongArrayTag, 64)}
    for prefix, (suffix, tag_type, width) in arrays.items():
        wide = [v % (1 << width) - (1 << (width - 1)) for v in values]
        text = f"[{prefix};" + ",".join(f"{v}{suffix}" for v in wide) + "]"
        assert write_any(parse(text, V26), V26) == write_any(tag_type(wide), V26), prefix


def _recorded_errors() -> list[tuple[str, str, int, str]]:
    """(text, message, position, filler) of recorded 26.3 parse errors deep enough in a compound
    or list to put plain values before them: ``{`` then a key, ``[`` then not an array prefix."""
    out = []
    for case in _recorded_snbt().values():
        (op, text), answer = case["ops"][0], case["answers"][0]
        if op != "parse" or not isinstance(answer, dict) or len(text) < 3:
            continue
        message = answer["message"]
        position = int(message.rsplit(" at position ", 1)[1].split(":", 1)[0])
        if position <= 12 or position > len(text):
            continue
        if text[0] == "{" and text[1].isalpha():
            out.append((text, message, position, "".join(f"f{i}:{i % 100}b," for i in range(3_000))))
        elif text[0] == "[" and text[1] not in "BIL];" and not text[1].isspace():
            out.append((text, message, position, "7," * 5_000))
    return sorted(out)


def test_recorded_errors_after_a_large_run_of_values_keep_their_messages():
    errors = _recorded_errors()
    assert len(errors) >= 20
    for text, message, position, filler in errors:
        big = text[0] + filler + text[1:]
        moved = message.replace(f" at position {position}: ", f" at position {position + len(filler)}: ")
        assert _outcome(big, V26) == ("CommandSyntaxException", moved), text


LARGE = 3_000  # values before the error: ten times the rules-alone text, past the recursion limit (1,000)


def test_a_large_text_with_an_error_after_a_value_gets_the_error_the_rules_give(monkeypatch):
    # the furthest reason lies at a value's end: parse_top parses again, fast only before the error
    monkeypatch.setattr(budget, "MAX_SNBT_VALUES", 10_000_000)
    shapes = [("[", "1,", "2 3]"), ("{", "a:1,", "b:2 c:3}"), ("[", "[1,2],", "[3}]"), ("{", "k:[{a:1b}],", "z:1.5f x}"),
              ("[", '"s",', '"t"')]
    for start, unit, end in shapes:
        small = start + unit * 300 + end
        with _rules_alone():
            rules = _outcome(small, V26)
        assert rules[0] == "CommandSyntaxException" and _outcome(small, V26) == rules
        position = int(rules[1].rsplit(" at position ", 1)[1].split(":", 1)[0])
        extra = len(unit) * (LARGE - 300)
        moved = rules[1].replace(f" at position {position}: ", f" at position {position + extra}: ")
        assert _outcome(start + unit * LARGE + end, V26) == (rules[0], moved), end


# --- the fast path against the rules alone -------------------------------------------------------------

EDGES = [
    "0b", "0B", "0s", "0l", "0i", "-0", "+5", "-0.0", "-0.0f", "1.", "1.f", ".5", "+.5d", "1e5", "1E-5f", "01.5",
    "012", "00", "0x1F", "1_0", "1 b", "- 5", "1 .5", "1. 5", "1.5 f", "1sb", "1ub", "1u", "1.5b", "1e5b", "9" * 25,
    "2147483647", "2147483648", "-2147483648", "127b", "128b", "-129b", "32767s", "9223372036854775807L",
    "9223372036854775808L", "1e39f", "1e309", "true", "FALSE", "tRuE", "e5", "Infinity", "_a", "a-b.c+d",
    '"a\\nb"', '"a\\sb"', "'it\\'s'", '"it\'s"', "'say \"x\"'", '"\\ n"', '"\\x41"', '"\\u0041"', '"\\N{SPACE}"',
    '"\ud83d\ude00"', '""', "''", '"unterminated', "bool(1)", "uuid(\"x\")", "abc (1)", "[]", "[ ]", "{}", "{ }",
    "[1,]", "[1,,2]", "[,]", "{a:1,}", "{a:1,,}", "{,}", "[B;]", "[B;1b,2,-3B]", "[ B ; 1 , 2 ]", "[I;1b,2s,3]",
    "[I;1L]", "[L;1,2b,3s,4i,5L]", "[B;128]", "[B;1s]", "[Bob,1]", "[B]", "[B,1]", "[I;1.5]", "[I;0x1]",
    "{a:1,a:2,b:3}", '{"":1}', "{'':1}", '{"a b":1,\'c\':2}', "{1a:2}", "{a:[1,2,[3,{b:4}]]}",
    "[[1,2],[3,4],[]]", "[1,2}", "{a:1]", "[{a:1},{b:2}", "{a:{b:{c:{}}}}", "[1, 2 ,3 ]", "\t[\n1\r,\x0b2]",
    "[1\u30002]", "[1,\u30002]", "[1\xa0]", "[1,2] ", "[1,2] x", "{a:1} {", "1 2", "[1.5,2d,3f,.5e1]",
]


def _variants(text: str, rng: random.Random) -> list[str]:
    out = [text, f"[{text},{text}]", f"{{k:{text},j:[{text}]}}", f"[1, {text} ,2]"]
    if len(text) <= 24:
        out += [text[:i] for i in range(len(text))]
    for _ in range(3):
        i = rng.randrange(len(text) + 1)
        out.append(text[:i] + rng.choice(" ,]}:\t") + text[i:])
    return out


def _texts(version: str) -> list[str]:
    """26.3: every recorded text and edge, in variants; the releases whose rules differ from it
    (the ``_`` error's key, what ``bool`` takes): the texts where those rules apply."""
    rng = random.Random(12)
    bases = sorted({c["ops"][0][1] for c in _recorded_snbt().values()}) + EDGES
    if version != "26.3":
        bases = [b for b in bases if "_" in b or "(" in b]
    return list(dict.fromkeys(v for base in bases for v in _variants(base, rng)))  # each text once


@pytest.mark.parametrize("version", ["26.3", "26.1.2", "1.21.7"])
def test_the_fast_path_gives_what_the_rules_alone_give(version):
    v = versions.get(version)
    texts = _texts(version)
    assert len(texts) > (5_000 if version == "26.3" else 500)  # different texts
    fast = [_outcome(text, v) for text in texts]
    with _rules_alone():
        rules = [_outcome(text, v) for text in texts]
    differ = [(text, a, b) for text, a, b in zip(texts, fast, rules) if a != b]
    assert not differ, differ[:5]


def test_parse_compound_and_deep_nesting_too():
    texts = ["{a:1}", "[1]", "{a:[{b:2}]}", "{a:1} x", "[" * 100 + "]" * 100, "{a:" * 100 + "1" + "}" * 100,
             "[" * 100 + "1,0x2" + "]" * 100, "[" * 300 + "]" * 299]
    fast = [(_outcome(x, V26, parse_compound), _outcome(x, V26)) for x in texts]
    with _rules_alone():
        assert [(_outcome(x, V26, parse_compound), _outcome(x, V26)) for x in texts] == fast
