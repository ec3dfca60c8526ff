"""The snbt area: runs a case's operations on our ``TagParser`` (:mod:`harness.formats.nbt.tag_parser`).

Setup ``{}``; operations (``reference/RECORDED_FORMAT.md``, area snbt):

- ``["parse", text]`` → hex of the parsed tag in the ``any`` form (type byte + payload,
  nameless; :func:`harness.formats.nbt.nbt_io.write_any`, the same bytes in 1.20.1), or the
  error answer;
- ``["parse_compound", text]`` → the same through ``parseCompoundFully`` (26.x) /
  ``parseTag`` (1.20.1, 1.21.1).

Each operation is independent; a refused one answers its error and the run goes on.
"""

from __future__ import annotations

from harness.engine.vocabulary import require
from harness.formats.nbt.tag_parser import parse, parse_compound
from harness.formats.versions import GameVersion
from harness.implementations.python import answer_each

_PARSERS = {"parse": parse, "parse_compound": parse_compound}


def run(setup: dict, ops: list, version: GameVersion, jvm: int = 17) -> list:
    """The answers to ``ops`` (each ``[name, text]``) in ``version``;
    :class:`~harness.engine.vocabulary.MalformedCase` for a case outside the vocabulary.
    ``jvm`` (the Java the answers come from) changes nothing in this area."""
    from harness.formats.nbt.nbt_io import write_any

    require("snbt", setup, ops)
    return answer_each(ops, lambda op: write_any(_PARSERS[op[0]](op[1], version), version).hex())
