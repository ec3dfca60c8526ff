"""Engine outcomes made by hand, for the tests of what reads them (the ``slow:`` line, the
unverified lines, the expect-failures list): a case known by its id, nothing run."""

from __future__ import annotations

from harness.engine.runner import CheckItem, Outcome


def outcome(case_id: str, status: str, note: str = "", area: str = "storage", version: str = "26.3",
            **fields) -> Outcome:
    """An :class:`Outcome` of ``status`` for the case ``case_id`` of ``area`` and ``version``
    (no setup, operations or recorded answers; ``note`` its item's), with the outcome's other
    ``fields`` (``reason``, ``seconds``, ...)."""
    return Outcome(CheckItem({"id": case_id, "area": area, "version": version}, None, note=note), status, **fields)
