"""Comparing answers: plain values, with a policy for error answers, down to the first difference.

An answer is a plain value (``None``, ``int``, ``str`` — hex for bytes —, ``list``, ``dict``)
or an error answer ``{"error": kind, "message": msg[, "cause", "cause_message"]}``
(``reference/RECORDED_FORMAT.md``). Values compare by type and value (``True`` is not ``1``).
Error answers compare under an :data:`ErrorPolicy`:

- ``"message"`` (default): same kind, same message, and the same cause and cause message
  where the recorded answer has them;
- ``"kind"``: same kind only;
- ``"refusal"``: any error answer matches any error answer (a refusal is enough).

Resource refusals are one class (:func:`is_resource_refusal`): the JVM's
``OutOfMemoryError`` and ``StackOverflowError``, the ``NbtAccounter``'s quotas
(``NbtAccounterException``, or ``RuntimeException`` before it existed, "Tried to read NBT
tag that was too big…" and "…with too high complexity, depth > 512"), and an
implementation's own refusal for its own resource limit: an error answer with
``"error": "ResourceLimit"`` or with ``"resource": true`` (any kind). Under ``kind`` and
``refusal`` two resource refusals match whatever their kinds; under ``message`` they do not.

An actual answer ``{"unsupported": why}`` is the implementation declining that one
operation: it is not judged either (:func:`declined`), and the case is *partial* when
every other answer matches.

An expected answer ``{"absent": what}`` (``reference/RECORDED_FORMAT.md``) is not the game's
answer but the mark that the release lacks that operation (``BitStorage.fill(int)`` before
26.3): it is **not judged**, whatever the implementation answered (:func:`not_judged`).

:func:`compare_case` gives one :class:`Mismatch` per operation whose answer differs, each
with its first :class:`Difference`: the path inside the answer, the two values there and,
for hex strings, the first differing byte with a window of both sides.

>>> d = first_difference("0a000b68", "0a000b69")
>>> d.path, d.offset, d.expected_window, d.actual_window
((), 3, '0a000b[68]', '0a000b[69]')
>>> first_difference({"palette": [0, 1], "data": [5, 7]}, {"palette": [0, 1], "data": [5, 6]}).path
('data', 1)
>>> first_difference({"error": "E", "message": "a"}, {"error": "E", "message": "b"}, "kind") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from harness.engine.jsontext import json_text
from harness.engine.vocabulary import ERROR_FIELDS, kind_of

ErrorPolicy = Literal["message", "kind", "refusal"]
POLICIES: tuple[str, ...] = ("message", "kind", "refusal")
RESOURCE_KINDS = frozenset({"OutOfMemoryError", "StackOverflowError", "ResourceLimit"})
QUOTA_KINDS = frozenset({"NbtAccounterException", "RuntimeException"})  # RuntimeException: before 1.20.2
QUOTA_MESSAGES = ("Tried to read NBT tag that was too big", "Tried to read NBT tag with too high complexity")
WINDOW = 8  # bytes (or characters) shown on each side of a first difference

_HEX = re.compile(r"(?:[0-9a-f]{2})+")


class _Missing:
    """The value on the side of a list or mapping that has no item at that path."""

    def __repr__(self) -> str:
        return "<missing>"


MISSING = _Missing()


def is_error(answer) -> bool:
    """True for an error answer (a dict with an ``error`` kind)."""
    return isinstance(answer, dict) and "error" in answer


def is_absent(answer) -> bool:
    """True for an absent answer: ``{"absent": what}``, the release lacks the operation.

    >>> is_absent({"absent": "BitStorage.fill(int)"}), is_absent({"error": "E", "message": None})
    (True, False)
    """
    return isinstance(answer, dict) and set(answer) == {"absent"} and isinstance(answer["absent"], str)


def not_judged(expected) -> list[int]:
    """Indices of the expected answers that are absent answers (not judged).

    >>> not_judged([None, {"absent": "BitStorage.fill(int)"}, 3])
    [1]
    """
    return [i for i, e in enumerate(expected or []) if is_absent(e)] if isinstance(expected, list) else []


def is_unsupported(answer) -> bool:
    """True for an implementation's decline of one operation: ``{"unsupported": why}``.

    >>> is_unsupported({"unsupported": "no SNBT printer"}), is_unsupported({"error": "E", "message": None})
    (True, False)
    """
    return isinstance(answer, dict) and set(answer) == {"unsupported"} and isinstance(answer["unsupported"], str)


def declined(expected, actual) -> list[int]:
    """Indices of the operations the implementation declined (answered ``{"unsupported": ...}``)
    where the recorded answer is the game's (not absent): not judged, the case is partial.

    >>> declined([None, "END", ""], [None, {"unsupported": "no"}, {"unsupported": "no"}])
    [1, 2]
    """
    if not isinstance(expected, list) or not isinstance(actual, list):
        return []
    return [i for i, a in enumerate(actual[:len(expected)]) if is_unsupported(a) and not is_absent(expected[i])]


def is_resource_refusal(answer) -> bool:
    """True for an error answer that refuses an input for a resource limit (module docstring):
    the JVM's ``OutOfMemoryError``/``StackOverflowError``, the accounter's quotas, an
    implementation's ``"error": "ResourceLimit"`` or any error answer with ``"resource": true``;
    a cause of such a kind counts too.

    >>> is_resource_refusal({"error": "OutOfMemoryError", "message": "Java heap space"})
    True
    >>> is_resource_refusal({"error": "NbtAccounterException", "message": "Tried to read NBT tag that was too big; tried to allocate: 2097193 bytes where max allowed: 2097152"})
    True
    >>> is_resource_refusal({"error": "MyLib.TooDeep", "message": "nesting over 300", "resource": True})
    True
    >>> is_resource_refusal({"error": "IllegalArgumentException", "message": "The value 64 is not in the specified inclusive range of 0 to 63"})
    False
    """
    if not is_error(answer):
        return False
    if answer.get("resource") is True:
        return True
    for kind, message in ((answer.get("error"), answer.get("message")), (answer.get("cause"), answer.get("cause_message"))):
        if kind in RESOURCE_KINDS:
            return True
        if kind in QUOTA_KINDS and isinstance(message, str) and message.startswith(QUOTA_MESSAGES):
            return True
    return False


def is_hex(value) -> bool:
    """True for a non-empty lowercase hex string of whole bytes (how bytes travel)."""
    return isinstance(value, str) and _HEX.fullmatch(value) is not None


def error_view(answer: dict, policy: ErrorPolicy = "message") -> dict:
    """The part of an error answer that ``policy`` compares.

    >>> error_view({"error": "E", "message": "m"}, "kind")
    {'error': 'E'}
    """
    if policy == "kind":
        return {"error": answer.get("error")}
    if policy == "refusal":
        return {}
    if policy != "message":
        raise ValueError(f"unknown error policy {policy!r}; policies are {', '.join(POLICIES)}")
    return {k: answer.get(k) for k in ERROR_FIELDS if k in answer or k in ("error", "message")}


@dataclass
class Difference:
    """The first place two answers differ.

    ``path``: keys and indices from the answer's top down to the differing value
    (``("data", 12)``: the 13th long of a pack answer's data); ``expected``/``actual``: the
    values there (:data:`MISSING` when one side has no such item). For two strings:
    ``offset`` is the first differing byte (hex strings, ``unit == "byte"``) or character
    (text, ``unit == "char"``) and the windows show up to :data:`WINDOW` units each side,
    the first differing one in brackets. ``note``: a short human phrase.
    """

    path: tuple = ()
    expected: object = None
    actual: object = None
    offset: int | None = None
    unit: str | None = None
    expected_window: str | None = None
    actual_window: str | None = None
    note: str = ""


@dataclass
class Mismatch:
    """One operation whose answer differs: its index and text, both answers, the first difference,
    and ``where``: a human label of that place (``"data long 12"``, ``"palette, byte 3"``)."""

    index: int
    op: list
    expected: object
    actual: object
    difference: Difference
    where: str = ""
    extra: dict = field(default_factory=dict)


def first_difference(expected, actual, policy: ErrorPolicy = "message") -> Difference | None:
    """The first difference between two answers under ``policy``, or None when they match."""
    return _diff(expected, actual, policy, ())


def _same_kind(a, b) -> bool:
    # bool is an int subclass in Python but never the same answer as an int
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b)
    if isinstance(a, int) and isinstance(b, int):
        return True
    return type(a) is type(b)


def _diff(expected, actual, policy, path) -> Difference | None:
    if is_error(expected) or is_error(actual):
        if not (is_error(expected) and is_error(actual)):
            side = "an error answer vs a value" if is_error(expected) else "a value vs an error answer"
            return Difference(path, expected, actual, note=side)
        if policy != "message" and is_resource_refusal(expected) and is_resource_refusal(actual):
            return None  # one class: the implementation refused for its own resource limit
        return _diff_plain(error_view(expected, policy), error_view(actual, policy), path)
    return _diff_plain(expected, actual, path)


def _diff_plain(expected, actual, path) -> Difference | None:
    if type(expected) is list and type(actual) is list and expected == actual \
            and _all_ints(expected) and _all_ints(actual):
        return None  # equal lists of plain ints (values, longs): the common case, decided at once
    if not _same_kind(expected, actual):
        note = f"types differ: {kind_of(expected)} vs {kind_of(actual)}"
        if {type(expected), type(actual)} == {int, float}:  # equal as numbers, perhaps: say which is which
            note += f" ({json_text(expected)} vs {json_text(actual)}: an answer's 5 and 5.0 are not the same)"
        return Difference(path, expected, actual, note=note)
    if isinstance(expected, list):
        for i, (e, a) in enumerate(zip(expected, actual)):
            d = _diff_plain(e, a, path + (i,))
            if d:
                return d
        if len(expected) != len(actual):
            i = min(len(expected), len(actual))
            e = expected[i] if i < len(expected) else MISSING
            a = actual[i] if i < len(actual) else MISSING
            return Difference(path + (i,), e, a, note=f"lengths differ: {len(expected)} items vs {len(actual)}")
        return None
    if isinstance(expected, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            e, a = expected.get(key, MISSING), actual.get(key, MISSING)
            if e is MISSING or a is MISSING:
                return Difference(path + (key,), e, a, note=f"key {key!r} only on the {'second' if e is MISSING else 'first'} side")
            d = _diff_plain(e, a, path + (key,))
            if d:
                return d
        return None
    if expected == actual:
        return None
    if isinstance(expected, str):
        return _diff_str(expected, actual, path)
    if isinstance(expected, int) and max(abs(expected), abs(actual)) >= 1 << 16:
        return Difference(path, expected, actual, note=_int_note(expected, actual))
    return Difference(path, expected, actual)


def _all_ints(items: list) -> bool:
    return all(type(x) is int for x in items)  # bool and float are other kinds


def _diff_str(expected: str, actual: str, path) -> Difference:
    if is_hex(expected) and (is_hex(actual) or actual == ""):
        e, a = bytes.fromhex(expected), bytes.fromhex(actual)
        k = _first_unequal(e, a)
        note = f"lengths differ: {len(e)} bytes vs {len(a)}" if len(e) != len(a) else ""
        return Difference(path, expected, actual, k, "byte", _hex_window(e, k), _hex_window(a, k), note)
    k = _first_unequal(expected, actual)
    note = f"lengths differ: {len(expected)} characters vs {len(actual)}" if len(expected) != len(actual) else ""
    return Difference(path, expected, actual, k, "char", _text_window(expected, k), _text_window(actual, k), note)


def _first_unequal(a, b) -> int:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def _hex_window(data: bytes, k: int) -> str:
    lo, hi = max(0, k - WINDOW), min(len(data), k + WINDOW + 1)
    head = ("…" if lo else "") + data[lo:k].hex()
    mid = f"[{data[k:k + 1].hex()}]" if k < len(data) else "[]"
    return head + mid + data[k + 1:hi].hex() + ("…" if hi < len(data) else "")


def _text_window(text: str, k: int) -> str:
    lo, hi = max(0, k - WINDOW), min(len(text), k + WINDOW + 1)
    body = repr(text[lo:k])[1:-1] + "[" + repr(text[k:k + 1])[1:-1] + "]" + repr(text[k + 1:hi])[1:-1]
    return ("…" if lo else "") + body + ("…" if hi < len(text) else "")


def _int_note(expected: int, actual: int) -> str:
    """Both sides as 64-bit hex and the bits that differ (useful for packed longs)."""
    mask = (1 << 64) - 1
    e, a = expected & mask, actual & mask
    return f"0x{e:016x} vs 0x{a:016x}, differing bits 0x{e ^ a:016x}"


def compare_case(ops: list, expected: list, actual, policy: ErrorPolicy = "message", case: dict | None = None) -> list[Mismatch]:
    """The operations whose answers differ, in order (empty: all match).

    A differing long (of ``longs``, or ``pack``'s data) always has both sides as 64-bit hex
    and the bits that differ in its note; another integer only past 16 bits.
    ``actual`` must be a list with one answer per operation; a missing or extra answer is a
    mismatch at that index (an extra answer is reported against op ``len(ops)``).
    ``case`` (setup, version, area) lets :mod:`harness.engine.anatomy` label the place.
    A region ``files`` answer's timestamp values (the game's wall clock) are shown, never
    judged (:func:`harness.engine.anatomy.judged_view`).
    An expected absent answer (:func:`is_absent`) is not judged: any actual answer there
    matches, as long as there is one. An actual ``{"unsupported": why}`` (:func:`declined`)
    is not judged either; the operations after it are.
    """
    from harness.engine.anatomy import describe, holds_long, judged_view  # local: anatomy reads the version table

    if not isinstance(actual, list):
        d = Difference((), expected, actual, note=f"answers must be a list, got {kind_of(actual)}")
        return [Mismatch(0, ops[0] if ops else [], expected, actual, d, "all answers")]
    out = []
    for i in range(max(len(expected), len(actual))):
        e = expected[i] if i < len(expected) else MISSING
        a = actual[i] if i < len(actual) else MISSING
        op = ops[i] if i < len(ops) else ["<no op>"]
        if e is MISSING or a is MISSING:
            note = "no answer given" if a is MISSING else "an answer beyond the last operation"
            out.append(Mismatch(i, op, e, a, Difference((), e, a, note=note), note))
            continue
        if is_absent(e) or is_unsupported(a):
            continue
        d = first_difference(judged_view(op, e, case or {}), judged_view(op, a, case or {}), policy)
        if d is not None:
            if not d.note and _both_ints(d.expected, d.actual) and holds_long(op, d.path):
                d.note = _int_note(d.expected, d.actual)  # every differing long: padding bugs show here
            out.append(Mismatch(i, op, e, a, d, describe(op, d, case or {})))
    return out


def _both_ints(a, b) -> bool:
    return type(a) is int and type(b) is int
