"""The ``harness`` command: one command, a few verbs.

Each verb lives in its own module beside this one and adds itself with
``register(subparsers)``; the module's handler is stored as the parser's ``func`` default
and returns the exit status.

| verb | module | what |
| --- | --- | --- |
| ``check`` | :mod:`harness.cli.check` | run cases through an implementation, compare with references (the main job) |
| ``shrink`` | :mod:`harness.cli.shrink` | reduce a failing case |
| ``versions`` | :mod:`harness.cli.versions` | which cases answer differently between two versions |
| ``nbt`` | :mod:`harness.cli.nbt` | show, convert and diff NBT files |
| ``record``, ``live``, ``fetch-jar`` | :mod:`harness.cli.rig` | the game through the rig |
"""

from __future__ import annotations

import argparse
import importlib
import sys

VERB_MODULES = ("check", "shrink", "versions", "nbt", "rig")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="harness",
        description="Conformance harness for Minecraft's data formats, with the game as the judge.",
    )
    sub = parser.add_subparsers(dest="verb", metavar="VERB")
    for name in VERB_MODULES:
        importlib.import_module(f"harness.cli.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted; nothing written was left half-done", file=sys.stderr)
        return 130
