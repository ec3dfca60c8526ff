"""One decompression limit: ``budget.MAX_DECOMPRESSED_BYTES``, read at each call by gzip, zlib
and LZ4 reads, the library's ``nbt.loads`` and ``harness nbt``'s ``--max-bytes`` default; the
refusal names it and keeps the number as a number."""

from __future__ import annotations

import pytest

from harness.cli import main
from harness.formats import budget, nbt
from harness.formats.nbt import compression
from harness.formats.region import lz4_block

BOMB = b"\x07\x00\x00\x00\x01\x00\x00" + bytes(65536)  # a Java byte array of 65,536 zeros (bar its length)


@pytest.mark.parametrize("kind", ["gzip", "zlib"])
def test_loads_refuses_past_the_budget_naming_it(monkeypatch, kind):
    monkeypatch.setattr(budget, "MAX_DECOMPRESSED_BYTES", 10_000)
    with pytest.raises(compression.CompressionError) as caught:
        nbt.loads(compression.compress(BOMB, kind))
    e = caught.value
    assert (e.kind, e.limit) == (compression.LIMIT_KIND, 10_000)
    assert e.message == ("decompressed data exceeds the limit of 10000 bytes (the tools' limit, "
                         "budget.MAX_DECOMPRESSED_BYTES; a decompression bomb?)")


def test_a_limit_given_is_named_as_given_and_lz4_shares_the_error():
    with pytest.raises(compression.CompressionError) as caught:
        compression.decompress(compression.compress(BOMB, "zlib"), limit=1000)
    assert caught.value.limit == 1000 and "(the limit given;" in caught.value.message
    with pytest.raises(compression.CompressionError) as caught:
        lz4_block.decompress(lz4_block.compress(BOMB), limit=1000)
    assert caught.value.kind == compression.LIMIT_KIND and caught.value.limit == 1000


def test_harness_nbt_defaults_to_the_same_limit(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(budget, "MAX_DECOMPRESSED_BYTES", 10_000)
    path = tmp_path / "bomb.dat"
    path.write_bytes(compression.compress(BOMB, "gzip"))
    assert main(["nbt", "show", str(path)]) == 2
    err = capsys.readouterr().err
    assert "decompresses to more than the tools' limit of 10000 bytes (--max-bytes N to raise it)" in err


def test_one_limit_of_256_mib():
    assert budget.MAX_DECOMPRESSED_BYTES == 256 << 20
    assert not hasattr(compression, "DEFAULT_LIMIT")  # no second default beside it


def test_harness_nbt_takes_the_number_from_the_error_not_its_text(tmp_path, capsys, monkeypatch):
    # the message is the library's to word: harness nbt says the limit the error carries
    made = compression.limit_error

    def reworded(limit, where):
        error = made(limit, where)
        error.message = "too big"
        return error

    monkeypatch.setattr(compression, "limit_error", reworded)
    path = tmp_path / "bomb.dat"
    path.write_bytes(compression.compress(BOMB, "zlib"))
    assert main(["nbt", "show", str(path), "--max-bytes", "4096"]) == 2
    assert "more than the tools' limit of 4096 bytes (--max-bytes N to raise it)" in capsys.readouterr().err
