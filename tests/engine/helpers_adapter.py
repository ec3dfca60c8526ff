"""Adapters for tests: our Python implementation behind the line protocol, its answers
changed by a small ``transform(case, answers)`` (declining operations, renaming errors).

The program is a script in ``tmp_path`` that imports this checkout's ``harness`` (never an
installed one) and serves through :func:`harness.implementations.process.serve`. It runs in a
child forked from a warm server (:class:`_ForkServer`, one a test process: the interpreter's
start and the answering modules' imports paid once, not at every start of an adapter): the
command ``--impl`` starts is a small relay (the standard library only) that hands its
standard input, output and error to the server, whose child runs the script on them, and
ends with the child's exit status. The harness meets the same program on the same pipes.
"""

from __future__ import annotations

import atexit
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_SCRIPT = '''
import sys
sys.path.insert(0, {repo!r})
from harness.implementations.process import serve
from harness.implementations.python import answer_case

{transform}

serve(lambda case: transform(case, answer_case(case)))
'''

# python3 -I -S _RELAY SOCKET SCRIPT: the script run on this process's standard streams by a
# child of the server at SOCKET, in this working folder; ends as that child ended
_RELAY = '''
import os, socket, sys
server = socket.socket(socket.AF_UNIX)
server.connect(sys.argv[1])
socket.send_fds(server, [(sys.argv[2] + "\\0" + os.getcwd()).encode()], [0, 1, 2])
status = server.recv(16)
sys.exit(int(status) if status else 1)
'''

# the server's loop: a connection a child, its exit status sent back when it ends
_SERVE = '''
import os, socket, sys, threading
sys.path[:0] = {path!r}
from helpers_cli import command_status, fork
import harness.implementations.process
from harness.implementations.python import nbt, palette, region, snbt, storage  # the answering modules

listener = socket.socket(socket.AF_UNIX)
listener.bind({socket!r})
listener.listen(16)
print("ready", flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()  # ends with its parent


def report(conn, pid):
    _, status = os.waitpid(pid, 0)
    conn.sendall(str(os.waitstatus_to_exitcode(status)).encode())
    conn.close()


while True:
    conn, _ = listener.accept()
    message, fds, _, _ = socket.recv_fds(conn, 65536, 3)
    script, cwd = message.decode().split("\\0")
    pid = fork(lambda: command_status([script]), tuple(fds), cwd=cwd)
    for fd in fds:
        os.close(fd)
    threading.Thread(target=report, args=(conn, pid), daemon=True).start()
'''


class _ForkServer:
    """The warm process the adapters are forked from: started at the first adapter of a test
    process, ended with it (it reads its standard input to the end, then exits). It reaps its
    children, so their CPU time counts in the test process's when the server ends, not in the
    test that ran them."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="adapter-server-")
        self.socket = str(Path(self.folder) / "s")
        path = [str(REPO), str(REPO / "tests")]
        self._proc = subprocess.Popen([sys.executable, "-c", _SERVE.format(path=path, socket=self.socket)], cwd=REPO,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if self._proc.stdout.readline() != "ready\n":
            raise RuntimeError(f"the adapters' fork server did not start (status {self._proc.wait()})")
        (Path(self.folder) / "relay.py").write_text(_RELAY, encoding="utf-8")
        atexit.register(self.close)

    def command(self, script: Path) -> str:
        return f"{sys.executable} -I -S {Path(self.folder) / 'relay.py'} {self.socket} {script}"

    def close(self) -> None:
        self._proc.stdin.close()
        self._proc.wait()
        self._proc.stdout.close()
        shutil.rmtree(self.folder, ignore_errors=True)


_server: _ForkServer | None = None


def adapter_command(tmp_path: Path, transform: str, name: str = "adapter.py") -> str:
    """A command for ``--impl``: our answers passed through ``transform`` (Python source
    defining ``transform(case, answers) -> answers``), the script run by a child of the fork
    server."""
    script = tmp_path / name
    script.write_text(_SCRIPT.format(repo=str(REPO), transform=textwrap.dedent(transform)), encoding="utf-8")
    return forked_command(script)


def forked_command(script: Path) -> str:
    """A command for ``--impl`` that runs the Python ``script`` (as ``python3 SCRIPT`` would, as
    ``__main__``, on the command's standard streams, in its working folder) in a child of the
    fork server."""
    global _server
    if _server is None:
        _server = _ForkServer()
    return _server.command(script)


def check(argv: list[str], capsys) -> tuple[int, str, str]:
    """``harness check ARGV`` in this process: (status, stdout, stderr)."""
    from harness.cli import main

    status = main(["check", "--no-progress", *argv])
    out, err = capsys.readouterr()
    return status, out, err
