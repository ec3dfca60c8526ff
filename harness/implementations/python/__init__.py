"""Our Python implementation as an implementation: runs a case's operations on :mod:`harness.formats`.

One module per area (``storage``, ``palette``, ``nbt``, ``snbt``, ``region``), mirroring the rig's probes
one for one. Each has ``run(setup: dict, ops: list, version: GameVersion) -> list``: the
answers in the recorded format (see ``rig/PROTOCOL.md``), an operation that the game would
refuse giving its error answer, and the run going on with the next operation. A case outside
the operation vocabulary (:mod:`harness.engine.vocabulary`) raises
:class:`~harness.engine.vocabulary.MalformedCase` before any operation runs.
"""

from __future__ import annotations

import importlib
import json
from functools import lru_cache

from harness.engine.vocabulary import AREAS, MalformedCase, kind_of
from harness.engine.runner import CaseFailure
from harness.formats import versions
from harness.formats.budget import BudgetExceeded
from harness.formats.errors import GameError


def answer_case(case: dict) -> list:
    """The answers of our implementation to ``case`` (a dict in the recorded format).

    ``case["jvm"]`` (optional) is the Java major version the expected answers were recorded
    on (a bundled reference's provenance ``jvm``: OpenJDK 17 up to 1.20.4, Java 25 from
    1.20.5); some answers depend on it (float text). A case without one is answered as on
    the Java its release needs (``GameVersion.java_version``). Raises
    :class:`~harness.engine.vocabulary.MalformedCase` for a case outside the operation
    vocabulary (an unknown area or operation, bad arguments) and
    :class:`versions.UnknownVersionError` for a version the table does not know, and
    :class:`~harness.engine.runner.CaseFailure` for a case over one of the tools' own budgets
    (:mod:`harness.formats.budget`: a tag count, an SNBT size, a storage answer's length).
    """
    if not isinstance(case, dict):
        raise MalformedCase(f"a case is a mapping, got {kind_of(case)}")
    area = case.get("area")
    if area not in AREAS:
        raise MalformedCase(f"unknown area {area!r}; areas are {', '.join(AREAS)}")
    jvm = case.get("jvm")
    if jvm and (isinstance(jvm, bool) or not isinstance(jvm, int)):
        raise MalformedCase(f"'jvm' must be a Java major version (an integer), got {jvm!r}")
    version = versions.get(case.get("version"))
    jvm = jvm or version.java_version
    setup, ops = case.get("setup") or {}, case.get("ops")
    key = _memo_key(area, version, jvm, setup, ops)
    answers = _MEMO.get(key) if key is not None else None
    if answers is None:
        module = importlib.import_module(f"harness.implementations.python.{area}")
        try:
            answers = module.run(setup, ops, version, jvm=jvm)
        except BudgetExceeded as e:  # the tools' own refusal, not the game's answer nor a bug of ours
            raise CaseFailure(f"refused by the tools' own budget (not the game's answer): {e}") from None
        if key is not None:
            if len(_MEMO) >= MEMO_ENTRIES:
                _MEMO.clear()
            _MEMO[key] = answers
    return list(answers)


# Answers depend on a case and on the rules of its version, never on the version's name: two
# releases with equal rules (most neighbours) answer a case alike. So a case's answers are
# kept for the next release with the same rules, which makes checking 27 releases cost about
# what the distinct rule sets cost. The key holds the rules the area's operations read
# (storage: StorageRules; palette: PaletteRules; region: RegionRules; nbt and snbt: NbtRules and SnbtRules, as an
# nbt case prints SNBT and an snbt case writes NBT), for snbt cases the release whose English
# text renders its messages, and the JVM whose float text applies.
MEMO_ENTRIES = 20_000
MEMO_TEXT = 200_000  # cases whose setup and operations take more JSON than this are not kept
_MEMO: dict[tuple, list] = {}


def forget() -> None:
    """Drop every kept answer (after patching a module of this implementation, say)."""
    _MEMO.clear()


@lru_cache(maxsize=None)
def _english(release: str) -> str:
    """The English text a release's messages are rendered from, as one string: releases whose
    files say the same share their answers."""
    from harness.formats.lang import language

    return json.dumps(language(release).text, sort_keys=True)


def _memo_key(area, version, jvm, setup, ops):
    try:
        text = json.dumps([setup, ops], separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return None
    if len(text) > MEMO_TEXT:
        return None
    if area in ("storage", "palette", "region"):
        rules = (getattr(version, area),)
    else:  # an nbt case prints SNBT, an snbt case writes NBT; only SNBT parse errors are translated
        rules = (version.nbt, version.snbt, _english(version.lang_release) if area == "snbt" else None)
    return (area, rules, jvm, text)


def answer_each(ops: list, answer_one) -> list:
    """``answer_one(op)`` for each of ``ops`` in order; an operation the game would refuse
    (a :class:`GameError`) answers its error answer and the run goes on, as the probes do."""
    answers = []
    for op in ops:
        try:
            answers.append(answer_one(op))
        except GameError as e:
            answers.append(e.to_answer())
    return answers
