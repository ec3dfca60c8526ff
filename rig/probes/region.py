"""Probe: ``RegionFile`` and ``RegionFileVersion`` (``net.minecraft.world.level.chunk.storage``), ``DataLayer``.

Mirrors ``harness/implementations/python/region.py``. Each case gets a temporary folder of
its own: the setup's ``region`` bytes as ``r.0.0.mca`` (no file when ``""``: the game creates
it) and its ``external`` files beside it, then
``new RegionFile([new RegionStorageInfo("probe", null, "chunk"),] path, folder,
RegionFileVersion.fromId(compression), false)`` (the ``RegionStorageInfo`` form where the jar
has that class, 1.20.5 on). A compression id whose ``fromId`` is null cannot be set up: the
case is skipped (:class:`UnsupportedOperation`).

Operations (``rig/PROTOCOL.md``, area region), chunk positions as ``new ChunkPos(x, z)``:
``write`` / ``write_repeat`` (``getChunkDataOutputStream(pos)``, the bytes written, the
stream closed), ``read`` (``getChunkDataInputStream(pos)``: ``null``, or ``readAllBytes()``
as hex), ``exists`` (``doesChunkExist``), ``has`` (``hasChunk``), ``clear``, ``flush``,
``close``, and ``files`` (every file of the folder read back as bytes, the timestamp table
apart); ``layer_new`` / ``layer_from`` (``new DataLayer()`` / ``new DataLayer(byte[])``),
``layer_get``, ``layer_set``, ``layer_data`` (``getData()``), ``layer_is_empty``. The region
file is closed after the last operation and the folder removed.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from harness.formats import budget
from harness.formats.region.region_file import files_answer
from rig.game import Game
from rig.probes import UnsupportedOperation, java_bytes, run_ops

STORAGE = "net.minecraft.world.level.chunk.storage"
REGION_FILE = f"{STORAGE}.RegionFile"
VERSION = f"{STORAGE}.RegionFileVersion"
INFO = f"{STORAGE}.RegionStorageInfo"
CHUNK_POS = "net.minecraft.world.level.ChunkPos"
DATA_LAYER = "net.minecraft.world.level.chunk.DataLayer"
RESOURCE_KEY = "net.minecraft.resources.ResourceKey"
PATH, STRING = "java.nio.file.Path", "java.lang.String"
CLASSES = (REGION_FILE, VERSION, CHUNK_POS, DATA_LAYER)  # needed in every version
REGION = "r.0.0.mca"


def _java_path(path: Path):
    from jpype import JClass

    return JClass("java.io.File")(str(path)).toPath()


def open_region(game: Game, folder: Path, compression: int):
    """The game's ``RegionFile`` over ``folder/r.0.0.mca`` (module text)."""
    version = game.static(VERSION, "fromId", ("int",), compression)
    if version is None:
        raise UnsupportedOperation(f"RegionFileVersion.fromId({compression}) is null in this release")
    file, folder_path = _java_path(folder / REGION), _java_path(folder)
    if game.has_class(INFO):
        info = game.new(INFO, (STRING, RESOURCE_KEY, STRING), "probe", None, "chunk")
        return game.new(REGION_FILE, (INFO, PATH, PATH, VERSION, "boolean"), info, file, folder_path, version, False)
    return game.new(REGION_FILE, (PATH, PATH, VERSION, "boolean"), file, folder_path, version, False)


def run(game: Game, setup: dict, ops: list, version) -> list:
    """The game's answers to ``ops`` on the region file of ``setup`` (module text)."""
    folder = Path(tempfile.mkdtemp(prefix="mc-region-"))
    try:
        if setup["region"]:
            (folder / REGION).write_bytes(bytes.fromhex(setup["region"]))
        for name, data in setup["external"].items():
            (folder / Path(name).name).write_bytes(bytes.fromhex(data))
        region = open_region(game, folder, int(setup["compression"]))
        try:
            return _answers(game, region, folder, ops)
        finally:
            try:
                game.call(region, REGION_FILE, "close")
            except Exception:  # closed already by the case (or the case broke the channel)
                pass
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _answers(game: Game, region, folder: Path, ops: list) -> list:
    layer: dict = {}

    def pos(x, z):
        return game.new(CHUNK_POS, ("int", "int"), x, z)

    def write(x, z, data, count=1):
        if len(data) // 2 * max(count, 0) > budget.MAX_CHUNK_BYTES:
            raise UnsupportedOperation(f"'write_repeat' of {len(data) // 2 * count} bytes is over the tools' limit "
                                       f"of {budget.MAX_CHUNK_BYTES}")
        out = game.call(region, REGION_FILE, "getChunkDataOutputStream", (CHUNK_POS,), pos(x, z))
        out.write(java_bytes(bytes.fromhex(data) * max(count, 0)))  # one write: the stream buffers it all the same
        out.close()

    def read(x, z):
        stream = game.call(region, REGION_FILE, "getChunkDataInputStream", (CHUNK_POS,), pos(x, z))
        if stream is None:
            return None
        try:
            return bytes(stream.readAllBytes()).hex()
        finally:
            stream.close()

    def call(name):
        return lambda x, z: game.call(region, REGION_FILE, name, (CHUNK_POS,), pos(x, z))

    def files():
        return files_answer({p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}, REGION)

    def the_layer():
        return layer["layer"]

    def layer_new(*data):
        layer["layer"] = game.new(DATA_LAYER, ("byte[]",), java_bytes(bytes.fromhex(data[0]))) if data \
            else game.new(DATA_LAYER)

    return run_ops(game, {
        "write": write, "write_repeat": write, "read": read,
        "exists": lambda x, z: bool(call("doesChunkExist")(x, z)),
        "has": lambda x, z: bool(call("hasChunk")(x, z)),
        "clear": lambda x, z: call("clear")(x, z) and None,
        "flush": lambda: game.call(region, REGION_FILE, "flush") and None,
        "close": lambda: game.call(region, REGION_FILE, "close") and None,
        "files": files,
        "layer_new": layer_new, "layer_from": layer_new,
        "layer_get": lambda x, y, z: int(game.call(the_layer(), DATA_LAYER, "get", ("int",) * 3, x, y, z)),
        "layer_set": lambda x, y, z, v: game.call(the_layer(), DATA_LAYER, "set", ("int",) * 4, x, y, z, v) and None,
        "layer_data": lambda: bytes(game.call(the_layer(), DATA_LAYER, "getData")).hex(),
        "layer_is_empty": lambda: bool(game.call(the_layer(), DATA_LAYER, "isEmpty")),
    }, ops)
