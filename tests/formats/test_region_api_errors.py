"""``RegionFile.location`` and the reads that take its answer: local coordinates 0..31 only
(a typed ``ValueError`` naming the range), and an absent chunk's ``None`` refused with a
typed ``LookupError``, never an ``AttributeError`` on ``None``."""

from __future__ import annotations

import pytest

from conftest import REPO
from harness.formats.region import RegionFile

REGION = REPO / "tests" / "data" / "real" / "java-region" / "r.0.0.mca"  # one chunk, at 1,3


@pytest.fixture(scope="module")
def region() -> RegionFile:
    return RegionFile(REGION.read_bytes())


@pytest.mark.parametrize("x, z", [(40, 3), (-1, 0), (0, 32), (32, 0)])
def test_a_place_outside_the_region_is_a_value_error_naming_the_range(region, x, z):
    with pytest.raises(ValueError, match=r"outside 0\.\.31"):
        region.location(x, z)


def test_a_place_that_is_no_whole_number_is_a_type_error(region):
    with pytest.raises(TypeError, match="whole number"):
        region.location(1.0, 3)  # type: ignore[arg-type]


def test_an_absent_chunk_is_none_and_reading_none_is_a_lookup_error(region):
    assert region.location(0, 0) is None and region.location(1, 3) is not None
    for read in (region.read_chunk, region.chunk_bytes, region.payload, region.read_chunk_named):
        with pytest.raises(LookupError, match="no chunk: the location is None"):
            read(region.location(0, 0))
