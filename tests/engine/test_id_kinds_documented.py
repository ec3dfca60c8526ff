"""Every kind of case id the harness gives (``<area>/<kind>/<name>``: the game's recorded
``p``, generated ``g``, shrunk ``s``, found by ``harness fuzz``) is named where the README
and docs/checking.md list them."""

from __future__ import annotations

import re

from conftest import REPO
from helpers_engine import recorded

from harness.engine.fuzz.generate import make_case
from harness.engine.shrink import shrunk_id


def _kinds_listed(path: str) -> set[str]:
    paragraph = (REPO / path).read_text(encoding="utf-8").split("Case ids are `<area>/<kind>/<name>`: ", 1)[1]
    paragraph = paragraph.split("\n\n", 1)[0]
    return set(re.findall(r"`([a-z]+)` ", paragraph))  # `p` the game's ..., `fuzz` found by ...


def test_every_kind_given_is_listed():
    generated = re.search(r"^- id: (\S+)$", (REPO / "cases/storage/errors.yaml").read_text(), re.M).group(1)
    ids = [next(iter(recorded("26.3"))), generated,
           shrunk_id("storage/p/fill-5", "storage"),
           make_case("storage", "26.3", {"setup": {"bits": 1, "size": 1}, "ops": [["new"]]}, "test")["id"]]
    given = {case_id.split("/")[1] for case_id in ids}
    assert given == {"p", "g", "s", "fuzz"}
    assert _kinds_listed("README.md") == given
    assert _kinds_listed("docs/checking.md") == given
