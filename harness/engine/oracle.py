"""Oracles: what the engine trusts to say what the game answers to a case.

An oracle has ``name``, ``arbitrary`` and ``answer(case) -> list | None``: the game's
answers to ``case`` (``id``, ``area``, ``version``, ``setup``, ``ops``), or ``None`` when
it cannot tell. ``arbitrary`` is True for an oracle that answers any case (the game itself,
live through the rig); False for one that only knows what was recorded.

- :class:`RecordedOracle`: recorded answers. It answers a case only when a recorded case of
  the same version and area has the same setup and the case's operations are a prefix of
  the recorded ones: operations run in order on one object, so answers to a prefix are
  the recorded answers' prefix; nothing else can be trusted.
- :class:`ImplementationOracle`: an implementation trusted as the judge (the rig's game,
  or a protocol process standing in for it); it answers anything it does not crash on.
- :class:`ChainOracle`: the first of several that answers.

The rig provides oracles for a live game by wrapping its implementation in
:class:`ImplementationOracle` (or by any object with this interface).
"""

from __future__ import annotations

import json
from typing import Iterable, Protocol

from harness.engine.runner import Implementation, RunAborted, describe_exception, protocol_case


class Oracle(Protocol):
    """Anything that can say what the game answers (see the module docstring)."""

    name: str
    arbitrary: bool

    def answer(self, case: dict) -> list | None: ...


def _setup_key(case: dict) -> tuple[str, str, str]:
    return case["version"], case["area"], json.dumps(case.get("setup") or {}, sort_keys=True)


def is_recorded_prefix(rec: dict, case: dict) -> bool:
    """Whether the recorded case ``rec``'s answers judge ``case``: the same setup (a missing
    one is empty), and ``case``'s operations are a prefix of ``rec``'s.

    >>> rec = {"ops": [{"op": "get"}, {"op": "set"}]}
    >>> is_recorded_prefix(rec, {"setup": {}, "ops": [{"op": "get"}]}), is_recorded_prefix(rec, {"ops": [{"op": "set"}]})
    (True, False)
    """
    ops = case["ops"]
    return (rec.get("setup") or {}) == (case.get("setup") or {}) and rec["ops"][:len(ops)] == ops


class RecordedOracle:
    """Recorded answers (cases in the recorded format, with ``answers``), for prefixes only."""

    arbitrary = False

    def __init__(self, recorded: Iterable[dict], name: str = "recorded answers"):
        self.name = name
        self._by_setup: dict[tuple, list[dict]] = {}
        for case in recorded:
            self._by_setup.setdefault(_setup_key(case), []).append(case)

    def answer(self, case: dict) -> list | None:
        for rec in self._by_setup.get(_setup_key(case), ()):
            if is_recorded_prefix(rec, case):
                return rec["answers"][:len(case["ops"])]
        return None


class ImplementationOracle:
    """An implementation trusted as the game (arbitrary cases); a crash on a case means
    "cannot tell" for that case, but one that cannot run at all (:class:`RunAborted`: it
    cannot be started, or never answers) is not silently ignored: that propagates.

    ``asked`` and ``answered`` count the cases; ``last_failure`` says why the last case it
    could not tell got no answers (so that an oracle that answered nothing can be reported)."""

    arbitrary = True

    def __init__(self, impl: Implementation, name: str | None = None):
        self.impl = impl
        self.name = name or impl.name
        self.asked = self.answered = 0
        self.last_failure: str | None = None

    def answer(self, case: dict) -> list | None:
        self.asked += 1
        try:
            answers = self.impl.answer(protocol_case(case))
        except RunAborted:
            raise
        except Exception as e:
            self.last_failure = describe_exception(e)
            return None
        if not (isinstance(answers, list) and len(answers) == len(case["ops"])):
            self.last_failure = f"{len(answers) if isinstance(answers, list) else 'no'} answers to {len(case['ops'])} ops"
            return None
        self.answered += 1
        return answers


class ChainOracle:
    """The first of ``oracles`` that answers; arbitrary when any of them is."""

    def __init__(self, oracles: list):
        self.oracles = oracles
        self.name = " then ".join(o.name for o in oracles)
        self.arbitrary = any(o.arbitrary for o in oracles)

    def answer(self, case: dict) -> list | None:
        for oracle in self.oracles:
            answers = oracle.answer(case)
            if answers is not None:
                return answers
        return None
