"""SNBT text to tags: the game's ``TagParser``, per version (GAME_FACTS.md 3.8).

Two entry points, choosing the parser by ``version.snbt.grammar``:

- :func:`parse` (text, version) → :class:`~harness.formats.nbt.tags.Tag`: any value, then
  nothing but whitespace. 26.x: ``TagParser.create(NbtOps.INSTANCE).parseFully(text)``;
  1.20.1/1.21.1: ``new TagParser(new StringReader(text)).readValue()`` then the same
  trailing-data check.
- :func:`parse_compound` (text, version) → :class:`~harness.formats.nbt.tags.CompoundTag`.
  26.x: ``TagParser.parseCompoundFully`` (any value is parsed, then a non-compound is
  ``argument.nbt.expected.compound`` at the end of the text it took); 1.20.1/1.21.1:
  ``TagParser.parseTag`` (the text must start with ``{``: ``parsing.expected`` at 0).

Grammars: ``"packrat"`` (26.x ``SnbtGrammar``, :mod:`harness.formats.nbt.snbt_grammar`) and
``"legacy"`` (the regex-based parser, :mod:`harness.formats.nbt.legacy_tag_parser`).

Refusals raise :class:`~harness.formats.nbt.string_reader.CommandSyntaxError` (kind
``CommandSyntaxException``, message ``<text> at position N: <context><--[HERE]``), where
``<text>`` is the game's English for the error's translation key and arguments, from the
``en_us.json`` of ``version.lang_release`` (:mod:`harness.formats.lang`); the key itself
where that file lacks it. The error keeps ``key`` and ``arguments``.
Nesting deeper than our interpreter's stack allows raises ``GameError("StackOverflowError")``,
which is what the game throws when its own thread stack runs out (at a depth that depends on
the JVM's stack size, so the exact depth is not compared); its ``where`` says how deep the text
nests and at which depth and position the stack ran out (:func:`overflow_place`).

Compounds come back with their entries in the order the game ``put`` them (first place of a
repeated key, last value) into a fresh ``HashMap`` (``table_size`` None), in both parsers.

>>> from harness.formats import versions
>>> parse("{a:[1b,2b]}", versions.get("26.3"))
CompoundTag({'a': ListTag([ByteTag(1), ByteTag(2)])})
>>> parse("1e5", versions.get("1.21.1"))
StringTag('1e5')
>>> parse_compound("[1,2]", versions.get("26.3"))
Traceback (most recent call last):
...
harness.formats.nbt.string_reader.CommandSyntaxError: CommandSyntaxException: Expected compound tag at position 5: [1,2]<--[HERE] [at code unit 5]
>>> parse("[1,'a']", versions.get("1.21.1"))
Traceback (most recent call last):
...
harness.formats.nbt.string_reader.CommandSyntaxError: CommandSyntaxException: Can't insert TAG_String into list of TAG_Int at position 3: [1,<--[HERE] [at code unit 3]
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager

from harness.formats import budget
from harness.formats.errors import GameError
from harness.formats.lang import language
from harness.formats.nbt import tags as t
from harness.formats.nbt.legacy_tag_parser import LegacyTagParser
from harness.formats.nbt.packrat import ParseState
from harness.formats.nbt.snbt_grammar import parse_literal
from harness.formats.versions import GameVersion

TRAILING = "argument.nbt.trailing"
EXPECTED_COMPOUND = "argument.nbt.expected.compound"
GRAMMARS = ("legacy", "packrat")

_STACK_FRAMES = 60_000  # Python frames allowed while parsing (deep nesting; heap-allocated in 3.11)


@contextmanager
def _collector_paused():
    """Python's cyclic garbage collector paused for one parse: a large text makes many small
    objects (tags, the rules' scopes), and the collector's passes over them cost a fifth of the parse."""
    import gc

    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@contextmanager
def _deep_stack(reader):
    """Room for deeply nested text; running out is the game's ``StackOverflowError`` (the
    game's kind, without a message, as the JVM throws it), its ``where`` naming how deep the
    text nests, the depth where the stack ran out (:func:`overflow_place`) and the stack's size.
    The game's ``en_us.json`` has no words for it (the JVM's error is no translated message).
    ``reader``: the parse's reader (its ``units`` and ``cursor``)."""
    old = sys.getrecursionlimit()
    if old < _STACK_FRAMES:
        sys.setrecursionlimit(_STACK_FRAMES)
    try:
        yield
    except RecursionError:
        raise GameError("StackOverflowError", None, where=overflow_place(reader.units, reader.cursor)) from None
    finally:
        sys.setrecursionlimit(old)


def overflow_place(text: str, cursor: int) -> str:
    """Where a parse of ``text`` ran out of stack at ``cursor``: the text's nesting, the depth
    open there, the place, and the stack's size (:data:`_STACK_FRAMES` Python frames).

    >>> overflow_place("[" * 9000, 6016)
    "SNBT nested 9000 levels deep: the parser's stack (60000 frames) ran out at depth 6016, position 6016"
    """
    depth, deepest = _depths(text, cursor)
    return (f"SNBT nested {deepest} levels deep: the parser's stack ({_STACK_FRAMES} frames) ran out at depth "
            f"{depth}, position {cursor}")


def _packrat_fully(state: ParseState) -> t.Tag:
    """``TagParser.parseFully``: the literal, then only whitespace (``argument.nbt.trailing``)."""
    tag = parse_literal(state)
    reader = state.reader
    reader.skip_whitespace()
    if reader.can_read():
        raise reader.error(TRAILING)
    return tag


def _grammar(version: GameVersion) -> str:
    grammar = version.snbt.grammar
    if grammar not in GRAMMARS:
        raise ValueError(f"version {version.id} names SNBT grammar {grammar!r}; known: {', '.join(GRAMMARS)}")
    return grammar


# a quoted string, or an unterminated one to the end of the text (always linear)
_QUOTED = re.compile(r""""(?:[^"\\]|\\.)*+(?:"|\\?\Z)|'(?:[^'\\]|\\.)*+(?:'|\\?\Z)""", re.S)


# a quoted string (skipped), an opening bracket (group 1) or a closing one (group 2)
_TOKENS = re.compile(r"(?:" + _QUOTED.pattern + r")|([\[{])|([\]}])", re.S)


def nesting(text: str) -> int:
    """How deeply ``[`` and ``{`` nest in ``text``, quoted strings left out (linear).

    >>> nesting('{a:[1,{b:"[[["}]}'), nesting("[" * 5 + "]" * 5)
    (3, 5)
    """
    return _depths(text)[1]


def _depths(text: str, cursor: int | None = None) -> tuple[int, int]:
    """``(depth open at cursor, deepest)`` of ``text``'s brackets outside quoted strings, in
    one pass (``cursor`` None: the end; a quoted string open at ``cursor`` leaves its brackets
    out, as ``text[:cursor]`` would)."""
    end = len(text) if cursor is None else cursor
    depth = deepest = 0
    at = None
    for m in _TOKENS.finditer(text):
        bracket = m.lastindex
        if bracket is None:
            continue
        if at is None and m.start() >= end:
            at = depth
        if bracket == 1:
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return (depth if at is None else at), deepest


def check_budget(text: str) -> None:
    """:class:`~harness.formats.budget.BudgetExceeded` for a text over the tools' SNBT budgets
    (:data:`~harness.formats.budget.MAX_SNBT_CHARS` characters, or more values than
    :data:`~harness.formats.budget.MAX_SNBT_VALUES`: the commas outside quoted strings),
    before any parsing; the game itself has no such limits, so these are refusals of ours."""
    if len(text) > budget.MAX_SNBT_CHARS:
        raise budget.BudgetExceeded(f"SNBT text of {len(text)} characters, over the tools' limit of "
                                    f"{budget.MAX_SNBT_CHARS} ({budget.to_raise('MAX_SNBT_CHARS')})")
    if text.count(",") < budget.MAX_SNBT_VALUES:
        return
    commas = _QUOTED.sub("", text).count(",")
    if commas >= budget.MAX_SNBT_VALUES:
        raise budget.BudgetExceeded(f"SNBT text of at least {commas + 1} values ({commas} commas outside strings), "
                                    f"over the tools' limit of {budget.MAX_SNBT_VALUES} (the parser takes up to ~30 µs "
                                    f"a value; {budget.to_raise('MAX_SNBT_VALUES')}), at character 0")


def parse(text: str, version: GameVersion) -> t.Tag:
    """The tag ``text`` stands for in ``version`` (any type); :class:`CommandSyntaxError` if refused.

    :class:`~harness.formats.budget.BudgetExceeded` over the tools' budgets (:func:`check_budget`)."""
    check_budget(text)
    if _grammar(version) == "packrat":
        state = ParseState(text, version)
        with _deep_stack(state.reader), _collector_paused():
            return _packrat_fully(state)
    parser = LegacyTagParser(text, language(version.lang_release))
    with _deep_stack(parser.reader), _collector_paused():
        return parser.read_single_value()


def parse_compound(text: str, version: GameVersion) -> t.CompoundTag:
    """The compound ``text`` stands for in ``version``; :class:`CommandSyntaxError` if refused
    or (26.x) if the value is not a compound; :class:`~harness.formats.budget.BudgetExceeded`
    over the tools' budgets (:func:`check_budget`)."""
    check_budget(text)
    if _grammar(version) == "packrat":
        state = ParseState(text, version)
        with _deep_stack(state.reader), _collector_paused():
            tag = _packrat_fully(state)
        if not isinstance(tag, t.CompoundTag):
            raise state.reader.error(EXPECTED_COMPOUND)
        return tag
    parser = LegacyTagParser(text, language(version.lang_release))
    with _deep_stack(parser.reader), _collector_paused():
        return parser.read_single_struct()
