"""``copy()`` per version: who resizes a copy's full palette.

No recorded answer covers ``copy()`` yet. What these tests pin is our reading of the game's
classes (``PaletteRules.copy_keeps_resize_handler``): in 1.20.1 and 1.21.1 ``Palette.copy()``
keeps its resize handler, the original container, so a copy whose palette is full asks the
discarded original to grow and then stores the id it got into its own unchanged storage,
where ``Validate.inclusiveBetween`` refuses an id wider than the storage (GAME_FACTS.md 1.3);
in 26.x the handler is an argument of ``idFor`` and a copy grows like any container. The
generated cases ``palette/g/copy-*`` will confirm or refute this once recorded.
"""

import pytest

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.palette import PalettedContainer, Strategy


def _copy(version: str, container: PalettedContainer) -> PalettedContainer:
    return container.copy(versions.get(version).palette)


@pytest.mark.parametrize("version", ["1.20.1", "1.21.1"])
def test_a_copied_single_value_container_cannot_take_a_second_value(version):
    copy = _copy(version, PalettedContainer(Strategy.biomes(64), 3))
    with pytest.raises(GameError) as refused:
        copy.set_at(0, 7)  # the original grows to 1 bit and answers id 1; the copy's storage has 0 bits
    assert refused.value.to_answer() == {
        "error": "IllegalArgumentException", "message": "The value 1 is not in the specified inclusive range of 0 to 0"}
    assert copy.bits() == 0 and copy.get_at(0) == 3


@pytest.mark.parametrize("version", ["1.20.1", "1.21.1"])
def test_a_copied_full_linear_palette_stores_the_originals_new_id(version):
    original = PalettedContainer(Strategy.block_states(versions.get(version).registries.block_states), 0)
    for i in range(1, 16):  # 16 values: the 4-bit linear palette is full
        original.set_at(i, 100 + i)
    copy = _copy(version, original)
    with pytest.raises(GameError, match="The value 16 is not in the specified inclusive range of 0 to 15"):
        copy.set_at(16, 999)
    assert copy.bits() == 4 and original.bits() == 5  # the original grew, not the copy


@pytest.mark.parametrize("version", ["26.1.2", "26.3"])
def test_a_copy_grows_by_itself_in_26x(version):
    copy = _copy(version, PalettedContainer(Strategy.biomes(versions.get(version).registries.biomes), 3))
    copy.set_at(0, 7)
    assert (copy.bits(), copy.get_at(0), copy.get_at(1)) == (1, 7, 3)


@pytest.mark.parametrize("version", ["1.20.1", "26.3"])
def test_copy_of_an_empty_unpacked_palette_is_refused_and_the_container_stays(version):
    # GAME_FACTS 2.2: copy on an empty single-value palette -> "Use of an uninitialized palette"
    from harness.implementations.python import answer_case
    case = {"id": "t", "area": "palette", "version": version,
            "setup": {"strategy": "biomes", "registry": 64, "value": 1},
            "ops": [["unpack", [], None], ["copy"], ["bits"]]}
    assert answer_case(case) == [
        None, {"error": "IllegalStateException", "message": "Use of an uninitialized palette"}, 0]
