"""A deliberately broken implementation for the fuzzing tests (no JVM): ours, with one wrong
rule planted: a storage's ``get`` at an index above 0 answers one more than ours does.

Run as ``python tests/engine/broken_storage_impl.py``; it speaks the line protocol."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from harness.implementations.process import serve  # noqa: E402
from harness.implementations.python import answer_case  # noqa: E402


def broken(case: dict) -> list:
    answers = answer_case(case)
    if case.get("area") == "storage":
        return [a + 1 if op[0] == "get" and type(a) is int and op[1] > 0 else a for op, a in zip(case["ops"], answers)]
    return answers


if __name__ == "__main__":
    serve(broken)
