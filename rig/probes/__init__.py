"""Probes: run a case's operations on the game's own classes and answer in the recorded format.

One module per area (``storage``, ``palette``, ``nbt``, ``snbt``, ``region``), mirroring
``harness/implementations/python/<area>.py`` one for one. Each has
``run(game, setup, ops, version) -> answers``, calling the game only through
:class:`rig.game.Game` (Mojang's names, resolved for obfuscated jars). The operation
vocabulary and answer shapes are ``rig/PROTOCOL.md``'s.

A Java exception thrown by an operation becomes that operation's error answer
(``{error, message[, cause, cause_message]}``), an error ``DataResult`` becomes
``{"error": "DataResult", "message": ...}``, and the run goes on with the next operation.
An operation the jar lacks (a method, constructor or field the game's class does not have
in this release: ``fill`` before 26.3, ``copy`` in 1.18) is answered
``{"absent": "BitStorage.fill(int)"}``: not the game's answer, but the mark that this
release has no such operation; it did nothing, and the next operation runs on the object
as it was. The rest of the case is still answered by the game. An operation the probe does
not know raises :class:`UnsupportedOperation`: the whole case cannot be answered (it is
skipped). A class the jar lacks (:class:`rig.game.MissingClass`) fails the case instead.
"""

from __future__ import annotations

import importlib
from typing import Callable

from harness.formats import versions
from rig.game import Game, MissingClass, MissingMember, java_exception

from harness.engine.casefile import AREAS  # noqa: E402  (one list of areas)


class UnsupportedOperation(Exception):
    """The case uses an operation that this probe or this jar does not have."""


class DataResultError(Exception):
    """The game returned an error ``DataResult`` (not thrown); ``message`` is its message."""

    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


def answer_case(game: Game, case: dict) -> list:
    """The game's answers to ``case`` (a dict with ``area``, ``version``, ``setup``, ``ops``)."""
    area = case.get("area")
    if area not in AREAS:
        raise UnsupportedOperation(f"unknown area {area!r}; areas are {', '.join(AREAS)}")
    module = importlib.import_module(f"rig.probes.{area}")
    return module.run(game, case.get("setup") or {}, case["ops"], versions.get(case["version"]))


def needed_classes() -> list[str]:
    """Mojang names of the game's classes the probes call in every version (``CLASSES`` of each
    area module; a class only some versions have, such as 26.x's top-level ``Strategy``, is
    not listed). A jar lacking one of them cannot answer that area's cases at all."""
    out: list[str] = []
    for area in AREAS:
        out += [c for c in importlib.import_module(f"rig.probes.{area}").CLASSES if c not in out]
    return out


ABSENT = "absent"  # the key of an absent answer: {"absent": "<what the release lacks>"}


def absent_answer(what: str) -> dict:
    """The answer to an operation this release lacks (``what``: ``BitStorage.fill(int)``)."""
    return {ABSENT: what}


def run_ops(game: Game, handlers: dict[str, Callable], ops: list) -> list:
    """Run ``ops`` in order through ``handlers`` (operation name -> function of its arguments);
    an operation needing a member the jar lacks is answered :func:`absent_answer`."""
    answers = []
    for op in ops:
        if not isinstance(op, list) or not op or not isinstance(op[0], str):
            raise UnsupportedOperation(f"an operation is a list [name, args...], got {op!r}")
        handler = handlers.get(op[0])
        if handler is None:
            raise UnsupportedOperation(f"unknown operation {op[0]!r}; known: {', '.join(handlers)}")
        try:
            answers.append(handler(*op[1:]))
        except DataResultError as e:
            answers.append({"error": "DataResult", "message": e.message})
        except MissingClass:
            raise  # the jar lacks one of the game's classes: the case fails, it is not skipped
        except MissingMember as e:
            answers.append(absent_answer(e.what))
        except TypeError as e:
            if java_exception(e) is None:
                raise UnsupportedOperation(f"operation {op!r}: wrong arguments ({e})") from None
            answers.append(game.error_answer(java_exception(e)))
        except Exception as e:
            throwable = java_exception(e)
            if throwable is None:
                raise
            answers.append(game.error_answer(throwable))
    return answers


def ints(java_array) -> list[int]:
    """A Java ``int[]``/``long[]`` (or boxed list) as a list of Python ints (signed)."""
    return [int(x) for x in java_array]


def java_bytes(data: bytes):
    """``data`` as a new Java ``byte[]``."""
    from jpype import JArray, JByte

    return JArray(JByte)(data)


def buffer_bytes(buf) -> bytes:
    """The readable bytes of a Netty ``ByteBuf`` (left unread)."""
    from jpype import JArray, JByte

    out = JArray(JByte)(int(buf.readableBytes()))
    buf.getBytes(int(buf.readerIndex()), out)
    return bytes(out)


def netty(game: Game, name: str):
    """A Netty class (``"Unpooled"``) as loaded with the game's libraries."""
    return game.jclass(f"io.netty.buffer.{name}")
