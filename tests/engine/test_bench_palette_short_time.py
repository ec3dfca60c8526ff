"""``bench/palette.py`` says so when the time a figure is given is too short for a stable figure
(``STABLE_SECONDS``, chosen from measured spreads: its docstring), on standard error."""

from __future__ import annotations

import pytest
from helpers_cli import bench_module


@pytest.fixture(scope="module")
def bench():
    return bench_module("palette")


class _Stop(Exception):
    pass


@pytest.mark.parametrize("argv, noted", [(["--seconds", "0.1"], True), (["--seconds", "0.3"], False),
                                         (["--seconds", "2"], False), ([], False)])
def test_a_time_too_short_is_noted_before_anything_is_timed(bench, monkeypatch, capsys, argv, noted):
    def stop(*args):
        raise _Stop

    monkeypatch.setattr(bench, "measure_ours", stop)
    with pytest.raises(_Stop):
        bench.main(argv)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert ("too short for stable figures" in captured.err) is noted
    if noted:
        assert "0.1 s a figure" in captured.err and "--seconds 0.3 or more" in captured.err
