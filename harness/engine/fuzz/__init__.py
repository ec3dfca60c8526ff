"""Differential fuzzing: random cases run by a judge and an implementation, each
disagreement shrunk and kept as a case file (``harness fuzz``, docs/fuzzing.md).

| module | what |
| --- | --- |
| :mod:`~harness.engine.fuzz.strategies` | Hypothesis strategies, one entry per area, drawn from the operation vocabulary |
| :mod:`~harness.engine.fuzz.generate` | seeded chunks of cases; the example database of disagreements found |
| :mod:`~harness.engine.fuzz.worker` | a warm judge and implementation process pair answering shards as JSON result lines |
| :mod:`~harness.engine.fuzz.local` | N workers in threads on this machine |
| :mod:`~harness.engine.fuzz.cluster` | N workers as Dask actors, pinned by release through worker resources |
| :mod:`~harness.engine.fuzz.campaign` | the driver: generate, shard, collect, shrink, write |
"""

from pathlib import Path

REPO = Path(__file__).resolve().parents[3]  # the checkout whose code the worker processes run
