"""The campaign driver: generate cases, run them on an engine, shrink each new disagreement
and keep it as a case file.

:func:`run_campaign` draws each area's cases in seeded chunks
(:mod:`harness.engine.fuzz.generate`; first the disagreements the example database holds
for the area and release), sends each chunk to the engine (:class:`~harness.engine.fuzz.local.LocalEngine`
or :class:`~harness.engine.fuzz.cluster.DaskEngine`, which answer result lines in order),
and judges the lines on the driver. A disagreement whose signature (area and
:func:`~harness.engine.shrink.failure_kind`: the name of the first operation answered
differently, or a crash) is new is shrunk with :func:`harness.engine.shrink.shrink`, the
judge answering every candidate through the engine's first worker, and written as
``<out>/<area>/fuzz-<hash>.yaml`` (the shrunk case's hash, the campaign's seed in the file)
and into the example database; later ones of the same signature are counted as repeats.

Drawing runs ahead in child processes (``draw_processes``) while the engine answers the
previous chunk. Results do not depend on timing: lines are judged in the cases' order, so
the same seed, cases and judge find and write the same disagreements.
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from harness.engine.fuzz import generate
from harness.engine.fuzz.worker import WorkerSide


class CampaignAborted(Exception):
    """The judge or the implementation cannot go on (cannot start, never answers)."""


@dataclass
class Found:
    """One distinct disagreement: its ``signature``, the ``original`` case that showed it,
    the ``shrunk`` case written (``path``), ``why`` (the first difference, or the crash),
    ``repeats`` (later cases with the same signature) and ``shrink_note``."""

    area: str
    signature: tuple
    original: dict
    shrunk: dict
    path: Path | None
    why: str
    repeats: int = 0
    shrink_note: str = ""


@dataclass
class AreaTally:
    """Counts of one area: ``cases`` run, of them ``replayed`` from the example database;
    ``agree``, ``disagree``, ``unanswered`` (the judge gave no answer), ``declined`` (a side
    declined the case or an operation)."""

    cases: int = 0
    replayed: int = 0
    agree: int = 0
    disagree: int = 0
    unanswered: int = 0
    declined: int = 0


@dataclass
class Campaign:
    """What to run: ``areas``, ``version``, ``seed``, ``cases`` per area or ``seconds`` in all
    (one of them), ``out`` (the cases folder), ``database`` (a Hypothesis example database or
    None), ``policy`` (error answers), ``shrink_budget`` (candidates per disagreement),
    ``judge_name`` and ``impl_name`` (for the case files), ``draw_processes`` (child processes
    drawing the cases ahead; 0: a thread of this process)."""

    areas: list[str]
    version: str
    seed: int = 0
    cases: int | None = None
    seconds: float | None = None
    out: Path | None = Path("cases")
    database: object = None
    policy: str = "message"
    shrink_budget: int = 500
    judge_name: str = "the judge"
    impl_name: str = "the implementation"
    draw_processes: int = 1


@dataclass
class CampaignResult:
    tallies: dict[str, AreaTally]
    found: list[Found] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    stopped: str | None = None

    @property
    def cases(self) -> int:
        return sum(t.cases for t in self.tallies.values())

    @property
    def rate(self) -> float:
        return self.cases / self.seconds if self.seconds > 0 else 0.0


class _Drawer:
    """Chunks drawn in ``processes`` child processes (0: in this one), the next ``depth``
    chunks of the campaign's order requested ahead: drawing costs about as much as judging.
    A chunk drawn ahead is kept by area and number with the size it was drawn to, and serves
    any request as long or shorter (:func:`generate.first_distinct`): a later chunk is drawn
    ahead whole, since how many of it will be wanted depends on the chunks before it.
    :meth:`close` ends the children at once (a campaign whose time is up does not wait for
    chunks it will not run)."""

    def __init__(self, c: Campaign, processes: int, depth: int = 4):
        self.c, self.depth = c, depth
        self.pending: dict[tuple[str, int], tuple[int, object]] = {}  # (area, k) -> (size drawn to, the draw)
        self.pool = None
        if processes:
            from multiprocessing import get_context

            self.pool = get_context("spawn").Pool(processes, initializer=_ignore_ctrl_c)

    def get(self, key: tuple[str, int, int], upcoming: list[tuple[str, int, int]]) -> list[dict]:
        """The first cases of chunk ``k`` of ``area`` up to its ``size``-th distinct one
        (``key``: area, k, size; :func:`generate.draw_chunk` with ``distinct``), the
        ``upcoming`` ones (the same triples) requested ahead."""
        if self.pool is None:
            return generate.draw_chunk(key[0], self.c.version, self.c.seed, key[1], key[2], True)
        area, k, size = key
        for ahead in [key] + upcoming[:self.depth]:
            kept = self.pending.get(ahead[:2])
            if kept is None or kept[0] < ahead[2]:
                self.pending[ahead[:2]] = (ahead[2], self.pool.apply_async(
                    generate.draw_chunk, (ahead[0], self.c.version, self.c.seed, ahead[1], ahead[2], True)))
        drawn_to, draw = self.pending.pop((area, k))
        drawn = draw if isinstance(draw, list) else draw.get()  # a chunk kept from before, or a pending draw
        if drawn_to == size:
            return drawn
        self.pending[area, k] = (drawn_to, drawn)  # kept for a longer request of the same chunk
        return generate.first_distinct(drawn, size)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()


def _ignore_ctrl_c() -> None:
    """A drawing child's start: Ctrl-C, which a terminal (or ``timeout -s INT``) sends to the
    whole process group, is left to the parent, which unwinds and ends the child
    (:meth:`_Drawer.close`), so the child prints no traceback of its own. SIGTERM keeps its
    default, a silent end: it is how ``Pool.terminate`` ends the children."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _batches(c: Campaign, stop: threading.Event, drawer: _Drawer):
    """``(area, cases)`` in the campaign's order: the saved disagreements of each area, then
    chunk 0 of each area, chunk 1 of each... (module docstring); each case once. Of a chunk
    only as many distinct cases are drawn as the area has left to run (the chunk's own repeats
    among them), the whole chunk where cases run before (saved ones, other chunks') leave it
    short (a chunk's first cases are the same however many are drawn)."""
    seen: set[str] = set()
    left = {a: c.cases for a in c.areas}

    def size(area):  # how many of the current chunk to draw: what is left, up to a chunk
        return generate.CHUNK if left[area] is None else max(1, min(generate.CHUNK, left[area]))

    def new(area, drawn):  # how many of drawn are not run yet
        return len({generate.drawn_hash(area, d) for d in drawn} - seen)

    def fresh(area, drawn, source):
        out = []
        for d in drawn:
            case = generate.make_case(area, c.version, d, source)
            if case["hash"] not in seen and (left[area] is None or left[area] > len(out)):
                seen.add(case["hash"])
                out.append(case)
        if left[area] is not None:
            left[area] -= len(out)
        return out

    if c.database is not None:
        for area in c.areas:
            saved = fresh(area, generate.saved_cases(c.database, area, c.version), "database")
            if saved:
                yield area, saved
    live = list(c.areas)
    k = 0
    while live and not stop.is_set():
        for i, area in enumerate(list(live)):
            if left[area] is not None and left[area] <= 0:
                live.remove(area)
                continue
            after = [a for a in live if left[a] is None or left[a] > 0]
            # this round's chunks as they will be asked for; later ones whole (how many of them will
            # be wanted depends on how many new cases the chunks before them give)
            upcoming = [(a, k, size(a)) for a in after[after.index(area) + 1:]] + [
                (a, k + n, generate.CHUNK) for n in (1, 2) for a in after if _needs(left[a], n)]
            want = size(area)
            drawn = drawer.get((area, k, want), upcoming)
            if len(drawn) >= want and want < generate.CHUNK and new(area, drawn) < left[area]:  # want < CHUNK: a limit
                drawn = drawer.get((area, k, generate.CHUNK), [])  # cases run before among them: the whole chunk
            batch = fresh(area, drawn, f"seed {c.seed} chunk {k}")
            if not batch and left[area] is not None:
                live.remove(area)  # Hypothesis drew nothing new: the area's cases are exhausted
            elif batch:
                yield area, batch
            if stop.is_set():
                return
        k += 1


def _needs(left: int | None, n: int) -> bool:
    """Whether an area with ``left`` cases still to run (None: no limit) needs ``n`` more chunks
    after the current one even if every chunk gives :data:`~harness.engine.fuzz.generate.CHUNK`
    new cases: only such chunks are drawn ahead (a chunk that may not be needed, because the
    current one may be enough, is drawn when it is asked for)."""
    return left is None or left > n * generate.CHUNK


def _ahead(c: Campaign, stop: threading.Event, drawer: _Drawer, deadline: float | None, depth: int = 2):
    """:func:`_batches` in a thread, ``depth`` batches ahead of the caller; ends at the
    ``deadline`` (a ``time.perf_counter()`` value) even while a batch is still being drawn."""
    q: queue.Queue = queue.Queue(maxsize=depth)
    done = object()

    def produce():
        try:
            for item in _batches(c, stop, drawer):
                while not stop.is_set():
                    try:
                        q.put(item, timeout=0.2)
                        break
                    except queue.Full:
                        continue
        except BaseException as e:  # handed to the consumer, raised there
            q.put(e)
            return
        q.put(done)

    thread = threading.Thread(target=produce, name="fuzz-generate", daemon=True)
    thread.start()
    while True:
        try:
            item = q.get(timeout=0.2)
        except queue.Empty:
            if deadline is not None and time.perf_counter() >= deadline:
                return
            continue
        if item is done:
            return
        if isinstance(item, BaseException):
            raise item
        yield item


def run_campaign(c: Campaign, engine, on_progress: Callable[[CampaignResult], None] | None = None) -> CampaignResult:
    """Run campaign ``c`` on ``engine`` (module docstring); :class:`CampaignAborted` when a
    side cannot go on. ``on_progress(result so far)`` after each batch and each shrink."""
    result = CampaignResult({a: AreaTally() for a in c.areas}, workers=engine.workers)
    by_signature: dict[tuple, Found] = {}
    start = time.perf_counter()
    deadline = start + c.seconds if c.seconds else None
    stop = threading.Event()
    drawer = _Drawer(c, c.draw_processes)
    try:
        for area, batch in _ahead(c, stop, drawer, deadline):
            lines = engine.run(batch)
            tally = result.tallies[area]
            for case, line in zip(batch, lines):
                if line["status"] == "aborted":
                    raise CampaignAborted(line["reason"])
                tally.cases += 1
                tally.replayed += case["source"] == "database"
                setattr(tally, line["status"], getattr(tally, line["status"]) + 1)
                if line["status"] != "disagree":
                    continue
                signature = (area, *line["kind"])
                if signature in by_signature:
                    by_signature[signature].repeats += 1
                    continue
                found = _keep(c, engine, case, line, signature)
                by_signature[signature] = found
                result.found.append(found)
                if on_progress:
                    result.seconds = time.perf_counter() - start
                    on_progress(result)
            result.seconds = time.perf_counter() - start
            if on_progress:
                on_progress(result)
            if deadline and time.perf_counter() >= deadline:
                break
        if deadline and time.perf_counter() >= deadline:
            result.stopped = f"the {c.seconds:g} s were up"
    finally:
        stop.set()
        result.seconds = time.perf_counter() - start
        drawer.close()
    return result


def _keep(c: Campaign, engine, case: dict, line: dict, signature: tuple) -> Found:
    """Shrink one new disagreement through the engine, write it, save it in the database."""
    from harness.engine.oracle import ImplementationOracle
    from harness.engine.runner import RunAborted
    from harness.engine.shrink import FUZZ, shrink

    call = engine.caller()
    impl = WorkerSide(call, "impl", c.impl_name)
    oracle = ImplementationOracle(WorkerSide(call, "judge", c.judge_name))
    original = {k: case[k] for k in ("id", "area", "version", "setup", "ops")}
    try:
        shrunk = shrink(original, impl, oracle, c.policy, c.shrink_budget)
    except RunAborted as e:
        raise CampaignAborted(str(e)) from None
    if shrunk is None:  # it did not fail again: keep the case as found
        body, why = original, _why(line["reason"], line, original)
        note = "not shrunk: the case did not disagree when run again"
    else:
        body = shrunk.case
        first = shrunk.mismatches[0] if shrunk.mismatches else None
        why = (f"op {first.index} {first.op[0]} answered differently" if first
               else f"the implementation gave no answers: {shrunk.reason}")
        note = f"{len(original['ops'])} ops to {len(body['ops'])}, {shrunk.tried} candidates tried"
    h = generate.case_hash(case["area"], body["setup"], body["ops"])
    kept = {"id": f"{case['area']}/{FUZZ}/{h}", "purpose": f"found by harness fuzz (seed {c.seed}): {c.impl_name} "
            f"disagrees with {c.judge_name} ({why})", "versions": [c.version], "setup": body["setup"],
            "ops": body["ops"]}
    path = _write(c, case["area"], h, kept) if c.out is not None else None
    if c.database is not None:
        generate.save_case(c.database, case["area"], c.version, body["setup"], body["ops"])
    return Found(case["area"], signature, original, kept, path, why, shrink_note=note)


def _why(reason, line, case) -> str:
    if reason:
        return f"the implementation gave no answers: {reason}"
    return f"{line['kind'][1] if line['kind'] and len(line['kind']) > 1 else 'an operation'} answered differently"


def _write(c: Campaign, area: str, h: str, case: dict) -> Path:
    from harness.engine.casefile import atomic_write_text, cases_text

    path = Path(c.out) / area / f"fuzz-{h}.yaml"
    text = cases_text(area, "harness fuzz", [case], seed=c.seed,
                      header=f"found by harness fuzz --seed {c.seed} against {c.judge_name}; the game decides "
                             "its answers (harness record)")
    atomic_write_text(path, text, make_parents=True)
    return path
