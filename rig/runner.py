"""Running cases through the game: the worker process, which cases to record, and recording.

:func:`game_process` starts :mod:`rig.worker` as a protocol process
(:class:`harness.implementations.process.ProcessImplementation`): every case is timed, and a
JVM crash or a hung case fails that case (with its id) and restarts the worker; the run goes
on. :func:`record` runs the chosen cases and writes ``<out>/<version>/`` atomically with
provenance (:func:`harness.engine.reference.write_reference`); :func:`live_outcomes` judges
our Python implementation against the game's live answers without writing anything.
"""

from __future__ import annotations

import datetime
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import rig
from harness.engine.casefile import load_cases
from harness.engine.reference import BUNDLED, jvm_major, load_reference, read_recorded, write_reference
from harness.engine.runner import CheckItem, Outcome, check_item, protocol_case
from harness.engine.sources import CASES, applies_to, generated_cases
from harness.formats import versions
from harness.implementations.process import ImplementationFailure, ProcessImplementation
from rig import jvm
from rig.mappings import MappingsError, Names
from rig.server_jar import ServerJar, file_digest, open_jar

REPO = Path(rig.__file__).resolve().parent.parent
FALLBACK_REFERENCE = versions.LATEST  # whose cases a version without a bundled reference records
UNSUPPORTED = "UnsupportedOperation"  # a worker failure meaning: this jar lacks an operation


@dataclass
class Game:
    """A jar ready to run: the opened jar, the runtime, the mappings file, the worker options."""

    jar: ServerJar
    runtime: jvm.JavaRuntime
    mappings: Path | None
    cache: str | None
    timeout: float
    jvm_options: list[str] = field(default_factory=list)

    def process(self) -> ProcessImplementation:
        """A fresh worker process (started lazily by its first case)."""
        argv = [sys.executable, "-m", "rig.worker", "--jar", str(self.jar.path),
                "--java-home", str(self.runtime.home)]
        if self.mappings:
            argv += ["--mappings", str(self.mappings)]
        if self.cache:
            argv += ["--cache", str(self.cache)]
        for option in self.jvm_options:
            argv.append(f"--jvm-option={option}")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
        return ProcessImplementation(argv, timeout=self.timeout, name=f"the game {self.jar.info.id}", env=env)

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
            jvm_options: list[str] | None = None) -> Game:
    """Open and check everything before any JVM starts: the jar and its version, the mappings
    an obfuscated version needs, a runtime new enough. Raises ``ServerJarError``,
    ``MappingsError`` or ``JvmError`` with a message for the user."""
    server = open_jar(jar, cache)
    if server.version.obfuscated and not mappings:
        raise MappingsError(f"{server.info.id} jars are obfuscated: pass --mappings server.txt "
                            f"(harness fetch-jar {server.info.id} downloads it)")
    if mappings:
        Names.from_file(mappings)  # refuse a malformed file now rather than in every worker
    runtime = jvm.find_runtime(java_home)
    jvm.require(runtime, server.info.java_version, f"{server.path.name} ({server.info.id})")
    return Game(server, runtime, Path(mappings).resolve() if mappings else None, cache, timeout,
                list(jvm_options or []))


def load_case_file(path: str | os.PathLike) -> list[dict]:
    """Cases of a YAML case file or a JSON Lines file in the recorded format (answers dropped)."""
    path = Path(path)
    cases = read_recorded(path) if path.suffix == ".jsonl" else load_cases(path)
    return [{k: c[k] for k in ("id", "area", "setup", "ops", "versions") if k in c} for c in cases]


def select_cases(version: str, case_files: list[str] | None = None, reference_root=BUNDLED,
                 cases_root=CASES) -> list[dict]:
    """The cases to run for ``version``, each ``{id, area, version, setup, ops}``, ids unique.

    ``case_files`` given: their cases. Otherwise the bundled reference's cases of that
    version (or of the latest version when it has none) followed by the generated case files
    ``cases/<area>/*.yaml``; either way only those whose ``versions`` include ``version``.
    """
    if case_files:
        pool = [c for path in case_files for c in load_case_file(path)]
    else:
        root = Path(reference_root)
        source = root / version if (root / version).is_dir() else root / FALLBACK_REFERENCE
        pool = list(load_reference(source).cases) if source.is_dir() else []
        if Path(cases_root).is_dir():
            pool += generated_cases(cases_root)
    out, seen = [], set()
    for case in pool:
        if case["id"] in seen or not applies_to(case, version):
            continue
        seen.add(case["id"])
        out.append({"id": case["id"], "area": case["area"], "version": version,
                    "setup": case.get("setup") or {}, "ops": case["ops"]})
    return out


@dataclass
class GameRun:
    """What the game answered: ``answered`` cases (with ``answers``), ``skipped`` (the jar lacks
    an operation: id -> reason) and ``failed`` (crash, hang, malformed: id -> reason)."""

    answered: list[dict] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)


def run_game(game: Game, cases: list[dict],
             on_case: Callable[[dict, str, object], None] | None = None) -> GameRun:
    """Every case through one worker (restarted after a crash or hang); never raises for a case.

    ``on_case(case, status, detail)`` after each: status ``answered`` (detail: the answers),
    ``skipped`` or ``failed`` (detail: the reason)."""
    result = GameRun()
    process = game.process()
    try:
        for case in cases:
            try:
                detail = process.answer(protocol_case(case))
                result.answered.append(dict(case, answers=detail))
                status = "answered"
            except ImplementationFailure as e:
                detail = str(e)
                status = "skipped" if UNSUPPORTED in detail else "failed"
                (result.skipped if status == "skipped" else result.failed)[case["id"]] = detail
            if on_case:
                on_case(case, status, detail)
    finally:
        process.close()
    return result


def record(game: Game, cases: list[dict], out_root: str | os.PathLike,
           on_case: Callable[[dict, str, object], None] | None = None) -> tuple[Path, GameRun]:
    """Run ``cases`` and write ``<out_root>/<version>/`` atomically; returns the folder and the run.

    Nothing is written when no case was answered."""
    run = run_game(game, cases, on_case)
    target = Path(out_root) / game.jar.info.id
    if run.answered:
        prov = game.provenance()
        prov["cases"] = len(run.answered)
        if run.skipped:
            prov["skipped"] = dict(sorted(run.skipped.items()))
        if run.failed:
            prov["failed"] = dict(sorted(run.failed.items()))
        write_reference(target, game.jar.info.id, run.answered, prov)
    return target, run


def live_outcomes(game: Game, cases: list[dict], policy: str = "message",
                  on_outcome: Callable[[Outcome], None] | None = None) -> tuple[list[Outcome], GameRun]:
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

    return outcomes, run_game(game, cases, judge)
