"""Running cases through an implementation and judging each case: passed, failed or unverified.

An *implementation* is anything with ``name``, ``answer(case) -> list`` (one answer per
operation; raises when it cannot answer) and ``close()``. :func:`python_implementation` is
ours (:func:`harness.implementations.python.answer_case`);
:class:`harness.implementations.process.ProcessImplementation` is any program speaking the
line protocol.

A :class:`CheckItem` is one case to check for one version with the recorded answers it must
give (``expected``) or ``None`` when nothing was recorded. Its :class:`Outcome`:

- ``passed``: every answer was recorded and every one matches (an operation whose recorded
  answer is ``{"absent": ...}``, one the release lacks, is not judged: ``Outcome.not_judged``);
- ``failed``: an answer differs, or the implementation raised, crashed or hung on the case
  (``reason`` holds what happened; the run goes on with the next case);
- ``unverified``: no recorded answer (a version without a reference, a generated case the
  game has not answered); never counted as passed;
- ``partial``: the implementation declined some operations (answered ``{"unsupported":
  why}``, ``Outcome.declined``) and every other answer matches; or it declined the whole
  case (a program's ``failure`` line, :class:`CaseDeclined`, ``reason``). Neither passed
  nor failed: the summary line counts these cases as ``D unsupported``.

An implementation that cannot answer any further case (it cannot be started, or it
crashed or hung on every case it was given without ever answering) raises
:class:`RunAborted`: the run stops there instead of failing thousands of cases one by one.
The case it stopped at counts as failed, so the counts and the stop message agree.

A failure's ``reason`` says what happened in the implementation's terms: a
:class:`CaseFailure` (a crash, hang or bad line of a program, its own ``failure`` line) by
its message alone; a :class:`~harness.engine.vocabulary.MalformedCase` as ``malformed
case: ...``; any other exception, raised inside an in-process implementation's own code
(ours), with its kind and the source line it came from.
"""

from __future__ import annotations

import os
import signal
import sysconfig
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Protocol

from harness.engine.compare import ErrorPolicy, Mismatch, compare_case, declined, not_judged
from harness.engine.shorten import shorten
from harness.engine.vocabulary import MalformedCase

REASON_CHARS = 2000  # the longest reason kept for a case (a program may say 50 MB)

STATUSES = ("passed", "failed", "unverified", "partial")
# the summary's name for each status: a partial case counts as "unsupported"
COUNT_NAMES = {"passed": "passed", "failed": "failed", "unverified": "unverified", "partial": "unsupported"}


class Implementation(Protocol):
    """Anything that answers cases (see the module docstring)."""

    name: str

    def answer(self, case: dict) -> list: ...

    def close(self) -> None: ...


class CaseFailure(Exception):
    """An implementation gave no answers to one case, for the reason its message says (a
    program's crash, hang or bad line, its own ``failure`` line, a timeout): reported as the
    message alone, as the harness's source location says nothing about the implementation."""


class CaseDeclined(CaseFailure):
    """The implementation declined a whole case (a program's ``failure`` line): the case is
    ``partial`` with nothing judged, for the reason its message says, not failed."""


class RunAborted(Exception):
    """The implementation cannot go on (it cannot be started, or never answers): stop the run.

    ``reason``: why the case being checked got no answers, when it was given one (None: it
    was not, the implementation could not be started). :func:`run_checks` sets ``outcomes``
    to the outcomes of the cases checked, the one the run stopped at included (failed) when
    it had a ``reason``, so the counts of a report agree with its stop message."""

    def __init__(self, *args, reason: str | None = None):
        super().__init__(*args)
        self.reason = reason
        self.outcome = None  # set by check_item: the case the run stopped at
        self.outcomes: list = []


class CaseTimeout(CaseFailure):
    """An in-process implementation took longer than its timeout on one case."""


class CallableImplementation:
    """An in-process implementation: ``fn(case) -> answers``.

    ``timeout`` (seconds, None for none) is enforced with ``SIGALRM`` when running on the
    main thread of a POSIX process (elsewhere it cannot interrupt Python code and is skipped).
    """

    def __init__(self, name: str, fn: Callable[[dict], list], timeout: float | None = None):
        self.name = name
        self.fn = fn
        self.timeout = timeout

    def answer(self, case: dict) -> list:
        if not self.timeout or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
            return self.fn(case)

        def expire(signum, frame):
            raise CaseTimeout(f"no answer within {self.timeout:g} s")

        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, self.timeout)
        try:
            return self.fn(case)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    def close(self) -> None:
        pass


def python_implementation(timeout: float | None = None) -> CallableImplementation:
    """Our Python implementation (:mod:`harness.implementations.python`)."""
    from harness.implementations.python import answer_case

    return CallableImplementation("python", answer_case, timeout)


@dataclass
class CheckItem:
    """One case for one version: ``case`` (``id``, ``area``, ``version``, ``setup``, ``ops``),
    the recorded ``expected`` answers or None, ``source`` (``path:line``) and a ``note``."""

    case: dict
    expected: list | None
    source: str = ""
    note: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return self.case["version"], self.case["area"], self.case["id"]


@dataclass
class Outcome:
    """What checking one :class:`CheckItem` gave."""

    item: CheckItem
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    reason: str | None = None
    seconds: float = 0.0
    actual: list | None = None
    not_judged: list[int] = field(default_factory=list)  # operations recorded as absent in the release
    declined: list[int] = field(default_factory=list)  # operations the implementation answered unsupported
    expected_failure: str | None = None  # the reason an --expect-failures list gives for this case
    declined_case: bool = False  # the implementation declined the whole case (CaseDeclined): ``reason`` is its why

    def declined_reasons(self) -> list[dict]:
        """``[{"index": i, "op": [...], "reason": why}, ...]``: what the implementation declined;
        a whole declined case is one entry with ``index`` and ``op`` null."""
        if self.status == "partial" and not self.declined and self.reason:
            return [{"index": None, "op": None, "reason": self.reason}]
        ops = self.item.case["ops"]
        return [{"index": i, "op": ops[i] if i < len(ops) else None, "reason": self.actual[i]["unsupported"]}
                for i in self.declined]


def protocol_case(case: dict) -> dict:
    """The case as an implementation receives it: id, area, version, setup, ops, and ``jvm``
    (the Java major version the expected answers were recorded on) where it is known."""
    out = {"id": case["id"], "area": case["area"], "version": case["version"],
           "setup": case.get("setup") or {}, "ops": case["ops"]}
    if case.get("jvm"):
        out["jvm"] = case["jvm"]
    return out


def describe_exception(e: BaseException) -> str:
    """Why a case got no answers, shortened in the middle past :data:`REASON_CHARS`: a
    :class:`CaseFailure` or :class:`RunAborted` by its message; a ``MalformedCase`` as
    ``malformed case: message``; any other exception (a bug inside an in-process
    implementation) as ``Kind: message (at file:line in function)``: the innermost frame
    of the implementation's own code (this checkout's, or a user's outside the installed
    libraries and the harness's engine), not of a library it called, else the innermost
    outside importlib."""
    if isinstance(e, RunAborted):
        text = e.reason or str(e)
    elif isinstance(e, CaseFailure):
        text = str(e)
    elif isinstance(e, MalformedCase):
        text = f"malformed case: {e}"
    else:
        text = f"{type(e).__name__}: {e}"
        frames = [f for f in traceback.extract_tb(e.__traceback__) if not f.filename.startswith("<")]
        ours = [f for f in frames if _own_code(f.filename)]
        if frames:
            last = (ours or frames)[-1]
            text += f" (at {'/'.join(last.filename.split('/')[-2:])}:{last.lineno} in {last.name})"
    return shorten(text, REASON_CHARS)


_CHECKOUT = str(Path(__file__).resolve().parent.parent.parent) + os.sep
_ENGINE = str(Path(__file__).resolve().parent) + os.sep
_LIBRARIES = tuple({p + os.sep for p in (sysconfig.get_paths().get(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")) if p})


def _own_code(filename: str) -> bool:
    """A frame of an implementation's code: ours (this checkout, the engine aside, which only
    calls it), or a user's (outside the standard library and installed packages)."""
    if filename.startswith(_CHECKOUT):
        return not filename.startswith(_ENGINE)
    return not filename.startswith(_LIBRARIES)


def check_item(impl: Implementation, item: CheckItem, policy: ErrorPolicy = "message") -> Outcome:
    """Run one item through ``impl`` and judge it; never raises for the implementation's faults
    on the case (only :class:`RunAborted` when it cannot go on at all, with ``outcome``: this
    case, failed; and KeyboardInterrupt)."""
    start = time.perf_counter()
    try:
        actual = impl.answer(protocol_case(item.case))
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # an implementation's crash is that case's failure
        seconds = time.perf_counter() - start
        status = "unverified" if item.expected is None else "partial" if isinstance(e, CaseDeclined) else "failed"
        outcome = Outcome(item, status, reason=describe_exception(e), seconds=seconds,
                          declined_case=isinstance(e, CaseDeclined))
        if isinstance(e, RunAborted):
            if e.reason is not None:  # the case was given and got no answer (not: cannot start)
                e.outcome = outcome
            raise
        return outcome
    seconds = time.perf_counter() - start
    if item.expected is None:
        return Outcome(item, "unverified", seconds=seconds, actual=actual)
    if _passed_before(item.expected, actual, policy):
        return Outcome(item, "passed", seconds=seconds, actual=actual, not_judged=not_judged(item.expected))
    mismatches = compare_case(item.case["ops"], item.expected, actual, policy, item.case)
    skipped = declined(item.expected, actual)
    if not mismatches and not skipped:
        _PASSES[id(item.expected)] = (item.expected, policy, tuple(actual))
    status = "failed" if mismatches else "partial" if skipped else "passed"
    return Outcome(item, status, mismatches, seconds=seconds, actual=actual,
                   not_judged=not_judged(item.expected), declined=skipped)


# Answers that matched once match again: the same recorded answers (one object, shared by the
# releases whose references store the same case) against the very same answer objects (an
# implementation that answers two releases alike may hand back the same objects, as ours
# does) need no second comparison. Entries hold both sides, so an id is never reused.
_PASSES: dict[int, tuple] = {}


def _passed_before(expected, actual, policy) -> bool:
    seen = _PASSES.get(id(expected))
    if seen is None or seen[0] is not expected or seen[1] != policy or not isinstance(actual, list):
        return False
    before = seen[2]
    return len(before) == len(actual) and all(a is b for a, b in zip(before, actual))


def run_checks(impl: Implementation, items: Iterable[CheckItem], policy: ErrorPolicy = "message",
               on_outcome: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Check every item in order; ``on_outcome`` is called after each (progress).

    :class:`RunAborted` propagates with ``outcomes`` holding what ran: the case the run
    stopped at is the last (failed, with its reason) when it was given to the implementation
    (not when the implementation could not even be started)."""
    outcomes = []
    for item in items:
        try:
            outcome = check_item(impl, item, policy)
        except RunAborted as e:
            if e.outcome is not None:
                outcomes.append(e.outcome)
                if on_outcome:
                    on_outcome(e.outcome)
            e.outcomes = outcomes
            raise
        outcomes.append(outcome)
        if on_outcome:
            on_outcome(outcome)
    return outcomes


def tally(outcomes: Iterable[Outcome]) -> dict[str, int]:
    """``{"passed": n, "failed": m, "unverified": k, "unsupported": d}``: ``unsupported`` is
    the number of partial cases (some or all of their operations declined)."""
    counts = dict.fromkeys(COUNT_NAMES.values(), 0)
    for o in outcomes:
        counts[COUNT_NAMES[o.status]] += 1
    return counts


def summary_line(outcomes: Iterable[Outcome]) -> str:
    """The last line of every check: ``N passed, M failed, K unverified``, and ``, D
    unsupported`` after it when D > 0 partial cases declined an operation (or the whole case)."""
    c = tally(outcomes)
    line = f"{c['passed']} passed, {c['failed']} failed, {c['unverified']} unverified"
    return line + (f", {c['unsupported']} unsupported" if c["unsupported"] else "")
