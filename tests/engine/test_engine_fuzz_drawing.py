"""A campaign draws each chunk once: as far as its area's cases left to run, the chunk's own
repeats counted out (harness/engine/fuzz/generate.py ``draw_chunk(distinct=True)``), not a
short draw and then the whole chunk again."""

from __future__ import annotations

import threading

from harness.engine.fuzz import campaign, generate

# storage, seed 2: chunk 0's first 16 distinct cases are among its first 18 (2 repeats)
AREA, SEED, SIZE = "storage", 2, 16


def _hashes(drawn):
    return [generate.case_hash(AREA, d["setup"], d["ops"]) for d in drawn]


def test_a_chunk_drawn_distinct_is_its_first_cases_up_to_the_nth_distinct_one():
    got = generate.draw_chunk(AREA, "26.3", SEED, 0, SIZE, distinct=True)
    hashes = _hashes(got)
    assert len(got) > SIZE  # the premise: repeats among the first cases
    assert len(set(hashes)) == SIZE and hashes[-1] not in hashes[:-1]  # stopped at the SIZE-th distinct
    assert got == generate.draw_chunk(AREA, "26.3", SEED, 0, len(got))  # the chunk's own first cases
    assert generate.first_distinct(got + got, SIZE) == got  # the same rule, of a chunk drawn further
    assert generate.first_distinct(got, SIZE + 1) == got  # too few distinct: all of them


def test_a_campaign_draws_a_chunk_with_repeats_once(monkeypatch):
    calls, real = [], generate.draw_chunk

    def counted(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(generate, "draw_chunk", counted)
    c = campaign.Campaign([AREA], "26.3", SEED, SIZE, None, None, None)
    batches = list(campaign._batches(c, threading.Event(), campaign._Drawer(c, 0)))
    assert [len(b) for a, b in batches] == [SIZE]
    assert _hashes(batches[0][1]) == list(dict.fromkeys(_hashes(real(AREA, "26.3", SEED, 0, SIZE + 2))))
    assert calls == [(AREA, "26.3", SEED, 0, SIZE, True)]  # no second, whole-chunk draw


def _chunks(area, version, seed, k, size=generate.CHUNK, distinct=False):
    """A stand-in for draw_chunk: chunk k's 64 cases, the first six of every chunk alike (three
    hashes, each twice), the rest the chunk's own."""
    whole = [{"setup": {}, "ops": [], "hash": f"{i // 2}" if i < 6 else f"{k}-{i}"} for i in range(generate.CHUNK)]
    return generate.first_distinct(whole, size) if distinct else whole[:size]


class _InPlace:
    """A stand-in for the drawing processes: each draw made when it is asked for, and listed."""

    def __init__(self):
        self.draws = []

    def apply_async(self, function, args):
        self.draws.append(args[:1] + args[3:])
        return type("Draw", (), {"get": staticmethod(lambda: function(*args))})()


def test_a_chunk_drawn_ahead_whole_serves_the_shorter_and_the_whole_request(monkeypatch):
    # chunk 1 is drawn ahead whole while chunk 0 runs; then 100 - 61 = 39 of it are wanted, and,
    # since its first cases ran in chunk 0, the whole of it: one draw serves both, no hash worked out again
    hashed = []
    monkeypatch.setattr(generate, "draw_chunk", _chunks)
    monkeypatch.setattr(generate, "case_hash", lambda *a: hashed.append(a) or "")
    c = campaign.Campaign([AREA], "26.3", SEED, 100, None, None, None)
    alone = list(campaign._batches(c, threading.Event(), campaign._Drawer(c, 0)))
    drawer = campaign._Drawer(c, 0)
    drawer.pool = _InPlace()
    ahead = list(campaign._batches(c, threading.Event(), drawer))
    assert ahead == alone and [len(b) for _, b in ahead] == [61, 39]
    assert drawer.pool.draws == [(AREA, 0, 64, True), (AREA, 1, 64, True)] and hashed == []
