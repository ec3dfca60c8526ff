"""Adapters for tests: our Python implementation behind the line protocol, its answers
changed by a small ``transform(case, answers)`` (declining operations, renaming errors).

The program is a script in ``tmp_path`` that imports this checkout's ``harness`` (never an
installed one) and serves through :func:`harness.implementations.process.serve`.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_SCRIPT = '''
import sys
sys.path.insert(0, {repo!r})
from harness.implementations.process import serve
from harness.implementations.python import answer_case

{transform}

serve(lambda case: transform(case, answer_case(case)))
'''


def adapter_command(tmp_path: Path, transform: str, name: str = "adapter.py") -> str:
    """A command for ``--impl``: our answers passed through ``transform`` (Python source
    defining ``transform(case, answers) -> answers``)."""
    script = tmp_path / name
    script.write_text(_SCRIPT.format(repo=str(REPO), transform=textwrap.dedent(transform)), encoding="utf-8")
    return f"{sys.executable} {script}"


def check(argv: list[str], capsys) -> tuple[int, str, str]:
    """``harness check ARGV`` in this process: (status, stdout, stderr)."""
    from harness.cli import main

    status = main(["check", "--no-progress", *argv])
    out, err = capsys.readouterr()
    return status, out, err
