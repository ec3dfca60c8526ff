"""What the case generators share: one YAML case file per category, each from its own seed.

``write_categories(out_dir, area, generator, categories)`` with ``categories`` a dict
``name -> (seed, make)``: ``make(random.Random(seed))`` gives the cases written to
``out_dir/<name>.yaml`` (``harness.engine.casefile.dump_cases``, deterministic and atomic).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from harness.engine.casefile import dump_cases


def write_categories(out_dir: Path, area: str, generator: str,
                     categories: dict[str, tuple[int, Callable[[random.Random], list[dict]]]]) -> None:
    """Writes ``<name>.yaml`` for each category into ``out_dir``."""
    for name, (seed, make) in categories.items():
        dump_cases(Path(out_dir) / f"{name}.yaml", area, generator, make(random.Random(seed)), seed=seed)
