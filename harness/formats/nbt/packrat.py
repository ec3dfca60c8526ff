"""A packrat parsing kit with the game's semantics (``net.minecraft.util.parsing.packrat``, 26.x).

The 26.x SNBT grammar (:mod:`harness.formats.nbt.snbt_grammar`) is written with the game's
small parser-combinator kit, and which error the game reports depends on that kit's exact
behaviour, so it is mirrored here:

- **terms** (:class:`Term` subclasses) match input and write values into a :class:`Scope`:
  :class:`Seq` (all in order), :class:`Alt` (first that matches; a :class:`Cut` inside an
  alternative stops the later ones), :class:`Opt`, :class:`Marker` (puts a constant),
  :class:`Ref` (parses a named rule and stores its value), :class:`Repeated` /
  :class:`RepeatedSep` (list of a rule's values, separator with or without a trailing one),
  :class:`Lookahead` (matches silently and rewinds), :class:`Fail` (stores a reason), and the
  terminal :class:`Chars` (one character from a set, **skipping whitespace before it**).
- **rules** (:class:`Rule`) give a term a frame of the scope and an action that turns the
  scope into a value; ``None`` from a rule is failure. Unlike the game's kit, results are not
  memoised (:meth:`ParseState.parse` says why); a rule may have a fast path (:attr:`Rule.fast`).
- the **error collector** (:class:`LongestOnly`) keeps only the reasons stored at the furthest
  position; on failure :meth:`ParseState.parse_top` raises the first of them, at that
  position, as ``Grammar.parseForCommands`` does. A reason is a ``CommandSyntaxException``'s
  translation key with its arguments (``DelayedException``); a terminal that fails stores
  ``argument.literal.incorrect`` with the characters it wanted joined by ``|`` (``b|B``).
  The message is rendered in the English of the release the state parses as
  (``version.lang_release``, :mod:`harness.formats.lang`).
"""

from __future__ import annotations

from typing import Callable

from harness.formats.lang import language
from harness.formats.nbt.string_reader import LITERAL_INCORRECT, StringReader

Reason = tuple  # (translation key, arguments tuple)


class LongestOnly:
    """``ErrorCollector.LongestOnly``: the reasons stored at the furthest cursor, in store order."""

    __slots__ = ("cursor", "reasons")

    def __init__(self):
        self.cursor = -1
        self.reasons: list[Reason] = []

    def store(self, cursor: int, reason: Reason) -> None:
        if cursor > self.cursor:
            self.cursor = cursor
            self.reasons = []
        if cursor == self.cursor:
            self.reasons.append(reason)


class _Nop:
    """``ErrorCollector.Nop``: what a lookahead stores into (nothing)."""

    __slots__ = ()

    def store(self, cursor: int, reason: Reason) -> None:
        pass


_NOP = _Nop()


class Scope:
    """``Scope``: a stack of frames of named values; a rule sees only its own (top) frame."""

    __slots__ = ("frames",)

    def __init__(self):
        self.frames: list[dict] = [{}]

    def push(self) -> None:
        self.frames.append({})

    def pop(self) -> None:
        self.frames.pop()

    def merge(self) -> None:
        """The top frame's values move into the frame below (an alternative that matched)."""
        top = self.frames.pop()
        self.frames[-1].update(top)

    def clear(self) -> None:
        self.frames[-1].clear()

    def put(self, name: str, value) -> None:
        self.frames[-1][name] = value

    def get(self, name: str, default=None):
        return self.frames[-1].get(name, default)

    def get_any(self, *names: str):
        frame = self.frames[-1]
        for name in names:
            value = frame.get(name)
            if value is not None:
                return value
        return None


class Control:
    """``Control``: set by a cut, read by the alternative that owns it."""

    __slots__ = ("cut",)

    def __init__(self):
        self.cut = False


UNBOUND = Control()  # cuts outside any alternative go nowhere


class ParseState:
    """The reader, the scope and the error collector of one parse of ``text`` as ``version``
    (a :class:`~harness.formats.versions.GameVersion`: its rules and its English), with what
    the rules' fast paths (:attr:`Rule.fast`) need: the brackets they ``declined`` and the
    ``horizon`` of the values they read."""

    __slots__ = ("reader", "scope", "errors", "version", "declined", "horizon", "fast_limit")

    def __init__(self, text: str, version):
        self.version = version
        self.reader = StringReader(text, language(version.lang_release))
        self.scope = Scope()
        self.errors: LongestOnly | _Nop = LongestOnly()
        self.declined: set[int] = set()
        self.horizon = -1  # the furthest reason a fast path did not store could lie here
        self.fast_limit = 1 << 62  # fast results reaching this far are not taken

    def mark(self) -> int:
        return self.reader.cursor

    def store(self, key: str, *args, cursor: int | None = None) -> None:
        """Store the reason ``key`` with ``args`` at ``cursor`` (default: the current position)."""
        self.errors.store(self.reader.cursor if cursor is None else cursor, (key, args))

    def parse(self, rule: "Rule"):
        """The value of ``rule`` at the cursor, or ``None``; the cursor rewinds on failure.

        Not memoised, unlike the game's ``ParseState``: in the SNBT grammar no rule that
        nests is tried twice at one position, and a rule tried again stores only the reasons
        it stored the first time, at or before the furthest position, so the first reason
        there (the error) is the same; a memo that never forgets cost 800 bytes a character.
        """
        reader = self.reader
        start = reader.cursor
        fast = rule.fast
        if fast is not None:
            hit = fast(self, start)
            if hit is not None and hit[2] < self.fast_limit:
                value, reader.cursor, horizon = hit
                if horizon > self.horizon:
                    self.horizon = horizon
                return value
        scope = self.scope
        scope.push()
        try:
            value = rule.action(self) if rule.term.parse(self, scope, UNBOUND) else None
        finally:
            scope.pop()
        if value is None:
            reader.cursor = start
        return value

    def parse_top(self, rule: "Rule"):
        """The top rule's value, or :class:`~harness.formats.nbt.string_reader.CommandSyntaxError`
        for the first reason stored at the furthest position (``Grammar.parseForCommands``).

        A fast path stores no reasons. When the furthest reason stored lies at or before the
        ``horizon`` of a value a fast path read, that value might have stored one there or
        further, so the text is parsed again taking only fast results whose horizon lies before
        it: then every reason they skip lies before the furthest one, and the error is the one
        the rules alone give."""
        value = self.parse(rule)
        if value is None and self.horizon >= self.errors.cursor:
            self.fast_limit = self.errors.cursor
            self.reader.cursor, self.errors, self.scope, self.horizon = 0, LongestOnly(), Scope(), -1
            value = self.parse(rule)
        if value is not None:
            return value
        errors = self.errors
        if not errors.reasons:  # pragma: no cover - every failing terminal stores a reason
            raise RuntimeError("Failed to parse: no reason was stored")
        key, args = errors.reasons[0]
        raise self.reader.error(key, *args, cursor=errors.cursor)


class Term:
    """One piece of a grammar: ``parse(state, scope, control) -> bool``."""

    __slots__ = ()

    def parse(self, state: ParseState, scope: Scope, control: Control) -> bool:  # pragma: no cover
        raise NotImplementedError


class Chars(Term):
    """A terminal: skip whitespace, then one character of ``chars``; on failure store
    ``argument.literal.incorrect`` (``chars`` joined by ``|``) at the position after the whitespace."""

    __slots__ = ("chars", "reason")

    def __init__(self, chars: str):
        self.chars = chars
        self.reason = (LITERAL_INCORRECT, ("|".join(chars),))

    def parse(self, state, scope, control) -> bool:
        reader = state.reader
        reader.skip_whitespace()
        cursor = reader.cursor
        if cursor < reader.length:
            reader.cursor = cursor + 1
            if reader.units[cursor] in self.chars:
                return True
        state.errors.store(cursor, self.reason)
        return False


class Seq(Term):
    __slots__ = ("terms",)

    def __init__(self, *terms: Term):
        self.terms = terms

    def parse(self, state, scope, control) -> bool:
        start = state.reader.cursor
        for term in self.terms:
            if not term.parse(state, scope, control):
                state.reader.cursor = start
                return False
        return True


class Alt(Term):
    """The first alternative that matches; a cut in one stops the ones after it."""

    __slots__ = ("terms",)

    def __init__(self, *terms: Term):
        self.terms = terms

    def parse(self, state, scope, control) -> bool:
        own = Control()
        start = state.reader.cursor
        scope.push()
        for term in self.terms:
            if term.parse(state, scope, own):
                scope.merge()
                return True
            scope.clear()
            state.reader.cursor = start
            if own.cut:
                break
        scope.pop()
        return False


class Opt(Term):
    __slots__ = ("term",)

    def __init__(self, term: Term):
        self.term = term

    def parse(self, state, scope, control) -> bool:
        start = state.reader.cursor
        if not self.term.parse(state, scope, control):
            state.reader.cursor = start
        return True


class Cut(Term):
    __slots__ = ()

    def parse(self, state, scope, control) -> bool:
        control.cut = True
        return True


class Marker(Term):
    """Puts ``value`` under ``name``; always matches."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value):
        self.name = name
        self.value = value

    def parse(self, state, scope, control) -> bool:
        scope.put(self.name, self.value)
        return True


class Fail(Term):
    """Stores the reason ``key`` (with ``args``) at the current position and fails."""

    __slots__ = ("key", "args")

    def __init__(self, key: str, *args):
        self.key = key
        self.args = args

    def parse(self, state, scope, control) -> bool:
        state.store(self.key, *self.args)
        return False


class Lookahead(Term):
    """Matches if ``term`` would (errors not stored), without consuming anything."""

    __slots__ = ("term",)

    def __init__(self, term: Term):
        self.term = term

    def parse(self, state, scope, control) -> bool:
        start = state.reader.cursor
        errors, state.errors = state.errors, _NOP
        try:
            matched = self.term.parse(state, scope, control)
        finally:
            state.errors = errors
            state.reader.cursor = start
        return matched


class Ref(Term):
    """Parses ``rule`` and stores its value under ``alias`` (default: the rule's name)."""

    __slots__ = ("rule", "alias")

    def __init__(self, rule: "Rule", alias: str | None = None):
        self.rule = rule
        self.alias = alias or rule.name

    def parse(self, state, scope, control) -> bool:
        value = state.parse(self.rule)
        if value is None:
            return False
        scope.put(self.alias, value)
        return True


class RepeatedSep(Term):
    """Values of ``rule`` separated by ``separator`` into a list under ``name`` (zero or more).

    With ``trailing`` a separator after the last value is consumed; without, it is left.
    ``bulk``, if set (with ``trailing``), reads a first run of values each followed by the
    separator: ``bulk(state, start) -> (values, end, horizon) | None``, ``end`` just after the
    last separator read, storing no reasons (all of them would lie at or before ``horizon``);
    the values after it are parsed one by one as usual.
    """

    __slots__ = ("rule", "name", "separator", "trailing", "bulk")

    def __init__(self, rule: "Rule", name: str, separator: Term, trailing: bool = True):
        self.rule = rule
        self.name = name
        self.separator = separator
        self.trailing = trailing
        self.bulk: Callable | None = None

    def parse(self, state, scope, control) -> bool:
        values = []
        reader = state.reader
        if self.bulk is not None and self.trailing:
            run = self.bulk(state, reader.cursor)
            if run is not None:
                values, reader.cursor, horizon = run
                if horizon > state.horizon:
                    state.horizon = horizon
                after = reader.cursor
                value = state.parse(self.rule)
                if value is None:  # after the separator, as a trailing one leaves it
                    reader.cursor = after
                    scope.put(self.name, values)
                    return True
                values.append(value)
        while True:
            before = reader.cursor
            if values and not self.separator.parse(state, scope, UNBOUND):
                reader.cursor = before
                break
            after = reader.cursor
            value = state.parse(self.rule)
            if value is None:
                reader.cursor = after if (self.trailing or not values) else before
                break
            values.append(value)
        scope.put(self.name, values)
        return True


class Repeated(Term):
    """Zero or more values of ``rule`` into a list under ``name``."""

    __slots__ = ("rule", "name")

    def __init__(self, rule: "Rule", name: str):
        self.rule = rule
        self.name = name

    def parse(self, state, scope, control) -> bool:
        values = []
        while True:
            value = state.parse(self.rule)
            if value is None:
                break
            values.append(value)
        scope.put(self.name, values)
        return True


class Rule:
    """A named rule: a term and an action ``action(state) -> value | None`` run on its frame.

    A rule built with ``term=None`` is a hand-written one: its action does all the matching.
    ``forward`` rules get their term and action later (:meth:`define`), for recursion.
    ``fast``, if set, is tried first: ``fast(state, start) -> (value, end, horizon) | None``,
    the value the rule would give and where it would leave the cursor, storing no reasons
    (all of them would lie at or before ``horizon``); ``None`` to leave it to the rule.
    """

    __slots__ = ("name", "term", "action", "fast")

    def __init__(self, name: str, term: Term | None = None, action: Callable | None = None):
        self.name = name
        self.term = term if term is not None else _ALWAYS
        self.action = action
        self.fast: Callable | None = None

    def define(self, term: Term, action: Callable) -> "Rule":
        self.term, self.action = term, action
        return self


class _Always(Term):
    __slots__ = ()

    def parse(self, state, scope, control) -> bool:
        return True


_ALWAYS = _Always()
