"""A differing byte of an NBT ``write_back`` answer is named by its tag: the path in the tag tree
and the part (type byte, name length, name, payload; list and array lengths; a compound's End).

Expected bytes are the game's recorded answers (``reference/``); their layout is the binary
form of GAME_FACTS.md section 3 (``NbtIo.write``: type byte, the name as ``writeUTF``, the
payload; a list: element type byte, Int length, elements; an array: Int length, elements).
"""

from __future__ import annotations

from harness.engine.anatomy import nbt_part
from harness.engine.compare import compare_case
from harness.engine.reference import BUNDLED, bundled_versions, load_reference
from conftest import reference_case


def _flipped(answer: str, at: int) -> str:
    data = bytearray.fromhex(answer)
    data[at] ^= 0xFF
    return data.hex()


def test_a_write_back_difference_names_the_tag_and_its_part():
    case = reference_case("26.3", "nbt/p/hello-world/file")
    answer = case["answers"][0]  # 0a 0000 | 08 0004 "name" | 0009 "Bananrama" | 00
    wanted = {0: "type byte of (root)", 2: "name length of (root), byte 1 of it", 3: "type byte of name",
              6: "name of name, byte 0 of it", 10: "payload of name, byte 0 of it",
              20: "payload of name, byte 10 of it", 21: "End of (root)"}
    for at, place in wanted.items():
        actual = [_flipped(answer, at), *case["answers"][1:]]
        [m] = compare_case(case["ops"], case["answers"], actual, case=case)
        assert m.where == f"byte {at} ({place})", (at, m.where)


def test_a_longer_answer_past_the_expected_end_says_so():
    case = reference_case("26.3", "nbt/p/hello-world/file")
    answer = case["answers"][0]
    [m] = compare_case(case["ops"], case["answers"], [answer + "00", *case["answers"][1:]], case=case)
    assert m.where == f"byte {len(answer) // 2} (past the end of the expected bytes)"


def test_every_recorded_write_back_answer_is_walked_to_its_end():
    """Each recorded ``write_back`` answer's last byte is a part of a tag and the byte after it
    none: the walk reads every form (file, any, network, both network roots) to the end."""
    seen = set()
    for version in bundled_versions():
        for case in load_reference(BUNDLED / version, areas=["nbt"]).cases:
            answer, form = case["answers"][0], case["setup"]["form"]
            key = (answer, form, version in ("1.18", "1.18.1", "1.18.2", "1.19", "1.19.1", "1.19.2", "1.19.3",
                                             "1.19.4", "1.20", "1.20.1"))
            if case["ops"][0] != ["write_back"] or not isinstance(answer, str) or key in seen:
                continue
            seen.add(key)
            data = bytes.fromhex(answer)
            assert nbt_part(data, len(data) - 1, form, version) is not None, case["id"]
            assert nbt_part(data, len(data), form, version) is None, case["id"]
    assert len(seen) > 100 and {form for _, form, _ in seen} >= {"file", "any", "network"}
