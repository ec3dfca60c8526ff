"""bench/hostile.py's table says what its first column is: the item of issue #11 an entry
covers (``Entry.item``), named in the heading and explained in the script's text. Read from
the script's source (importing it would set the corpus to full size for this process)."""

from __future__ import annotations

import ast
import re

from harness.engine.reference import REPO


def test_the_item_column_names_issue_11_and_the_text_explains_it():
    tree = ast.parse((REPO / "bench" / "hostile.py").read_text(encoding="utf-8"))
    [columns] = [ast.literal_eval(node.value) for node in tree.body
                 if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["COLUMNS"]]
    assert columns[0] == "issue #11 item" and "item" not in columns[1:]
    text = re.sub(r"\s+", " ", ast.get_docstring(tree))
    assert "the numbered item of issue #11 (the hostile-input report the corpus answers) that the entry covers" in text
