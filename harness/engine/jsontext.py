"""JSON text that keeps Java's strings whole: a lone surrogate stays a ``\\udXXX`` escape.

A Java string is UTF-16 and may hold a lone surrogate (the game answers ``{s:"\\ud83d"}``
for ``nbt/p/raw-string-lone-high-surrogate/file``). JSON carries it as the escape
``"\\ud83d"``, which Python reads into a ``str`` holding the code point U+D83D; UTF-8 cannot
encode that code point, so ``json.dumps(..., ensure_ascii=False)`` followed by
``.encode("utf-8")`` fails. Every JSON line and report the harness writes (the protocol in
both directions, recorded answers, PROVENANCE.json, ``--json`` reports) goes through
:func:`json_text`: other characters as themselves, surrogates as escapes, always valid
UTF-8. Text shown to people goes through :func:`escape_surrogates` the same way.

Every JSON text the harness reads (recorded files, protocol lines, PROVENANCE.json) goes
through :func:`parse`: a nesting deeper than Python's recursion allows is
:class:`NestedTooDeeply` (a ``ValueError``), never a ``RecursionError``. How deeply a value
nests (a recorded answer, an NBT tag: compounds are mappings, lists lists) is :func:`nesting`.

>>> json_line({"s": "\\ud83d", "e": "é"})
'{"s":"\\\\ud83d","e":"é"}'
>>> json.loads(json_line({"s": "\\ud83d"}))["s"] == "\\ud83d"
True
>>> escape_surrogates("a\\udc00b")
'a\\\\udc00b'
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any, Callable

_SURROGATE = re.compile("[\ud800-\udfff]")
_LONG_NUMBER = re.compile(r"[0-9]{4000,}")


def escape_surrogates(text: str) -> str:
    """``text`` with each surrogate code point written as its escape ``\\udXXX`` (lowercase hex).

    Inside a JSON string literal the result is the same string; shown to a person it names
    the code unit that UTF-8 (and so a terminal) cannot carry."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


# Up to Python 3.11 the levels of arrays and objects ``json``'s C scanner follows are bounded by
# Python's recursion limit; from 3.12 by CPython's separate C recursion limit, which Python does
# not expose (so no number can be said).
_BOUNDED_BY_RECURSION_LIMIT = sys.version_info < (3, 12)


class NestedTooDeeply(ValueError):
    """JSON text nested deeper than the reader can follow (``[`` × 100000): ``limit`` is
    Python's recursion limit when it was read on Python 3.11 and older, where it bounds the
    levels of arrays and objects ``json`` follows; ``None`` from 3.12 on, where the bound is
    CPython's C recursion limit, which Python does not expose."""

    limit: int | None = None


def parse(text: str | bytes, parse_constant: Callable[[str], Any] | None = None):
    """``json.loads(text)``; :class:`NestedTooDeeply` instead of ``RecursionError``, and a
    ``json.JSONDecodeError`` (with its position) for an integer over Python's digit limit.
    ``parse_constant`` is ``json.loads``'s: it gets the tokens ``NaN``, ``Infinity`` and
    ``-Infinity`` (Python reads them, JSON has none of them) and gives their value.

    >>> try:
    ...     parse("[" * 100000 + "]" * 100000)
    ... except NestedTooDeeply as e:
    ...     print(e)
    nested too deeply
    """
    try:
        return json.loads(text, parse_constant=parse_constant)
    except RecursionError:
        error = NestedTooDeeply("nested too deeply")
        if _BOUNDED_BY_RECURSION_LIMIT:
            error.limit = sys.getrecursionlimit()
        raise error from None
    except json.JSONDecodeError:
        raise
    except ValueError as e:  # Python's own limit on integer digits (4,300): a JSON error like the others
        if "digits" not in str(e):
            raise
        doc = text.decode("utf-8", errors="replace") if isinstance(text, (bytes, bytearray)) else text
        found = _LONG_NUMBER.search(doc)
        pos = found.start() if found else 0
        raise json.JSONDecodeError(f"an integer of {len(found.group()) if found else 'over 4300'} digits, over the "
                                   f"limit of {sys.get_int_max_str_digits()}", doc, pos) from None


def json_text(value, **dumps_options) -> str:
    """``value`` as JSON text (``json.dumps`` options such as ``indent``): characters beyond
    ASCII as themselves, lone surrogates as ``\\udXXX`` escapes, so it always encodes as UTF-8.

    A surrogate can only stand inside a string literal of the JSON text, where its escape
    means the same code unit: ``json.loads`` gives back an equal value."""
    return escape_surrogates(json.dumps(value, ensure_ascii=False, **dumps_options))


def json_line(value) -> str:
    """``value`` as one compact JSON line (no newline inside or at the end); see :func:`json_text`."""
    return json_text(value, separators=(",", ":"))


_PLAIN = frozenset((int, str, float, bool, type(None)))


def nesting(value, stop: int | None = None) -> int:
    """How deeply lists and mappings nest in ``value``: 0 for a plain value, 1 for a list or
    mapping of plain values (and so for a compound tag of leaf tags), without recursion.
    With ``stop``, nothing below depth ``stop`` is looked into: the answer is then at most
    ``stop + 1``, enough to tell a value nested deeper than ``stop``.

    >>> nesting(7), nesting([1, {"a": []}]), nesting([[[[1]]]], stop=2)
    (0, 3, 3)
    """
    deepest, stack = 0, [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d + 1)
            children = v.values() if isinstance(v, dict) else v
            if (stop is None or d < stop) and not _PLAIN.issuperset(map(type, children)):  # a flat list: no loop
                stack.extend((x, d + 1) for x in children if isinstance(x, (list, dict)))
    return deepest
