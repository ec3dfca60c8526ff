"""The ``harness`` command: one command, a few verbs.

Each verb lives in its own module beside this one and adds itself with
``register(subparsers)``; the module's handler is stored as the parser's ``func`` default
and returns the exit status.

| verb | module | what |
| --- | --- | --- |
| ``check`` | :mod:`harness.cli.check` | run cases through an implementation, compare with references (the main job) |
| ``shrink`` | :mod:`harness.cli.shrink` | reduce a failing case |
| ``fuzz`` | :mod:`harness.cli.fuzz` | differential fuzzing against the game, each disagreement shrunk and kept |
| ``versions`` | :mod:`harness.cli.versions` | which cases answer differently between two versions |
| ``reference`` | :mod:`harness.cli.reference` | show one recorded case; import recorded sets |
| ``nbt`` | :mod:`harness.cli.nbt` | show, convert and diff NBT files |
| ``record``, ``live``, ``fetch-jar`` | :mod:`harness.cli.rig` | the game through the rig |
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading

VERB_MODULES = ("check", "shrink", "fuzz", "versions", "reference", "nbt", "rig", "report")
VERB_MODULE = {**{name: name for name in VERB_MODULES if name != "rig"},
               "record": "rig", "live": "rig", "fetch-jar": "rig"}
"""Which module adds each verb: a run of one verb imports that module alone (``harness check``
does not import the NBT tools and NumPy before its first case)."""
SIGPIPE_STATUS = 141  # a shell's status for a command ended by SIGPIPE (128 + 13)
INTERRUPTED_STATUS = 130  # Ctrl-C, SIGINT (128 + 2)
TERMINATED_STATUS = 143  # SIGTERM (128 + 15), what a CI job's timeout sends


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the run is, as Python raises KeyboardInterrupt for SIGINT: the run
    unwinds the same way (every ``finally`` ends the implementation's process group, every
    output is written whole or not at all), and :func:`main` says it in one line, status 143."""


def _terminated(signum, frame) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM does not cut the unwinding short
    raise Terminated


def _on_sigterm_unwind():
    """SIGTERM raises :class:`Terminated` until the handler returned is put back (the main
    thread alone can install one; elsewhere nothing changes and None is returned)."""
    if threading.current_thread() is threading.main_thread():
        return signal.signal(signal.SIGTERM, _terminated)
    return None


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with a usage error told in two lines: what is wrong, and where the
    options are listed (argparse prints the whole usage first, nine lines for ``check``)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message}\n{self.prog} --help lists the options\n")


def _top_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="harness",
        description="Conformance harness for Minecraft's data formats, with the game as the judge.",
    )
    parser.add_argument("--version", action="version", version=version_text(),
                        help="show the harness's version and the game versions of its version table, and exit")
    return parser


def build_parser(verb: str | None = None) -> argparse.ArgumentParser:
    """The ``harness`` parser with every verb, or with ``verb``'s alone (a name of
    :data:`VERB_MODULE`), which is all a run of that verb parses."""
    parser = _top_parser()
    sub = parser.add_subparsers(dest="verb", metavar="VERB")
    for name in (VERB_MODULE[verb],) if verb in VERB_MODULE else VERB_MODULES:
        importlib.import_module(f"harness.cli.{name}").register(sub)
    parser.verbs = sub.choices  # type: ignore[attr-defined]  (each verb's own parser, by name)
    return parser


def _refuse_unknown(parser: argparse.ArgumentParser, verb: str | None, extra: list[str]) -> None:
    """A usage error for arguments no parser took, told by the verb's own parser (``harness
    check: error: ...``, ``harness check --help``), with the nearest option where one is
    close (``--versoin``: did you mean ``--version``?)."""
    import difflib

    own = getattr(parser, "verbs", {}).get(verb, parser)
    known = [o for action in own._actions for o in action.option_strings]
    near = next((difflib.get_close_matches(a.split("=", 1)[0], known, n=1, cutoff=0.75)
                 for a in extra if a.startswith("-")), [])
    own.error(f"unrecognized arguments: {' '.join(extra)}" + (f" (did you mean {near[0]}?)" if near else ""))


def version_text() -> str:
    """``harness 0.1.0; game versions: 1.20.1, ..., 26.2 (unverified), 26.3`` (the version table)."""
    from harness import __version__
    from harness.formats.versions import VERSIONS  # in release order

    games = ", ".join(v + ("" if VERSIONS[v].verified else " (unverified)") for v in VERSIONS)
    return f"harness {__version__}; game versions: {games}"


def main(argv: list[str] | None = None) -> int:
    """Run one verb; its exit status. Last resorts, so that no run ends in a traceback for
    what is not a bug: an ``OSError`` (a file that cannot be read or written) is one line
    and status 2; a reader of stdout that went away (``| head``) leaves the status the verb
    would have given where it knows it, else 141; a character UTF-8 cannot carry (a lone
    surrogate of a Java string) is shown as its ``\\udXXX`` escape; Ctrl-C (status 130) and
    SIGTERM (143, :class:`Terminated`) unwind the run alike, so the implementation's process
    group is ended and nothing is left half-written, and say so in one line. ``harness --version``
    answers without importing the verbs or the engine."""
    first = (sys.argv[1:] if argv is None else argv)[:1]
    if first == ["--version"]:
        _top_parser().parse_args(["--version"])  # prints the version and exits with status 0
    parser = build_parser(first[0] if first else None)
    args, extra = parser.parse_known_args(argv)
    if extra:
        _refuse_unknown(parser, getattr(args, "verb", None), extra)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    _escape_unencodable_output()
    previous = _on_sigterm_unwind()
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt as e:  # Ctrl-C, or SIGTERM (Terminated)
        how, status = ("terminated", TERMINATED_STATUS) if isinstance(e, Terminated) else ("interrupted", INTERRUPTED_STATUS)
        print(f"harness {args.verb}: {how}; nothing written was left half-done", file=sys.stderr)
        return status
    except BrokenPipeError:
        silence_stdout()
        return SIGPIPE_STATUS
    except OSError as e:
        print(f"harness {args.verb}: {describe_os_error(e)}", file=sys.stderr)
        return 2
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def describe_os_error(e: OSError) -> str:
    """``path: reason`` for an ``OSError`` (the reason alone when it names no file; its text
    when it has no system reason, as :class:`~harness.engine.outputs.OutputError`)."""
    from harness.engine.shorten import ID_CHARS, MESSAGE_CHARS, shorten

    if e.strerror:
        return e.strerror if e.filename is None else f"{shorten(str(e.filename), ID_CHARS)}: {e.strerror}"
    return shorten(str(e), MESSAGE_CHARS) or type(e).__name__


def _escape_unencodable_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):  # not a text stream we may reconfigure
            pass


def silence_stdout() -> None:
    """The reader of stdout went away (``harness check | head -1``): send what is still to
    be written to ``/dev/null`` so that neither the rest of the run nor the interpreter's
    last flush fails; the caller then exits with the status the run has."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file descriptor behind sys.stdout
        sys.stdout = open(os.devnull, "w")


WIDTH_NOT_A_TERMINAL = 120  # characters, for output to a file or a pipe (a CI log)


def make_console(stderr: bool = False):
    """A rich console on stdout (or stderr) whose closed pipe does not end the process:
    rich's own handling exits with status 1 even for a run that passed; here the output is
    silenced and the verb goes on to return its status."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            if not self.stderr:
                silence_stdout()

    console = _Console(stderr=stderr, highlight=False, soft_wrap=True)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = WIDTH_NOT_A_TERMINAL  # rich's 80 would cut the summary table's headers (unverif…)
    return console
