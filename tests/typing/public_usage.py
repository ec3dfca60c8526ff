"""The public API as a user's strictly typed code uses it: checked by mypy (tests/test_typecheck.py), not run."""

from __future__ import annotations

import io

from harness.formats import LATEST, GameVersion, resolve
from harness.formats.nbt import (
    ByteTag, CompoundTag, DoubleTag, FloatTag, IntTag, ListTag, LongArrayTag, NbtDocument, StringTag, Tag,
    dump, dumps, load, loads, parse_snbt, to_snbt)
from harness.formats.palette import Packed, PalettedContainer, Strategy, biomes_strategy, block_states_strategy
from harness.formats.region import ChunkLocation, RegionFile
from harness.formats.storage import BitStorage, SimpleBitStorage, new_storage


def nbt_round_trip(data: bytes) -> bytes:
    doc: NbtDocument = loads(data, version="1.20.1")
    root: Tag = doc.tag
    if isinstance(root, CompoundTag):
        root["n"] = IntTag(IntTag(5) + 1)
        root["f"] = FloatTag.of(1.5)
        root["d"] = DoubleTag(0x7FF8000000000001)
        root["l"] = ListTag([ByteTag(1), ByteTag.wrap(300)])
        root["a"] = LongArrayTag([1, 2, 3])
        root["s"] = StringTag("text")
    out = io.BytesIO()
    dump(doc, out, compression="gzip")
    again: NbtDocument = load(io.BytesIO(out.getvalue()))
    text: str = to_snbt(again.tag, version="26.3", pretty=True)
    tag: Tag = parse_snbt(text, version=resolve("26.3"), compound=True)
    return dumps(tag, encoding="bedrock")


def containers(version: str | GameVersion = LATEST) -> int:
    strategy: Strategy = block_states_strategy(version)
    c = PalettedContainer(strategy, 0)
    c.set(1, 2, 3, 42)
    packed: Packed = c.pack()
    back = PalettedContainer.unpack(strategy, packed.palette, packed.data)
    written: bytes = back.write(version)
    storage: BitStorage = new_storage(4, 4096)
    storage.set(0, 15)
    longs: list[int] = SimpleBitStorage.from_longs(4, 4096, storage.longs()).longs()
    value: int = back.get(1, 2, 3) + back.get_and_set_at(0, 1) + len(written) + len(longs)
    return value + PalettedContainer(biomes_strategy(), 1).bits()


def region(data: bytes) -> Tag:
    r = RegionFile(data)
    loc: ChunkLocation | None = r.location(0, 0)
    assert loc is not None
    chunk: CompoundTag = r.read_chunk(loc)
    raw: bytes = r.chunk_bytes(loc)
    return chunk if raw else chunk
