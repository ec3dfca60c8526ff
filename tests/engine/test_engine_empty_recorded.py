"""``harness check --recorded`` of a file that holds no case says so (not "no case matches the options")."""

from __future__ import annotations

from harness.cli import main


def test_an_empty_recorded_file_is_said_to_hold_no_case(capsys, tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    status = main(["check", "--recorded", str(path), "--no-progress"])
    out, err = capsys.readouterr()
    assert status == 2 and f"{path}: holds no case; nothing to check" in out and err == ""
    assert "no case matches" not in out
