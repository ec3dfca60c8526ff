"""Longs as decimal strings: the protocol option ``--longs-as-strings``.

A JSON number beyond 2^53 is rounded by many JSON readers (JavaScript's ``JSON.parse``
first). Under this option every Java ``long`` of a case and of its answers travels as a
decimal string (``"-9223372036854775808"``) instead. Which values are longs is known per
operation, never guessed from their size:

- in a case: the arguments the operation vocabulary (:mod:`harness.engine.vocabulary`) types
  ``long``, ``longs`` or ``longs?`` (storage ``from_longs``'s list, palette ``unpack``'s data),
  and setup keys of those types (none today);
- in an answer: the places :func:`harness.engine.anatomy.holds_long` names (the items of a
  storage ``longs`` answer, the ``data`` longs of a palette ``pack`` answer).

Error answers, hex strings and every other number are unchanged.

>>> case = {"id": "c", "area": "storage", "setup": {"bits": 1, "size": 64}, "ops": [["from_longs", [-1]], ["longs"]]}
>>> case_to_strings(case)["ops"]
[['from_longs', ['-1']], ['longs']]
>>> answers_from_strings(case["ops"], [None, ["-1"]])
[None, [-1]]
>>> answers_to_strings([["pack"]], [{"palette": [0, 1], "data": [9007199254740993]}])
[{'palette': [0, 1], 'data': ['9007199254740993']}]
"""

from __future__ import annotations

import re

from harness.engine.anatomy import holds_long, may_hold_long
from harness.engine.compare import is_error
from harness.engine.vocabulary import LONG, LONGS, LONGS_OR_NULL, VOCABULARY

_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)")
_LONG_TYPES = {LONG.name: "one", LONGS.name: "list", LONGS_OR_NULL.name: "list"}


def _convert(value, kind: str, to_text: bool):
    one = (lambda v: str(v) if type(v) is int else v) if to_text else _number
    if kind == "one":
        return one(value)
    return [one(v) for v in value] if isinstance(value, list) else value


def _number(value):
    """A decimal string as its int; anything else unchanged (it then differs, as it should)."""
    return int(value) if isinstance(value, str) and _DECIMAL.fullmatch(value) else value


def _convert_case(case: dict, to_text: bool) -> dict:
    area = VOCABULARY.get(case.get("area"))
    if area is None:
        return case
    out = dict(case)
    setup = case.get("setup")
    if isinstance(setup, dict):
        out["setup"] = {k: _convert(v, _LONG_TYPES[area.setup[k].name], to_text)
                        if k in area.setup and area.setup[k].name in _LONG_TYPES else v for k, v in setup.items()}
    ops = []
    for op in case.get("ops") or []:
        params = area.ops.get(op[0]) if isinstance(op, list) and op and isinstance(op[0], str) else None
        if not params:
            ops.append(op)
            continue
        args = [_convert(a, _LONG_TYPES[t.name], to_text) if t.name in _LONG_TYPES else a
                for (_, t), a in zip(params, op[1:])]
        ops.append([op[0], *args, *op[1 + len(params):]])
    out["ops"] = ops
    return out


def case_to_strings(case: dict) -> dict:
    """The case as the harness sends it under the option: its long arguments as strings."""
    return _convert_case(case, True)


def case_from_strings(case: dict) -> dict:
    """A case received under the option, its long arguments back to ints (an implementation's side)."""
    return _convert_case(case, False)


def _walk(op, value, path, leaf):
    if isinstance(value, list):
        return [_walk(op, v, path + (i,), leaf) for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _walk(op, v, path + (k,), leaf) for k, v in value.items()}
    return leaf(value) if holds_long(op, path) else value


def _convert_answers(ops: list, answers, leaf):
    if not isinstance(answers, list):
        return answers
    out = []
    for i, answer in enumerate(answers):
        op = ops[i] if i < len(ops) and isinstance(ops[i], list) else []
        # an answer with no long in it (values, get, ...: may_hold_long) is taken as it is, not walked
        out.append(answer if is_error(answer) or not op or not may_hold_long(op) else _walk(op, answer, (), leaf))
    return out


def answers_from_strings(ops: list, answers):
    """Answers received under the option: each long given as a decimal string back to an int
    (a number is taken as it is; any other string stays and differs from the recorded long)."""
    return _convert_answers(ops, answers, _number)


def answers_to_strings(ops: list, answers):
    """Answers to send under the option (an implementation's side): each long as a decimal string."""
    return _convert_answers(ops, answers, lambda v: str(v) if type(v) is int else v)
