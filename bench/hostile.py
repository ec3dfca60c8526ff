"""The hostile-input corpus at full size: time and peak memory per input.

    python3 bench/hostile.py [--timeout 60] [--only SUBSTRING]

Each entry of ``tests/hostile/hostile_corpus.py`` is built in a temporary folder and run in
a subprocess of its own (wall time; CPU time and max RSS from ``wait4``: on a busy machine the
wall time says more about the neighbours than the CPU time does); the table says whether it ended
with the expected status and line within 10 s and 1 GB, or the entry's own bounds (the huge
byte array: 4 times the input's size plus 200 MB), and if not, why ("FAIL: over 10 s of wall
time (3.6 s CPU: a busy machine?)"). Entries whose cost grows with their input
are built at full size here (``HOSTILE_FULL_SIZE=1``), small in the test suite. Exit status 1
when one did not; 2 when ``--only`` matches no entry (the names are listed: an entry that
scales is named for its full size here, ``1024 chunks`` where the suite's says ``64 chunks``).

The table (Markdown) has a row per entry; its columns (:data:`COLUMNS`): the group, the kind
of hostile input the entry is (``hostile_corpus.GROUPS``: "device files", "decompression
bombs", ...), the input, the exit status, wall and CPU seconds, max RSS, the verdict and the
line matched; a line under the table says what the group is (:data:`GROUP_NOTE`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "hostile"))
os.environ["HOSTILE_FULL_SIZE"] = "1"  # read by the corpus here and in the subprocess building each input

from hostile_corpus import ENTRIES, run  # noqa: E402


# the table's columns; the first is the kind of hostile input an entry is (Entry.group)
COLUMNS = ("group", "input", "exit", "seconds", "CPU seconds", "max RSS MB", "verdict", "the line")
GROUP_NOTE = ("group: the kind of hostile input (GROUPS in tests/hostile/hostile_corpus.py, one for each item of "
              "the hostile-input report the corpus answers)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="kill an input's run after this many seconds")
    parser.add_argument("--only", help="only entries whose name contains this")
    args = parser.parse_args(argv)
    entries = [entry for entry in ENTRIES if not args.only or args.only in entry.name]
    if not entries:  # an empty table and status 0 would read as a pass
        print(f"bench/hostile.py: --only {args.only!r}: no entry's name contains it; the entries (at full size, "
              "where some names differ from the test suite's) are:", *(f"  {e.name}" for e in ENTRIES),
              sep="\n", file=sys.stderr)
        return 2
    rows, bad = [], 0
    for entry in entries:
        with tempfile.TemporaryDirectory() as folder:
            r = run(entry, Path(folder), max(args.timeout, 2 * entry.seconds))
        lines = (r.stderr + r.stdout).splitlines()
        matched = any(re.search(entry.line, line) for line in lines)
        why = [text for failed, text in (
            (r.timed_out, f"killed after {r.seconds:.0f} s"),
            (not r.timed_out and r.status != entry.status, f"exit {r.status}, not {entry.status}"),
            (not matched, "no line matches the expected one"),
            (not r.timed_out and r.seconds >= entry.seconds,
             f"over {entry.seconds:g} s of wall time ({r.cpu_seconds:.1f} s CPU: a busy machine?)"),
            (r.max_rss >= r.max_rss_bound, f"over {r.max_rss_bound / 2**20:.0f} MB"),
            ("Traceback" in r.stderr, "a traceback")) if failed]
        ok = not why
        bad += not ok
        last = next((line for line in reversed(lines) if re.search(entry.line, line)), lines[-1] if lines else "")
        rows.append((entry.group, entry.name, "killed" if r.timed_out else str(r.status), f"{r.seconds:.2f}",
                     f"{r.cpu_seconds:.2f}", f"{r.max_rss / 2**20:.0f}", "ok" if ok else "FAIL: " + "; ".join(why),
                     _cut(last, 110)))
        print(f"{entry.name}: {rows[-1][2]} {rows[-1][3]} s ({rows[-1][4]} s CPU) {rows[-1][5]} MB {rows[-1][6]}",
              file=sys.stderr)
    print("| " + " | ".join(COLUMNS) + " |")
    print("|" + "|".join(" --- " for _ in COLUMNS) + "|")
    for row in rows:
        print("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
    print(f"\n{GROUP_NOTE}")
    return 1 if bad else 0


def _cut(line: str, width: int) -> str:
    """``line``, or its first words up to ``width`` characters and `` …`` (a word is never cut)."""
    if len(line) <= width:
        return line
    head = line[:width].rsplit(" ", 1)[0] if " " in line[:width] else line[:width]
    return head + " …"


if __name__ == "__main__":
    sys.exit(main())
