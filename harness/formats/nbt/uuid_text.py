"""Java's ``UUID.fromString`` (JDK 17), as the 26.x SNBT built-in ``uuid("...")`` calls it.

The text (at most 36 UTF-16 code units) is five groups separated by exactly four ``-``; each
group is read with ``Long.parseLong(group, 16)`` (so a group may start with ``+``, may use
any ``Character.digit`` hex digit, and must not be empty or exceed a signed long), then cut
to 32, 16, 16, 16 and 48 bits. Malformed text raises :class:`UuidFormatError` (Java's
``IllegalArgumentException``).

>>> [hex(x) for x in uuid_from_string("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")]
['0xf81d4fae7dec11d0', '0xa76500a0c91e6bf6']
>>> [hex(x) for x in uuid_from_string("1-2-3-4-5")]
['0x100020003', '0x4000000000005']
"""

from __future__ import annotations

from harness.formats.nbt.java_number_parse import JavaNumberFormatError, parse_integer
from harness.formats.nbt.mutf8 import utf16_units


class UuidFormatError(ValueError):
    """Java's ``IllegalArgumentException`` from ``UUID.fromString``."""


def uuid_from_string(text: str) -> tuple[int, int]:
    """``UUID.fromString(text)`` as (most, least) significant 64 bits, each unsigned."""
    units = utf16_units(text)
    if len(units) > 36:
        raise UuidFormatError("UUID string too large")
    groups = units.split("-")
    if len(groups) != 5:
        raise UuidFormatError(f"Invalid UUID string: {text}")
    try:
        a, b, c, d, e = (parse_integer(g, 16, 64) for g in groups)
    except JavaNumberFormatError as err:
        raise UuidFormatError(str(err)) from None
    msb = ((a & 0xFFFFFFFF) << 32) | ((b & 0xFFFF) << 16) | (c & 0xFFFF)
    lsb = ((d & 0xFFFF) << 48) | (e & 0xFFFFFFFFFFFF)
    return msb, lsb
