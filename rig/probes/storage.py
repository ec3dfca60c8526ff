"""Probe: ``SimpleBitStorage`` (bits 1..32) and ``ZeroBitStorage`` (bits 0), ``net.minecraft.util``.

Mirrors ``harness/implementations/python/storage.py``. Setup ``{"bits": b, "size": n}``;
operations (``rig/PROTOCOL.md``): ``new``, ``from_longs``, ``get``, ``set``,
``get_and_set``, ``fill`` (26.3's ``BitStorage.fill``; absent before), ``values``
(``unpack(int[])``) and ``longs`` (``getRaw()``). Same calls in every version.
"""

from __future__ import annotations

from rig.game import Game
from rig.probes import ints, run_ops

BIT_STORAGE = "net.minecraft.util.BitStorage"
SIMPLE = "net.minecraft.util.SimpleBitStorage"
ZERO = "net.minecraft.util.ZeroBitStorage"
CLASSES = (SIMPLE, ZERO, BIT_STORAGE)  # needed in every version


def run(game: Game, setup: dict, ops: list, version) -> list:
    """The game's answers to ``ops`` on a storage of ``setup["bits"]`` bits and ``setup["size"]`` values."""
    bits, size = int(setup["bits"]), int(setup["size"])
    state = {}

    def storage():
        if "storage" not in state:
            raise ValueError("no storage yet: a case starts with 'new' or 'from_longs'")
        return state["storage"]

    def new():
        state["storage"] = (game.new(ZERO, ("int",), size) if bits == 0
                            else game.new(SIMPLE, ("int", "int"), bits, size))

    def from_longs(longs):
        state["storage"] = game.new(SIMPLE, ("int", "int", "long[]"), bits, size, [int(x) for x in longs])

    def get(i):
        return int(game.call(storage(), BIT_STORAGE, "get", ("int",), i))

    def set_(i, v):
        game.call(storage(), BIT_STORAGE, "set", ("int", "int"), i, v)

    def get_and_set(i, v):
        return int(game.call(storage(), BIT_STORAGE, "getAndSet", ("int", "int"), i, v))

    def fill(v):
        game.call(storage(), BIT_STORAGE, "fill", ("int",), v)

    def values():
        s = storage()
        out = game.jclass("int[]")(int(game.call(s, BIT_STORAGE, "getSize")))
        game.call(s, BIT_STORAGE, "unpack", ("int[]",), out)
        return ints(out)

    def longs():
        return ints(game.call(storage(), BIT_STORAGE, "getRaw"))

    return run_ops(game, {"new": new, "from_longs": from_longs, "get": get, "set": set_,
                          "get_and_set": get_and_set, "fill": fill, "values": values,
                          "longs": longs}, ops)
