"""A text file the tools read that is not UTF-8 (an expect-failures list, a baseline or a report,
a case file) is refused in one line naming the file, the byte offset and its line, and that it
must be UTF-8, never with Python's codec text alone."""

from __future__ import annotations

import pytest

from harness.cli import main
from harness.engine import baseline, casefile, results_page


def test_check_expect_failures_names_the_file_the_byte_and_the_rule(tmp_path, capsys):
    path = tmp_path / "known.txt"
    path.write_bytes(b"nbt/* known\n# caf\xe9 au lait\n")
    assert main(["check", "--expect-failures", str(path)]) == 2
    out, err = capsys.readouterr()
    assert err == (f"harness check: {path}: not UTF-8 at byte 17 (line 2: invalid continuation byte); an "
                   "expect-failures file must be UTF-8 text\n")
    assert "codec" not in out + err


@pytest.mark.parametrize("read, error, what", [
    (baseline.read_baseline, baseline.BaselineError, "a baseline (a harness check --json report)"),
    (results_page.load, results_page.ReportError, "a harness check --json report"),
    (casefile.load_cases, casefile.CaseFileError, "a case file"),
])
def test_every_reader_says_the_same(tmp_path, read, error, what):
    path = tmp_path / "f"
    path.write_bytes(b"\xff")
    with pytest.raises(error) as caught:
        read(path)
    assert str(caught.value) == f"{path}: not UTF-8 at byte 0 (line 1: invalid start byte); {what} must be UTF-8 text"
