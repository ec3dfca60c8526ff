"""Probe: SNBT parsing through ``TagParser`` (``net.minecraft.nbt``).

Mirrors ``harness/implementations/python/snbt.py``. Setup ``{}``; operations ``parse`` and
``parse_compound``, each answering the parsed tag in the ``any`` form as hex, or the
``CommandSyntaxException`` as an error answer. Two shapes of the game's API (GAME_API.md),
told apart by what the jar has:

- 26.x: ``TagParser.create(NbtOps.INSTANCE).parseFully(text)`` and
  ``TagParser.parseCompoundFully(text)``;
- 1.20.1 / 1.21.1: ``new TagParser(new StringReader(text)).readValue()`` followed by the
  same trailing-data check ``parseTag`` makes (skip whitespace; anything left is
  ``TagParser.ERROR_TRAILING_DATA``), and ``TagParser.parseTag(text)``.
"""

from __future__ import annotations

from rig.game import Game, Thrown, java_string
from rig.probes import run_ops
from rig.probes.nbt import write_any

PARSER = "net.minecraft.nbt.TagParser"
STRING = "java.lang.String"
READER = "com.mojang.brigadier.StringReader"
CLASSES = (PARSER,)  # needed in every version (its API changed, its name did not)


def run(game: Game, setup: dict, ops: list, version) -> list:
    """The game's answers to ``ops`` (``["parse", text]``, ``["parse_compound", text]``)."""
    from jpype import JClass

    def hexed(tag):
        return write_any(game, tag).hex()

    if game.has_method(PARSER, "parseCompoundFully", (STRING,)):
        parser = game.static(PARSER, "create", ("com.mojang.serialization.DynamicOps",),
                             game.field(None, "net.minecraft.nbt.NbtOps", "INSTANCE"))

        def parse(text):
            return hexed(game.call(parser, PARSER, "parseFully", (STRING,), text))

        def parse_compound(text):
            return hexed(game.static(PARSER, "parseCompoundFully", (STRING,), text))
    else:
        def parse(text):
            reader = JClass(game.cls(READER))(java_string(text))
            tag = game.call(game.new(PARSER, (READER,), reader), PARSER, "readValue")
            reader.skipWhitespace()
            if reader.canRead():
                raise Thrown(game.field(None, PARSER, "ERROR_TRAILING_DATA").createWithContext(reader))
            return hexed(tag)

        def parse_compound(text):
            return hexed(game.static(PARSER, "parseTag", (STRING,), text))

    return run_ops(game, {"parse": parse, "parse_compound": parse_compound}, ops)
