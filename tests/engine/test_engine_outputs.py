"""Output files: only a regular file (or nothing) is replaced, links are followed, missing
folders are not invented, and a path that cannot be written is refused before the run."""

from __future__ import annotations

import json
import os
import stat

import pytest
from helpers_engine import recorded, write_recorded

from harness.cli import main
from harness.engine.casefile import dump_cases
from harness.engine.outputs import OutputError, atomic_write_bytes, check_output


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match=r"pipe is not a regular file \(it is a FIFO\)"):
        atomic_write_bytes(fifo, b"x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.fixture
def device(tmp_path):
    """A character device of the test's own (a null device made in tmp_path, which needs
    root): never a system one, which a regression would replace by a regular file."""
    path = tmp_path / "null-device"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root (and root is who could replace /dev/full)")
    return path


def test_a_device_is_refused_and_stays_a_device(device):
    with pytest.raises(OutputError, match=r"null-device is not a regular file \(it is a character device\)"):
        atomic_write_bytes(device, b"x")
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(OutputError, match="is not a regular file .*directory"):
        atomic_write_bytes(tmp_path, b"x")


def test_a_symlink_is_followed_and_stays_a_link(tmp_path):
    target = tmp_path / "real.json"
    target.write_bytes(b"old")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    atomic_write_bytes(link, b"new")
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the replaced file keeps its mode
    assert sorted(os.listdir(tmp_path)) == ["link.json", "real.json"]  # no temp file left


def test_missing_folders_are_created_only_when_asked(tmp_path):
    path = tmp_path / "no" / "such" / "r.json"
    with pytest.raises(OutputError, match=r"the folder .*no/such does not exist"):
        atomic_write_bytes(path, b"x")
    assert not (tmp_path / "no").exists()
    atomic_write_bytes(path, b"x", make_parents=True)
    assert path.read_bytes() == b"x"


def test_case_generators_still_create_their_folder(tmp_path):
    path = tmp_path / "new" / "c.yaml"
    dump_cases(path, "storage", "test", [{"id": "storage/x", "setup": {}, "ops": [["new"]]}])
    assert path.exists()


def test_check_output_refuses_what_cannot_be_written(tmp_path):
    assert check_output(tmp_path / "r.json") == tmp_path / "r.json"
    assert os.listdir(tmp_path) == []  # its probe file is gone
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for bad, why in (("/proc/r.json", "cannot create files in /proc"), (str(tmp_path), "directory"),
                     (str(fifo), "FIFO"), (str(tmp_path / "x" / "r.json"), "does not exist"),
                     ("", "empty")):
        with pytest.raises(OutputError, match=why):
            check_output(bad)


@pytest.mark.parametrize("option", ["--json", "--junit"])
@pytest.mark.parametrize("bad", ["/proc/r.out", "{tmp}", "{tmp}/missing/r.out"])
def test_check_refuses_an_unwritable_report_before_running(tmp_path, capsys, option, bad):
    with pytest.raises(SystemExit) as exit_:
        main(["check", option, bad.format(tmp=tmp_path), "--no-progress"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}:" in err and "Traceback" not in err


def test_shrink_refuses_an_unwritable_out_before_running(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["shrink", "storage/p/errors", "--out", "/proc/x.yaml"])
    assert exit_.value.code == 2
    assert "argument --out: /proc/x.yaml: cannot create files in /proc" in capsys.readouterr().err


def test_a_report_that_fails_at_write_time_is_one_line_and_status_2(tmp_path, capsys, monkeypatch):
    from harness.engine import outputs

    good = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["storage/p/errors"]])
    report = tmp_path / "r.json"

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(outputs.os, "fsync", full)  # the disk fills up after the run
    assert main(["check", "--recorded", str(good), "--json", str(report), "--no-progress", "--quiet"]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "1 passed, 0 failed, 0 unverified"
    assert f"cannot write {report}: No space left on device" in err and not report.exists()


def test_main_turns_an_uncaught_oserror_into_one_line(capsys, monkeypatch):
    from harness.cli import check

    def broken(args):
        raise PermissionError(13, "Permission denied", "/somewhere/file")

    monkeypatch.setattr(check, "run", broken)
    assert main(["check"]) == 2
    assert capsys.readouterr().err.strip() == "harness check: /somewhere/file: Permission denied"


def test_json_report_written_through_a_link(tmp_path, capsys):
    good = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["storage/p/errors"]])
    (tmp_path / "reports").mkdir()
    link = tmp_path / "latest.json"
    link.symlink_to(tmp_path / "reports" / "r.json")  # dangling until the first report
    assert main(["check", "--recorded", str(good), "--json", str(link), "--no-progress", "--quiet"]) == 0
    assert link.is_symlink()
    assert json.loads((tmp_path / "reports" / "r.json").read_text())["summary"]["passed"] == 1
