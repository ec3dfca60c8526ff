"""What the case generators share: one YAML case file per category, each from its own seed.

``write_categories(out_dir, area, generator, categories)`` with ``categories`` a dict
``name -> (seed, make)``: ``make(random.Random(seed))`` gives the cases written to
``out_dir/<name>.yaml`` (``harness.engine.casefile.dump_cases``, deterministic and atomic).
``main(area, categories, argv)`` is every ``cases/<area>/gen.py``'s command line:
``python3 cases/<area>/gen.py [--out DIR]`` (default: beside gen.py), printing the files written.

Stable ids. An id means the same operations forever (the game's answers are recorded per id).
The category streams ``random.Random(seed)`` serve only the cases each category listed when
per-case seeding came in, in their frozen order: nothing is ever inserted before or between
them. Every case added since draws from :func:`case_rng` (a stream seeded by its own id), so
adding releases or cases never changes another case. :func:`releases_where` computes a case's
``versions`` from a rule of the version table (``None`` when every release qualifies: a case
without ``versions`` applies to every release, those added later too).
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Callable
from pathlib import Path

from harness.engine.casefile import dump_cases
from harness.formats import versions as version_table


CASES = Path(__file__).resolve().parent

Categories = dict[str, tuple[int | str, Callable[[random.Random], list[dict]]]]


def case_rng(case_id: str) -> random.Random:
    """The random stream of one case: seeded by the SHA-256 of its id (no ``hash()``, so the
    same under every ``PYTHONHASHSEED``)."""
    return random.Random(int.from_bytes(hashlib.sha256(case_id.encode("utf-8")).digest()[:8], "big"))


def releases_where(predicate) -> list[str] | None:
    """The table's releases (recorded and inferred) where ``predicate(GameVersion)`` holds, in
    release order; ``None`` when it holds for all of them (the case then names no versions and
    applies to every release)."""
    chosen = [v.id for v in version_table.VERSIONS.values() if predicate(v)]
    return None if len(chosen) == len(version_table.VERSIONS) else chosen


def write_categories(out_dir: Path, area: str, generator: str, categories: Categories) -> list[Path]:
    """Writes ``<name>.yaml`` for each category into ``out_dir``; the paths written."""
    written = []
    for name, (seed, make) in categories.items():
        path = Path(out_dir) / f"{name}.yaml"
        dump_cases(path, area, generator, make(random.Random(seed)), seed=seed)
        written.append(path)
    return written


def main(area: str, categories: Categories, argv: list[str] | None = None) -> int:
    """The command line of ``cases/<area>/gen.py``: ``[--out DIR]``; prints each file written."""
    parser = argparse.ArgumentParser(description=f"writes the {area} case files, one per category "
                                                 f"({', '.join(categories)}); deterministic")
    parser.add_argument("--out", type=Path, default=CASES / area,
                        help=f"folder for the case files (default: cases/{area})")
    args = parser.parse_args(argv)
    for path in write_categories(args.out, area, f"cases/{area}/gen.py", categories):
        print(path)
    return 0
