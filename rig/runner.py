"""Running cases through the game: the worker process, which cases to record, and recording.

:func:`game_process` starts :mod:`rig.worker` as a protocol process
(:class:`harness.implementations.process.ProcessImplementation`): every case is timed, and a
JVM crash or a hung case fails that case (with its id) and restarts the worker; the run goes
on. With a ``start_timeout`` (:func:`prepare`), the first case after each start of a worker
gets that long (its JVM's start and the case) and every later case ``timeout`` (the case
alone). :func:`record` runs the chosen cases and writes ``<out>/<version>/`` atomically with
provenance (:func:`harness.engine.reference.write_reference`); :func:`live_outcomes` judges
our Python implementation against the game's live answers without writing anything.
"""

from __future__ import annotations

import datetime
import os
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import rig
from harness.engine.casefile import CaseFileError, load_cases
from harness.engine.reference import BUNDLED, jvm_major, load_reference, read_recorded, write_reference
from harness.engine.runner import CheckItem, Outcome, check_item, protocol_case
from harness.engine.sources import CASES, applies_to, generated_cases
from harness.formats import versions
from harness.engine.runner import RunAborted
from harness.implementations.process import GIVE_UP_AFTER, ImplementationFailure, ProcessImplementation
from rig import jvm
from rig.mappings import MappingsError, Names
from rig.paths import file_problem
from rig.server_jar import ServerJar, ServerJarError, file_digest, open_jar

REPO = Path(rig.__file__).resolve().parent.parent
FALLBACK_REFERENCE = versions.LATEST  # whose cases a version without a bundled reference records
UNSUPPORTED = "UnsupportedOperation"  # a worker failure meaning: this jar cannot set the case up (a form it lacks, an unknown operation)
STOP_AFTER = GIVE_UP_AFTER  # the first cases all failing for the jar itself: the rest would too, so stop
JAR_FAILURE = "reported: MissingClass:"  # a worker failure meaning: the jar cannot load a class the probes need


@dataclass
class Game:
    """A jar ready to run: the opened jar, the runtime, the mappings file, the worker options."""

    jar: ServerJar
    runtime: jvm.JavaRuntime
    mappings: Path | None
    cache: str | None
    timeout: float
    jvm_options: list[str] = field(default_factory=list)
    names: Names = field(default_factory=Names.identity, repr=False)
    start_timeout: float | None = None  # the first case after each start of a worker (None: timeout)

    def worker_argv(self, python: str = sys.executable) -> list[str]:
        """The command line of a worker process (:mod:`rig.worker`) run by ``python``."""
        argv = [python, "-m", "rig.worker", "--jar", str(self.jar.path), "--java-home", str(self.runtime.home)]
        if self.mappings:
            argv += ["--mappings", str(self.mappings)]
        if self.cache:
            argv += ["--cache", str(self.cache)]
        for option in self.jvm_options:
            argv.append(f"--jvm-option={option}")
        return argv

    def process(self) -> ProcessImplementation:
        """A fresh worker process (started lazily by its first case; it gives up after
        failing its first :data:`STOP_AFTER` cases without an answer), whose first case after
        each start gets ``start_timeout``."""
        argv = self.worker_argv()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
        return ProcessImplementation(argv, timeout=self.timeout, name=f"the game {self.jar.info.id}", env=env,
                                     give_up_after=STOP_AFTER, start_timeout=self.start_timeout)

    def provenance(self) -> dict:
        """Where recorded answers come from: jar, version.json, mappings, JVM, rig, date."""
        prov = {
            "source": "rig",
            "how": "the game's own classes from the server jar, run by the rig's probes through JPype",
            "jar": {"file": self.jar.path.name, "sha1": self.jar.sha1, "bundler": self.jar.bundled},
            "version_json": self.jar.info.provenance(),
            "jvm": {"version": self.runtime.version, "home": str(self.runtime.home)},
            "rig_version": rig.__version__,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        if self.mappings:
            prov["mappings"] = {"file": self.mappings.name, "sha1": file_digest(self.mappings, "sha1")}
        return prov


def prepare(jar: str | os.PathLike, mappings: str | os.PathLike | None = None,
            java_home: str | None = None, cache: str | None = None, timeout: float = 60.0,
            jvm_options: list[str] | None = None, start_timeout: float | None = None) -> Game:
    """Open and check everything before any case runs: the jar and its version, the mappings
    an obfuscated version needs (and none for one that is not), the game's classes the probes
    need (:func:`missing_classes`), a runtime new enough, the JVM options. Raises
    ``ServerJarError``, ``MappingsError`` or ``JvmError`` with a one-line message for the user.
    The worker (:mod:`rig.worker`) makes the same checks before it starts its JVM.

    ``timeout``: seconds a case, the JVM's start included in a worker's first case; with
    ``start_timeout`` (at least ``timeout``) a worker's first case after each start gets that
    long instead, so that ``timeout`` can be a case's own time."""
    runtime = jvm.find_runtime(java_home)  # before the jar: a bundler is unpacked into the cache
    server = open_jar(jar, cache)
    version = server.info.id
    if server.version.obfuscated and not mappings:
        raise MappingsError(f"{version} jars are obfuscated: pass --mappings server.txt "
                            f"(harness fetch-jar {version} downloads it)")
    if mappings and not server.version.obfuscated:
        raise MappingsError(f"{version} jars carry Mojang's names: leave out --mappings "
                            "(it is for obfuscated versions such as 1.20.1 and 1.21.1)")
    names = Names.from_file(mappings) if mappings else Names.identity()
    missing = missing_classes(server, names)
    if missing:
        raise ServerJarError(_missing_message(server, names, missing))
    jvm.require(runtime, server.info.java_version, f"{server.path.name} ({version})")
    jvm.check_options(runtime, list(jvm_options or []))
    return Game(server, runtime, Path(mappings).resolve() if mappings else None, cache, timeout,
                list(jvm_options or []), names, start_timeout)


def missing_classes(server: ServerJar, names: Names) -> list[str]:
    """Mojang names of the classes the probes need (:func:`rig.probes.needed_classes`) that the
    game jar lacks, each looked for under its name in the jar (``names``: the mappings)."""
    from rig.probes import needed_classes

    wanted = needed_classes()
    entries = [names.cls(c).replace(".", "/") + ".class" for c in wanted]
    absent = set(server.missing_entries(entries))
    return [c for c, e in zip(wanted, entries) if e in absent]


def _missing_message(server: ServerJar, names: Names, missing: list[str], shown: int = 3) -> str:
    """One line: which jar lacks which classes (the first ``shown``), and the likely cause."""
    where = f"{server.path}" + (f" (its game jar {server.game_jar.name})" if server.bundled else "")
    mappings = Path(names.source).name if names.source else "the mappings"

    def entry(name):
        path = names.cls(name).replace(".", "/") + ".class"
        if not names.obfuscated:
            return path
        return f"{name} (as {path})" if name in names.classes else f"{name} (not in {mappings})"

    listed = ", ".join(entry(c) for c in missing[:shown])
    more = f" and {len(missing) - shown} more" if len(missing) > shown else ""
    if names.obfuscated:
        why = f"is {mappings} the mappings of {server.info.id}, and this jar its server jar?"
    else:
        why = f"its version.json says {server.info.id}, but it is not that version's server jar"
    return f"{where}: lacks game classes the probes need: {listed}{more}; {why}"


CASE_FILE = "a case file (YAML, or recorded .jsonl)"


def load_case_file(path: str | os.PathLike) -> list[dict]:
    """Cases of a YAML case file or a JSON Lines file in the recorded format (answers dropped;
    a recorded case keeps its ``version``, the version it was recorded for);
    :class:`CaseFileError` for a path that is missing, a directory or unreadable."""
    path = Path(path)
    problem = file_problem(path, CASE_FILE)
    if problem:
        raise CaseFileError(problem)
    cases = read_recorded(path) if path.suffix == ".jsonl" else load_cases(path)
    return [{k: c[k] for k in ("id", "area", "version", "setup", "ops", "versions") if k in c} for c in cases]


@dataclass
class Selection:
    """The cases to run on one jar, and which of them were marked for another version.

    ``cases``: each ``{id, area, version, setup, ops}`` with ``version`` the jar's;
    ``marked``: case id -> the other version a recorded case was marked for (such cases run
    as the jar's version: the operations are one vocabulary, and the answers are then the
    jar's, never the other version's)."""

    version: str
    cases: list[dict]
    marked: dict[str, str] = field(default_factory=dict)

    @property
    def relabelled(self) -> dict[str, int]:
        """Other version -> how many of the cases were marked for it."""
        return dict(Counter(self.marked.values()))

    def relabel_note(self) -> str | None:
        """One line saying which cases were recorded for another version, or None."""
        if not self.relabelled:
            return None
        counts = sorted(self.relabelled.items(), key=lambda item: (-item[1], item[0]))
        first, rest = counts[0], counts[1:]
        said = f"{first[1]} case{'s were' if first[1] != 1 else ' was'} recorded for {first[0]}"
        said += "".join(f", {n} for {v}" for v, n in rest)
        return f"{said}; running {'them' if sum(self.relabelled.values()) > 1 else 'it'} as {self.version} (this jar's version)"


def select_cases(version: str, case_files: list[str] | None = None, reference_root=BUNDLED,
                 cases_root=CASES) -> Selection:
    """The cases to run for ``version``, ids unique (:class:`Selection`).

    ``case_files`` given: their cases. Otherwise the bundled reference's cases of that
    version (or of the latest version when it has none) followed by the generated case files
    ``cases/<area>/*.yaml``; either way only those whose ``versions`` include ``version``.
    A recorded case marked for another version is kept, and named in ``marked``.
    """
    if case_files:
        pool = [c for path in case_files for c in load_case_file(path)]
    else:
        root = Path(reference_root)
        source = root / version if (root / version).is_dir() else root / FALLBACK_REFERENCE
        pool = list(load_reference(source).cases) if source.is_dir() else []
        if Path(cases_root).is_dir():
            pool += generated_cases(cases_root)
    selection, seen = Selection(version, []), set()
    for case in pool:
        if case["id"] in seen or not applies_to(case, version):
            continue
        seen.add(case["id"])
        if case.get("version", version) != version:
            selection.marked[case["id"]] = case["version"]
        selection.cases.append({"id": case["id"], "area": case["area"], "version": version,
                                "setup": case.get("setup") or {}, "ops": case["ops"]})
    return selection


@dataclass
class GameRun:
    """What the game answered: ``answered`` cases (with ``answers``), ``skipped`` (the jar cannot
    set the case up, such as a form it lacks: id -> reason; an operation it lacks is an
    absent answer inside an answered case) and ``failed`` (crash, hang, malformed: id -> reason).

    ``stopped``: why the run stopped early, when it did: the worker crashed or hung on its
    first :data:`STOP_AFTER` cases without answering one (it cannot start; a timeout shorter
    than the JVM's start), or failed each of them for a class the jar cannot load
    (:func:`stop_reason`); ``not_run`` cases were then never sent."""

    answered: list[dict] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    stopped: str | None = None
    not_run: int = 0


def stop_reason(run: GameRun) -> str | None:
    """Why to stop a run whose first cases have run, or None: :data:`STOP_AFTER` cases ran,
    none was answered or skipped, and each failed for a class the jar cannot load (a missing
    or broken class fails every case of its area, and the probes' classes are in every area).
    Other failures are the cases' own (a malformed case), and the run goes on."""
    reasons = list(run.failed.values())
    if run.answered or run.skipped or len(reasons) != STOP_AFTER or not all(JAR_FAILURE in r for r in reasons):
        return None
    return f"the first {STOP_AFTER} cases all failed for a class the jar cannot load: {reasons[0]}"


def run_game(game: Game, cases: list[dict],
             on_case: Callable[[dict, str, object], None] | None = None, workers: int = 1) -> GameRun:
    """Every case through the game's worker processes (each restarted after a crash or
    hang); never raises for a case.

    ``on_case(case, status, detail)`` after each, in the cases' order: status ``answered``
    (detail: the answers), ``skipped`` or ``failed`` (detail: the reason). When the first
    :data:`STOP_AFTER` cases all fail for the jar itself (no answer at all, or a class it
    cannot load), the run stops there (``GameRun.stopped``). ``workers``: how many worker
    processes (one JVM each) share the cases after the first :data:`STOP_AFTER`, which one
    runs alone to judge that stop; the answers are the same whatever the number."""
    result = GameRun()
    processes = [game.process() for _ in range(max(1, workers))]

    def take(number: int, case: dict, got: tuple[str, object, bool]) -> bool:
        status, detail, aborted = got
        if status == "answered":
            result.answered.append(dict(case, answers=detail))
        else:
            (result.skipped if status == "skipped" else result.failed)[case["id"]] = detail
        if aborted:
            result.stopped = str(detail)
        if on_case:
            on_case(case, status, detail)
        if number + 1 == STOP_AFTER and len(cases) > STOP_AFTER:
            result.stopped = result.stopped or stop_reason(result)
        if result.stopped:
            result.not_run = len(cases) - number - 1
        return not result.stopped

    try:
        head = cases[:STOP_AFTER] if len(processes) > 1 else cases
        for number, case in enumerate(head):
            if not take(number, case, _ask(processes[0], case)):
                return result
        rest = cases[len(head):]
        if rest:
            for number, (case, got) in enumerate(_shared(processes, rest), start=len(head)):
                if not take(number, case, got):
                    return result
    finally:
        for process in processes:
            process.close()
    return result


def _ask(process: ProcessImplementation, case: dict) -> tuple[str, object, bool]:
    """One case through one worker: ``(status, detail, aborted)`` (aborted: the worker failed
    its first cases without answering one, and the run stops)."""
    try:
        return "answered", process.answer(protocol_case(case)), False
    except RunAborted as e:  # the worker failed its first cases without answering one
        return "failed", str(e), True
    except ImplementationFailure as e:
        detail = str(e)
        return ("skipped" if UNSUPPORTED in detail else "failed"), detail, False


def _shared(processes: list[ProcessImplementation], cases: list[dict]):
    """``(case, _ask's answer)`` in the cases' order, the cases shared by the processes (a
    thread each takes the next case as soon as its process is free); stops handing out
    cases once one aborts, or once the caller stops reading."""
    import threading
    from concurrent.futures import Future
    from concurrent.futures import TimeoutError as NotYet

    slots = [Future() for _ in cases]
    lock, stop, queue = threading.Lock(), threading.Event(), iter(range(len(cases)))

    def drain(process):
        while not stop.is_set():
            with lock:
                number = next(queue, None)
            if number is None:
                return
            try:
                got = _ask(process, cases[number])
            except BaseException as e:  # raised to the reader at this case, as the one-process loop would
                slots[number].set_exception(e)
                stop.set()
                return
            slots[number].set_result(got)
            if got[2]:
                stop.set()

    threads = [threading.Thread(target=drain, args=(p,), daemon=True) for p in processes]
    for t in threads:
        t.start()
    try:
        for case, slot in zip(cases, slots):
            while not slot.done():
                if stop.is_set() and not any(t.is_alive() for t in threads):
                    return
                try:
                    slot.result(timeout=0.2)
                except NotYet:
                    continue
            yield case, slot.result()
    finally:
        stop.set()
        for t in threads:
            t.join()


def absent_operations(answered: list[dict]) -> dict[str, int]:
    """What the jar lacked -> in how many answered cases (their ``{"absent": what}`` answers)."""
    counts: Counter = Counter()
    for case in answered:
        counts.update({a["absent"] for a in case["answers"] if isinstance(a, dict) and "absent" in a})
    return dict(sorted(counts.items()))


def record(game: Game, cases: list[dict], out_root: str | os.PathLike,
           on_case: Callable[[dict, str, object], None] | None = None,
           marked: dict[str, str] | None = None, workers: int = 1) -> tuple[Path, GameRun]:
    """Run ``cases`` and write ``<out_root>/<version>/`` atomically; returns the folder and the run.

    An operation the jar lacks is recorded as its ``{"absent": what}`` answer (the rest of
    its case is the game's), counted per ``what`` in the provenance as ``absent_operations``.

    Every case is written as the jar's version, which answered it. ``marked``
    (:attr:`Selection.marked`: case id -> the other version a case was recorded for) goes
    into the provenance as ``cases_from_other_versions``: how many of the answered cases were
    marked for which other version (the answers are still this jar's). Nothing is written
    when no case was answered. ``workers``: worker processes sharing the cases (:func:`run_game`)."""
    run = run_game(game, cases, on_case, workers)
    target = Path(out_root) / game.jar.info.id
    if run.answered:
        prov = game.provenance()
        prov["cases"] = len(run.answered)
        marked = marked or {}
        other = Counter(marked[c["id"]] for c in run.answered if c["id"] in marked)
        if other:
            prov["cases_from_other_versions"] = dict(sorted(other.items()))
        absent = absent_operations(run.answered)
        if absent:
            prov["absent_operations"] = absent
        if run.skipped:
            prov["skipped"] = dict(sorted(run.skipped.items()))
        if run.failed:
            prov["failed"] = dict(sorted(run.failed.items()))
        write_reference(target, game.jar.info.id, run.answered, prov)
    return target, run


def live_outcomes(game: Game, cases: list[dict], policy: str = "message",
                  on_outcome: Callable[[Outcome], None] | None = None, workers: int = 1) -> tuple[list[Outcome], GameRun]:
    """Our Python implementation judged by the game's live answers (nothing written).

    A case the game could not answer is ``unverified`` with the game's reason."""
    from harness.engine.runner import python_implementation

    ours = python_implementation(timeout=game.timeout)
    outcomes: list[Outcome] = []
    java = jvm_major({"jvm": {"version": game.runtime.version}})  # float text follows the game's JDK

    def judge(case, status, detail):
        if status == "answered":
            outcome = check_item(ours, CheckItem(dict(case, jvm=java), detail, "the game, live"), policy)
        else:
            outcome = Outcome(CheckItem(case, None, "the game, live"), "unverified", reason=f"the game: {detail}")
        outcomes.append(outcome)
        if on_outcome:
            on_outcome(outcome)

    return outcomes, run_game(game, cases, judge, workers)
