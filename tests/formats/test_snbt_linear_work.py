"""The 26.x SNBT parser's work grows linearly with its text, on the error path too (issue 12).

Work is counted, never timed: the rules tried (``ParseState.parse`` calls), the characters of
the text the parse takes out of it (indexing and slicing, through a ``str`` that counts them),
and the peak memory the parse allocates (``tracemalloc``). Each shape is parsed at ``n`` and at
``4n`` values; linear work grows about 4 times, so each count (less that of one value) may
grow at most 5 times. Before
this test the plain scanner cut a 16 KiB window of text at every list it met
(``snbt_plain_scanner._int_run``, commit a7eba24's parent): ``[[1,2],...,[3}]`` took 16 times the
characters at 4n. ``n`` is 400, or 100 for the shapes whose values are long texts (:data:`SMALL_N`):
at 100 that code still takes 15 to 16 times the characters at 4n in each of them.

Each shape also gives, at a few sizes, the answer the grammar's rules alone give (the fast path
unset), message and position included: the rules are the definition the recorded answers judge.
"""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from harness.formats import budget, versions
from harness.formats.errors import GameError
from harness.formats.nbt import snbt_grammar, tag_parser
from harness.formats.nbt.nbt_io import write_any
from harness.formats.nbt.packrat import ParseState
from harness.formats.nbt.tag_parser import _deep_stack, parse

V26 = versions.get("26.3")

# shape -> the text of n values; an error at the end unless the name says "valid"
SHAPES = {
    "lists, a bad closer at the end": lambda n: "[" + "[1,2]," * n + "[3}]",
    "lists, valid": lambda n: "[" + "[1,2]," * n + "[3]]",
    "floats, valid": lambda n: "[" + "1.5," * n + "]",
    "ints, a bad suffix at the end": lambda n: "[" + "1," * n + "5q]",
    "ints, a doubled suffix at the end": lambda n: "[" + "1," * n + "5bb]",
    "large ints, a bad unsigned suffix": lambda n: "[" + "123456," * n + "5ux]",
    "spaced ints, a bad value at the end": lambda n: "[ " + "-70000, " * n + "0x]",
    "a long string, a bad escape at its end": lambda n: '"' + "abcdefghij" * n + '\\q"',
    "strings, a bad escape in the last": lambda n: "[" + '"ab",' * n + '"a\\q"]',
    "a compound of compounds, an error deep in the last": lambda n: (
        "{" + "".join(f"k{i}:{{a:1b,b:{{c:[1,2]}}}}," for i in range(n)) + "z:{a:{b:{c:1 x}}}}"),
    "compounds nested n/10 deep, an error inside": lambda n: "{a:" * (n // 10) + "1 x" + "}" * (n // 10),
    "an error after a value (the second parse)": lambda n: "{" + "a:1," * n + "b:2 c:3}",
    "spaces, then a bad closer": lambda n: "[1," + " " * (10 * n) + "}",
    "unquoted strings, a space in the last": lambda n: "[" + "abc," * n + "d e]",
    "a long array, a bad suffix at the end": lambda n: "[L;" + "1L," * n + "2x]",
    "a built-in of n arguments": lambda n: "abc(" + "1," * n + "2)",
}
# n of the shapes parsed at n and 4n values where it is not 400: their texts are long per value (the
# parse at 4n the costliest of the test), and at 100 the quadratic scanner of a7eba24's parent
# already takes 15-16 times the characters at 4n in each
SMALL_N = {"lists, a bad closer at the end": 100, "lists, valid": 100, "floats, valid": 100,
           "a compound of compounds, an error deep in the last": 100}
# nested past the parser's stack (the game's StackOverflowError): the work stops at that depth
DEEP = {
    "lists": lambda depth: "[" * depth,
    "lists, closed but one": lambda depth: "[" * depth + "]" * (depth - 1),
    "compounds": lambda depth: "{a:" * depth,
    "lists of lists": lambda depth: "[[1,2]," * depth + "}",
}


class _CountingText(str):
    """The text, counting the characters taken out of it by index or slice."""

    taken = 0

    def __getitem__(self, key):
        piece = str.__getitem__(self, key)
        _CountingText.taken += len(piece)
        return piece


def _outcome(text: str):
    try:
        return write_any(parse(text, V26), V26).hex()
    except GameError as e:
        return e.kind, e.message


def _work(text: str, monkeypatch, memory: bool = True) -> tuple[int, int, int]:
    """(rules tried, characters taken, peak bytes allocated) of one parse of ``text`` as 26.3, the
    cyclic collector paused (its garbage counted whole, not as the collector's timing left it);
    without ``memory`` the peak is not traced (0): ``tracemalloc`` crashes CPython 3.11 in a
    parse nested thousands of levels deep."""
    calls = 0
    parse_rule = ParseState.parse

    def counted(self, rule):
        nonlocal calls
        calls += 1
        return parse_rule(self, rule)

    monkeypatch.setattr(ParseState, "parse", counted)
    _CountingText.taken = 0
    collecting = gc.isenabled()
    gc.disable()  # the parse's garbage counted whole, whenever the collector would have run
    if memory:
        gc.freeze()  # (the objects of the test process left out of the collection: it scans only the young)
        gc.collect()  # a full collection empties the free lists: no allocation served from what a test before left
        tracemalloc.start()
    try:
        state = ParseState(text, V26)
        state.reader.units = _CountingText(state.reader.units)
        try:
            with _deep_stack(state.reader):
                snbt_grammar.parse_literal(state)
        except GameError:
            pass
        peak = tracemalloc.get_traced_memory()[1] if memory else 0
    finally:
        tracemalloc.stop()
        gc.unfreeze()
        if collecting:
            gc.enable()
        monkeypatch.setattr(ParseState, "parse", parse_rule)
    return calls, _CountingText.taken, peak


def _grows_linearly(small: tuple, large: tuple, base: tuple = (0, 0, 0)) -> bool:
    """Each count of ``large`` (4n) over ``base`` (a text of one value) at most 5 times that of
    ``small`` (n), the memory 6 times: a set's table grows 4 times at once, so the peak steps."""
    return all(b - z <= limit * max(a - z, 1) for a, b, z, limit in zip(small, large, base, (5, 5, 6)))


@pytest.mark.parametrize("shape", SHAPES)
def test_the_work_grows_linearly(shape, monkeypatch):
    monkeypatch.setattr(budget, "MAX_SNBT_VALUES", 10_000_000)
    _work(SHAPES[shape](1), monkeypatch, memory=False)  # first use (messages, caches) left out of the counts
    n = SMALL_N.get(shape, 400)
    base, small, large = (_work(SHAPES[shape](n), monkeypatch) for n in (1, n, 4 * n))
    assert _grows_linearly(small, large, base), (base, small, large)


STACK_FRAMES = 6_000  # the parser's stack here: a tenth of tag_parser's, reached at 1,000 levels as 60,000 at 10,000


@pytest.mark.parametrize("shape", DEEP)
def test_nesting_past_the_stack_stops_at_the_same_work(shape, monkeypatch, default_recursion_limit):
    # the error is the game's StackOverflowError (tag_parser), reached at a depth that does not grow;
    # the stack is made smaller (past the real one: test_snbt_parser_rules), the same stop at a tenth of the work
    monkeypatch.setattr(tag_parser, "_STACK_FRAMES", STACK_FRAMES)
    text = DEEP[shape](1_000)
    assert _outcome(text)[0] == "StackOverflowError"
    small, large = _work(text, monkeypatch, memory=False), _work(DEEP[shape](4_000), monkeypatch, memory=False)
    assert _grows_linearly(small, large) and large[0] <= 2 * small[0], (small, large)


@pytest.mark.parametrize("shape", list(SHAPES) + [f"nested {name}" for name in DEEP])
def test_each_shape_gives_what_the_rules_alone_give(shape, monkeypatch):
    build = SHAPES.get(shape) or (lambda n, f=DEEP[shape[len("nested "):]]: f(n // 2))
    texts = [build(n) for n in (1, 3, 40, 300)]
    fast = [_outcome(text) for text in texts]
    monkeypatch.setattr(snbt_grammar.LITERAL, "fast", None)
    assert [_outcome(text) for text in texts] == fast
