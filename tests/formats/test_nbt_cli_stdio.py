"""``-`` on the ``harness nbt`` command line: standard input as any input, standard output
as ``convert``'s output (binary output refused when that is a terminal)."""

from __future__ import annotations

import os
import pty
import subprocess

from conftest import REPO, reference_case
from helpers_cli import run_forked

REAL = REPO / "tests" / "data" / "real"
HELLO = REAL / "java-nbt" / "hello_world.nbt"
REGION = REAL / "java-region" / "r.0.0.mca"


def nbt(*argv, stdin: bytes = b"", cwd=None, stdout: int | None = None) -> subprocess.CompletedProcess:
    """``harness nbt *argv`` in a process of its own (forked from this one: :func:`helpers_cli.run_forked`),
    ``stdin`` on a pipe as its standard input."""
    return run_forked(["nbt", *map(str, argv)], stdin=stdin, cwd=cwd, stdout=stdout)


def test_show_dash_reads_standard_input():
    case = reference_case("26.3", "nbt/p/real/hello_world.nbt/file")
    done = nbt("show", "-", stdin=HELLO.read_bytes())
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines() == ["encoding: java", "compression: none", 'root name: "hello world"',
                                                 case["answers"][1]]


def test_convert_to_dash_writes_standard_output_and_no_file_named_dash(tmp_path):
    case = reference_case("26.3", "nbt/p/real/hello_world.nbt/file")
    done = nbt("convert", HELLO, "-", "--to", "snbt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == case["answers"][2] + "\n"  # SnbtPrinterTagVisitor's text, as recorded
    assert not (tmp_path / "-").exists()


def test_convert_binary_to_piped_standard_output_is_the_file_itself():
    done = nbt("convert", "-", "-", "--to", "java", stdin=HELLO.read_bytes())
    assert done.returncode == 0, done.stderr
    assert done.stdout == HELLO.read_bytes()  # uncompressed in, uncompressed out: the same bytes


def test_binary_output_to_a_terminal_is_refused_in_one_line():
    leader, follower = pty.openpty()
    try:
        done = nbt("convert", HELLO, "-", "--to", "java", stdout=follower)
    finally:
        os.close(follower)
        os.close(leader)
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "not written to a terminal" in lines[0]


def test_chunk_of_a_region_on_standard_input_and_diff_against_the_file():
    done = nbt("diff", "-#1,3", f"{REGION}#1,3", stdin=REGION.read_bytes())
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


def test_standard_input_twice_is_refused():
    done = nbt("diff", "-", "-", stdin=HELLO.read_bytes())
    assert done.returncode == 2 and b"standard input" in done.stderr and b"Traceback" not in done.stderr


def test_help_says_what_dash_means():
    done = nbt("convert", "--help")
    assert b"- for standard output" in done.stdout
