"""Test helpers for the storage and palette areas: one recorded answer by case and operation."""

from conftest import reference_case


def recorded_answer(version: str, case_id: str, op_index: int):
    """The game's recorded answer to one operation of one case."""
    return reference_case(version, case_id)["answers"][op_index]
