"""A file meant as SNBT text (named ``*.snbt``, or starting with ``{``/``[`` after blanks) that
neither reading takes leads with its SNBT error, the binary NBT one after it; any other file
keeps the binary reading first. (Files named ``*.snbt``: test_nbt_cli's bad SNBT text, both
readings and not-UTF-8 tests.)"""

from __future__ import annotations

import pytest

from helpers_cli import run_nbt


def _error(capsys, *argv) -> str:
    status, out, err = run_nbt(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1
    return err


@pytest.mark.parametrize("name, data", [("cut.txt", b"  {a:1"), ("list.dat", b"\n[1,"), ("bom.nbt", b"\xef\xbb\xbf{a:")])
def test_text_meant_as_snbt_gives_the_snbt_error_first(tmp_path, capsys, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    err = _error(capsys, "show", path)
    assert err.startswith(f"harness nbt: {path}: not SNBT (CommandSyntaxException: ") and "), nor binary NBT (" in err


def test_other_text_keeps_the_binary_reading_first(tmp_path, capsys):
    path = tmp_path / "words.nbt"
    path.write_bytes(b"a b")
    assert _error(capsys, "show", path).startswith(f"harness nbt: {path}: neither binary NBT (")


def test_snbt_text_on_standard_input_too(capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"[1,")))
    assert _error(capsys, "show", "-").startswith("harness nbt: -: not SNBT (CommandSyntaxException: ")


@pytest.mark.parametrize("name, data, start, after", [
    ("many.snbt", b"{a:1,b:2,c:3,d:4}", "as SNBT refused: ", "; not binary NBT either ("),
    ("many.nbt", b"a,b,c,d", "not binary NBT (", "); as SNBT refused: "),
])
def test_snbt_over_a_budget_keeps_the_same_order(tmp_path, capsys, name, data, start, after):
    path = tmp_path / name
    path.write_bytes(data)
    err = _error(capsys, "show", "--max-snbt-values", "2", path)
    assert err.startswith(f"harness nbt: {path}: {start}") and after in err


def test_other_text_not_utf8_keeps_the_binary_reading_first(tmp_path, capsys):
    path = tmp_path / "latin.nbt"
    path.write_bytes(b'a "caf\xe9"')
    err = _error(capsys, "show", path)
    assert err.startswith(f"harness nbt: {path}: neither binary NBT (") and ") nor SNBT text (not UTF-8 at byte 6: " in err
