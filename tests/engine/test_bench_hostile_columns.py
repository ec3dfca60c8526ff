"""bench/hostile.py's table says what its first column is: the group, the kind of hostile input
an entry is (``Entry.group``: "device files", ...), a name a user can read without issue #11,
named in the heading and explained under the table and in the script's text. Read from the
script's source (importing it would set the corpus to full size for this process)."""

from __future__ import annotations

import ast
import re
import sys

from harness.engine.reference import REPO

sys.path.insert(0, str(REPO / "tests" / "hostile"))
from hostile_corpus import ENTRIES, GROUPS  # noqa: E402  (small inputs: HOSTILE_FULL_SIZE is not set here)


def _assigned(tree, name):
    [value] = [ast.literal_eval(node.value) for node in tree.body
               if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [name]]
    return value


def test_the_group_column_names_the_kind_of_input_and_the_output_explains_it():
    tree = ast.parse((REPO / "bench" / "hostile.py").read_text(encoding="utf-8"))
    columns = _assigned(tree, "COLUMNS")
    assert columns[0] == "group" and "issue" not in " ".join(columns) and "item" not in columns
    assert _assigned(tree, "GROUP_NOTE").startswith("group: the kind of hostile input (GROUPS in "
                                                    "tests/hostile/hostile_corpus.py")
    text = re.sub(r"\s+", " ", ast.get_docstring(tree))
    assert "the group, the kind of hostile input the entry is" in text


def test_every_entry_has_a_named_group():
    assert {entry.group for entry in ENTRIES} <= set(GROUPS.values())
    assert all(not name[0].isdigit() for name in GROUPS.values())
