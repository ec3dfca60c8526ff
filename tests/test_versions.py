"""The version table: identities from GAME_FACTS.md section 4.2 and registry sizes from section 5."""

import pytest

from harness.formats import versions


def test_registry_sizes_per_version():
    # reference/RECORDED_FORMAT.md: block states 24,135 / 26,684 / 29,873 / 35,723; biomes 64, 64, 65, 67
    sizes = {v: (versions.get(v).registries.block_states, versions.get(v).registries.biomes)
             for v in ("1.20.1", "1.21.1", "26.1.2", "26.3")}
    assert sizes == {"1.20.1": (24135, 64), "1.21.1": (26684, 64), "26.1.2": (29873, 65), "26.3": (35723, 67)}


def test_releases_without_recorded_answers_are_never_verified():
    # ../shared/recorded holds 27 releases; 1.21.5, 1.21.6, 1.21.9, 26.1 and 26.1.1 have none
    unverified = [v.id for v in versions.VERSIONS.values() if not v.verified]
    assert unverified == ["1.21.5", "1.21.6", "1.21.9", "26.1", "26.1.1"]
    assert len(versions.RECORDED) == 27 and versions.RECORDED[0] == "1.18" and versions.RECORDED[-1] == "26.3"


def test_unknown_version_is_refused_with_the_known_ones():
    with pytest.raises(versions.UnknownVersionError, match="26.3"):
        versions.get("1.8.9")
