"""The compiled extensions' shared headers (``harness/formats/*.h``): each extension that includes
one is rebuilt when it changes (``setup.py``'s ``HEADERS``, every extension's dependencies), and the one-function modules
defined by ``_one_function_module.h`` hold their one function under their own names."""

import ast
import re

import pytest

from conftest import REPO
from harness.formats import varint
from harness.formats.storage import long_bytes


def test_every_shared_header_an_extension_includes_rebuilds_it():
    tree = ast.parse((REPO / "setup.py").read_text())
    headers = next(ast.literal_eval(node.value) for node in tree.body
                   if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "HEADERS")
    included = {(source.parent / name).resolve().relative_to(REPO).as_posix()
                for source in sorted((REPO / "harness").rglob("*.c"))
                for name in re.findall(r'#include "([^"]+\.h)"', source.read_text())}
    assert included == set(headers) and len(headers) == 2


@pytest.mark.parametrize("module, name, function", [(varint.compiled, "harness.formats._varint", "write_varints"),
                                                    (long_bytes.compiled, "harness.formats.storage._long_bytes",
                                                     "big_endian")], ids=["varint", "long_bytes"])
def test_a_one_function_module_holds_its_function_alone(module, name, function):
    if module is None:
        pytest.skip(f"{name} is not built here (./setup.sh builds it)")
    assert module.__name__ == name and [n for n in dir(module) if not n.startswith("__")] == [function]
    assert getattr(module, function).__doc__.startswith(f"{function}(")
