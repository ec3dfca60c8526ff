"""The binary NBT encodings as data: byte order, varints, string codec.

Seed 001 names five encodings; three of them differ in how values are laid out (the other
two are framings: Java network is Java without a root name, Bedrock level.dat is Bedrock
after an 8-byte header):

==================  ==========  ============================  ====================  ===========
encoding            byte order  Int / Long, list and array    string length          strings
                                lengths
==================  ==========  ============================  ====================  ===========
``java``            big         fixed 4 / 8 bytes             unsigned 16-bit        modified UTF-8
``bedrock``         little      fixed 4 / 8 bytes             unsigned 16-bit        UTF-8
``bedrock_network`` little      zigzag varint / varlong       unsigned varint        UTF-8
==================  ==========  ============================  ====================  ===========

Short, Float and Double stay fixed-width in every encoding. One reader
(:mod:`harness.formats.nbt.binary_reader`) and one writer
(:mod:`harness.formats.nbt.binary_writer`) take an :class:`NbtEncoding`.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field


@dataclass(frozen=True)
class NbtEncoding:
    """How one encoding lays out values. ``name`` is ``java``, ``bedrock`` or ``bedrock_network``."""

    name: str
    little_endian: bool
    varint: bool  # Int/Long values and list/array lengths are zigzag varints; string lengths unsigned varints
    utf8: bool  # plain UTF-8 strings (Bedrock) instead of Java's modified UTF-8
    short: struct.Struct = field(init=False, repr=False, compare=False)
    int32: struct.Struct = field(init=False, repr=False, compare=False)
    int64: struct.Struct = field(init=False, repr=False, compare=False)
    bits32: struct.Struct = field(init=False, repr=False, compare=False)
    bits64: struct.Struct = field(init=False, repr=False, compare=False)
    ushort: struct.Struct = field(init=False, repr=False, compare=False)
    list_header: struct.Struct = field(init=False, repr=False, compare=False)  # element type, length (fixed-width)
    type_and_length: struct.Struct = field(init=False, repr=False, compare=False)  # entry type, key length (fixed)
    # (ushort, int32, int64, short, bits32, bits64) unpack_from / (int32, int64, short, bits32, bits64) pack
    unpackers: tuple = field(init=False, repr=False, compare=False)
    packers: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        order = "<" if self.little_endian else ">"
        for name, code in (("short", "h"), ("int32", "i"), ("int64", "q"), ("bits32", "I"),
                           ("bits64", "Q"), ("ushort", "H"), ("list_header", "bi"), ("type_and_length", "BH")):
            object.__setattr__(self, name, struct.Struct(order + code))
        object.__setattr__(self, "unpackers", tuple(s.unpack_from for s in (
            self.ushort, self.int32, self.int64, self.short, self.bits32, self.bits64)))
        object.__setattr__(self, "packers", tuple(s.pack for s in (
            self.int32, self.int64, self.short, self.bits32, self.bits64)))

    @property
    def order(self) -> str:
        """The struct/NumPy byte-order character, ``<`` or ``>``."""
        return "<" if self.little_endian else ">"


JAVA = NbtEncoding("java", little_endian=False, varint=False, utf8=False)
BEDROCK = NbtEncoding("bedrock", little_endian=True, varint=False, utf8=True)
BEDROCK_NETWORK = NbtEncoding("bedrock_network", little_endian=True, varint=True, utf8=True)

ENCODINGS = {e.name: e for e in (JAVA, BEDROCK, BEDROCK_NETWORK)}


def get_encoding(name: str) -> NbtEncoding:
    """The encoding called ``name``; ``ValueError`` naming the known ones otherwise."""
    try:
        return ENCODINGS[name]
    except KeyError:
        raise ValueError(f"unknown NBT encoding {name!r}; known: {', '.join(ENCODINGS)}") from None


def zigzag_encode(value: int, bits: int) -> int:
    """Signed ``value`` folded so small magnitudes are small: 0→0, −1→1, 1→2 (``bits`` 32 or 64)."""
    return ((value << 1) ^ (value >> (bits - 1))) & ((1 << bits) - 1)


def zigzag_decode(value: int) -> int:
    """Inverse of :func:`zigzag_encode`."""
    return (value >> 1) ^ -(value & 1)


def write_varint(out: bytearray, value: int) -> None:
    """Append the unsigned LEB128 varint of ``value`` (≥ 0) to ``out``."""
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
