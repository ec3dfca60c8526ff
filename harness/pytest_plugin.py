"""The conformance cases as pytest tests: ``pytest --mc-impl CMD`` (registered as a ``pytest11`` plugin).

Installed with the package, and idle unless asked: without ``--mc-impl`` and without a
``pytest_mc_implementation`` hook returning something, it adds nothing to a run (only
its options to ``--help``).

Two ways to plug an implementation in:

- ``pytest --mc-impl 'my-nbt-lib --harness'``: a program speaking the line protocol
  (``rig/PROTOCOL.md``), as ``harness check --impl``; with pytest-xdist each worker
  starts its own process;
- a hook in a ``conftest.py``, for a Python implementation called in-process::

      def pytest_mc_implementation(config):
          from my_lib import answer_case      # answer_case(case: dict) -> list of answers
          return answer_case

  It may return a callable ``fn(case) -> answers``, an object with ``name``,
  ``answer(case)`` and ``close()`` (:class:`harness.engine.runner.Implementation`), or None
  (the plugin stays idle). ``--mc-impl`` wins over the hook.

Which cases: ``--mc-version V`` and ``--mc-area A`` (both repeatable; versions as
``harness check --version``: exact releases, globs, ranges ``A..B``), ``--mc-case GLOB``,
``--mc-errors POLICY``, ``--mc-timeout SECONDS``. The cases are collected whatever the
folder holds, even none: one test item per case and version, named ``<id>[<version>]``
under the collector ``mc-conformance`` (node id ``mc-conformance::storage/p/fill-5[26.3]``),
so ``-k``, ``-x``, ``--junitxml`` and ``-n`` (pytest-xdist) work as on any test. A failure's
text is the one ``harness check`` prints (:func:`harness.engine.report.failure_text`); a
case without a recorded answer is skipped as ``unverified: <why>``. An implementation that
cannot be started or never answers stops the session at the case it happened on.

Being a ``pytest11`` plugin would have pytest rewrite the asserts of every module of this
distribution (``harness`` and ``rig``, about a hundred modules parsed and compiled anew in
each pytest process that imports them); they hold no test's asserts, so the plugin takes
them off pytest's list (:func:`not_rewritten`): a run imports them as Python does.
"""

from __future__ import annotations

import sys

import pytest

COLLECTOR = "mc-conformance"
_KEY = pytest.StashKey["_State"]()
OWN_PACKAGES = ("harness", "rig")  # this distribution's top-level packages


def not_rewritten(names: tuple[str, ...] | None = OWN_PACKAGES) -> None:
    """Take the packages ``names`` (None: every one) off the list of pytest's assert-rewriting
    import hook, which holds the packages of each distribution with a ``pytest11`` entry point
    (set before the plugins load); test modules and ``conftest.py`` files are rewritten
    whatever the list holds. Nothing to do when the hook is absent (``--assert=plain``) or
    has no such list (pytest 9 has both)."""
    for finder in sys.meta_path:
        marked = getattr(finder, "_must_rewrite", None)
        if isinstance(marked, set):
            marked.difference_update(set(marked) if names is None else names)
            cache = getattr(finder, "_marked_for_rewrite_cache", None)
            if isinstance(cache, dict):
                cache.clear()


not_rewritten()


class _Hooks:
    """The hook a conftest may implement (registered with ``pytest_addhooks``)."""

    @pytest.hookspec(firstresult=True)
    def pytest_mc_implementation(self, config):
        """The implementation to check in-process: a callable ``fn(case) -> answers``, an
        object with ``name``, ``answer(case)``, ``close()``, or None (the plugin stays idle
        unless ``--mc-impl`` is given)."""


def pytest_addhooks(pluginmanager):
    pluginmanager.add_hookspecs(_Hooks)


def pytest_addoption(parser):
    group = parser.getgroup("mc-format-harness", "Minecraft format conformance (harness check as tests)")
    group.addoption("--mc-impl", metavar="CMD", default=None,
                    help="check this program (line protocol, rig/PROTOCOL.md): one test per case and version")
    group.addoption("--mc-version", action="append", metavar="V", default=None,
                    help="only this game version: a release, glob or range A..B (repeatable)")
    group.addoption("--mc-area", action="append", metavar="AREA", default=None,
                    help="only this area: nbt, snbt, storage, palette, region (repeatable)")
    group.addoption("--mc-case", metavar="GLOB", default=None, help="only cases whose id matches")
    group.addoption("--mc-errors", metavar="POLICY", default="message",
                    help="how an error answer must match (as harness check --errors; default message)")
    group.addoption("--mc-timeout", metavar="SECONDS", type=float, default=10.0,
                    help="seconds per case before it counts as a hang (default 10)")


class _State:
    """The session's implementation, made on the first case this process runs (so every
    xdist worker has its own) and closed at the end; ``stopped``: why it cannot go on."""

    def __init__(self, config, factory):
        self.config = config
        self.factory = factory
        self.impl = None
        self.stopped: str | None = None

    def implementation(self):
        if self.impl is None:
            self.impl = self.factory()
        return self.impl

    def close(self):
        if self.impl is not None:
            self.impl.close()
            self.impl = None


def _factory(config):
    """How to make the implementation, or None when the plugin is to stay idle."""
    command = config.getoption("mc_impl", None)
    timeout = config.getoption("mc_timeout", 10.0)
    if command:
        def make():
            from harness.implementations.process import ProcessImplementation

            impl = ProcessImplementation(command, timeout=timeout)
            impl.start()
            return impl
        return make
    given = config.hook.pytest_mc_implementation(config=config)
    if given is None:
        return None
    if hasattr(given, "answer"):
        return lambda: given
    if callable(given):
        from harness.engine.runner import CallableImplementation

        name = getattr(given, "__qualname__", None) or repr(given)
        return lambda: CallableImplementation(f"{getattr(given, '__module__', '')}.{name}".lstrip("."), given, timeout)
    raise pytest.UsageError(f"pytest_mc_implementation returned {given!r}: a callable or an implementation "
                            "object (answer/close) is needed")


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    report = yield
    if isinstance(collector, pytest.Session) and report.passed:
        factory = _factory(collector.config)
        if factory is not None:
            state = _State(collector.config, factory)
            collector.config.stash[_KEY] = state
            collector.config.add_cleanup(state.close)
            report.result.append(Conformance.from_parent(collector, name=COLLECTOR, nodeid=COLLECTOR))
    return report


class Conformance(pytest.Collector):
    """Every selected case of every selected version: one :class:`CaseItem` each."""

    def collect(self):
        from harness.engine.casefile import CaseFileError
        from harness.engine.compare import POLICIES
        from harness.engine.sources import select_items

        config = self.config
        policy = config.getoption("mc_errors")
        if policy not in POLICIES:
            raise pytest.UsageError(f"--mc-errors {policy!r}: one of {', '.join(POLICIES)}")
        try:
            items = select_items(config.getoption("mc_version"), config.getoption("mc_area"),
                                 config.getoption("mc_case"))
        except (CaseFileError, ValueError) as e:
            raise pytest.UsageError(str(e).replace("--version ", "--mc-version ", 1)) from None
        for item in items:
            v, _, cid = item.key
            yield CaseItem.from_parent(self, name=f"{cid}[{v}]", check=item, policy=policy)

    def reportinfo(self):
        return self.path, None, COLLECTOR


class CaseFailed(Exception):
    """One case failed; carries its :class:`~harness.engine.runner.Outcome`."""

    def __init__(self, outcome):
        super().__init__(outcome.reason or "mismatch")
        self.outcome = outcome


class CaseItem(pytest.Item):
    """One case for one version, judged by :func:`harness.engine.runner.check_item`."""

    def __init__(self, *, check, policy, **kwargs):
        super().__init__(**kwargs)
        self.check = check
        self.policy = policy
        v, area, cid = check.key
        self.add_marker(pytest.mark.mc_case(id=cid, version=v, area=area))
        self.user_properties.append(("source", check.source))

    def runtest(self):
        from harness.engine.runner import RunAborted, check_item

        state = self.config.stash[_KEY]
        if state.stopped:
            pytest.skip(f"not run: the implementation stopped earlier: {state.stopped}")
        try:
            outcome = check_item(state.implementation(), self.check, self.policy)
        except RunAborted as e:
            state.stopped = str(e)
            self.session.shouldfail = f"{COLLECTOR}: {e}"  # stops the session as -x does
            if e.outcome is None:
                raise pytest.fail(f"the implementation cannot run: {e}", pytrace=False)
            outcome = e.outcome
        if outcome.status == "passed":
            return
        if outcome.status == "failed":
            raise CaseFailed(outcome)
        why = outcome.reason or self.check.note or "no recorded answer"
        pytest.skip(f"{outcome.status}: {why}")  # unverified, and any status a later harness adds

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFailed):
            from harness.engine.report import failure_text

            return failure_text(excinfo.value.outcome)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"{COLLECTOR}::{self.name}"


def pytest_configure(config):
    config.addinivalue_line("markers", "mc_case(id, version, area): a conformance case of mc-format-harness")
