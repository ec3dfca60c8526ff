"""The rig keeps its jars in the same cache folder as `harness check`'s load cache."""

from pathlib import Path

from harness.engine import load_cache
from rig.server_jar import default_cache


def test_the_rig_follows_xdg_cache_home_as_the_load_cache_does(monkeypatch):
    monkeypatch.delenv(load_cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    assert default_cache() == Path("/somewhere/cache/mc-format-harness") == load_cache.cache_root()
    monkeypatch.setenv(load_cache.CACHE_ENV, "/elsewhere")
    assert default_cache() == Path("/elsewhere")
