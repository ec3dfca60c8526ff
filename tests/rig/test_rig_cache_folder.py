"""The rig keeps its jars in the same cache folder as `harness check`'s load cache."""

from pathlib import Path

from harness.engine import load_cache
from rig import fetch, server_jar


def test_the_rig_follows_xdg_cache_home_as_the_load_cache_does(monkeypatch):
    # the rig's fetched jars and extracted bundler payloads use the load cache's folder, not one of their own
    assert fetch.cache_root is server_jar.cache_root is load_cache.cache_root
    monkeypatch.delenv(load_cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    assert load_cache.cache_root() == Path("/somewhere/cache/mc-format-harness")
    monkeypatch.setenv(load_cache.CACHE_ENV, "/elsewhere")
    assert load_cache.cache_root() == Path("/elsewhere")
