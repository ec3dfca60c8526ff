"""Another program as an implementation: one JSON case per line in, one JSON answer line out.

The protocol (``harness check --impl CMD``; toml-test's shape, kept to one long-lived process):

- the harness starts ``CMD`` (split like a shell would, no shell) and writes one case per
  line on its stdin, UTF-8 JSON with no newline inside (a lone surrogate of a Java string,
  in either direction, is its ``\\udXXX`` escape: UTF-8 cannot carry it raw)::

    {"id": "storage/p/errors", "area": "storage", "version": "26.3", "setup": {"bits": 5, "size": 64}, "ops": [["new"], ["get", 64]]}

- the program writes exactly one line per case on its stdout, in order::

    {"id": "storage/p/errors", "answers": [null, {"error": "IllegalArgumentException", "message": "The value 64 is not in the specified inclusive range of 0 to 63"}]}

  ``answers[i]`` answers ``ops[i]`` in the recorded format (plain values, bytes as lowercase
  hex, longs as signed 64-bit integers, error answers ``{"error", "message"[, "cause",
  "cause_message"]}``). A program may decline one operation with ``{"unsupported": "why"}``
  in its place (not judged; the case is partial), or a whole case with
  ``{"id": ..., "failure": "why"}``: that case is partial (declined, counted unsupported,
  not failed) with the reason, and the run goes on.
- with a protocol option on (``longs_as_strings``), the first line the harness sends after
  starting the program is a *hello* line, ``{"hello": "mc-format-harness", "protocol": 1,
  "longs_as_strings": true}``, which gets no answer; without options none is sent, so a
  program that knows nothing of options never sees one.
- stderr is free for the program's own logging; the last lines are shown when it crashes.
  (A line on stdout that is not JSON, such as ``debug: starting``, fails its case with a
  hint, the first time, that such output belongs on stderr.)
- a case gets ``timeout`` seconds (default 10); the first case after each start of the
  program gets ``start_timeout`` (default: ``timeout``), its start included. A crash (exit, or a line that is not the
  answer to the case sent: not UTF-8, not JSON, another id, or longer than
  ``max_line_bytes``, default 64 MiB) or a hang fails that case with the reason; the process
  is killed and started again for the next case. An answer line that holds ``NaN``,
  ``Infinity`` or ``-Infinity`` (not JSON, though Python's ``json`` writes them) fails its
  case saying so; the process goes on.
- the program runs in a process group of its own, ended as a whole after a failure and at
  the end of the run: a child it started (a helper daemon, a ``sleep``) does not outlive it,
  nor, holding its output open, makes its crash look like a hang.
- a program that cannot be started, or that fails its first ``give_up_after`` (3) cases in a
  row without ever answering, or that hangs on ``give_up_after`` cases in a row anywhere in
  the run (the first case after each restart, answered, does not break the row: one that
  answers once after each start, then hangs, would otherwise cost every other case its full
  timeout), raises :class:`ImplementationUnavailable` (a
  :class:`~harness.engine.runner.RunAborted`): the run stops rather than failing every case.

``python -m harness.implementations.process`` serves our Python implementation this way
(:func:`serve`), which is both an example and a way to time the protocol's cost.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from typing import Callable, Sequence

from harness.engine.jsontext import NestedTooDeeply, json_line, parse
from harness.engine.runner import CaseDeclined, CaseFailure, RunAborted, describe_exception
from harness.engine.shorten import ID_CHARS, MESSAGE_CHARS, shorten
from harness.engine.vocabulary import MalformedCase, kind_of

MAX_LINE_BYTES = 64 << 20  # the longest answer line taken (the longest recorded one is ~1 MB)
MAX_TIMEOUT = 7 * 24 * 3600.0  # a week: longer waits overflow the clocks (threading.TIMEOUT_MAX, setitimer)
GIVE_UP_AFTER = 3  # failures in a row before any answer, or hangs in a row anywhere, that stop the run
PROTOCOL = 1  # the protocol's version, said in the hello line
HELLO = "mc-format-harness"  # the hello line's "hello" value
_STDERR_CHUNK = 4096  # stderr is kept as its last lines, each cut into chunks of this many bytes
_OVERLONG = object()  # the stdout reader's mark for a line longer than the limit
_EXIT_POLL = 0.1  # seconds between looks at whether a program that has not answered yet has exited
_EXIT_GRACE = 0.25  # seconds given then to a line it wrote before exiting, when a child holds its output open


class ImplementationFailure(CaseFailure):
    """The program could not answer one case: crash, hang, malformed line, or its own failure."""


class ImplementationDeclined(ImplementationFailure, CaseDeclined):
    """The program declined the case with its own ``failure`` line: partial, not failed, in
    ``harness check``; still an :class:`ImplementationFailure` for callers that sort a
    program's failure lines themselves (``harness record`` skips or fails such a case)."""


class ImplementationUnavailable(RunAborted):
    """The program cannot be used at all: it cannot be started, or it failed its first cases
    (crash, hang, malformed line) without answering one. The run stops."""


def split_command(command: str) -> list[str]:
    """``command`` split like a shell would split it (no shell runs).

    ``ValueError`` naming the problem for an unterminated quote or an empty command."""
    try:
        argv = shlex.split(command)
    except ValueError as e:
        raise ValueError(f"cannot split the command {command!r} like a shell would: {e}") from None
    if not argv:
        raise ValueError("an empty command: name the program to run")
    return argv


class ProcessImplementation:
    """An implementation that is a subprocess speaking the line protocol (module docstring).

    ``command``: a shell-like string (:func:`split_command`) or an argument list.
    ``timeout``: seconds per case (> 0). ``start_timeout`` (at least ``timeout``; default
    ``timeout``): seconds for the first case after each start (the first case, and the first
    after every restart), the program's start included: a program slow to start (the rig's
    worker starts a JVM) need not be allowed that long for every case. ``max_line_bytes``: the longest answer line taken;
    a longer one fails the case and the process is restarted. ``give_up_after``: failures
    in a row before any answer, or hangs (timeouts) in a row at any point, that raise
    :class:`ImplementationUnavailable` (0: never).
    The process starts on the first case (or :meth:`start`), is restarted after any failure,
    and is stopped by ``close()``. ``answered`` counts the lines it answered (a ``failure``
    line too), ``restarts`` the restarts. ``longs_as_strings``: every long of a case and of
    its answers travels as a decimal string (:mod:`harness.engine.longtext`), said to the
    program in the hello line (:meth:`hello`) sent first after each start.
    """

    def __init__(self, command: str | Sequence[str], timeout: float = 10.0, name: str | None = None,
                 cwd: str | None = None, env: dict | None = None, max_line_bytes: int = MAX_LINE_BYTES,
                 give_up_after: int = GIVE_UP_AFTER, longs_as_strings: bool = False,
                 start_timeout: float | None = None):
        self.argv = split_command(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("an empty command: name the program to run")
        if not 0 < timeout <= MAX_TIMEOUT:
            raise ValueError(f"the timeout must be a positive number of seconds up to {MAX_TIMEOUT:g}, not {timeout!r}")
        if start_timeout is not None and not timeout <= start_timeout:
            raise ValueError(f"start_timeout ({start_timeout!r}) must be at least the timeout ({timeout:g} s)")
        if max_line_bytes < 1:
            raise ValueError(f"max_line_bytes must be positive, not {max_line_bytes!r}")
        self.name = name or (command if isinstance(command, str) else shlex.join(self.argv))
        self.timeout = timeout
        self.start_timeout = timeout if start_timeout is None else start_timeout
        self._first = False  # started, and not yet sent a case: it gets start_timeout
        self.cwd = cwd
        self.env = env
        self.max_line_bytes = max_line_bytes
        self.give_up_after = give_up_after
        self.longs_as_strings = longs_as_strings
        self.restarts = 0
        self.answered = 0
        self._failed_in_a_row = 0
        # the ids of the cases it hung on since a process of it answered a case other than its
        # first (one that answers once after each restart, then hangs, still hangs in a row)
        self._hung_on: list[str] = []
        self._stdout_hint_given = False  # "debugging output belongs on stderr", said once a run
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque = collections.deque(maxlen=20)

    def hello(self) -> dict | None:
        """The hello line sent first after each start, or None when no protocol option is on."""
        if not self.longs_as_strings:
            return None
        return {"hello": HELLO, "protocol": PROTOCOL, "longs_as_strings": True}

    # -- process life -------------------------------------------------------------------
    def start(self) -> None:
        """Start the program unless it runs (the first case starts it anyway), so that one that
        cannot be started is known at once: :class:`ImplementationUnavailable`."""
        if self._proc is None or self._proc.poll() is not None:
            self._stop()
            self._start()

    def _start(self) -> None:
        program = self.argv[0]
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.cwd, env=self.env, start_new_session=True)
        except OSError as e:
            why = e.strerror or str(e)
            if os.path.isdir(os.path.join(self.cwd or "", program)):
                why = "it is a directory, not a program"
            raise ImplementationUnavailable(f"cannot start {shorten(repr(program), ID_CHARS)}: {why}") from None
        self._lines = queue.Queue()
        self._stderr.clear()
        threading.Thread(target=_pump, args=(self._proc.stdout, self._lines.put, self.max_line_bytes, True),
                         daemon=True).start()  # answer lines stay bytes: answer() decodes them strictly
        self._stderr_thread = threading.Thread(
            target=_pump, args=(self._proc.stderr, self._stderr.append, _STDERR_CHUNK, False), daemon=True)
        self._stderr_thread.start()
        self._hello_sent = False
        self._first = True
        hello = self.hello()
        if hello is not None:
            try:
                self._proc.stdin.write((json_line(hello) + "\n").encode("utf-8"))
                self._proc.stdin.flush()
                self._hello_sent = True
            except OSError:
                pass  # the first case finds out what happened to the process

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        _end_group(proc)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that ignores SIGKILL
            pass
        try:
            proc.stdin.close()
        except OSError:
            pass
        # stdout and stderr are closed by their reader threads when they end: closing one here
        # while its reader blocks in readline() waits on the reader's lock, forever when a
        # child that left the session (setsid) still holds the pipe open

    def close(self) -> None:
        """Stop the process (closing its stdin first so a well-behaved one can exit), and with
        it every process it started that is still in its process group (a ``sleep 300 &`` of a
        shell adapter): nothing of the program outlives the run. Silent, whether or not anything
        was left."""
        if self._proc is not None and self._proc.poll() is None:
            try:
                self._proc.stdin.close()
                self._proc.wait(timeout=1)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._stop()

    def _fail(self, reason: str, hung_on: str | None = None) -> ImplementationFailure | ImplementationUnavailable:
        """Restart-worthy failure: stop the process, name the reason with its stderr tail;
        :class:`ImplementationUnavailable` once it failed ``give_up_after`` cases in a row
        without ever answering, or hung on that many in a row (``hung_on``: the case's id,
        when this failure is a hang)."""
        proc = self._proc
        exited = proc is not None and proc.poll() is not None
        self._stop()  # its whole group: a child left holding stderr would keep the join below waiting
        if exited:
            self._stderr_thread.join(timeout=0.5)  # let its last words arrive
        self.restarts += 1
        if proc is not None and proc.returncode is not None and proc.returncode != -signal.SIGKILL:
            reason += f" (exit status {proc.returncode})"
        tail = [shown_output(line, 300, quoted=False, undecoded=True) for line in list(self._stderr)
                if line is not None][-5:]
        if tail:
            reason += "; stderr: " + " | ".join(tail)
        self._failed_in_a_row += 1
        self._hung_on = self._hung_on + [hung_on] if hung_on is not None else []
        if self.give_up_after and not self.answered and self._failed_in_a_row >= self.give_up_after:
            return ImplementationUnavailable(
                f"{shorten(self.name, ID_CHARS)}: failed its first {self._failed_in_a_row} cases without "
                f"answering one (last: {reason}); giving up", reason=reason)
        if self.give_up_after and len(self._hung_on) >= self.give_up_after:
            cases = ", ".join(shorten(repr(i), ID_CHARS) for i in self._hung_on)
            return ImplementationUnavailable(
                f"{shorten(self.name, ID_CHARS)}: no answer within the timeout on {len(self._hung_on)} cases in a "
                f"row ({cases}; at most the first case after each restart answered between them), after "
                f"answering {self.answered}; giving up", reason=reason)
        return ImplementationFailure(reason)

    # -- one case -----------------------------------------------------------------------
    def answer(self, case: dict) -> list:
        """The program's answers to ``case``; :class:`ImplementationFailure` if it gives none."""
        self.start()
        timeout = self.start_timeout if self._first else self.timeout
        first, self._first = self._first, False
        sent = case
        if self.longs_as_strings:
            from harness.engine.longtext import case_to_strings

            sent = case_to_strings(case)
        line = json_line(sent) + "\n"  # lone surrogates as escapes: always UTF-8
        try:
            self._proc.stdin.write(line.encode("utf-8"))
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._fail("the process closed its input before this case") from None
        try:
            reply = self._reply(timeout)
            if self._hello_sent and isinstance(reply, bytes) and _answers_hello(reply):
                reply = self._reply(timeout)  # the hello gets no answer; one given is skipped
            self._hello_sent = False
        except queue.Empty:
            raise self._fail(f"no answer within {timeout:g} s (hang; did the program flush its output?); "
                             "process killed and restarted", hung_on=str(case["id"])) from None
        if reply is None:
            try:
                self._proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
            raise self._fail("the process exited (crash) before answering")
        if reply is _OVERLONG:
            raise self._fail(f"answer line longer than {self.max_line_bytes} bytes; process killed and restarted")
        try:
            text = reply.decode("utf-8")
        except UnicodeDecodeError as e:
            raise self._fail(f"the answer line is not valid UTF-8 at byte {e.start} (lone surrogates go as "
                             f"\\udXXX escapes): {shown_output(reply)}") from None
        constants: list[str] = []  # NaN, Infinity, -Infinity: Python reads them, JSON has none of them
        try:
            doc = parse(text, parse_constant=lambda token: constants.append(token) or float(token))
        except NestedTooDeeply as e:
            bound = ("Python's JSON reader follows" if e.limit is None
                     else f"Python's recursion limit, {e.limit}, lets it follow")
            raise self._fail(f"the answer line is JSON nested too deeply to read: more levels of arrays and "
                             f"objects than {bound}") from None
        except json.JSONDecodeError as e:
            raise self._fail(f"the answer line is not JSON ({e.msg} at character {e.pos}): "
                             f"{shown_output(text)}{self._stdout_hint()}") from None
        if not isinstance(doc, dict):
            raise self._fail(f"the answer line is not a JSON object (the answer to "
                             f"{shorten(repr(case['id']), ID_CHARS)} is one) but {kind_of(doc)}: "
                             f"{shown_output(text)}")
        if doc.get("id") != case["id"]:
            raise self._fail(f"expected the answer to {shorten(repr(case['id']), ID_CHARS)}, got a line for "
                             f"{shorten(repr(doc.get('id')), ID_CHARS)}")
        self.answered += 1
        self._failed_in_a_row = 0
        if not first:
            self._hung_on = []
        if constants:  # a whole line for this case: that case fails, the process goes on
            held = " and ".join(dict.fromkeys(constants))
            raise ImplementationFailure(f"the answer line holds {held}, which is not JSON (JSON has no NaN or "
                                        f"Infinity): {shown_output(text)}")
        if "failure" in doc:
            if "answers" in doc:
                raise ImplementationFailure(f"the implementation reported: {shown_output(str(doc['failure']), quoted=False)} "
                                            "(the line has 'answers' too; such a line counts as a failure)")
            raise ImplementationDeclined(f"the implementation reported: {shown_output(str(doc['failure']), quoted=False)}")
        if not isinstance(doc.get("answers"), list):
            raise ImplementationFailure("the answer line has no 'answers' list")
        if self.longs_as_strings:
            from harness.engine.longtext import answers_from_strings

            return answers_from_strings(case["ops"], doc["answers"])
        return doc["answers"]

    def _stdout_hint(self) -> str:
        """The hint for a line that is not JSON (``debug: starting``), the first time alone."""
        if self._stdout_hint_given:
            return ""
        self._stdout_hint_given = True
        return " (stdout carries answer lines alone: debugging output belongs on stderr)"

    def _reply(self, timeout: float) -> bytes | object | None:
        """The program's next answer line (bytes, or ``_OVERLONG``) within ``timeout`` seconds
        (``queue.Empty`` past it); None at the end of its output or once it has exited, even
        while a child it started still holds its output open (a crash is told as one at once,
        not waited out as a hang). What it wrote before exiting is still read."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                return self._lines.get(timeout=min(left, _EXIT_POLL))
            except queue.Empty:
                if self._proc.poll() is not None:
                    try:
                        return self._lines.get(timeout=_EXIT_GRACE)  # a line its reader has yet to pass on
                    except queue.Empty:
                        return None
        raise queue.Empty


def _end_group(proc: subprocess.Popen) -> None:
    """SIGKILL to ``proc``'s process group (it was started in a session of its own, so the group
    is the program and every child it started that stayed in it), whether the program itself
    still runs or has exited; nothing when no one is left. (A child that started a session of
    its own, ``setsid``, has left the group and is out of reach.)"""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # the group is empty
    except PermissionError:  # a member the harness may not signal (setuid): the program alone
        if proc.poll() is None:
            proc.kill()


def _answers_hello(reply: bytes) -> bool:
    """A reply line that answers the hello line (a JSON object without an ``id``, or with a null one)."""
    try:
        doc = json.loads(reply)
    except ValueError:
        return False
    return isinstance(doc, dict) and doc.get("id") is None


def is_hello(doc) -> bool:
    """True for the harness's hello line (a mapping with ``"hello"`` and no ``id``)."""
    return isinstance(doc, dict) and "hello" in doc and "id" not in doc


def _pump(stream, put: Callable, limit: int, whole_lines: bool) -> None:
    """Read lines of at most ``limit`` bytes from ``stream`` into ``put``; ``put(None)`` at
    end of stream. With ``whole_lines`` (answer lines) each line is put as bytes, and a
    longer one is reported as ``_OVERLONG`` and reading stops (the process is restarted): a
    program that never writes a newline cannot make the harness hold more than ``limit``.
    Otherwise (stderr, for people) each piece of at most ``limit`` bytes is put as text,
    bytes that are not UTF-8 as lone surrogates (``surrogateescape``: :func:`shown_output`
    shows them as ``\\xNN``)."""
    try:
        while True:
            raw = stream.readline(limit + 1 if whole_lines else limit)
            if not raw:
                break
            if whole_lines and len(raw) > limit and not raw.endswith(b"\n"):
                put(_OVERLONG)
                return
            put(raw if whole_lines else raw.decode("utf-8", errors="surrogateescape"))
    except (OSError, ValueError):
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass
    put(None)


# an escape repr gives a byte that was no UTF-8 (surrogateescape's \udc80..\udcff), not after an escaped backslash
_UNDECODED = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")


def shown_output(raw: bytes | str, limit: int = MESSAGE_CHARS, *, quoted: bool = True,
                 undecoded: bool = False) -> str:
    """What a program wrote (an answer line, a line of its stderr, its ``failure``), for a report:
    as Python writes a string (quotes; NUL, escape sequences and other control characters as
    escapes), bytes that are not UTF-8 as ``\\xNN``, cut to ``limit`` characters. With
    ``quoted=False`` text that prints as itself is shown as it is, without quotes. The one way a
    report shows a program's bytes or text: nothing it wrote reaches the terminal raw.

    Bytes are decoded with ``surrogateescape``; a string is one already so decoded only with
    ``undecoded=True`` (a line of stderr, :func:`_pump`): only there is a ``\\udcNN`` a byte.
    In any other string (a JSON ``failure``) a lone surrogate is one, shown as ``\\udcNN``.

    >>> shown_output(b'\\xff\\xfe\\x00garbage\\n')
    "'\\\\xff\\\\xfe\\\\x00garbage'"
    >>> shown_output('\\x1b[31mRED\\x1b[0m', quoted=False), shown_output('plain words', quoted=False)
    ("'\\\\x1b[31mRED\\\\x1b[0m'", 'plain words')
    >>> shown_output('\\udc80 x', quoted=False), shown_output('\\udc80 x', quoted=False, undecoded=True)
    ("'\\\\udc80 x'", "'\\\\x80 x'")
    """
    if isinstance(raw, bytes):
        text, undecoded = raw.decode("utf-8", errors="surrogateescape"), True
    else:
        text = raw
    text = text.rstrip("\n")
    if not quoted and text.isprintable():
        return shorten(text, limit)
    shown = repr(text)
    return shorten(_UNDECODED.sub(r"\1\\x\2", shown) if undecoded else shown, limit)


def failure_text(e: Exception) -> str:
    """The ``failure`` of a line :func:`serve` writes for an exception: ``malformed case: ...``
    for a case outside the vocabulary, else ``Kind: message``; no source line (the rig's
    worker serves this way, and its reasons go into a reference's provenance)."""
    if isinstance(e, MalformedCase):
        return describe_exception(e)
    return f"{type(e).__name__}: {e}"


def serve(answer: Callable[[dict], list], stdin=None, stdout=None) -> None:
    """Answer protocol lines from ``stdin`` with ``answer(case)`` until end of input.

    An exception from ``answer`` (or a line that is no case) becomes a ``failure`` line (the
    case is declined, the loop goes on) saying why (:func:`failure_text`). Lines are UTF-8 both ways; a lone surrogate in an answer
    (a Java string may hold one) is written as its ``\\udXXX`` escape. A hello line
    (:func:`is_hello`) gets no answer; its ``longs_as_strings`` turns longs into decimal
    strings both ways from then on.
    """
    if stdin is None:
        stdin = sys.stdin
        stdin.reconfigure(encoding="utf-8")
    if stdout is None:
        stdout = sys.stdout
        stdout.reconfigure(encoding="utf-8")
    longs_as_strings = False
    for line in stdin:
        if not line.strip():
            continue
        case = None
        try:
            case = parse(line)
            if is_hello(case):
                longs_as_strings = case.get("longs_as_strings") is True
                continue
            if longs_as_strings:
                from harness.engine.longtext import answers_to_strings, case_from_strings

                answers = answers_to_strings(case["ops"], answer(case_from_strings(case)))
            else:
                answers = answer(case)
            doc = {"id": case["id"], "answers": answers}
        except Exception as e:  # reported to the harness as that case's failure
            doc = {"id": case.get("id") if isinstance(case, dict) else None, "failure": failure_text(e)}
        stdout.write(json_line(doc) + "\n")
        stdout.flush()


if __name__ == "__main__":
    from harness.implementations.python import answer_case

    serve(answer_case)
