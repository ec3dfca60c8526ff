"""SNBT nested deeper than the parser's stack: the game's ``StackOverflowError`` (no message, as
the JVM gives none), its place naming how deep the text nests, the depth and position where the
stack ran out, and the stack's size (the game's ``en_us.json`` has no words for it)."""

from __future__ import annotations

import re
import sys

import pytest

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import tag_parser

PLACE = re.compile(r"SNBT nested (\d+) levels deep: the parser's stack \((\d+) frames\) ran out at depth (\d+), "
                   r"position (\d+)")


@pytest.mark.parametrize("version", ["26.3", "1.21.1"])
@pytest.mark.parametrize("parse", [tag_parser.parse, tag_parser.parse_compound])
def test_the_overflow_names_the_depths_and_the_stack(monkeypatch, version, parse):
    monkeypatch.setattr(tag_parser, "_STACK_FRAMES", 2500)  # a small stack: a quick overflow
    text = "{a:" * 3000 + "1" + "}" * 3000
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # below the parser's: it takes its own (a worker may have set a higher one)
    try:
        with pytest.raises(GameError) as caught:
            parse(text, versions.get(version))
    finally:
        sys.setrecursionlimit(before)
    e = caught.value
    assert (e.kind, e.message) == ("StackOverflowError", None)
    deepest, frames, reached, position = map(int, PLACE.fullmatch(e.where).groups())
    assert (deepest, frames) == (3000, 2500)
    assert 0 < reached < 3000 and 3 * (reached - 1) < position <= 3 * reached  # each level is "{a:"


def _depth_at_end(text: str) -> int:
    """The depth the overflow's place says is open when the stack runs out at the end of ``text``."""
    return int(PLACE.fullmatch(tag_parser.overflow_place(text, len(text))).group(3))


def test_the_place_counts_brackets_outside_quoted_strings():
    assert _depth_at_end('[{a:"[[{",b:[') == 3
    assert (_depth_at_end('{a:[1,{b:"[[["}'), _depth_at_end("[[]")) == (2, 1)
    assert tag_parser.overflow_place('["]",[[', 6) == (
        f"SNBT nested 3 levels deep: the parser's stack ({tag_parser._STACK_FRAMES} frames) ran out at depth 2, "
        "position 6")
