"""PalettedContainer rules, each pinned by a value the game recorded or seed 003 states."""

import pytest

from conftest import RECORDED_VERSIONS, reference_case, reference_cases
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.palette import PalettedContainer, Strategy
from harness.formats.palette.count_order import fastutil_key_order
from harness.formats.varint import read_varint, write_varint
from helpers_palette import recorded_answer

V26_3 = versions.get("26.3")


def _flat_section() -> PalettedContainer:
    section = PalettedContainer(Strategy.block_states(35723), 0)
    for x in range(16):
        for z in range(16):
            for y, v in enumerate((88, 10, 10, 9)):
                section.set(x, y, z, v)
    return section


def test_flat_bottom_section_as_the_seed_states():
    # seed 003: 4 bits, get(4, 1, 9) = 10, write() 2,054 bytes starting 04 04 00 58 (26.3)
    section = _flat_section()
    assert section.bits() == 4
    assert section.get(4, 1, 9) == 10
    sent = section.write(V26_3.palette)
    assert len(sent) == 2054
    assert sent[:4] == bytes([4, 4, 0, 0x58])


def test_flat_bottom_section_as_the_game_recorded():
    case = reference_case("26.3", "palette/p/flat-bottom-section")
    section = _flat_section()
    assert [list(c) for c in section.counts()] == case["answers"][-3]
    assert section.write(V26_3.palette).hex() == case["answers"][-2]
    saved = section.pack()
    assert {"palette": saved.palette, "data": saved.data} == case["answers"][-1]
    assert saved.palette == [88, 10, 9, 0]  # first appearance in index order (seed 003)
    assert len(saved.data) == 256
    loaded = PalettedContainer.unpack(Strategy.block_states(35723), saved.palette, saved.data)
    assert loaded.get(4, 3, 9) == 9
    with pytest.raises(GameError) as e:
        PalettedContainer.unpack(Strategy.block_states(35723), [1, 2], None)
    assert (e.value.kind, e.value.message) == ("DataResult", "Missing values for non-zero storage")


def _own_growth(version: str, kind: str) -> str:
    """The id of the recorded growth case over ``version``'s own ``kind`` registry."""
    size = getattr(versions.get(version).registries, kind)
    [cid] = [c["id"] for c in reference_cases(version, "palette")
             if c["id"].startswith(f"palette/g/grow-version-{kind}-") and c["setup"]["registry"] == size]
    return cid


def _bits_progression(version: str, case_id: str) -> list[tuple[int, int]]:
    """(distinct values so far, bits) where the recorded bits change, in a growth case."""
    case = reference_case(version, case_id)
    seen = {case["setup"]["value"]}
    out = []
    for op, answer in zip(case["ops"], case["answers"]):
        if op[0] == "set":
            seen.add(op[-1])
        if op[0] == "bits" and (not out or out[-1][1] != answer):
            out.append((len(seen), answer))
    return out


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_block_state_growth_path(version):
    registry = versions.get(version).registries.block_states
    recorded = _bits_progression(version, _own_growth(version, "block_states"))
    strategy = Strategy.block_states(registry)
    ours = [(n, strategy.configuration((n - 1).bit_length()).bits) for n, _ in recorded]
    assert recorded == ours
    assert [n for n, _ in recorded] == [2, 17, 33, 65, 129, 257]


def test_global_block_state_bits_differ_by_version():
    # version difference: 26.3's 35,723 states need 16 bits, earlier registries 15 (recorded)
    got = {v: _bits_progression(v, _own_growth(v, "block_states"))[-1][1] for v in RECORDED_VERSIONS}
    assert got == {"1.20.1": 15, "1.21.1": 15, "26.1.2": 15, "26.3": 16}
    assert {v: Strategy.block_states(versions.get(v).registries.block_states).registry_bits
            for v in RECORDED_VERSIONS} == got


def test_global_biome_bits_differ_by_version():
    # version difference: 64 biomes take 6 bits (1.20.1, 1.21.1); 65 (26.1.2) and 67 (26.3) take 7
    got = {v: _bits_progression(v, _own_growth(v, "biomes")) for v in RECORDED_VERSIONS}
    assert got["26.3"][:4] == [(2, 1), (3, 2), (5, 3), (9, 7)]
    assert {v: p[-1][1] for v, p in got.items()} == {"1.20.1": 6, "1.21.1": 6, "26.1.2": 7, "26.3": 7}


def test_packed_bits_number_the_palette_not_the_registry():
    # seed 003: 300 block states take 9 bits on disk: 7 a long, 586 longs (recorded pack)
    packed = recorded_answer("26.3", "palette/p/grow-block_states-300", -1)
    assert len(packed["palette"]) == 300 and len(packed["data"]) == 586
    assert Strategy.block_states(35723).bits_for_serialization(300) == 9


def test_count_order_is_fastutils_hash_order():
    # flat section: palette ids 1 (88), 2 (10), 3 (9), 0 (air) arrive in that order;
    # the game reports [[0, 3072], [10, 512], [88, 256], [9, 256]]: ids 0, 2, 1, 3
    assert recorded_answer("26.3", "palette/p/flat-bottom-section", 1026) == [[0, 3072], [10, 512], [88, 256], [9, 256]]
    assert fastutil_key_order([1, 2, 3, 0]) == [0, 2, 1, 3]


def test_count_order_after_the_hash_table_grows():
    # 300 distinct global ids: the table grows from 32 to 512 slots on the way (recorded order)
    case = reference_case("26.3", "palette/p/grow-block_states-300")
    c = PalettedContainer(Strategy.block_states(300), case["setup"]["value"])
    for op in case["ops"]:
        if op[0] == "set":
            c.set(*op[1:])
    assert [list(x) for x in c.counts()] == case["answers"][-2]
    assert len(case["answers"][-2]) == 300


def test_write_long_count_prefix_by_version():
    # version difference: a single-value container sends 00, its id, then (<= 1.21.x) the
    # VarInt 0 count of its empty long array (palette/p/unpack-block_states-1-ok)
    want = {v: recorded_answer(v, "palette/p/unpack-block_states-1-ok", 5) for v in RECORDED_VERSIONS}
    assert want == {"1.20.1": "00adf10100", "1.21.1": "00adf10100", "26.1.2": "00adf101", "26.3": "00adf101"}
    c = PalettedContainer(Strategy.block_states(35723), 30893)
    assert {v: c.write(versions.get(v).palette).hex() for v in RECORDED_VERSIONS} == want


def test_unpack_keeps_padding_bits_and_sends_them():
    # palette/p/unpack-block_states-17-ok: a hash map palette keeps the longs verbatim
    case = reference_case("26.3", "palette/p/unpack-block_states-17-ok")
    palette, data = case["ops"][0][1:]
    c = PalettedContainer.unpack(Strategy.block_states(35723), palette, data)
    sent = c.write(V26_3.palette)
    assert sent.hex() == case["answers"][5]
    longs = sent[-8 * len(data):]
    assert [int.from_bytes(longs[i:i + 8], "big", signed=True) for i in range(0, len(longs), 8)] == data


@pytest.mark.parametrize("case_id", ["palette/p/unpack-block_states-257-index-past-end",
                                     "palette/p/unpack-biomes-9-index-past-end"])
def test_index_past_end_of_a_global_palette_is_thrown_out_of_unpack(case_id):
    case = reference_case("26.3", case_id)
    strategy = Strategy(case["setup"]["strategy"], case["setup"]["registry"])
    with pytest.raises(GameError) as e:
        PalettedContainer.unpack(strategy, *case["ops"][0][1:])
    assert e.value.to_answer() == case["answers"][0]


def test_index_past_end_of_a_list_loads_and_fails_when_read_but_not_when_sent():
    case = reference_case("26.3", "palette/p/unpack-block_states-2-index-past-end")
    c = PalettedContainer.unpack(Strategy.block_states(35723), *case["ops"][0][1:])
    with pytest.raises(GameError) as e:
        c.get_at(0)
    assert e.value.to_answer() == case["answers"][2]
    assert c.write(V26_3.palette).hex() == case["answers"][5]


def test_wrong_long_count_is_a_data_result_error():
    case = reference_case("26.3", "palette/p/unpack-biomes-3-short")
    with pytest.raises(GameError) as e:
        PalettedContainer.unpack(Strategy.biomes(67), *case["ops"][0][1:])
    assert e.value.to_answer() == case["answers"][0]


def test_empty_palette_fails_when_read_and_when_sent():
    case = reference_case("26.3", "palette/p/unpack-block_states-0-ok")
    c = PalettedContainer.unpack(Strategy.block_states(35723), *case["ops"][0][1:])
    for i, call in ((2, lambda: c.get_at(0)), (5, lambda: c.write(V26_3.palette)), (6, c.pack)):
        with pytest.raises(GameError) as e:
            call()
        assert e.value.to_answer() == case["answers"][i]


def test_varint_round_trip():
    # 30893 is the VarInt ad f1 01 in palette/p/unpack-block_states-1-ok's write
    assert write_varint(30893) == bytes.fromhex("adf101")
    assert read_varint(bytes.fromhex("00adf101"), 1) == (30893, 4)
    with pytest.raises(GameError):
        read_varint(bytes.fromhex("ffffffffff01"), 0)
