"""What the case generators share: one YAML case file per category, each from its own seed.

``write_categories(out_dir, area, generator, categories)`` with ``categories`` a dict
``name -> (seed, make)``: ``make(random.Random(seed))`` gives the cases written to
``out_dir/<name>.yaml`` (``harness.engine.casefile.dump_cases``, deterministic and atomic).
``main(area, categories, argv)`` is every ``cases/<area>/gen.py``'s command line:
``python3 cases/<area>/gen.py [--out DIR]`` (default: beside gen.py), printing the files written.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

from harness.engine.casefile import dump_cases


CASES = Path(__file__).resolve().parent

Categories = dict[str, tuple[int | str, Callable[[random.Random], list[dict]]]]


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
