"""SNBT parse throughput: the 26.x grammar (``SnbtGrammar``) beside the legacy parser on the same text.

Usage::

    python3 bench/snbt.py                 # every text at 1 MB, 3 warm runs each
    python3 bench/snbt.py --size 0.1      # smaller texts (the grammar before issue 12 took ~40 s a MB)
    python3 bench/snbt.py --text ints --repeat 5

Texts (``--size`` MB of characters each, built in the process; valid for both parsers, which
give the same tags for them):

- ``ints``: a list of one-digit ints, ``[3,1,4,...]`` (1 MB is 500,000 ints);
- ``compound``: one compound of many keys, values int, quoted string, double ``1.5d`` in turn;
- ``compounds``: a list of small item compounds ``{id:"minecraft:stone",Count:1b,Slot:3b}``;
- ``long_array``: ``[L;1L,-2L,...]``;
- ``string``: one quoted string of letters;
- ``lists_error``: ``[[1,2],[1,2],...,[3}]``, an error at the very end (both parsers refuse it,
  each with its own message): the error path, where the 26.x grammar parses again near the error.

For each text and parser (``packrat``: 26.3's rules; ``legacy``: 1.21.1's, the peer), **cold** is
one parse in a fresh process (first use: lazy imports and compiled patterns included; with the
peak resident memory the parse added to reading the text), **warm** the best of ``--repeat`` parses in this process.
Rates are MB (10^6 characters) per second; the ratio is packrat's rate ÷ legacy's in the same run
(above 1: the new grammar is faster). The tools' SNBT budgets (:mod:`harness.formats.budget`) are
lifted for the bench, as ``--max-snbt-values`` would. This is a benchmark, not a test: nothing
here asserts a speed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

PARSERS = {"packrat": "26.3", "legacy": "1.21.1"}  # the release whose rules each parser is run with


def _ints(n: int) -> str:
    return "[" + ",".join(str((i * 7 + 3) % 10) for i in range(n)) + "]"


def _compound(n: int) -> str:
    values = ("{i}", '"v{i}"', "1.5d")
    return "{" + ",".join(f"k{i}:" + values[i % 3].format(i=i) for i in range(n)) + "}"


def _compounds(n: int) -> str:
    return "[" + ",".join(f'{{id:"minecraft:stone",Count:1b,Slot:{i % 36}b}}' for i in range(n)) + "]"


def _long_array(n: int) -> str:
    return "[L;" + ",".join(f"{i if i % 2 else -i}L" for i in range(n)) + "]"


def _string(n: int) -> str:
    return '"' + "abcdefghij" * n + '"'


def _lists_error(n: int) -> str:
    return "[" + "[1,2]," * n + "[3}]"


# text name -> (builder, characters per unit, roughly)
TEXTS = {"ints": (_ints, 2), "compound": (_compound, 11), "compounds": (_compounds, 41),
         "long_array": (_long_array, 8), "string": (_string, 10), "lists_error": (_lists_error, 6)}


def build(name: str, megabytes: float) -> str:
    builder, per_unit = TEXTS[name]
    return builder(max(1, int(megabytes * 1e6 / per_unit)))


def _parse_function(parser: str):
    from harness.formats import budget, versions
    from harness.formats.errors import GameError
    from harness.formats.nbt import tag_parser

    budget.MAX_SNBT_VALUES = budget.MAX_SNBT_CHARS = 1 << 40
    version = versions.get(PARSERS[parser])

    def parse(text: str):
        try:
            return tag_parser.parse(text, version)
        except GameError as e:  # an error text's answer (lists_error): timed to the refusal
            return e

    return parse


def child(path: str, parser: str) -> None:
    """One cold parse in this fresh process of the text in ``path``: seconds and the peak memory
    it added (MB, over the peak of reading the text and importing)."""
    text = Path(path).read_text(encoding="utf-8")
    parse = _parse_function(parser)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    parse(text)
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "added_mb": (peak - before) / 1024}))


def cold(text: str, parser: str) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".snbt", encoding="utf-8", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([sys.executable, __file__, "--child", f.name, parser],
                             capture_output=True, text=True, check=True)
    finally:
        os.unlink(f.name)
    return json.loads(out.stdout)


def warm(text: str, parser: str, repeat: int) -> float:
    parse = _parse_function(parser)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        parse(text)
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=float, default=1.0, help="MB of text for each (default 1)")
    ap.add_argument("--repeat", type=int, default=3, help="warm parses, the best counted (default 3)")
    ap.add_argument("--text", action="append", choices=sorted(TEXTS), help="only these texts (repeatable)")
    ap.add_argument("--child", nargs=2, metavar=("FILE", "PARSER"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(*args.child)
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"SNBT parse, {args.size:g} MB texts: MB/s (cold: a fresh process; warm: best of "
                        f"{args.repeat}); packrat: the 26.x parser (SnbtGrammar), legacy: TagParser before "
                        f"1.21.5; MB added: the peak memory the cold parse added; packrat ÷ legacy, same run; "
                        f"lists_error: a text both refuse at its very end, timed to the refusal (the 26.x "
                        f"grammar parses again near the error to word its message)")
    for column in ("text", "chars", "packrat cold", "MB added", "packrat warm",
                   "legacy cold", "MB added", "legacy warm", "÷ legacy cold", "÷ legacy warm"):
        table.add_column(column, justify="left" if column == "text" else "right")
    for name in args.text or TEXTS:
        text = build(name, args.size)
        chars = len(text)
        rates = {}
        cells = []
        for parser in PARSERS:
            c = cold(text, parser)
            w = warm(text, parser, args.repeat)
            rates[parser] = (chars / c["seconds"] / 1e6, chars / w / 1e6)
            cells += [f"{rates[parser][0]:.2f}", f"{c['added_mb']:.0f}", f"{rates[parser][1]:.2f}"]
        ratio = [rates["packrat"][i] / rates["legacy"][i] for i in (0, 1)]
        table.add_row(name, f"{chars:,}", *cells, f"{ratio[0]:.2f}", f"{ratio[1]:.2f}")
    console = Console()
    if not console.is_terminal:
        console = Console(width=150)
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
