"""The region area: runs a case's operations on our ``RegionFile`` and ``DataLayer``.

Mirrors ``rig/probes/region.py``. Setup ``{"compression": id, "region": hex, "external":
{"c.X.Z.mcc": hex}}``: the region file ``r.0.0.mca`` holds the ``region`` bytes (``""``: a
new, empty file) beside the external files, and is opened as
``new RegionFile([info,] path, folder, RegionFileVersion.fromId(id), false)``. Operations
(``rig/PROTOCOL.md``, area region) take world chunk coordinates ``x, z`` (``ChunkPos``):
``write`` / ``write_repeat`` (the bytes through ``getChunkDataOutputStream``, closed),
``read`` (``getChunkDataInputStream`` read to its end: hex, or ``null`` where the game gives
no stream), ``exists`` (``doesChunkExist``), ``has`` (``hasChunk``), ``clear``, ``flush``,
``close`` and ``files`` (every file of the folder, the region's timestamp table apart:
:func:`~harness.formats.region.region_file.files_answer`). The ``layer_*`` operations work on one ``DataLayer`` made by
``layer_new`` or ``layer_from``. The case's region file is closed after its last operation
(unless the case closed it), as the probe closes the game's.

A compression id the release does not have (``fromId`` null) has no case: ``MalformedCase``,
as the rig skips such a case.
"""

from __future__ import annotations

from harness.engine.vocabulary import MalformedCase, require
from harness.formats import budget
from harness.formats.region import region_file_version as rfv
from harness.formats.region.data_layer import DataLayer
from harness.formats.region.region_file import RegionFile, files_answer
from harness.formats.versions import GameVersion
from harness.implementations.python import answer_each

REGION = "r.0.0.mca"  # the case's region file in its folder (the name the game never reads)

__all__ = ["run", "files_answer", "REGION"]


def _repeated(data: str, count: int) -> bytes:
    size = len(data) // 2 * max(count, 0)
    if size > budget.MAX_CHUNK_BYTES:
        raise budget.BudgetExceeded(f"'write_repeat' would write {size} bytes, over the tools' limit of "
                                    f"{budget.MAX_CHUNK_BYTES}")
    return bytes.fromhex(data) * max(count, 0)


def run(setup: dict, ops: list, version: GameVersion, jvm: int = 17) -> list:
    """The answers to ``ops`` on the region file of ``setup`` (module text); ``jvm`` changes
    nothing in this area."""
    require("region", setup, ops)
    if not rfv.exists(setup["compression"], version):
        raise MalformedCase(f"{version.id} has no RegionFileVersion {setup['compression']} (fromId gives null)")
    region = RegionFile(bytes.fromhex(setup["region"]),
                        {name: bytes.fromhex(data) for name, data in setup["external"].items()},
                        version=setup["compression"], release=version, truncated_ok=True)
    state: dict[str, DataLayer] = {}

    def answer(op):
        name, args = op[0], op[1:]
        if name.startswith("layer_"):
            return _layer(state, name, args)
        if name == "write":
            return region.write(args[0], args[1], bytes.fromhex(args[2]))
        if name == "write_repeat":
            return region.write(args[0], args[1], _repeated(args[2], args[3]))
        if name == "read":
            data = region.read(args[0], args[1])
            return None if data is None else data.hex()
        if name == "exists":
            return region.does_chunk_exist(args[0], args[1])
        if name == "has":
            return region.has_chunk(args[0], args[1])
        if name == "clear":
            return region.clear(args[0], args[1])
        if name == "flush":
            return region.flush()
        if name == "close":
            return region.close()
        if name == "files":
            return files_answer(region.files(REGION))
        raise MalformedCase(f"unknown region operation {name!r}")  # require() knows every operation

    try:
        return answer_each(ops, answer)
    finally:
        if not region.closed:  # as the probe closes it (a case's own close: once is enough)
            region.close()


def _layer(state: dict[str, DataLayer], name: str, args: list):
    if name == "layer_new":
        state["layer"] = DataLayer()
        return None
    if name == "layer_from":
        state["layer"] = DataLayer(bytes.fromhex(args[0]))
        return None
    layer = state.get("layer")
    if layer is None:
        raise MalformedCase(f"operation {name!r} on no DataLayer: 'layer_from' was refused, none was made")
    if name == "layer_get":
        return layer.get(*args)
    if name == "layer_set":
        return layer.set(*args)
    if name == "layer_data":
        return layer.get_data().hex()
    if name == "layer_is_empty":
        return layer.is_empty()
    raise MalformedCase(f"unknown region operation {name!r}")
