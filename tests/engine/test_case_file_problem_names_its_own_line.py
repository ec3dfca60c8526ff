"""A case file's problem is placed at the line that holds it where the file writes it: an
unknown or wrongly typed setup key at the key's line, a missing one at ``setup:``, a bad
operation at its item, a bad ``versions`` at its key; the case's first line otherwise."""

from __future__ import annotations

import pytest

from harness.engine.casefile import CaseFileError, load_cases

FILE = """# a case file
area: storage
cases:
- id: storage/s/one
  setup:
    bits: 5
    size: 64
  ops:
  - [new]
- id: storage/s/two
  purpose: the second
  setup:
    bits: 5
    size: 64
  ops:
  - [new]
  - [values]
"""


@pytest.mark.parametrize("old, new, line, says", [
    ("    size: 64\n  ops", "    size: 64\n    colour: red\n  ops", 15, "'setup' has no key 'colour'"),
    ("  purpose: the second\n", "  purpose: the second\n  versions: 26.3\n", 12,
     "'versions' must be a list of version strings"),
    ("  - [values]", "  - [get, 'x']", 17, 'operation 1 ["get", "x"]: argument i must be a Java int'),
    ("    bits: 5\n    size: 64\n", "    size: 64\n", 12, "'setup' needs 'bits'"),
    ("    bits: 5\n    size: 64\n  ops:\n  - [new]\n  - [values]", "    size: 64\n    bits: five\n  ops:\n  - [new]",
     14, "setup bits must be a Java int"),
    ("  setup:\n    bits: 5\n    size: 64\n  ops:\n  - [new]\n  - [values]",
     "  setup: {bits: 5, size: 64, colour: red}\n  ops: [[new]]", 12, "'setup' has no key 'colour'"),
    ("- id: storage/s/two", "- id: palette/s/two", 10, "the id names the area 'palette'"),
])
def test_the_problem_is_placed_at_its_own_line(tmp_path, old, new, line, says):
    path = tmp_path / "unknownkey.yaml"
    text = FILE
    second = text.index("- id: storage/s/two")
    path.write_text(text[:second] + text[second:].replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CaseFileError) as e:
        load_cases(path)
    assert str(e.value).startswith(f"{path}:{line}: case #2: "), str(e.value)
    assert says in str(e.value)
