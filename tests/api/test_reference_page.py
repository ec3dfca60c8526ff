"""The reference page builds from the docstrings with no warning, with README's own command (less
its search index and source boxes: :data:`NOT_CHECKED`). (The public modules' doctests run in
tests/test_doctests.py.)"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _readme_pdoc_command() -> list[str]:
    """README's command that builds ``docs/api/`` (continuation lines joined)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^python3 -m pdoc .*?(?<!\\)$", readme.replace("\\\n", " "), re.M)
    assert match, "README.md has no 'python3 -m pdoc ...' command"
    return shlex.split(match.group(0))


# what README's command also makes, left out here: no docstring goes into it that the pages do not
# render as well, and it cannot warn (the search index: pdoc's one printout about it is for an index
# over 3 MB, ours is under 1 MB; the "View Source" boxes: each function's source highlighted), yet
# they are some 40% of its CPU time (with the index precompiled by Node.js where there is one)
NOT_CHECKED = ["--no-search", "--no-show-source"]


def test_reference_page_builds_without_warnings(tmp_path):
    command = _readme_pdoc_command()
    out = command.index("-o") + 1
    assert command[:3] == ["python3", "-m", "pdoc"] and command[out] == "docs/api"
    command[out] = str(tmp_path / "api")
    result = _pdoc_forked([*command[3:out - 1], *NOT_CHECKED, *command[out - 1:]])
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
    pages = {p.relative_to(tmp_path / "api").as_posix() for p in (tmp_path / "api").rglob("*.html")}
    assert {"harness/formats/nbt.html", "harness/formats/palette.html", "harness/formats/storage.html"} <= pages
    assert "harness/formats/nbt/tags.html" not in pages  # internals stay undocumented
    nbt = (tmp_path / "api" / "harness" / "formats" / "nbt.html").read_text(encoding="utf-8")
    assert 'id="loads"' in nbt and 'id="CompoundTag"' in nbt


def _pdoc_forked(args: list[str]):
    """``python3 -W error -m pdoc ARGS`` in the checkout, run in a child forked from this process
    (:func:`helpers_cli.run_body_forked`: pdoc and its templates' libraries imported here once,
    not by a new interpreter, about half the command's CPU time): every warning an error, and the
    harness's modules imported afresh in the child, so that a warning at their import fails it too."""
    import warnings

    import pdoc.__main__
    from helpers_cli import run_body_forked

    def body() -> int:
        warnings.resetwarnings()
        warnings.simplefilter("error")
        for name in [n for n in sys.modules if n == "harness" or n.startswith("harness.")]:
            del sys.modules[name]
        pdoc.__main__.cli(args)
        return 0

    return run_body_forked(["python3", "-W", "error", "-m", "pdoc", *args], body, REPO)
