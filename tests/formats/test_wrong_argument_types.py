"""A wrong type given to a public entry point of ``harness.formats.region``, ``.storage`` and
``.palette`` gets our ``TypeError`` naming the operation's argument and what it must be, not
Python's own (``unsupported operand type(s) for &``, ``string argument without an encoding``,
``'<' not supported``, ``memoryview: invalid slice key``)."""

import numpy as np
import pytest

from harness.formats.palette import PalettedContainer, Strategy
from harness.formats.region import RegionFile
from harness.formats.storage import SimpleBitStorage, ZeroBitStorage, new_storage
from helpers_palette import quick_path  # noqa: F401  (the fixture: each quick path)

REGION = RegionFile()

REGION_CALLS = [
    (lambda: REGION.write(None, 0, b""), r"^write: x must be an int \(a world chunk coordinate"),
    (lambda: REGION.write(1.5, 0, b"x"), r"^write: x must be an int .*not float$"),
    (lambda: REGION.write(0, 0, "abc"), r"^write: data \(the chunk's NBT bytes\) must be bytes .*not str$"),
    (lambda: REGION.write(0, 0, None), r"^write: data .* must be bytes .*not NoneType$"),
    (lambda: REGION.read("0", 0), r"^read: x must be an int .*not str$"),
    (lambda: REGION.has_chunk(None, 0), r"^has_chunk: x must be an int"),
    (lambda: REGION.does_chunk_exist(0, None), r"^does_chunk_exist: z must be an int"),
    (lambda: REGION.clear(0, []), r"^clear: z must be an int .*not list$"),
    (lambda: REGION.read_chunk((0, 0)), r"^loc must be a ChunkLocation \(as location\(x, z\) gives it\), not tuple$"),
    (lambda: REGION.payload(3), r"^loc must be a ChunkLocation .*not int$"),
    (lambda: RegionFile("abc"), r"^RegionFile: data \(the region file's contents; b\"\" for a new file\) must be bytes"),
    (lambda: RegionFile(None), r"^RegionFile: data .* not NoneType$"),
    (lambda: RegionFile(5), r"^RegionFile: data .* not int$"),  # bytes(5) would be five zero bytes
    (lambda: RegionFile(b"", version="2"), r"^RegionFile: version must be an int \(a compression id\), not str$"),
    (lambda: RegionFile(b"", origin=None), r"^RegionFile: origin must be a pair of ints"),
    (lambda: RegionFile(b"", external={"c.0.0.mcc": "x"}), r"^RegionFile: external\['c.0.0.mcc'\] must be bytes"),
    (lambda: RegionFile(b"", external=[1]), r"^RegionFile: external must be a mapping"),
    (lambda: RegionFile(b"", clock=5), r"^RegionFile: clock must be a function"),
]


@pytest.mark.parametrize("call, message", REGION_CALLS, ids=range(len(REGION_CALLS)))
def test_region_calls_name_the_argument_of_a_wrong_type(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_region_calls_still_take_their_types():
    region = RegionFile(bytearray(), origin=[0, 0], clock=lambda: 7)
    region.write(33, -1, memoryview(b"\x0a\x00\x00\x00"))  # world coordinates: any int
    assert region.has_chunk(1, 31) and region.read(33, -1) == b"\x0a\x00\x00\x00"
    assert region.location(1, 31) is not None
    # an int is anything operator.index takes, as a storage's index is (errors.refuse_non_ints)
    assert region.has_chunk(np.int64(33), np.int64(-1)) and region.read(True, 31) == b"\x0a\x00\x00\x00"
    assert region.location(np.int64(1), np.int64(31)) is region.location(True, 31) is not None


BITS = SimpleBitStorage(4, 64)
ZERO = ZeroBitStorage(5)

STORAGE_CALLS = [
    (lambda: SimpleBitStorage(None, 64), r"^SimpleBitStorage: bits must be an int, not NoneType$"),
    (lambda: SimpleBitStorage(4, "64"), r"^SimpleBitStorage: size must be an int, not str$"),
    (lambda: SimpleBitStorage.from_longs(None, 64, [0] * 4), r"^SimpleBitStorage: bits must be an int"),
    (lambda: new_storage(4, None), r"^SimpleBitStorage: size must be an int, not NoneType$"),
    (lambda: ZeroBitStorage("a"), r"^ZeroBitStorage: size must be an int, not str$"),
    (lambda: BITS.get(None), r"^get: index must be an int, not NoneType$"),
    (lambda: BITS.get(1.5), r"^get: index must be an int, not float$"),
    (lambda: BITS.set(None, 1), r"^set: index must be an int, not NoneType$"),
    (lambda: BITS.set(0, None), r"^set: value must be an int, not NoneType$"),
    (lambda: BITS.set(1.5, 1), r"^set: index must be an int, not float$"),
    (lambda: BITS.set(0, 1.5), r"^set: value must be an int, not float$"),
    (lambda: BITS.get_and_set(0, "x"), r"^set: value must be an int, not str$"),
    (lambda: ZERO.get(None), r"^get: index must be an int, not NoneType$"),
    (lambda: ZERO.set(0, None), r"^set: value must be an int, not NoneType$"),
    (lambda: ZERO.fill("a"), r"^fill: value must be an int, not str$"),
    (lambda: ZERO.get(1.5), r"^get: index must be an int, not float$"),  # in range, yet no int
    (lambda: ZERO.get_and_set(1.5, 0), r"^set: index must be an int, not float$"),
    (lambda: ZERO.fill(0.0), r"^fill: value must be an int, not float$"),
]


@pytest.mark.parametrize("call, message", STORAGE_CALLS, ids=range(len(STORAGE_CALLS)))
def test_storage_calls_name_the_argument_of_a_wrong_type(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_storage_calls_still_take_any_int():
    storage = SimpleBitStorage(4, 64)
    storage.set(np.int64(3), 9)
    storage.set(True, 2)  # an index is any int the storage takes: True is 1
    assert storage.get(3) == 9 and storage.get(np.int64(1)) == 2


@pytest.mark.parametrize("call, message", [
    (lambda c: c.get_at(None), r"^get: index must be an int, not NoneType$"),
    (lambda c: c.set_at(None, 1), r"^set: index must be an int, not NoneType$"),
    (lambda c: c.set_at(1.5, 5), r"^set: index must be an int, not float$"),
    (lambda c: c.get_and_set_at(None, 1), r"^set: index must be an int, not NoneType$"),
    (lambda c: c.get(None, 0, 0), r"^index: x must be an int, not NoneType$"),
    (lambda c: c.set(0, "a", 0, 1), r"^index: y must be an int, not str$"),
    (lambda c: PalettedContainer.unpack(c.strategy, None, None), r"^palette must be a list of registry ids"),
], ids=range(7))
def test_container_calls_name_the_argument_of_a_wrong_type(quick_path, call, message):
    container = PalettedContainer(Strategy.biomes(67), 0)
    for i, v in enumerate((5, 7, 5)):  # a linear palette: the quick path on
        container.set_at(i, v)
    with pytest.raises(TypeError, match=message):
        call(container)
