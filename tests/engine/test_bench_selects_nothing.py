"""A bench script whose selection matches nothing says so, with the names it knows, and exits
2 (an empty table with status 0 read as a pass): ``bench/hostile.py --only`` and
``bench/harness.py --version``."""

from __future__ import annotations

import sys

from helpers_cli import command_status, run_body_forked

from harness.engine.reference import REPO, bundled_versions


def _bench(script: str, *argv: str) -> tuple[int, str, str]:
    """``python3 bench/SCRIPT ARGV`` run as ``__main__`` in a child forked from this process
    (the corpus imported afresh there: the script sets its full size): status, stdout, stderr."""
    def child() -> int:
        sys.modules.pop("hostile_corpus", None)
        return command_status([str(REPO / "bench" / script), *argv])

    done = run_body_forked([script, *argv], child, REPO, timeout=120)
    return done.returncode, done.stdout, done.stderr


def test_hostile_only_matching_no_entry_lists_the_entries():
    status, out, err = _bench("hostile.py", "--only", "64 chunks")  # the suite's name; at full size 1024
    assert (status, out) == (2, "")
    head, *names = err.splitlines()
    assert head == ("bench/hostile.py: --only '64 chunks': no entry's name contains it; the entries (at full size, "
                    "where some names differ from the test suite's) are:")
    assert "  region file: 1024 chunks, each a list of 20 million compounds" in names
    assert "  recorded /dev/zero" in names and not any("64 chunks" in name for name in names)


def test_harness_version_not_bundled_is_refused_with_the_bundled_ones():
    status, out, err = _bench("harness.py", "--version", "26.3", "--version", "9.9")
    assert (status, out) == (2, "")
    assert err == (f"bench/harness.py: --version 9.9: no bundled reference; the bundled versions are "
                   f"{', '.join(bundled_versions())}\n")
