"""The version table: identities from GAME_FACTS.md section 4.2 and registry sizes from section 5."""

import pytest

from harness.formats import versions


def test_registry_sizes_per_version():
    # reference/RECORDED_FORMAT.md: block states 24,135 / 26,684 / 29,873 / 35,723; biomes 64, 64, 65, 67
    sizes = {v: (versions.get(v).palette.block_state_registry, versions.get(v).palette.biome_registry)
             for v in ("1.20.1", "1.21.1", "26.1.2", "26.3")}
    assert sizes == {"1.20.1": (24135, 64), "1.21.1": (26684, 64), "26.1.2": (29873, 65), "26.3": (35723, 67)}


def test_26_2_is_never_verified():
    assert versions.get("26.2").verified is False
    assert all(versions.get(v).verified for v in ("1.20.1", "1.21.1", "26.1.2", "26.3"))


def test_unknown_version_is_refused_with_the_known_ones():
    with pytest.raises(versions.UnknownVersionError, match="26.3"):
        versions.get("1.8.9")
