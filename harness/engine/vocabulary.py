"""The operation vocabulary as one table: per area its setup keys, per operation its arguments.

``rig/PROTOCOL.md`` ("Operations") and ``reference/RECORDED_FORMAT.md`` ("Areas") define
what a case may say; this module is that definition as data, and every case the harness
loads (YAML case files, recorded JSONL files, and so ``harness check``, ``shrink``,
``record`` and ``live``) is checked against it before anything runs: a malformed case is
refused with what is wrong, never run into a ``TypeError`` of some implementation.

Argument types are Java's, as the game's methods take them:

============  =================================================================
``int``       a Java int: an integer in -2^31..2^31-1 (not ``true``/``false``, not ``1.0``)
``long``      a Java long: an integer in -2^63..2^63-1
``ints``      a list of Java ints
``longs``     a list of Java longs
``longs?``    a list of Java longs, or ``null``
``hex``       bytes: a lowercase hex string of whole bytes (``""`` is no bytes)
``text``      a string (Java's UTF-16 text; a lone surrogate is its ``\\udXXX`` escape)
``one of``    one of a few strings (``"block_states"``, ``"biomes"``)
``files``     a mapping of external chunk file names ``c.<x>.<z>.mcc`` to their bytes (hex)
============  =================================================================

Ranges are the types' own, not "valid" values: an index past the end, a negative size or a
value too wide for the storage are legitimate questions the game answers with an error.

Each operation's recorded answer has a type too (``Area.answers``; ``null`` where none is
named): the types above, ``boolean``, ``hex?`` (hex or null), ``pairs`` (``[[id, count], ...]``),
``packed`` (``{"palette": ints, "data": longs?}``) and ``folder`` (a region's files and
timestamps), or instead an error answer or an absent answer. :func:`answer_problem` is what a
recorded file is checked with: a ``longs`` answer holding ``NaN``, ``1.5`` or ``2**70`` is a
damaged file, never a case that fails.

>>> print(case_problem({"area": "storage", "setup": {"bits": 5, "size": 64}, "ops": [["new"], ["get", "1"]]}))
operation 1 ["get", "1"]: argument i must be a Java int (-2147483648..2147483647), got the string '1'
>>> case_problem({"area": "snbt", "setup": {}, "ops": [["parse", "{a:1b}"]]}) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from harness.engine.jsontext import json_text
from harness.engine.shorten import shorten

INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1
_HEX = re.compile(r"[0-9a-f]*")  # and an even length: a repeated pair group costs ~50 bytes a pair


class MalformedCase(ValueError):
    """A case outside the vocabulary (an unknown operation, a missing or wrongly typed
    argument or setup key, an operation before the object exists): no implementation can
    answer it, and it says nothing about the implementation that was given it."""


_KINDS = {bool: "boolean", str: "string", float: "number", int: "integer", list: "list", dict: "mapping"}
_ANSWER_KINDS = (("error", "an error answer"), ("absent", "an absent answer"), ("unsupported", "an unsupported answer"))


def kind_of(value) -> str:
    """What a value of a case or an answer is, in the words of ``rig/PROTOCOL.md`` (never a
    Python type's name): ``null``, ``a boolean``, ``an integer``, ``a number`` (1.5, NaN: not
    an integer), ``bytes (hex)``, ``text``, ``a list``, ``a mapping``, ``an error answer``,
    ``an absent answer``, ``an unsupported answer``.

    >>> kind_of(None), kind_of(True), kind_of(7), kind_of("0a00"), kind_of("END"), kind_of({"error": "E"})
    ('null', 'a boolean', 'an integer', 'bytes (hex)', 'text', 'an error answer')
    """
    if value is None:
        return "null"
    if isinstance(value, str):
        return "bytes (hex)" if value and len(value) % 2 == 0 and _HEX.fullmatch(value) else "text"
    if isinstance(value, dict):
        return next((kind for key, kind in _ANSWER_KINDS if key in value), "a mapping")
    kind = _KINDS.get(type(value))
    if kind is None:  # not a JSON value at all (an implementation in this process gave it)
        return f"no JSON value ({type(value).__name__})"
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def _show(value) -> str:
    """``the integer 5``, ``the string '1'``, ``the list [1, null]``, ``null``: a value for a
    message, its kind in the protocol's words and its text as JSON (a string quoted as given)."""
    kind = _KINDS.get(type(value))
    if kind is None:
        return kind_of(value) if value is None else shorten(f"{kind_of(value)} {value!r}", 80)
    if kind == "string":
        return shorten(f"the string {value!r}", 80)
    try:
        text = json_text(value)
    except (TypeError, ValueError, RecursionError):  # not JSON inside (a value an implementation in this process gave)
        text = repr(value)
    return shorten(f"the {kind} {text}", 80)


def op_text(op) -> str:
    """An operation as every message shows one: its JSON (``["get", "1"]``, as in case files and
    reports), or its ``repr`` where it holds what JSON cannot (a case built in Python)."""
    try:
        return json_text(op)
    except (TypeError, ValueError, RecursionError):
        return repr(op)


@dataclass(frozen=True)
class ArgType:
    """One argument type: ``name`` (as the table above names it), ``says`` (what a value must
    be, in words) and ``problem(value)``: what is wrong with a value, or None."""

    name: str
    says: str
    problem: Callable[[object], str | None]
    bounds: tuple[int, int] | None = None  # an integer type's range (lists of it are checked at once)


def _java_integer(name: str, bits: int) -> ArgType:
    """Java's ``int`` (32 bits) or ``long`` (64): a JSON integer in its range, not a boolean."""
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    says = f"a Java {name} ({lo}..{hi})"

    def problem(value):
        if type(value) is int and lo <= value <= hi:  # bool is a subclass of int, not int itself
            return None
        return f"must be {says}, got {_show(value)}"
    return ArgType(name, says, problem, (lo, hi))


def _list_of(item: ArgType, says: str, nullable: bool = False) -> Callable[[object], str | None]:
    def problem(value):
        if value is None and nullable:
            return None
        if not isinstance(value, list):
            return f"must be {says}, got {_show(value)}"
        if item.bounds and all(type(v) is int for v in value) and (
                not value or item.bounds[0] <= min(value) and max(value) <= item.bounds[1]):
            return None  # a list of ints in range, the common case, without a call an item
        for k, v in enumerate(value):
            if item.problem(v):
                return f"item {k} must be {item.says}, got {_show(v)}"
        return None
    return problem


def _hex(value):
    if not isinstance(value, str) or len(value) % 2 or not _HEX.fullmatch(value):
        return f"must be bytes as a lowercase hex string of whole bytes, got {_show(value)}"
    return None


def _text(value):
    return None if isinstance(value, str) else f"must be a string, got {_show(value)}"


_EXTERNAL_NAME = re.compile(r"c\.-?\d{1,10}\.-?\d{1,10}\.mcc")


def _files(value):
    if not isinstance(value, dict):
        return f"must be a mapping of file names c.X.Z.mcc to hex, got {_show(value)}"
    for name, data in value.items():
        if not isinstance(name, str) or not _EXTERNAL_NAME.fullmatch(name):
            return f"has the file name {_show(name)}, not an external chunk file's c.<x>.<z>.mcc"
        problem = _hex(data)
        if problem:
            return f"file {name} {problem}"
    return None


def one_of(*choices: str) -> ArgType:
    """A string that is one of ``choices``."""
    says = "one of " + ", ".join(repr(c) for c in choices)
    return ArgType(" | ".join(choices), says,
                   lambda v: None if isinstance(v, str) and v in choices else f"must be {says}, got {_show(v)}")


INT = _java_integer("int", 32)
LONG = _java_integer("long", 64)
INTS = ArgType("ints", "a list of Java ints", _list_of(INT, "a list of Java ints"))
LONGS = ArgType("longs", "a list of Java longs", _list_of(LONG, "a list of Java longs"))
LONGS_OR_NULL = ArgType("longs?", "a list of Java longs or null", _list_of(LONG, "a list of Java longs or null", True))
HEX = ArgType("hex", "bytes as lowercase hex", _hex)
TEXT = ArgType("text", "a string", _text)
FILES = ArgType("files", "a mapping of file names c.X.Z.mcc to hex", _files)


def _exact(name: str, says: str, test: Callable[[object], bool]) -> ArgType:
    return ArgType(name, says, lambda v: None if test(v) else f"must be {says}, got {_show(v)}")


NULL = _exact("null", "null", lambda v: v is None)
BOOLEAN = _exact("boolean", "true or false", lambda v: type(v) is bool)
HEX_OR_NULL = ArgType("hex?", "bytes as lowercase hex or null", lambda v: None if v is None else _hex(v))


def _pairs(value):
    if not isinstance(value, list):
        return f"must be a list of [id, count] pairs of Java ints, got {_show(value)}"
    for k, pair in enumerate(value):
        if not (isinstance(pair, list) and len(pair) == 2) or INT.problem(pair[0]) or INT.problem(pair[1]):
            return f"item {k} must be an [id, count] pair of Java ints, got {_show(pair)}"
    return None


def _mapping(keys: dict[str, ArgType]) -> Callable[[object], str | None]:
    """Exactly ``keys``, each of its type."""
    def problem(value):
        if not isinstance(value, dict) or set(value) != set(keys):
            return f"must be a mapping of {', '.join(keys)}, got {_show(value)}"
        for key, kind in keys.items():
            wrong = kind.problem(value[key])
            if wrong:
                return f"{key} {wrong}"
        return None
    return problem


def _named_hex(value):
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        return f"must be a mapping of file names to hex, got {_show(value)}"
    for name, data in value.items():
        problem = _hex(data)
        if problem:
            return f"file {shorten(repr(name), 80)} {problem}"
    return None


PAIRS = ArgType("pairs", "a list of [id, count] pairs", _pairs)
PACKED = ArgType("packed", "a mapping of palette (ids) and data (longs or null)",
                 _mapping({"palette": INTS, "data": LONGS_OR_NULL}))
FOLDER = ArgType("folder", "a mapping of files (name to hex) and timestamps ([index, seconds] pairs)",
                 _mapping({"files": ArgType("named hex", "file names to hex", _named_hex),
                           "timestamps": ArgType("pairs", "[index, seconds] pairs", _pairs)}))


@dataclass(frozen=True)
class Area:
    """One area's vocabulary: ``setup`` (key -> type; every key required, no other key taken:
    a misspelt key is refused, never run as a case without it),
    ``ops`` (operation -> its arguments as ``(name, type)`` pairs, in order), and ``opens``:
    the operations that make the object the others work on (empty: the setup makes it);
    ``needs``: operations on a second object of the case (operation -> the operations that
    make that object, one of which must come first); ``answers``: operation -> the type of
    the game's answer to it when it did not throw (``rig/PROTOCOL.md``'s tables; every
    operation may also be answered by an error or an absent answer), null where not named."""

    setup: dict[str, ArgType]
    ops: dict[str, tuple[tuple[str, ArgType], ...]]
    opens: tuple[str, ...] = ()
    needs: dict[str, tuple[str, ...]] = field(default_factory=dict)
    answers: dict[str, ArgType] = field(default_factory=dict)


_XYZ = (("x", INT), ("y", INT), ("z", INT))
_XZ = (("x", INT), ("z", INT))
_LAYER_MADE = ("layer_new", "layer_from")

VOCABULARY: dict[str, Area] = {
    "storage": Area(  # SimpleBitStorage / ZeroBitStorage
        setup={"bits": INT, "size": INT},
        ops={"new": (), "from_longs": (("longs", LONGS),), "get": (("i", INT),),
             "set": (("i", INT), ("v", INT)), "get_and_set": (("i", INT), ("v", INT)),
             "fill": (("v", INT),), "values": (), "longs": ()},
        opens=("new", "from_longs"),
        answers={"get": INT, "get_and_set": INT, "values": INTS, "longs": LONGS}),
    "palette": Area(  # PalettedContainer over a registry of N ids
        setup={"strategy": one_of("block_states", "biomes"), "registry": INT, "value": INT},
        ops={"set": _XYZ + (("v", INT),), "set_at": (("i", INT), ("v", INT)),
             "get": _XYZ, "get_at": (("i", INT),),
             "get_and_set": _XYZ + (("v", INT),), "get_and_set_at": (("i", INT), ("v", INT)),
             "bits": (), "counts": (), "write": (), "pack": (),
             "unpack": (("palette", INTS), ("data", LONGS_OR_NULL)), "copy": (), "recreate": ()},
        answers={"get": INT, "get_at": INT, "get_and_set": INT, "get_and_set_at": INT, "bits": INT,
                 "counts": PAIRS, "write": HEX, "pack": PACKED}),
    "nbt": Area(  # NbtIo, read once from the setup's input
        setup={"form": one_of("file", "any", "network"), "input": HEX},
        ops={"write_back": (), "to_string": (), "pretty": ()},
        answers={"write_back": HEX, "to_string": TEXT, "pretty": TEXT}),
    "snbt": Area(  # TagParser
        setup={},
        ops={"parse": (("text", TEXT),), "parse_compound": (("text", TEXT),)},
        answers={"parse": HEX, "parse_compound": HEX}),
    "region": Area(  # RegionFile over r.0.0.mca (+ c.X.Z.mcc files) in a folder; DataLayer
        setup={"compression": INT, "region": HEX, "external": FILES},
        ops={"write": _XZ + (("data", HEX),), "write_repeat": _XZ + (("data", HEX), ("count", INT)),
             "read": _XZ, "exists": _XZ, "has": _XZ, "clear": _XZ, "flush": (), "close": (), "files": (),
             "layer_new": (), "layer_from": (("data", HEX),), "layer_get": _XYZ, "layer_set": _XYZ + (("v", INT),),
             "layer_data": (), "layer_is_empty": ()},
        needs={op: _LAYER_MADE for op in ("layer_get", "layer_set", "layer_data", "layer_is_empty")},
        answers={"read": HEX_OR_NULL, "exists": BOOLEAN, "has": BOOLEAN, "files": FOLDER, "layer_get": INT,
                 "layer_data": HEX, "layer_is_empty": BOOLEAN}),
}

AREAS: tuple[str, ...] = tuple(VOCABULARY)


def setup_problem_at(area: str, setup) -> tuple[tuple, str] | None:
    """What is wrong with ``setup`` for ``area`` (a known area), and where in the case it is,
    or None: a key it does not know first (a typo of a key is one, and the key it misspells is
    then missing too), then a missing key, then a wrongly typed one. ``(("setup", key), why)``
    for a key it does not know or a wrongly typed one, ``(("setup",), why)`` for the setup as
    a whole.

    >>> place, why = setup_problem_at("storage", {"bits": 5, "size": 64, "colour": "red"})
    >>> print(place, why)
    ('setup', 'colour') 'setup' has no key 'colour'; a storage setup is {bits (int), size (int)}
    >>> place, why = setup_problem_at("storage", {"bits": 5, "sizes": 64})
    >>> print(place, why)
    ('setup', 'sizes') 'setup' has no key 'sizes' (did you mean 'size'?); a storage setup is {bits (int), size (int)}
    """
    spec = VOCABULARY[area].setup
    if not isinstance(setup, dict):
        return ("setup",), f"'setup' must be a mapping, got {_show(setup)}"
    for key in setup:
        if key not in spec:
            import difflib  # here alone: a refusal's cost

            close = difflib.get_close_matches(str(key), [k for k in spec if k not in setup], n=1)
            meant = f" (did you mean {close[0]!r}?)" if close else ""
            return ("setup", key), f"'setup' has no key {shorten(repr(key), 80)}{meant}; {_setup_form(area)}"
    for key, kind in spec.items():
        if key not in setup:
            return ("setup",), f"'setup' needs {key!r}; {_setup_form(area)}"
        problem = kind.problem(setup[key])
        if problem:
            return ("setup", key), f"setup {key} {problem}"
    return None


def _setup_form(area: str) -> str:
    return f"a {area} setup is {{{', '.join(f'{k} ({t.name})' for k, t in VOCABULARY[area].setup.items())}}}"


def op_problem(area: str, op) -> str | None:
    """What is wrong with one operation of ``area`` (a known area), or None."""
    ops = VOCABULARY[area].ops
    if not isinstance(op, list) or not op or not isinstance(op[0], str):
        return f"must be a list [name, arg, ...], got {_show(op)}"
    params = ops.get(op[0])
    if params is None:
        return f"unknown {area} operation {shorten(repr(op[0]), 80)}; operations are {', '.join(ops)}"
    args = op[1:]
    if len(args) != len(params):
        form = ", ".join([json_text(op[0])] + [f"{name} ({kind.name})" for name, kind in params])
        return (f"takes {len(params)} argument{'s' * (len(params) != 1)}, got {len(args)}: "
                f"the form is [{form}]")
    for (name, kind), value in zip(params, args):
        problem = kind.problem(value)
        if problem:
            return f"argument {name} {problem}"
    return None


def case_problem(case: dict) -> str | None:
    """What is wrong with a case's ``setup`` and ``ops`` for its ``area`` (a known area), or
    None: the first problem, naming the operation (index and text) where there is one."""
    found = case_problem_at(case)
    return found[1] if found else None


def case_problem_at(case: dict) -> tuple[tuple, str] | None:
    """:func:`case_problem` with where in the case it is: ``("setup", key)`` or ``("setup",)``
    (:func:`setup_problem_at`), ``("ops", j)`` for operation ``j``."""
    area = case["area"]
    found = setup_problem_at(area, case.get("setup", {}))
    if found:
        return found
    opens, needs = VOCABULARY[area].opens, VOCABULARY[area].needs
    opened = not opens
    seen: set[str] = set()
    for j, op in enumerate(case["ops"]):
        problem = op_problem(area, op)
        if problem is None and not opened and op[0] not in opens:
            problem = f"comes before {' or '.join(repr(o) for o in opens)} made the object it works on"
        if problem is None and op[0] in needs and not seen.intersection(needs[op[0]]):
            problem = f"comes before {' or '.join(repr(o) for o in needs[op[0]])} made the object it works on"
        if problem:
            return ("ops", j), f"operation {j} {shorten(op_text(op), 100)}: {problem}"
        opened = opened or op[0] in opens
        seen.add(op[0])
    return None


ERROR_FIELDS = ("error", "message", "cause", "cause_message")  # an error answer's keys (rig/PROTOCOL.md)


def _error_answer_problem(answer: dict) -> str | None:
    if not set(answer) <= set(ERROR_FIELDS):
        extra = ", ".join(shorten(repr(k), 40) for k in answer if k not in ERROR_FIELDS)
        return f"an error answer has the keys {', '.join(ERROR_FIELDS)} only, not {extra}"
    if not isinstance(answer["error"], str) or not answer["error"]:
        return f"an error answer's error must be the exception's name, got {_show(answer['error'])}"
    for key in ("message", "cause_message"):
        if answer.get(key) is not None and not isinstance(answer[key], str):
            return f"an error answer's {key} must be a string or null, got {_show(answer[key])}"
    if "cause" in answer and not isinstance(answer["cause"], str):
        return f"an error answer's cause must be the exception's name, got {_show(answer['cause'])}"
    return None


def answer_problem(area: str, op: list, answer) -> str | None:
    """What is wrong with a recorded ``answer`` to ``op`` (an operation of ``area`` that
    :func:`op_problem` accepts), or None: the answer's type (:attr:`Area.answers`), or an
    error answer ``{error, message[, cause, cause_message]}``, or an absent answer
    ``{"absent": what}`` (``reference/RECORDED_FORMAT.md``).

    >>> answer_problem("storage", ["longs"], [0, 1.5])
    'must be a list of Java longs, item 1 must be a Java long (-9223372036854775808..9223372036854775807), got the number 1.5'
    >>> answer_problem("storage", ["get", 0], {"error": "IllegalArgumentException", "message": None}) is None
    True
    """
    if isinstance(answer, dict) and "error" in answer:
        return _error_answer_problem(answer)
    if isinstance(answer, dict) and "absent" in answer:
        from harness.engine.compare import is_absent  # compare reads this module

        return None if is_absent(answer) else f"an absent answer is {{\"absent\": what}} alone, got {_show(answer)}"
    kind = VOCABULARY[area].answers.get(op[0], NULL)
    problem = kind.problem(answer)
    if problem and kind.name in ("ints", "longs", "longs?") and isinstance(answer, list):
        return f"must be {kind.says}, {problem}"
    return problem


def require(area: str, setup, ops) -> None:
    """Raise :class:`MalformedCase` when ``setup`` and ``ops`` are not a case of ``area``."""
    if area not in VOCABULARY:
        raise MalformedCase(f"unknown area {shorten(repr(area), 80)}; areas are {', '.join(AREAS)}")
    if not isinstance(ops, list):
        raise MalformedCase(f"'ops' must be a list, got {_show(ops)}")
    problem = case_problem({"area": area, "setup": setup, "ops": ops})
    if problem:
        raise MalformedCase(problem)

