"""What the rig's tests share beyond fixtures (tests/rig/conftest.py): the marks that put the
tests reading one set-up on one pytest-xdist worker, and the lending of kept workers.

A module of its own, not conftest.py, so that a test module imported by a fixture at run time
(``bundler_record`` takes its case files' helpers) finds these names whatever conftest was
collected last."""

from __future__ import annotations

import pytest

BUNDLER_RECORD = pytest.mark.xdist_group("rig-bundler-record")  # the tests of conftest.bundler_record: one record


class _Lent:
    """A kept worker lent to one run (:func:`lend_kept_workers`): ``close`` gives it back running."""

    def __init__(self, process, give_back):
        self.process, self.name, self._give_back = process, process.name, give_back

    def answer(self, case: dict) -> list:
        return self.process.answer(case)

    def close(self) -> None:
        self._give_back()


def lend_kept_workers(kept: dict, monkeypatch) -> None:
    """From now on (until ``monkeypatch`` undoes it) :meth:`rig.runner.Game.process` lends each
    run the worker kept in ``kept`` for its command line and timeout, started by the real
    ``Game.process`` on first use: the tests of what ``record``, ``live`` and ``run_game`` do
    with the game's answers pay a JVM's start once per jar, not once per run. (A worker's own
    life, its start, crash, hang and restart, is tested with fresh ones: the bundler record,
    the crash-or-hang test, record with two workers.) A run asking for a second worker of
    the same jar while the first is lent gets a fresh one, as without the loan."""
    from rig.runner import Game

    monkeypatch.setattr(Game, "process", _lender(kept, Game.process, lambda game: (
        tuple(game.worker_argv()), game.timeout, game.start_timeout)))


def lend_kept_sides(kept: dict, monkeypatch) -> None:
    """:func:`lend_kept_workers` for the processes of a fuzz campaign: from now on
    :meth:`harness.engine.fuzz.worker.Side.start` lends each fuzz worker the process kept in
    ``kept`` for the side's command line and timeout (the judge's, the implementation's),
    whatever the engine (a thread of the local one, a Dask actor of the in-process cluster)."""
    from harness.engine.fuzz.worker import Side

    monkeypatch.setattr(Side, "start", _lender(kept, Side.start, lambda side: (side.argv, side.timeout)))


def _lender(kept: dict, real, key):
    """A replacement of the method ``real`` (which starts a process for its object): the
    process kept in ``kept`` under ``key(object)``, started by ``real`` on first use, lent
    (:class:`_Lent`) while no other run holds it, else a fresh one from ``real``."""
    lent = set()

    def start(obj):
        k = key(obj)
        if k in lent:
            return real(obj)
        if k not in kept:
            kept[k] = real(obj)
        lent.add(k)
        return _Lent(kept[k], lambda: lent.discard(k))

    return start


KEPT = pytest.StashKey[dict]()  # in config.stash: xdist group -> (command line, timeouts) -> kept process


def kept_workers_of(config) -> dict:
    """This run's kept workers (:data:`KEPT`), by group."""
    return config.stash.setdefault(KEPT, {})


def group_of(node) -> str | None:
    """The ``xdist_group`` of a test (or of a module, by its ``pytestmark``), or None."""
    mark = node.get_closest_marker("xdist_group")
    if mark is None:
        return None
    return mark.args[0] if mark.args else mark.kwargs.get("name")


def kept_for(node) -> dict:
    """The kept workers of ``node``'s group, for :func:`lend_kept_workers` (or :func:`lend_kept_sides`)."""
    group = group_of(node)
    assert group, f"{node.nodeid}: a test lent kept workers is marked with its jar's group (same_jar)"
    return kept_workers_of(node.config).setdefault(group, {})


def close_kept(config, group: str) -> None:
    """Stop the kept workers of ``group`` (a later test of it would start them again)."""
    for process in kept_workers_of(config).pop(group, {}).values():
        process.close()


def last_of_groups(session) -> dict:
    """Group -> the last test of the run's order in it (computed once a session)."""
    last = getattr(session, "_rig_last_of_groups", None)
    if last is None:
        last = {group_of(item): item for item in session.items}
        session._rig_last_of_groups = last
    return last


def same_jar(version: str):
    """The mark that runs a test lent a kept worker (conftest's ``kept_worker``) on the pytest-xdist
    worker of the other tests of that jar, so that one JVM serves them all."""
    return pytest.mark.xdist_group(f"rig-kept-{version}")
