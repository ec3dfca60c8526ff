"""Generate the nbt area's case files: documents shaped like the seeds' layouts, and edge documents.

Usage::

    python3 cases/nbt/gen.py [--out DIR]     # default DIR: this folder

Writes ``documents.yaml`` (the physics mod's group save, seed 000; infdev's ``index.dat``
and a ``c.X.Z.dat`` chunk, seed 004) and ``edges.yaml`` (strings, nesting, lists, huge
lengths, truncations). Each case feeds bytes to ``NbtIo`` in one form (``setup: {form:
file|any|network, input: hex}``) and asks for ``write_back``, ``to_string`` and ``pretty``.
The input bytes are only what we choose to feed the game; what it answers is recorded by
the rig, never written here.

Forms and versions (computed from the version table, ``versions.NbtRules``, through
``generate.releases_where``): ``file`` is the named root for every release; ``any`` exists
only where ``has_any_form``; each document has a ``network`` case with the nameless root, for
every release (a release reading a named root reads its first bytes as a name, which the
game answers too), and a ``network-named`` case with the named root, only where
``network_named_root`` (a nameless reader takes the name's length bytes as a payload).

Inputs are built with :mod:`harness.formats.nbt.nbt_io`'s network writer (nameless, raw
float bits, so NaN payloads and -0.0 reach the game as they are) and framed per form;
malformed inputs (raw NULs, four-byte UTF-8, huge lengths, deep nesting, cut tails) are then
spliced or assembled byte by byte. Deterministic: a fixed seed, the same bytes every run;
the category streams serve the documents they list, in that frozen order, and a document added
later draws from ``generate.case_rng(id)`` (``cases/generate.py``: an id means the same
operations forever).
"""

from __future__ import annotations

import math
import random
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO))

import numpy as np  # noqa: E402

from cases import generate  # noqa: E402
from harness.formats import versions  # noqa: E402
from harness.formats.nbt.tags import (  # noqa: E402
    ByteArrayTag, ByteTag, CompoundTag, DoubleTag, FloatTag, IntArrayTag, IntTag, ListTag,
    LongArrayTag, LongTag, ShortTag, StringTag,
)

SEED = 6
OPS = [["write_back"], ["to_string"], ["pretty"]]
MAX_DEPTH = 512  # NbtAccounter's limit (GAME_FACTS.md 3.2)
WRITER_VERSION = versions.LATEST  # the input bytes' writer; any version's reader takes them


# --- small builders ----------------------------------------------------------------------

def f32(value: float) -> FloatTag:
    return FloatTag.of(value)


def f64(value: float) -> DoubleTag:
    return DoubleTag.of(value)


def float_bits(value: float) -> int:
    """``Float.floatToRawIntBits`` as a signed int (how the mod stores floats in int arrays)."""
    return struct.unpack(">i", struct.pack(">f", value))[0]


def double_bits(value: float) -> int:
    """``Double.doubleToRawLongBits`` as a signed long."""
    return struct.unpack(">q", struct.pack(">d", value))[0]


NAN_PAYLOAD_FLOAT = 0x7FC00001  # a quiet NaN with a payload bit
NAN_SIGNALLING_FLOAT = 0x7F800001
NAN_NEGATIVE_FLOAT = 0xFFC00000


def signed32(bits: int) -> int:
    return bits - (1 << 32) if bits >= 1 << 31 else bits


# --- seed 000: the physics mod's block group ---------------------------------------------

def brick_masks(rng: random.Random, bricks: int) -> list[int]:
    """24 longs per brick: 8 layers of where blocks are live, 8 solid, 8 with mass (each
    long one 8x8 layer, bit x + 8z); solid and mass bits are subsets of live ones."""
    masks = []
    for _ in range(bricks):
        live = [rng.getrandbits(64) for _ in range(8)]
        solid = [layer & rng.getrandbits(64) for layer in live]
        mass = [layer & (s | rng.getrandbits(64)) for layer, s in zip(live, solid)]
        masks += [signed64(v) for v in live + solid + mass]
    return masks


def signed64(bits: int) -> int:
    return bits - (1 << 64) if bits >= 1 << 63 else bits


def block_state(name: str, **properties: str) -> CompoundTag:
    state = CompoundTag(Name=StringTag(name))
    if properties:
        state["Properties"] = CompoundTag({k: StringTag(v) for k, v in properties.items()})
    return state


def physics_group(rng: random.Random) -> CompoundTag:
    """A ``Group`` as seed 000 lists it: grid, pose, joints, a vehicle, with floats as bits."""
    bricks = 3
    masks = brick_masks(rng, bricks)
    live_blocks = sum(bin(m & 0xFFFFFFFFFFFFFFFF).count("1") for i, m in enumerate(masks) if i % 24 < 8)
    palette = ListTag([
        block_state("minecraft:stone"),
        block_state("minecraft:oak_planks"),
        block_state("minecraft:oak_stairs", facing="north", half="bottom", shape="straight", waterlogged="false"),
    ])
    grid = CompoundTag(
        Palette=palette,
        Bricks=IntArrayTag([0, 0, 0, 1, 0, 0, 0, 1, -1]),
        Masks=LongArrayTag(masks),
        States=IntArrayTag([rng.randrange(len(palette)) for _ in range(live_blocks)]),
        Cut=LongArrayTag([signed64(rng.getrandbits(64)) for _ in range(2)]),
    )
    joint_data = [1.5, 0.0, -0.5, 0.25, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, -1.0, 0.0,
                  0.5, 4.0, 2.5, 0.7, 0.0, 10.0, 1.0]
    joints = ListTag([
        CompoundTag(Other=LongArrayTag([signed64(rng.getrandbits(64)), signed64(rng.getrandbits(64))]),
                    Kind=StringTag("HINGE"), Data=LongArrayTag([double_bits(v) for v in joint_data])),
        CompoundTag(Kind=StringTag("ROPE"),  # a world pin: no Other
                    Data=LongArrayTag([double_bits(v) for v in joint_data[:13]] + [double_bits(-0.0),
                                      double_bits(math.nan), double_bits(math.inf), 0, 0, 0])),
    ])
    nan = float("nan")
    settings = [1, 0, 0.45, 0.3, 0.1, 0.4, 1.5, 0.3, 35.0, 1200.0, 2500.0, 4000.0, 6500.0,
                0.8, 0.1, 3.9, 0, 0.2, 25.0, 4.0, 6.0, 2.0, 0.3, 0.2, 0.0, nan]
    wheel = [1.0, 0.0, 1.5, 1, 0.45, 0.3, nan, nan, nan, nan, nan, 1, 1, nan, nan, nan]
    vehicle = CompoundTag(
        Settings=IntArrayTag([float_bits(v) for v in settings] + [signed32(NAN_PAYLOAD_FLOAT)]),
        Gears=IntArrayTag([float_bits(v) for v in (3.5, 2.1, 1.4, 1.0, 0.8)]),
        ReverseGears=IntArrayTag([float_bits(-3.2)]),
        Wheels2=IntArrayTag([float_bits(v) for v in wheel] + [float_bits(-v) if v == v else signed32(NAN_NEGATIVE_FLOAT)
                                                             for v in wheel]),
        Seat=LongArrayTag([double_bits(v) for v in (0.5, 1.25, -0.0)]),
        WheelBlock=StringTag("minecraft:black_concrete"),
        Ballast=IntArrayTag([float_bits(v) for v in (250.0, 0.0, 0.0, 0.0, 1.0, 0.5, 2.0)]),
        Rocket=IntArrayTag([float_bits(v) for v in (1, 5000.0, 12.0, 80.0, 1.0, 0.5, 0.8, 2.0, 1, 3.0, 1.5, 2.5)]),
        RocketFuel=FloatTag(NAN_PAYLOAD_FLOAT),
        Gear=IntTag(2),
    )
    return CompoundTag(
        Blocks=grid,
        Origin=ListTag([f64(12.5), f64(64.0), f64(-7.25)]),
        Rotation=ListTag([f32(-0.0), FloatTag(NAN_SIGNALLING_FLOAT), f32(0.0), f32(1.0)]),
        RestingTicks=IntTag(37),
        Age=IntTag(1200),
        Asleep=ByteTag(1),
        Velocity=ListTag([f32(0.0), f32(-0.0), FloatTag(NAN_NEGATIVE_FLOAT)]),
        Spin=ListTag([f32(0.1), f32(-1.5e-45), f32(3.4028235e38)]),
        Fires=LongArrayTag([signed64(rng.getrandbits(38) << 26) for _ in range(2)]),
        FireAges=IntArrayTag([3, 17]),
        StuckArrows=IntArrayTag([signed32(rng.getrandbits(32)) for _ in range(4)]
                                + [float_bits(v) for v in (1.5, 0.25, 3.0, 0.0, -1.0, -0.0)]),
        Joints=joints,
        Vehicle=vehicle,
        Flags=ByteTag(3),
    )


def physics_entity(rng: random.Random, nested: bool) -> CompoundTag:
    """The entity's NBT: the group under ``zarith`` (26.x layout) or beside vanilla's keys."""
    entity = CompoundTag(
        id=StringTag("zarith:physics_block"),
        Pos=ListTag([f64(12.5), f64(64.0), f64(-7.25)]),
        Motion=ListTag([f64(0.0), f64(-0.0784000015258789), f64(0.0)]),
        UUID=IntArrayTag([signed32(rng.getrandbits(32)) for _ in range(4)]),
    )
    group = physics_group(rng)
    if nested:
        entity["zarith"] = group
    else:
        entity.update(group)
    return entity


# --- seed 004: infdev -------------------------------------------------------------------

CHUNK_X, CHUNK_Y, CHUNK_Z = 16, 128, 16


def infdev_index(rng: random.Random) -> CompoundTag:
    """``index.dat``: one ``Data`` compound with the player (seed 004)."""
    inventory = ListTag([
        CompoundTag(id=ShortTag(item), Damage=ShortTag(damage), Count=ByteTag(count), Slot=ByteTag(slot))
        for slot, (item, damage, count) in enumerate([(270, 12, 1), (4, 0, 64), (50, 0, 17), (3, 0, -1)])
    ])
    player = CompoundTag(
        Pos=ListTag([f64(rng.uniform(-300, 300)), f64(71.62000000476837), f64(rng.uniform(-300, 300))]),
        AttackTime=ShortTag(0),
        Motion=ListTag([f64(0.0), f64(-3.9e5), f64(0.0)]),  # the void sets it very high
        HurtTime=ShortTag(0),
        Fire=ShortTag(-20),
        Health=ShortTag(20),
        FallDistance=f32(0.0),
        Air=ShortTag(200),
        Inventory=inventory,
        Rotation=ListTag([f32(rng.uniform(-180, 180)), f32(12.5)]),
        Score=IntTag(0),
        DeathTime=ShortTag(0),
    )
    return CompoundTag(Data=CompoundTag(
        Time=LongTag(rng.getrandbits(20)),
        LastPlayed=LongTag(1_262_304_000_000),
        Player=player,
        SpawnX=IntTag(0), SpawnY=IntTag(64), SpawnZ=IntTag(0),
        SizeOnDisk=LongTag(rng.getrandbits(24)),
        RandomSeed=LongTag(signed64(rng.getrandbits(64))),
    ))


def block_index(x: int, y: int, z: int) -> int:
    """Seed 004: ``Blocks[y + x * ChunkSizeY(=128) + z * ChunkSizeY * ChunkSizeX(=16)]``."""
    return y + x * CHUNK_Y + z * CHUNK_Y * CHUNK_X


def infdev_chunk(rng: random.Random, x_pos: int, z_pos: int) -> CompoundTag:
    """``c.X.Z.dat``: one ``Level`` compound, 16x16x128 blocks (seed 004)."""
    blocks = bytearray(CHUNK_X * CHUNK_Y * CHUNK_Z)
    heights = bytearray(CHUNK_X * CHUNK_Z)
    for z in range(CHUNK_Z):
        for x in range(CHUNK_X):
            top = 60 + rng.randrange(8)
            for y in range(top):
                blocks[block_index(x, y, z)] = 7 if y == 0 else 1 if y < top - 4 else 3
            blocks[block_index(x, top, z)] = 2
            heights[x + z * CHUNK_X] = top + 1
    nibbles = len(blocks) // 2
    sky = bytes(0xFF if i % CHUNK_Y >= 32 else 0x00 for i in range(nibbles))
    return CompoundTag(Level=CompoundTag(
        Data=byte_array(bytes(rng.getrandbits(8) for _ in range(nibbles))),
        Entities=ListTag([CompoundTag(
            id=StringTag("Pig"), Pos=ListTag([f64(3.5), f64(66.0), f64(9.5)]),
            Motion=ListTag([f64(0.0), f64(0.0), f64(0.0)]), Rotation=ListTag([f32(90.0), f32(0.0)]),
            Health=ShortTag(10), FallDistance=f32(0.0), Fire=ShortTag(-1), Air=ShortTag(300),
        )]),
        LastUpdate=LongTag(rng.getrandbits(20)),
        xPos=IntTag(x_pos),
        zPos=IntTag(z_pos),
        TileEntities=ListTag([CompoundTag(id=StringTag("Chest"), x=IntTag(x_pos * 16 + 4), y=IntTag(65),
                                          z=IntTag(z_pos * 16 + 11), Items=ListTag())]),
        TerrainPopulated=ByteTag(1),
        SkyLight=byte_array(sky),
        HeightMap=byte_array(bytes(heights)),
        BlockLight=byte_array(bytes(nibbles)),
        Blocks=byte_array(bytes(blocks)),
    ))


def byte_array(data: bytes) -> ByteArrayTag:
    """A byte array tag over raw bytes (Java bytes are signed)."""
    return ByteArrayTag(np.frombuffer(bytes(data), dtype=np.int8))


# --- framing -------------------------------------------------------------------------------

ANY_VERSIONS = generate.releases_where(lambda v: v.nbt.has_any_form)  # readAnyTag exists
NAMED_NETWORK_VERSIONS = generate.releases_where(lambda v: v.nbt.network_named_root)  # a named root is read


def nameless(tag) -> bytes:
    """Type byte + payload, float bits raw: the network writer of the latest version."""
    from harness.formats.nbt import nbt_io

    return nbt_io.write_network(tag, versions.get(WRITER_VERSION))


def named(payload: bytes, name: bytes = b"") -> bytes:
    """The nameless bytes with a root name (Java: unsigned 16-bit length, modified UTF-8)."""
    return payload[:1] + struct.pack(">H", len(name)) + name + payload[1:]


def case(case_id: str, purpose: str, form: str, data: bytes, versions_: list[str] | None = None) -> dict:
    c = {"id": case_id, "purpose": purpose}
    if versions_ is not None:
        c["versions"] = list(versions_)  # a fresh list: shared ones would become YAML aliases
    c["setup"] = {"form": form, "input": data.hex()}
    c["ops"] = [list(op) for op in OPS]
    return c


def every_form(base: str, purpose: str, payload: bytes, root_name: bytes = b"") -> list[dict]:
    """``payload`` (nameless) as a case in each form: file, any, network, network-named."""
    return [
        case(f"{base}/file", purpose, "file", named(payload, root_name)),
        case(f"{base}/any", purpose, "any", payload, ANY_VERSIONS),
        case(f"{base}/network", purpose, "network", payload),
        case(f"{base}/network-named", purpose, "network", named(payload), NAMED_NETWORK_VERSIONS),
    ]


def file_only(base: str, purpose: str, data: bytes) -> dict:
    return case(f"{base}/file", purpose, "file", data)


# --- the documents ---------------------------------------------------------------------------

def documents(rng: random.Random) -> list[dict]:
    cases = []
    cases += every_form("nbt/g/zarith/group-nested", "seed 000: a vehicle block group under 'zarith' (26.x layout); "
                        "floats as int/long bits, NaN payloads and -0.0 in float tags", nameless(physics_entity(rng, True)))
    cases += every_form("nbt/g/zarith/group-flat", "seed 000: the same group beside vanilla's keys (1.20.1/1.21.1 layout)",
                        nameless(physics_entity(rng, False)))
    cases += every_form("nbt/g/infdev/index-dat", "seed 004: infdev index.dat (Data: time, player, inventory, spawn, seed)",
                        nameless(infdev_index(rng)))
    cases += every_form("nbt/g/infdev/chunk", "seed 004: infdev c.X.Z.dat, Blocks[y + x*128 + z*128*16], nibble arrays",
                        nameless(infdev_chunk(rng, -3, 7)))
    return cases


def _string_doc(text: str) -> bytes:
    return nameless(CompoundTag(s=StringTag(text)))


def _splice(data: bytes, old: bytes, new: bytes) -> bytes:
    """``data`` with the one occurrence of ``old`` replaced by ``new`` (same length)."""
    assert len(old) == len(new) and data.count(old) == 1, (old, new)
    return data.replace(old, new)


def _nested(depth: int, kind: str) -> bytes:
    """A nameless compound root holding ``depth`` containers in all (the root counted).

    ``kind`` ``compound``: ``{a:{a:{...}}}``; ``list``: ``{a:[[[...]]]}``; the innermost is empty.
    """
    inner = depth - 1
    if kind == "compound":
        return b"\x0a" + b"\x0a\x00\x01a" * inner + b"\x00" * (inner + 1)
    # a list of one list of ... of an empty list (element type End)
    return (b"\x0a\x09\x00\x01a" + b"\x09\x00\x00\x00\x01" * (inner - 1) + b"\x00\x00\x00\x00\x00" + b"\x00")


def edges(rng: random.Random) -> list[dict]:
    cases = []
    # strings: NUL, supplementary characters, lone surrogates, the 65,535-byte limit
    for name, text in [("nul", "a\x00b"), ("supplementary", "\U0001F600 \U00010437"), ("lone-high", "x\ud83dy"),
                       ("lone-low", "\ude00"), ("reversed-pair", "\ude00\ud83d"), ("bmp-edge", "\uffff\u0800\u07ff")]:
        cases += every_form(f"nbt/g/string/{name}", f"a string with {name} characters", _string_doc(text))
    raw_nul = _splice(_string_doc("aXb"), b"aXb", b"a\x00b")
    cases += every_form("nbt/g/string/raw-nul-byte", "a raw 00 byte (modified UTF-8 writes C0 80)", raw_nul)
    four = _splice(_string_doc("abcd"), b"abcd", bytes.fromhex("f09f9880"))
    cases += every_form("nbt/g/string/four-byte-utf8", "plain UTF-8 for U+1F600 (modified UTF-8 refuses it)", four)
    longest = _string_doc("x" * 65535)
    cases += every_form("nbt/g/string/65535-bytes", "the longest string the 16-bit length holds", longest)
    grows = _splice(longest, b"x" * 65535, b"x" * 65534 + b"\x00")
    cases += every_form("nbt/g/string/65536-bytes-on-write",
                        "65,535 bytes read, 65,536 on write (a raw NUL becomes C0 80): too long to write back", grows)
    cases += every_form("nbt/g/string/65535-chars-3-byte", "21,845 three-byte chars (65,535 bytes)",
                        _string_doc("\u20ac" * 21845))
    long_key = nameless(CompoundTag({"k" * 65535: ByteTag(1)}))
    cases += every_form("nbt/g/string/65535-byte-key", "a key of 65,535 bytes", long_key)
    # nesting around the accounter's 512 (512 containers fit from 1.20.2 on, 513 in 1.20.1)
    for depth in (MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2):
        for kind in ("compound", "list"):
            cases += every_form(f"nbt/g/depth/{kind}-{depth}", f"{depth} nested containers ({kind}s), root counted",
                                _nested(depth, kind))
    # lists: mixed (26.x wraps them), wrapped look-alikes, empty lists of every element type
    mixed = ListTag([IntTag(1), StringTag("two"), CompoundTag(three=ByteTag(3)), CompoundTag({"": IntTag(4)}),
                     ListTag([LongTag(5)]), ListTag()])
    cases += every_form("nbt/g/list/mixed", "a heterogeneous list (26.x writes it as wrapped compounds)",
                        nameless(CompoundTag(l=mixed)))
    cases += every_form("nbt/g/list/wrapped-lookalike", "compounds with the one key \"\" (26.x unwraps them on read)",
                        nameless(CompoundTag(l=ListTag([CompoundTag({"": ByteTag(1)}), CompoundTag({"": ByteTag(2)})]))))
    for element in range(13):
        payload = b"\x0a\x09\x00\x01l" + bytes([element]) + b"\x00\x00\x00\x00" + b"\x00"
        cases += every_form(f"nbt/g/list/empty-type-{element}", f"an empty list declaring element type {element}", payload)
    cases += every_form("nbt/g/list/end-type-count-1", "element type End with one element",
                        b"\x0a\x09\x00\x01l\x00\x00\x00\x00\x01\x00")
    # huge declared lengths (the accounter or the input's end must stop them, never memory)
    huge = [
        ("byte-array-2g", b"\x07\x00\x01a\x7f\xff\xff\xff" + b"\x01\x02"),
        ("int-array-1g", b"\x0b\x00\x01a\x40\x00\x00\x00" + b"\x00\x00\x00\x01"),
        ("long-array-256m", b"\x0c\x00\x01a\x10\x00\x00\x00" + b"\x00" * 8),
        ("list-2g-bytes", b"\x09\x00\x01a\x01\x7f\xff\xff\xff\x01"),
        ("list-2g-compounds", b"\x09\x00\x01a\x0a\x7f\xff\xff\xff\x00"),
        ("string-65535-of-3", b"\x08\x00\x01a\xff\xffabc"),
        ("key-65535-of-1", b"\x01\xff\xffk"),
        ("int-array-negative", b"\x0b\x00\x01a\xff\xff\xff\xfe"),
    ]
    for name, body in huge:
        cases += every_form(f"nbt/g/huge/{name}", "a declared length far beyond the input", b"\x0a" + body + b"\x00")
    # truncations of a real-shaped document, in the file form
    doc = named(nameless(physics_entity(rng, True)))
    for cut in (1, 3, 4, len(doc) // 3, len(doc) // 2, len(doc) - 1):
        cases.append(file_only(f"nbt/g/truncated/zarith-{cut}-of-{len(doc)}", f"the group's file cut after {cut} bytes",
                               doc[:cut]))
    return cases


CATEGORIES = {  # name: (seed, make)
    "documents": (f"{SEED}/documents", documents),
    "edges": (f"{SEED}/edges", edges),
}


def main(argv: list[str] | None = None) -> int:
    """``python3 cases/nbt/gen.py [--out DIR]``: writes ``documents.yaml`` and ``edges.yaml``."""
    return generate.main("nbt", CATEGORIES, argv)


if __name__ == "__main__":
    sys.exit(main())
