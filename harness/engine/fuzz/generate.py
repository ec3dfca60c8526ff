"""Seeded case generation for a campaign: chunks of cases drawn by Hypothesis, and the
example database of the disagreements found before.

A campaign's cases for one area come in chunks of :data:`CHUNK`; chunk ``k`` is drawn by
Hypothesis from :func:`~harness.engine.fuzz.strategies.case_strategy` with the seed
:func:`chunk_seed` (the campaign's seed, the area, the release and ``k``), with no example
database and no shrinking, so **the same seed gives the same cases**, and a campaign of N
cases is the first N of a longer one. A case repeated (within the campaign) is dropped.

Disagreements found are saved to Hypothesis' example database
(:class:`hypothesis.database.DirectoryBasedExampleDatabase`), under the key
:func:`database_key` (area and release), each as the JSON of its setup and operations; a
later campaign replays them (:func:`saved_cases`) before it generates anything.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import contextmanager

from harness.engine.shrink import FUZZ

CHUNK = 64  # cases drawn per Hypothesis run
HASH_CHARS = 16


def case_hash(area: str, setup: dict, ops: list) -> str:
    """The first :data:`HASH_CHARS` hex digits of the SHA-256 of the case's canonical JSON
    (area, setup, operations): what names a case in result lines and in ``fuzz-<hash>.yaml``.

    >>> case_hash("snbt", {}, [["parse", "{}"]])
    '29069abe3cbd4ab9'
    """
    text = json.dumps({"area": area, "setup": setup, "ops": ops}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:HASH_CHARS]


def drawn_hash(area: str, drawn: dict) -> str:
    """The :func:`case_hash` of drawn ``{"setup", "ops"}``: its ``hash`` where :func:`draw_chunk`
    worked it out, else worked out now (a case from the example database)."""
    return drawn.get("hash") or case_hash(area, drawn["setup"], drawn["ops"])


def make_case(area: str, version: str, drawn: dict, source: str) -> dict:
    """A campaign case from drawn ``{"setup", "ops"}``: ``id`` (``<area>/fuzz/<hash>``),
    ``hash`` (:func:`drawn_hash`), ``area``, ``version``, ``setup``, ``ops`` and ``source``
    (where it came from)."""
    h = drawn_hash(area, drawn)
    return {"id": f"{area}/{FUZZ}/{h}", "hash": h, "area": area, "version": version,
            "setup": drawn["setup"], "ops": drawn["ops"], "source": source}


def chunk_seed(seed: int, area: str, version: str, k: int) -> int:
    """The Hypothesis seed of chunk ``k`` (a 64-bit integer from the SHA-256 of the parts)."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{area}/{version}/{k}".encode()).digest()[:8], "big")


@contextmanager
def _no_local_constants():
    """Hypothesis (6.155 here) sometimes draws a literal found in the source of any non-installed
    module loaded in the process, so the cases of one seed would depend on what else was
    imported (a test module, a CLI verb) and on every literal of our own code. While a chunk is
    drawn it takes none: only the strategies and the seed decide. (Hypothesis' internals: where
    they are not as expected, nothing is changed.)"""
    try:
        from hypothesis.internal.conjecture import providers
        empty = providers.Constants()
        cache = providers.CONSTANTS_CACHE.cache
        saved = providers._get_local_constants
    except (ImportError, AttributeError, TypeError):
        yield
        return
    providers._get_local_constants = lambda: empty
    cache.clear()  # permitted constants kept from before, local ones among them
    try:
        yield
    finally:
        providers._get_local_constants = saved
        cache.clear()


class _Enough(Exception):
    """Raised inside a chunk's Hypothesis run once the cases asked for are drawn."""


def _last_wanted(size: int, distinct: bool) -> Callable[[dict], bool]:
    """Where a run of cases (with their ``hash``) stops, the rule of :func:`draw_chunk` and
    :func:`first_distinct` alike: given each case in turn, whether it is the last one wanted,
    the ``size``-th case or, with ``distinct``, the ``size``-th distinct one."""
    hashes: set[str] = set()
    count = 0

    def last(case: dict) -> bool:
        nonlocal count
        count += 1
        hashes.add(case["hash"])
        return (len(hashes) if distinct else count) >= size

    return last


def draw_chunk(area: str, version: str, seed: int, k: int, size: int = CHUNK, distinct: bool = False) -> list[dict]:
    """The first ``size`` (at most :data:`CHUNK`) drawn ``{"setup", "ops", "hash"}`` of chunk
    ``k`` (module docstring; ``hash`` is :func:`case_hash`'s, worked out once, here), in
    Hypothesis' order: the same in any process for the same arguments and strategies, and the
    first ``size`` of the whole chunk. With ``distinct``, the first drawn up to the ``size``-th
    distinct one (:func:`first_distinct`; a chunk's repeats among them): what a campaign that
    drops repeats needs of the chunk for ``size`` cases, without drawing the whole chunk again.
    (The run is always set up for :data:`CHUNK` examples, since Hypothesis draws differently
    for another ``max_examples``, and is stopped once ``size`` are drawn.)"""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed

    from harness.engine.fuzz.strategies import case_strategy

    drawn: list[dict] = []
    size = max(0, min(size, CHUNK))
    if size == 0:
        return drawn
    last = _last_wanted(size, distinct)
    done = False

    @settings(max_examples=CHUNK, database=None, phases=[Phase.generate], deadline=None, derandomize=False,
              suppress_health_check=list(HealthCheck), print_blob=False, report_multiple_bugs=False)
    @hypothesis_seed(chunk_seed(seed, area, version, k))
    @given(case_strategy(area, version))
    def collect(case):
        nonlocal done
        if done:  # Hypothesis runs the stopping example once more to report it
            raise _Enough
        case = {**case, "hash": case_hash(area, case["setup"], case["ops"])}
        drawn.append(case)
        if last(case):
            done = True
            raise _Enough

    with _no_local_constants():
        try:
            collect()
        except _Enough:
            pass
    return drawn  # collect stops at size: Hypothesis replays the stopping example after the last


def first_distinct(drawn: list[dict], size: int) -> list[dict]:
    """The first of ``drawn`` (cases with their ``hash``) up to the ``size``-th distinct one:
    of a chunk drawn further, what :func:`draw_chunk` with ``distinct`` gives for ``size``."""
    last = _last_wanted(size, True)
    for n, case in enumerate(drawn):
        if last(case):
            return drawn[:n + 1]
    return drawn


def database_key(area: str, version: str) -> bytes:
    """The example database key of one area and release."""
    return f"mc-format-harness fuzz {area} {version}".encode()


def save_case(db, area: str, version: str, setup: dict, ops: list) -> None:
    """Keep a disagreement in the example database ``db`` (a Hypothesis ``ExampleDatabase``)."""
    value = json.dumps({"setup": setup, "ops": ops}, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    db.save(database_key(area, version), value.encode("ascii"))


def saved_cases(db, area: str, version: str) -> list[dict]:
    """The drawn ``{"setup", "ops"}`` kept in ``db`` for the area and release, in a stable
    order (by their JSON); entries that are not such JSON, or not cases of the vocabulary,
    are skipped."""
    from harness.engine.vocabulary import case_problem

    out = []
    for value in sorted(db.fetch(database_key(area, version))):
        try:
            doc = json.loads(value.decode("ascii"))
            drawn = {"setup": doc["setup"], "ops": doc["ops"]}
            if case_problem({"area": area, **drawn}) is None:
                out.append(drawn)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            continue
    return out
