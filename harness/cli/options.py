"""Option types shared by the verbs, checked while the command line is parsed.

Each is an ``argparse`` ``type=`` function: a bad value stops the command before any work
with a usage error and exit status 2 (``harness check: error: argument
--timeout: must be a positive number of seconds, not '0'``), never a traceback at the end
of a long run.

>>> positive_int("3"), positive_seconds("1.5")
(3, 1.5)
>>> command('sh -c "unterminated')
Traceback (most recent call last):
...
argparse.ArgumentTypeError: cannot split the command 'sh -c "unterminated' like a shell would: No closing quotation
"""

from __future__ import annotations

import argparse
import contextlib
import math

MAX_SECONDS = 7 * 24 * 3600.0  # longer waits overflow the clocks (threading.TIMEOUT_MAX, setitimer)


def command(text: str) -> str:
    """A program to run, split like a shell would (no shell runs): refused when a quote is
    left open or nothing is named."""
    from harness.implementations.process import split_command

    try:
        split_command(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def positive_int(text: str) -> int:
    """An integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """A finite number of seconds above 0, at most :data:`MAX_SECONDS` (a week)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text!r}")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SECONDS:g} seconds (a week), not {text!r}")
    return value


def output_file(text: str) -> str:
    """A file the command may write at the end: refused now when it could not be
    (:func:`harness.engine.outputs.check_output`: a folder, a special file, a missing
    folder, a folder where no file can be created)."""
    from harness.engine.outputs import check_output

    try:
        check_output(text)
    except OSError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


@contextlib.contextmanager
def applied(module, **values):
    """Set ``module``'s attributes ``values`` (a budget module's ``MAX_...``; those given as
    None or 0 are left as they are) for the ``with`` block, and restore what they were after,
    however it ends: an option's budget lasts one command, also when verbs run in one process.

    >>> from harness.formats import budget
    >>> with applied(budget, MAX_TAGS=5, MAX_SNBT_CHARS=None):
    ...     budget.MAX_TAGS, budget.MAX_SNBT_CHARS == 8 << 20
    (5, True)
    >>> budget.MAX_TAGS
    1000000
    """
    saved = {name: getattr(module, name) for name in values}
    try:
        for name, value in values.items():
            if value:
                setattr(module, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)
