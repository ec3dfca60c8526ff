"""Every entry of the hostile-input corpus (:mod:`hostile_corpus`) ends in one line, with
its status, under 1 GB (or the entry's own bounds): each in a process of its own, forked from
a warm server (:class:`hostile_corpus.ForkServer`: the interpreter's start and the harness's
imports paid once, not per entry; one server a run, the module's tests all on one pytest-xdist
worker), its input built at test time. How long each takes is
measured by ``bench/hostile.py`` (each in a fresh interpreter), not asserted here (no timed
tests: on a shared machine a clock says more about the neighbours); a run still going after
three times its bound is killed and fails as a hang."""

from __future__ import annotations

import re

import pytest
from hostile_corpus import ENTRIES, ForkServer

pytestmark = pytest.mark.xdist_group("hostile-corpus")  # one pytest-xdist worker: one fork server, started once


@pytest.fixture(scope="module")
def fork_server():
    """One :class:`~hostile_corpus.ForkServer` for the module's tests on this worker."""
    server = ForkServer()
    yield server
    server.close()


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"item{e.item}-{e.name}" for e in ENTRIES])
def test_hostile_input_ends_in_one_line(entry, tmp_path, fork_server):
    result = fork_server.run(entry, tmp_path, timeout=entry.seconds * 3)
    assert not result.timed_out, f"still running after {entry.seconds * 3} s"
    lines = (result.stderr + result.stdout).splitlines()
    assert result.status == entry.status, lines[-5:]
    for pattern in (entry.line, *entry.also):
        assert any(re.search(pattern, line) for line in lines), (pattern, lines[-5:])
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.max_rss < result.max_rss_bound, f"peak {result.max_rss} bytes, over {result.max_rss_bound}"


def test_the_corpus_expects_the_budgets_defaults():
    """The corpus names the tools' budgets without importing them (bench/hostile.py runs it
    outside the checkout's path): they are the defaults."""
    import hostile_corpus

    from harness.formats import budget

    assert (hostile_corpus.MAX_REGION_TAGS, hostile_corpus.MAX_TAGS) == (budget.MAX_REGION_TAGS, budget.MAX_TAGS)
    assert hostile_corpus.MAX_DECOMPRESSED_BYTES == budget.MAX_DECOMPRESSED_BYTES
    # the full-size array file (its 12 bytes of header besides) must be read at the default limit
    assert hostile_corpus.FULL_ARRAY_BYTES + 12 < budget.MAX_DECOMPRESSED_BYTES
