"""Every entry of the hostile-input corpus (:mod:`hostile_corpus`) ends in one line, with
its status, under 1 GB (or the entry's own bounds): each in a subprocess of its own, built
at test time, but for the cheap refusals marked ``shared``, which run one after the other in
one subprocess (each held to the peak of the process over all of them). How long each takes
is measured by ``bench/hostile.py``, not asserted here (no timed tests: on a shared machine a
clock says more about the neighbours); a run still going after three times its bound is
killed and fails as a hang."""

from __future__ import annotations

import re

import pytest
from hostile_corpus import ENTRIES, run, run_shared

SHARED = "hostile-corpus-shared"  # the pytest-xdist group of the entries run in one process


@pytest.fixture(scope="module")
def shared_results(tmp_path_factory) -> dict:
    """The :attr:`~hostile_corpus.Entry.shared` entries, run once in one process of their own
    (:func:`hostile_corpus.run_shared`): what each would cost alone is mostly the interpreter's
    start and the harness's imports. Entry name -> its result."""
    return run_shared([e for e in ENTRIES if e.shared], tmp_path_factory.mktemp("hostile-shared"))


@pytest.mark.parametrize("entry", [pytest.param(e, marks=[pytest.mark.xdist_group(SHARED)] if e.shared else [])
                                   for e in ENTRIES], ids=[f"item{e.item}-{e.name}" for e in ENTRIES])
def test_hostile_input_ends_in_one_line(entry, tmp_path, request):
    if entry.shared:
        result = request.getfixturevalue("shared_results")[entry.name]
    else:
        result = run(entry, tmp_path, timeout=entry.seconds * 3)
    assert not result.timed_out, f"still running after {entry.seconds * 3} s"
    lines = (result.stderr + result.stdout).splitlines()
    assert result.status == entry.status, lines[-5:]
    assert any(re.search(entry.line, line) for line in lines), lines[-5:]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.max_rss < result.max_rss_bound, f"peak {result.max_rss} bytes, over {result.max_rss_bound}"


def test_the_corpus_expects_the_budgets_defaults():
    """The corpus names the tools' budgets without importing them (bench/hostile.py runs it
    outside the checkout's path): they are the defaults."""
    import hostile_corpus

    from harness.formats import budget

    assert (hostile_corpus.MAX_REGION_TAGS, hostile_corpus.MAX_TAGS) == (budget.MAX_REGION_TAGS, budget.MAX_TAGS)
