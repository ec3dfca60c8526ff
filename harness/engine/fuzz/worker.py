"""A fuzz worker: one warm judge process and one implementation process, answering cases.

A :class:`FuzzWorker` owns a pair of protocol processes
(:class:`~harness.implementations.process.ProcessImplementation`): the **judge** (the game
through the rig's worker, ``python -m rig.worker --jar J``, or any ``--against`` program)
and the **implementation under test** (ours by default, ``python -m
harness.implementations.process``). Each is started once, on its first case, and restarted
after a crash or a hang, as the process implementation does. The same class runs in a
thread of the local engine and as a Dask actor of the cluster engine; it holds nothing that
cannot be pickled until its processes start.

:meth:`FuzzWorker.run` answers a shard of cases as result lines (:func:`result_line`),
plain JSON keyed by case hash and version, which the driver collects.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

from harness.engine.compare import ErrorPolicy
from harness.engine.runner import CaseDeclined, CaseFailure, CheckItem, RunAborted, check_item, describe_exception, protocol_case
from harness.engine.shrink import failure_kind

PYTHON = "{python}"  # in a side's argv: the Python running the worker (the driver's may not exist on a cluster's machine)
STATUSES = ("agree", "disagree", "unanswered", "declined", "aborted")


@dataclass(frozen=True)
class Side:
    """How to start one protocol process: ``argv`` (:data:`PYTHON` stands for the worker's own
    Python), ``name`` (in reports), ``timeout`` (seconds per case), ``env`` (variables added to
    the worker's environment; a ``PYTHONPATH`` naming a folder the worker's machine lacks is
    left out), ``give_up_after`` (failures before any answer that stop the run; 0: never)."""

    argv: tuple[str, ...]
    name: str
    timeout: float = 60.0
    env: dict = field(default_factory=dict)
    give_up_after: int = 3

    def start(self):
        """A :class:`~harness.implementations.process.ProcessImplementation` of this side (started lazily)."""
        from harness.implementations.process import ProcessImplementation

        env = dict(os.environ)
        for key, value in self.env.items():
            if key == "PYTHONPATH":
                value = os.pathsep.join(p for p in value.split(os.pathsep) if os.path.isdir(p))
                value = os.pathsep.join(filter(None, [value, env.get("PYTHONPATH")]))
            env[key] = value
        argv = [sys.executable if a == PYTHON else a for a in self.argv]
        return ProcessImplementation(argv, timeout=self.timeout, name=self.name, env=env,
                                     give_up_after=self.give_up_after)


def our_side(timeout: float = 10.0) -> Side:
    """Our Python implementation as a protocol process, from this checkout."""
    from harness.engine.fuzz import REPO

    return Side((PYTHON, "-m", "harness.implementations.process"), "python", timeout, {"PYTHONPATH": str(REPO)})


def command_side(command: str, timeout: float = 10.0) -> Side:
    """Any program speaking the line protocol (``split_command``'s rules; ``ValueError`` if it names none)."""
    from harness.implementations.process import split_command

    return Side(tuple(split_command(command)), command, timeout)


def result_line(case: dict, status: str, expected=None, actual=None, reason: str | None = None,
                kind: tuple | None = None) -> dict:
    """One case's result: ``hash``, ``version``, ``area``, ``status`` (one of :data:`STATUSES`),
    the judge's ``expected`` and the implementation's ``actual`` answers, ``reason`` (why
    there are none), ``kind`` (a disagreement's :func:`~harness.engine.shrink.failure_kind`)."""
    return {"hash": case["hash"], "version": case["version"], "area": case["area"], "status": status,
            "expected": expected, "actual": actual, "reason": reason, "kind": list(kind) if kind else None}


class FuzzWorker:
    """A warm judge and implementation pair (module docstring). ``jvm``: the Java major
    version the judge runs on, told to the implementation with every case (float text
    follows it); ``policy``: how error answers must match (``harness check``'s ``--errors``)."""

    def __init__(self, judge: Side, impl: Side, jvm: int | None = None, policy: ErrorPolicy = "message"):
        self.judge_side, self.impl_side, self.jvm, self.policy = judge, impl, jvm, policy
        self._judge = self._impl = None

    def _sides(self):
        if self._judge is None:
            self._judge, self._impl = self.judge_side.start(), self.impl_side.start()
        return self._judge, self._impl

    def answer(self, which: str, case: dict) -> list:
        """The ``judge``'s or the ``impl``'s answers to one case (raises as the process does)."""
        judge, impl = self._sides()
        side = judge if which == "judge" else impl
        return side.answer(self._told(case))

    def _told(self, case: dict) -> dict:
        sent = protocol_case(case)
        if self.jvm and "jvm" not in sent:
            sent["jvm"] = self.jvm
        return sent

    def run_case(self, case: dict) -> dict:
        """One case through the judge, then the implementation: its :func:`result_line`."""
        judge, impl = self._sides()
        try:
            expected = judge.answer(self._told(case))
        except RunAborted as e:
            return result_line(case, "aborted", reason=f"the judge: {describe_exception(e)}")
        except CaseDeclined as e:
            return result_line(case, "declined", reason=f"the judge: {e}")
        except CaseFailure as e:
            return result_line(case, "unanswered", reason=f"the judge: {e}")
        try:
            outcome = check_item(impl, CheckItem(self._told(case), expected), self.policy)
        except RunAborted as e:
            return result_line(case, "aborted", expected, reason=f"the implementation: {describe_exception(e)}")
        status = {"passed": "agree", "failed": "disagree", "partial": "declined", "unverified": "unanswered"}[outcome.status]
        kind = failure_kind(outcome) if status == "disagree" else None
        return result_line(case, status, expected, outcome.actual, outcome.reason, kind)

    def run(self, cases: list[dict]) -> list[dict]:
        """:meth:`run_case` for each case of a shard, in order (stops after an ``aborted`` one)."""
        lines = []
        for case in cases:
            lines.append(self.run_case(case))
            if lines[-1]["status"] == "aborted":
                break
        return lines

    def processes(self) -> list:
        """The judge and implementation processes started (:meth:`close` forgets them; a thread
        still answering through one may start it again)."""
        return [side for side in (self._judge, self._impl) if side is not None]

    def close(self) -> None:
        """Stop both processes (a later case starts them again)."""
        for side in (self._judge, self._impl):
            if side is not None:
                side.close()
        self._judge = self._impl = None


class WorkerSide:
    """One side of a worker as an implementation (``name``, ``answer``, ``close``), for the
    shrinker on the driver: ``call(which, case)`` reaches the worker (directly, or through
    a cluster actor)."""

    def __init__(self, call, which: str, name: str):
        self.call, self.which, self.name = call, which, name

    def answer(self, case: dict) -> list:
        return self.call(self.which, case)

    def close(self) -> None:
        pass
