"""Brigadier's ``StringReader`` and ``CommandSyntaxException``, as both SNBT parsers use them.

The game's ``TagParser`` (every version) reads its text through Brigadier's
``com.mojang.brigadier.StringReader`` and refuses bad text with a ``CommandSyntaxException``.
This module holds those shared pieces:

- :class:`StringReader`: a cursor over the text as Java holds it, **one character per UTF-16
  code unit** (a character outside the BMP is two), so cursors and positions are the game's.
  Whitespace is Java's ``Character.isWhitespace``; unquoted strings take ``0-9 A-Z a-z _ - . +``.
- :class:`CommandSyntaxError`: the refusal. Its kind is ``CommandSyntaxException`` and its
  message is Brigadier's ``getMessage()``: ``<text> at position <cursor>: <context><--[HERE]``,
  where the context is the (at most) 10 code units before the cursor, preceded by ``...``
  when cut. ``<text>`` is the game's English: the translation key with its arguments rendered
  by the release's ``Language`` (:mod:`harness.formats.lang`, from that release's
  ``en_us.json``), or the bare key where that file lacks it. ``key`` and ``arguments`` stay on
  the error for callers that branch on them.
- the translation keys of Brigadier's built-in errors as Minecraft names them (its
  ``BrigadierExceptions`` turns each into a translatable message with the same arguments).

>>> from harness.formats.lang import language
>>> english = language("26.3")
>>> r = StringReader('{a:"x\\\\"y"}', english)
>>> r.expect("{"); r.read_unquoted_string()
'a'
>>> CommandSyntaxError("argument.nbt.trailing", (), "{a:1} trailing", 6, english).message
'Unexpected trailing data at position 6: {a:1} <--[HERE]'
>>> CommandSyntaxError("parsing.expected", ("}",), "0123456789abc", 12, english).message
"Expected '}' at position 12: ...23456789ab<--[HERE]"
"""

from __future__ import annotations

from harness.formats.errors import GameError
from harness.formats.lang import Language
from harness.formats.nbt.mutf8 import join_surrogates, utf16_units

CONTEXT_AMOUNT = 10  # CommandSyntaxException.CONTEXT_AMOUNT

# Brigadier's built-in errors, by the translation keys Minecraft gives them (arguments).
EXPECTED_SYMBOL = "parsing.expected"  # (the symbol)
EXPECTED_START_OF_QUOTE = "parsing.quote.expected.start"
EXPECTED_END_OF_QUOTE = "parsing.quote.expected.end"
INVALID_ESCAPE = "parsing.quote.escape"  # (the character after the backslash)
LITERAL_INCORRECT = "argument.literal.incorrect"  # (the literal expected)

# Character.isWhitespace: space/line/paragraph separators except the no-break spaces,
# plus the ASCII controls TAB, LF, VT, FF, CR and FS, GS, RS, US.
JAVA_WHITESPACE = frozenset(
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2008\u2009\u200a\u2028\u2029\u205f\u3000"
)
# StringReader.isAllowedInUnquotedString
UNQUOTED_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-.+")


def is_quoted_string_start(ch: str) -> bool:
    """``StringReader.isQuotedStringStart``: ``"`` or ``'``."""
    return ch == '"' or ch == "'"


def context_message(text: str, units: str, cursor: int) -> str:
    """``CommandSyntaxException.getMessage()``: the rendered ``text`` at ``cursor`` in ``units``
    (UTF-16 units)."""
    at = min(len(units), cursor)
    context = ("..." if at > CONTEXT_AMOUNT else "") + units[max(0, at - CONTEXT_AMOUNT):at]
    return f"{text} at position {cursor}: {join_surrogates(context)}<--[HERE]"


class CommandSyntaxError(GameError):
    """Brigadier's ``CommandSyntaxException`` with context: kind ``CommandSyntaxException``.

    ``key`` and ``args`` are the translatable message (kept as ``key`` and ``arguments`` for
    callers that branch on them),
    rendered in English by ``language`` (the parsing release's :class:`harness.formats.lang.Language`).
    ``text`` is the whole input (a Python string, or UTF-16 units as :class:`StringReader`
    holds them), ``cursor`` the position in UTF-16 code units.
    """

    def __init__(self, key: str, args: tuple[object, ...], text: str, cursor: int, language: Language):
        self.key = key
        self.arguments = tuple(args)  # not ``args``: that is Exception's own
        self.cursor = cursor
        message = context_message(language.render(key, self.arguments), utf16_units(text), cursor)
        super().__init__("CommandSyntaxException", message, where=f"code unit {cursor}")


class StringReader:
    """Brigadier's ``StringReader`` over ``text`` held as UTF-16 code units (``units``).

    Positions (``cursor``) count UTF-16 code units, as the game's do. Strings it returns are
    Python strings with surrogate pairs joined (:func:`join_surrogates`). ``language`` renders
    the messages of the errors it raises (the parsing release's English).
    """

    __slots__ = ("units", "cursor", "length", "language")

    def __init__(self, text: str, language: Language, cursor: int = 0):
        self.units = utf16_units(text)
        self.length = len(self.units)
        self.cursor = cursor
        self.language = language

    def error(self, key: str, *args: object, cursor: int | None = None) -> CommandSyntaxError:
        """The ``CommandSyntaxException`` for ``key`` with ``args`` at ``cursor`` (default: the reader's)."""
        return CommandSyntaxError(key, args, self.units, self.cursor if cursor is None else cursor, self.language)

    def can_read(self, n: int = 1) -> bool:
        return self.cursor + n <= self.length

    def peek(self, offset: int = 0) -> str:
        """The code unit at ``cursor + offset``; ``IndexError`` past the end (Java throws too)."""
        return self.units[self.cursor + offset]

    def read(self) -> str:
        ch = self.units[self.cursor]
        self.cursor += 1
        return ch

    def skip(self) -> None:
        self.cursor += 1

    def skip_whitespace(self) -> None:
        units, i = self.units, self.cursor
        while i < self.length and units[i] in JAVA_WHITESPACE:
            i += 1
        self.cursor = i

    def read_unquoted_string(self) -> str:
        """The longest run of ``0-9 A-Z a-z _ - . +`` from the cursor (possibly empty)."""
        start = i = self.cursor
        units = self.units
        while i < self.length and units[i] in UNQUOTED_CHARS:
            i += 1
        self.cursor = i
        return units[start:i]

    def read_string_until(self, terminator: str) -> str:
        """Brigadier's ``readStringUntil``: only ``\\\\`` and ``\\<terminator>`` may be escaped.

        Errors: ``parsing.quote.escape`` at the escaped character, ``parsing.quote.expected.end``
        at the end of the text.
        """
        out = []
        escaped = False
        while self.can_read():
            ch = self.read()
            if escaped:
                if ch == terminator or ch == "\\":
                    out.append(ch)
                    escaped = False
                else:
                    self.cursor -= 1
                    raise self.error(INVALID_ESCAPE, join_surrogates(ch))
            elif ch == "\\":
                escaped = True
            elif ch == terminator:
                return join_surrogates("".join(out))
            else:
                out.append(ch)
        raise self.error(EXPECTED_END_OF_QUOTE)

    def read_quoted_string(self) -> str:
        """Brigadier's ``readQuotedString``: ``""`` at the end, else a quote must start here."""
        if not self.can_read():
            return ""
        quote = self.peek()
        if not is_quoted_string_start(quote):
            raise self.error(EXPECTED_START_OF_QUOTE)
        self.skip()
        return self.read_string_until(quote)

    def read_string(self) -> str:
        """Brigadier's ``readString``: a quoted string if a quote starts here, else unquoted."""
        if not self.can_read():
            return ""
        if is_quoted_string_start(self.peek()):
            quote = self.read()
            return self.read_string_until(quote)
        return join_surrogates(self.read_unquoted_string())

    def expect(self, ch: str) -> None:
        """Consume ``ch`` or raise ``parsing.expected`` at the cursor."""
        if not self.can_read() or self.peek() != ch:
            raise self.error(EXPECTED_SYMBOL, ch)
        self.skip()
