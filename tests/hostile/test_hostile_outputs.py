"""Issue #11, the rest: what ``harness nbt`` builds and reads stays bounded however big the
input: a region file's checks share one budget for the whole file, a huge array is read
without a copy and printed a piece at a time, and ``convert --to snbt`` and ``diff`` never
hold a whole long text; a damaged zlib stream is searched for its bad byte in a few passes,
not a call per byte. Work is bounded by counting (reads made, bytes allocated as
``tracemalloc`` counts them), never by a clock; the inputs are made here, small."""

from __future__ import annotations

import io
import struct
import sys
import tracemalloc
import zlib

import numpy as np
import pytest

from harness.cli import main
from harness.formats import versions
from harness.formats.nbt import nbt_io
from harness.formats.nbt import tags as T
from harness.formats.nbt.snbt_printer_tag_visitor import pretty_parts

V = versions.get("26.3")


def _region(path, payloads: list[bytes]) -> None:
    """A region file holding the zlib chunk streams ``payloads`` at x 0, 1, ... of row z 0, 1, ..."""
    table, body, sector = bytearray(8192), bytearray(), 2
    for index, stream in enumerate(payloads):
        entry = struct.pack(">iB", len(stream) + 1, 2) + stream
        sectors = -(-len(entry) // 4096)
        struct.pack_into(">I", table, 4 * index, (sector << 8) | sectors)
        body += entry.ljust(sectors * 4096, b"\x00")
        sector += sectors
    path.write_bytes(bytes(table) + bytes(body))


def _compound_list(n: int) -> bytes:
    """A chunk's NBT: root compound "" holding ``l``, a list of ``n`` empty compounds."""
    return b"\x0a\x00\x00\x09\x00\x01l\x0a" + struct.pack(">i", n) + b"\x00" * n + b"\x00"


def _rows(out: str) -> list[str]:
    return out.splitlines()[3:]


def _counting_reads(monkeypatch) -> list[int]:
    """Every ``NbtIo.read`` of a chunk from now on, counted (by its input's length)."""
    reads: list[int] = []
    real = nbt_io.read_file

    def read_file(data, version, **options):
        reads.append(len(data))
        return real(data, version, **options)

    monkeypatch.setattr(nbt_io, "read_file", read_file)
    return reads


def test_a_region_of_tag_bombs_stops_reading_at_the_files_tag_budget(tmp_path, capsys, monkeypatch):
    # 64 chunks, each a list of 5,000 empty compounds: each read alone goes over --max-tags
    path = tmp_path / "r.0.0.mca"
    _region(path, [zlib.compress(_compound_list(5000))] * 64)
    reads = _counting_reads(monkeypatch)
    status = main(["nbt", "show", str(path), "--max-tags", "1000", "--max-region-tags", "3500"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    rows = _rows(out)
    assert len(rows) == 64
    # 1000 + 1000 + 1000 tags, then the 500 left run out in the fourth: no fifth read
    assert len(reads) == 4
    assert all("not checked: more than 1000 tags, over the tools' limit of 1000" in row for row in rows[:3])
    assert "not checked: the file's budget of 3500 tags ran out in this chunk" in rows[3]
    assert all(row.endswith("note: not checked: the budget for the whole file is spent") for row in rows[4:])
    assert out.splitlines()[1] == ("chunks: 64 of 1024; 64 not checked: 4 as their rows say, 60 because the chunks "
                                   "read before them used up the budget for the whole file, 3500 tags and 268435456 "
                                   "decompressed bytes (harness nbt show --max-region-tags N, or "
                                   "harness.formats.budget.MAX_REGION_TAGS = N in Python, to raise it)")


def test_a_chunks_read_gets_its_tag_budget_as_an_argument_not_through_the_module(tmp_path, capsys, monkeypatch):
    from harness.formats import budget

    with pytest.raises(budget.BudgetExceeded, match="more than 100 tags"):
        nbt_io.read_file(_compound_list(500), V, max_tags=100)
    assert len(nbt_io.read_file(_compound_list(500), V)["l"]) == 500  # the module's budget: 1,000,000
    path = tmp_path / "r.0.0.mca"
    _region(path, [zlib.compress(_compound_list(5000))] * 3)
    seen = []
    real = nbt_io.read_file

    def read_file(data, version, **options):
        seen.append((budget.MAX_TAGS, options.get("max_tags")))
        return real(data, version, **options)

    monkeypatch.setattr(nbt_io, "read_file", read_file)
    assert main(["nbt", "show", str(path), "--max-tags", "1000", "--max-region-tags", "2500"]) == 0
    assert seen == [(1000, 1000), (1000, 1000), (1000, 500)]  # --max-tags, and what the file has left
    assert "the file's budget of 2500 tags ran out in this chunk" in capsys.readouterr().out


def test_a_region_of_inflating_chunks_stops_at_the_files_byte_budget(tmp_path, capsys, monkeypatch):
    # ten chunks, each a 300,000-byte array of zeros (a few hundred bytes compressed)
    body = b"\x0a\x00\x00\x07\x00\x01b" + struct.pack(">i", 300_000) + bytes(300_000) + b"\x00"
    path = tmp_path / "r.0.0.mca"
    _region(path, [zlib.compress(body)] * 10)
    reads = _counting_reads(monkeypatch)
    status = main(["nbt", "show", str(path), "--max-bytes", "1000000"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    rows = _rows(out)
    assert len(reads) == 3  # the fourth inflates past the 100,000 bytes left and is not read
    assert "note" not in "".join(rows[:3])
    raise_it = "(harness nbt --max-bytes N, or harness.formats.budget.MAX_DECOMPRESSED_BYTES = N in Python, to raise it)"
    assert rows[3].endswith(f"not checked: the file's budget of 1000000 decompressed bytes ran out in this chunk {raise_it}")
    assert all(row.endswith("the budget for the whole file is spent") for row in rows[4:])
    assert "; 7 not checked: 1 as its row says, 6 because the chunks read before them " in out.splitlines()[1]
    assert out.splitlines()[1].endswith(f" decompressed bytes {raise_it}")  # the budget that ran out, not the tags' too


def test_detection_reads_the_input_itself_never_a_copy(monkeypatch):
    from harness.formats.nbt import detect

    data = b"\x0a\x00\x00\x07\x00\x01b" + struct.pack(">i", 1000) + bytes(range(256)) * 3 + bytes(232) + b"\x00"
    seen = []
    real = nbt_io.NbtReader

    class Reader(real):
        def __init__(self, given, *args, **kwargs):
            seen.append(given is data)
            super().__init__(given, *args, **kwargs)

    def read_named_compiled(given, *args):  # nbt_io's one-call compiled read, when it answers
        done = real_compiled(given, *args)
        if done is not None:
            seen.append(given is data)
        return done

    real_compiled = nbt_io.read_named_compiled
    monkeypatch.setattr(nbt_io, "NbtReader", Reader)
    monkeypatch.setattr(nbt_io, "read_named_compiled", read_named_compiled)
    doc = detect.open_nbt(data, V)
    assert doc.encoding == "java" and len(doc.tag["b"]) == 1000
    assert seen == [True]  # one read, of the input object (no data[:-1] to check that all of it was needed)


@pytest.mark.parametrize("encoding", ["java", "bedrock", "bedrock_network"])
def test_a_reads_end_is_the_fewest_bytes_that_read(encoding):
    tag = T.CompoundTag({"a": T.ListTag([T.IntTag(1), T.IntTag(-7)]), "s": T.StringTag("hé"),
                         "l": T.LongArrayTag([5, -1]), "c": T.CompoundTag({"b": T.ByteTag(3)})})
    data = nbt_io.write_named("root", tag, encoding=encoding, version=V) + b"\x07\x07"
    name, back, end = nbt_io.read_named_end(data, V, encoding)
    assert (name, back, end) == ("root", tag, len(data) - 2)
    nbt_io.read_named(data[:end], V, encoding)
    with pytest.raises(Exception, match="EOF"):
        nbt_io.read_named(data[:end - 1], V, encoding)


@pytest.mark.parametrize("pretty", [False, True])
def test_byte_array_text_is_each_bytes_decimal_text(pretty):
    # every byte value, then a random run longer than one printing chunk
    values = np.concatenate([np.arange(-128, 128), np.random.default_rng(11).integers(-128, 128, 300_000)])
    tag = T.ByteArrayTag(values.astype(np.int8))
    text = "".join(pretty_parts(tag, V)) if pretty else nbt_io_to_string(tag)
    separator = ", " if pretty else ","
    assert text == "[B;" + (" " if pretty else "") + separator.join(f"{v}B" for v in values.tolist()) + "]"


def nbt_io_to_string(tag) -> str:
    from harness.formats.nbt.string_tag_visitor import to_string

    return to_string(tag, V)


def _array_file(path, n: int, seed: int = 3, change: int | None = None) -> None:
    """A Java NBT file: root compound "" holding ``b``, ``n`` random bytes (one changed at ``change``)."""
    values = bytearray(np.random.default_rng(seed).integers(0, 256, n, dtype=np.uint8).tobytes())
    if change is not None:
        values[change] ^= 0x55
    path.write_bytes(b"\x0a\x00\x00\x07\x00\x01b" + struct.pack(">i", n) + bytes(values) + b"\x00")


def _peak(monkeypatch, tmp_path, argv: list[str]) -> tuple[int, int, str]:
    """``(status, peak bytes allocated while it ran, what it printed)``: stdout goes to a file."""
    sink = tmp_path / "stdout.txt"
    with open(sink, "wb") as raw:
        stream = io.TextIOWrapper(raw, encoding="utf-8")
        monkeypatch.setattr(sys, "stdout", stream)
        tracemalloc.start()
        try:
            status = main(argv)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        stream.flush()
        monkeypatch.undo()
        stream.detach()
    return status, peak, sink.read_text(encoding="utf-8")


# bytes of the array (its text: ~23 MB, the SNBT 4.6 characters a byte); the tools' own scratch memory
# beside it is about 1.5 MB (a printing chunk's), so 1.75 N still tells the input held once (1.3 N)
# from twice, and the whole text held (5.6 N at least) from either
N = 5_000_000
DIFF_N = 10_000_000  # bytes of each array diff compares (at N, the 8 Mi characters it may hold would not fit 3.5 N)
CHANGED = 7_123_456  # the byte the diff's second file changes


def test_show_of_a_big_array_holds_the_input_once(tmp_path, monkeypatch):
    path = tmp_path / "array.nbt"
    _array_file(path, N)
    status, peak, out = _peak(monkeypatch, tmp_path, ["nbt", "show", str(path)])
    assert status == 0 and out.endswith("B]}\n") and len(out) > 4 * N
    assert peak < 1.75 * N  # the file's bytes, the array a view of them, one printing chunk at a time


def test_convert_to_snbt_writes_a_big_text_a_piece_at_a_time(tmp_path, monkeypatch):
    path, target = tmp_path / "array.nbt", tmp_path / "array.snbt"
    _array_file(path, N)
    status, peak, _ = _peak(monkeypatch, tmp_path, ["nbt", "convert", str(path), str(target), "--to", "snbt"])
    assert status == 0
    assert peak < 1.75 * N  # not the ~55 MB text, nor its UTF-8 bytes
    tag = nbt_io.read_named(path.read_bytes(), V)[1]
    assert target.read_text(encoding="utf-8") == "".join(pretty_parts(tag, V)) + "\n"


def test_convert_strict_of_a_text_too_long_to_read_back_writes_nothing(tmp_path, capsys):
    path, target = tmp_path / "array.nbt", tmp_path / "array.snbt"
    _array_file(path, 300_000)
    status = main(["nbt", "convert", str(path), str(target), "--to", "snbt", "--strict", "--max-snbt-chars", "100000"])
    err = capsys.readouterr().err
    assert status == 2 and not target.exists()
    assert err.startswith(f"harness nbt: {target}: not written (--strict): the text could not be read back to check "
                          "it: SNBT text of more than 100000 characters")
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left


def test_diff_of_big_documents_names_the_first_difference_without_their_texts(tmp_path, monkeypatch):
    a, b = tmp_path / "a.nbt", tmp_path / "b.nbt"
    _array_file(a, DIFF_N)
    _array_file(b, DIFF_N, change=CHANGED)
    status, peak, out = _peak(monkeypatch, tmp_path, ["nbt", "diff", str(a), str(b)])
    assert status == 1
    assert out == (f"{a} and {b} differ, first at b[{CHANGED}] (the pretty SNBT of {a} is over 8388608 characters: "
                   "not compared line by line)\n")
    assert peak < 3.5 * DIFF_N  # both files' bytes and at most 8 Mi characters of one text
    status, _, out = _peak(monkeypatch, tmp_path, ["nbt", "diff", str(a), str(a)])
    assert (status, out) == (0, "")


class _CountingInflater:
    """A ``zlib.decompressobj`` that counts its ``decompress`` calls in ``calls`` (its copies too)."""

    def __init__(self, inner, calls: list):
        self._inner, self._calls = inner, calls

    def decompress(self, *args):
        self._calls.append(1)
        return self._inner.decompress(*args)

    def copy(self):
        return _CountingInflater(self._inner.copy(), self._calls)

    def __getattr__(self, name):
        return getattr(self._inner, name)


def _old_bad_spot(stream: bytes) -> tuple[bytes, int, str]:
    """What a byte-by-byte feed of ``stream`` gives: the bytes inflated before zlib fails, the
    offset of the byte it fails on, and zlib's message."""
    inflater, out = zlib.decompressobj(), bytearray()
    for at in range(len(stream)):
        try:
            out += inflater.decompress(stream[at:at + 1])
        except zlib.error as e:
            return bytes(out), at, str(e).split("data: ", 1)[-1]
    raise AssertionError("no error")


def test_a_damaged_stream_is_searched_for_its_bad_byte_in_few_calls(monkeypatch):
    from harness.formats.nbt import compression

    rng = np.random.default_rng(5)
    stream = bytearray(zlib.compress(rng.integers(0, 256, 1_000_000, dtype=np.uint8).tobytes(), 0))
    stream[-1] ^= 1  # the Adler-32 check
    calls: list = []
    real = zlib.decompressobj
    monkeypatch.setattr(zlib, "decompressobj", lambda *a: _CountingInflater(real(*a), calls))
    out, problem = compression.decompress_prefix(bytes(stream), "zlib")
    assert (problem.kind, problem.message) == ("ZipException", "incorrect data check")
    assert problem.where == f"byte {len(stream) - 1} of the compressed input" and len(out) == 1_000_000
    assert len(calls) < 150  # was a call per byte: a million


def test_the_bad_byte_is_where_a_byte_by_byte_feed_fails():
    from harness.formats.nbt import compression

    text = b"".join(b"%d:%s;" % (i, b"ab" * (i % 7)) for i in range(2000))
    good = zlib.compress(text, 6)
    rng = np.random.default_rng(8)
    for at in [*rng.integers(2, len(good), 60).tolist(), len(good) - 1]:
        stream = bytearray(good)
        stream[at] ^= 1 << int(rng.integers(0, 8))
        try:
            want = _old_bad_spot(bytes(stream))
        except AssertionError:
            continue  # that flip still inflates
        out, problem = compression.decompress_prefix(bytes(stream), "zlib")
        assert problem is not None and (out, problem.where, problem.message) == \
            (want[0], f"byte {want[1]} of the compressed input", want[2]), at
