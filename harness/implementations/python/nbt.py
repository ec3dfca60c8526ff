"""The nbt area on our implementation: ``run(setup, ops, version)`` as the rig's NBT probe does.

setup ``{"form": "file" | "any" | "network", "input": hex}``: the input is read once in that
form (:mod:`harness.formats.nbt.nbt_io`). Operations (recorded/FORMAT.md, area nbt):
``["write_back"]`` → hex of the tag written back in the same form; ``["to_string"]`` → the
tag's ``toString()`` (StringTagVisitor); ``["pretty"]`` → SnbtPrinterTagVisitor's text. When
the read fails, every operation answers the read's error, as the game's probe does.
"""

from __future__ import annotations

from harness.engine.vocabulary import require
from harness.formats.errors import GameError
from harness.formats.nbt import nbt_io
from harness.formats.nbt.snbt_printer_tag_visitor import pretty
from harness.formats.nbt.string_tag_visitor import to_string
from harness.implementations.python import answer_each

READERS = {"file": nbt_io.read_file, "any": nbt_io.read_any, "network": nbt_io.read_network}
WRITERS = {"file": nbt_io.write_file, "any": nbt_io.write_any, "network": nbt_io.write_network}


def _write_back(tag, form, version, jvm):
    return WRITERS[form](tag, version).hex()


def _to_string(tag, form, version, jvm):
    return to_string(tag, version, jdk=jvm)


def _pretty(tag, form, version, jvm):
    return pretty(tag, version, jdk=jvm)


OPS = {"write_back": _write_back, "to_string": _to_string, "pretty": _pretty}


def run(setup: dict, ops: list, version, jvm: int | None = None) -> list:
    """The answers to ``ops`` (recorded format): values, or ``{error, message[, cause, cause_message]}``.

    ``jvm`` is the Java major version whose behaviour the answers follow: ``Float.toString``
    and ``Double.toString`` changed in JDK 19 (see :mod:`harness.formats.nbt.java_float_text`);
    ``None``: the Java the release needs (``GameVersion.java_version``).

    Raises :class:`~harness.engine.vocabulary.MalformedCase` for an unknown form or operation
    or a bad input (a malformed case, not a game answer).
    """
    require("nbt", setup, ops)
    form = setup["form"]
    try:
        tag = READERS[form](bytes.fromhex(setup["input"]), version)
    except GameError as e:
        return [e.to_answer() for _ in ops]
    return answer_each(ops, lambda op: OPS[op[0]](tag, form, version, jvm))
