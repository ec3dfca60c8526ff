"""A named pipe nobody writes to, and a device, given where a file is read: one line, exit 2, no wait.

Opening a FIFO for reading waits for a writer, so the tools look at what a path is before
opening it (``harness check``'s inputs, reports and lists: only regular files; the NBT tools:
files and pipes, never a device or a folder).
"""

from __future__ import annotations

import os
import subprocess

import pytest
from helpers_cli import run_forked


def _harness(*args: str) -> subprocess.CompletedProcess:
    """``harness *args`` in a process of its own, forked from this one (a wait on the FIFO would
    be its own, ended at the timeout), its output as text."""
    done = run_forked(list(args), timeout=60)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


@pytest.mark.parametrize("form", [
    ("check", "--recorded", "{p}"),
    ("check", "--version", "26.3", "--area", "storage", "--case", "storage/p/fill-1", "--expect-failures", "{p}"),
    ("check", "--version", "26.3", "--area", "storage", "--case", "storage/p/fill-1", "--baseline", "{p}"),
    ("report", "--html", "{out}", "{p}"),
])
def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path, form):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = _harness(*(a.format(p=fifo, out=tmp_path / "page.html") for a in form), "--no-progress"
                    if form[0] == "check" else "--title=x")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().endswith(f"{fifo}: a FIFO (named pipe), not a regular file; only files are read")
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null"])
def test_the_nbt_tools_refuse_a_device_before_reading_it(path):
    done = _harness("nbt", "show", path)
    assert done.returncode == 2
    assert done.stderr.strip() == f"harness nbt: {path}: a device, not a file or a pipe; only those are read"
