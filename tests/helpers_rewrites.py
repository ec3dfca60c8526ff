"""The tests' rewritten asserts shared by the workers of one pytest-xdist run.

pytest rewrites the asserts of every test module it imports and keeps the result in a
``.pyc`` of its own beside the module (``__pycache__/test_x.cpython-311-pytest-9.0.3.pyc``),
read again by the next run, but only where bytecode may be written: with
``PYTHONDONTWRITEBYTECODE=1`` (this project's shells, and CI's) every process rewrites every
module it collects, each time. A worker collects the whole run (pytest-xdist compares the
workers' collections), so two workers rewrote each test module twice: about 1.8 CPU-s a
worker, half of its collection.

Here each worker rewrites its own share of the run's test files first (:func:`share`: the
``i``-th of ``n`` workers every ``n``-th file), into a folder of the run's own
(:func:`prewrite`), and pytest's import hook reads a module's rewritten code from there
when it is there (:func:`read_from`), else rewrites it as before (the other worker not
that far yet): nothing waits, and the code run is pytest's own rewrite of the file. Only
with bytecode writing off: otherwise pytest's own cache beside the modules serves every run.

(pytest's internals: ``_pytest.assertion.rewrite``'s ``get_cache_dir``, ``_rewrite_test``,
``_read_pyc``, ``_write_pyc`` and ``PYC_TAIL``. Where they are not as expected (missing, or
raising anything when called) nothing is changed, or what was is undone, and each worker
rewrites what it collects, as pytest does.)
"""

from __future__ import annotations

import sys
from pathlib import Path


def _rewrite_module():
    """``_pytest.assertion.rewrite`` if it has what this module uses, else None."""
    try:
        from _pytest.assertion import rewrite
    except ImportError:  # pragma: no cover - pytest without its rewriting module
        return None
    needed = ("get_cache_dir", "_rewrite_test", "_read_pyc", "_write_pyc", "PYC_TAIL", "assertstate_key",
              "AssertionRewritingHook")
    return rewrite if all(hasattr(rewrite, name) for name in needed) else None


def run_modules(args: list[str], base: Path, tests: Path) -> list[Path]:
    """The test modules (``test_*.py``) a run of ``args`` (paths relative to ``base``, or
    ``path::name`` ids) may collect under ``tests``, sorted; ``[]`` if an argument is not a
    path under it."""
    found: set[Path] = set()
    for arg in args:
        path = (base / arg.split("::", 1)[0]).resolve()
        if not path.is_relative_to(tests):
            return []
        if path.is_dir():
            found.update(path.rglob("test_*.py"))
        elif path.name.startswith("test_") and path.suffix == ".py":
            found.add(path)
    return sorted(found)


def share(files: list[Path], index: int, count: int) -> list[Path]:
    """Worker ``index``'s share of ``files`` among ``count`` workers."""
    return files[index::count] if count > 0 else list(files)


def shared_pyc(folder: Path, tests: Path, source: Path, tail: str) -> Path:
    """Where ``source`` (under ``tests``)'s rewritten code is kept in ``folder``."""
    return folder / source.relative_to(tests).parent / (source.name[:-3] + tail)


def prewrite(config, files: list[Path], folder: Path, tests: Path) -> int:
    """Rewrite each of ``files`` as pytest's import hook would (``config``'s assert options) into
    ``folder``; a file already there is left. The number rewritten; 0 without the internals."""
    rewrite = _rewrite_module()
    if rewrite is None or not any(isinstance(h, rewrite.AssertionRewritingHook) for h in sys.meta_path):
        return 0  # --assert=plain: nothing is rewritten
    state = config.stash[rewrite.assertstate_key]
    done = 0
    for source in files:
        pyc = shared_pyc(folder, tests, source, rewrite.PYC_TAIL)
        if pyc.exists():
            continue
        try:
            pyc.parent.mkdir(parents=True, exist_ok=True)
            stat, code = rewrite._rewrite_test(source, config)
        except (OSError, SyntaxError):  # pytest reports it when it collects the file
            continue
        except Exception:  # internals not as expected (a changed signature): the rest as pytest does
            return done
        try:
            done += rewrite._write_pyc(state, code, stat, pyc)  # a temporary file, then renamed: never half written
        except Exception:
            return done
    return done


def read_from(folder: Path, tests: Path) -> bool:
    """pytest's import hook reads a test module's rewritten code from ``folder`` where
    :func:`prewrite` put it there (for files under ``tests``), elsewhere where it would have.
    Whether it was set up (not without the internals)."""
    rewrite = _rewrite_module()
    if rewrite is None:
        return False
    own = rewrite.get_cache_dir

    def cache_dir(file_path: Path) -> Path:
        path = Path(file_path)
        if path.is_relative_to(tests):
            pyc = shared_pyc(folder, tests, path, rewrite.PYC_TAIL)
            if pyc.exists():
                return pyc.parent
        return own(file_path)

    cache_dir.own = own
    rewrite.get_cache_dir = cache_dir
    return True


def stop_reading() -> None:
    """Undoes :func:`read_from`: pytest's import hook keeps its rewritten code where it would."""
    rewrite = _rewrite_module()
    own = getattr(getattr(rewrite, "get_cache_dir", None), "own", None)
    if own is not None:
        rewrite.get_cache_dir = own
