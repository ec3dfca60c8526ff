"""Typed errors that carry the game's exception kind and message.

Every refusal in :mod:`harness.formats` raises a :class:`GameError` (or a subclass). Its
``kind`` is the Java exception's class name without its package, a nested class joined
with a dot (``SimpleBitStorage.InitializationException``), or ``"DataResult"`` for an error
result the game returns rather than throws; ``message`` is the game's message, exactly.
``cause``/``cause_message`` are set where the game wraps another exception (for example
``ReportedNbtException`` around an ``IOException``). This is the shape of an error answer
in ``reference/RECORDED_FORMAT.md``.

>>> e = GameError("IllegalArgumentException", "The value 5 is not in the specified inclusive range of 0 to 3")
>>> e.to_answer()
{'error': 'IllegalArgumentException', 'message': 'The value 5 is not in the specified inclusive range of 0 to 3'}
"""

from __future__ import annotations

import operator


class GameError(Exception):
    """A refusal, as the game would refuse: exception kind plus message.

    ``where`` is optional human context (a byte offset, a path in the tag tree) that is
    shown in ``str()`` but never part of the compared answer.
    """

    def __init__(self, kind: str, message: str | None, *, cause: str | None = None,
                 cause_message: str | None = None, where: str | None = None):
        self.kind = kind
        self.message = message
        self.cause = cause
        self.cause_message = cause_message
        self.where = where
        super().__init__(str(self))

    def __str__(self) -> str:
        """``Kind: message (caused by Kind: message) [at where]``; a null message (Java's
        ``getMessage()`` may give none) leaves the kind alone."""
        text = self.kind if self.message is None else f"{self.kind}: {self.message}"
        if self.cause:
            text += f" (caused by {self.cause})" if self.cause_message is None else \
                f" (caused by {self.cause}: {self.cause_message})"
        if self.where:
            text += f" [at {self.where}]"
        return text

    def to_answer(self) -> dict[str, str | None]:
        """The error answer in the recorded format: ``{error, message[, cause, cause_message]}``."""
        answer = {"error": self.kind, "message": self.message}
        if self.cause is not None:
            answer["cause"] = self.cause
            answer["cause_message"] = self.cause_message
        return answer


def inclusive_between(start: int, end: int, value: int) -> None:
    """commons-lang ``Validate.inclusiveBetween(start, end, value)`` as the game calls it.

    Raises ``IllegalArgumentException`` "The value V is not in the specified inclusive
    range of S to E" when ``value`` is outside ``[start, end]``.
    """
    if value < start or value > end:
        raise GameError(
            "IllegalArgumentException",
            f"The value {value} is not in the specified inclusive range of {start} to {end}",
        )


def refuse_non_ints(operation: str, meaning: str = "", /, **arguments: object) -> None:
    """``TypeError`` "OPERATION: NAME must be an int MEANING, not TYPE" for the first of
    ``arguments`` that is no int (anything ``operator.index`` takes is one: ``True``, an
    ``np.int64``; the one rule for every index and coordinate); nothing when all are. Called where
    Python's own error (a comparison of ``None``, a float as an index) would otherwise show.
    ``meaning`` (`` (a world chunk coordinate)``) says what the int is, where the name does not."""
    for name, value in arguments.items():
        try:
            operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{operation}: {name} must be an int{meaning}, not {type(value).__name__}") from None
