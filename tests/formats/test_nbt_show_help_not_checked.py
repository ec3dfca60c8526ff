"""``harness nbt show --help`` names the chunks that really get "note: not checked".

LZ4 (id 4) and external ``c.X.Z.mcc`` chunks are read and checked
(test_nbt_region_cli.py::test_show_reads_lz4_and_external_chunks_beside_the_region); custom
compression (id 127) and a stream over --max-bytes are not
(test_nbt_region_cli.py::test_chunks_this_reader_cannot_read_are_not_counted_as_damage).
"""

from __future__ import annotations

import re

from harness.cli.nbt import HELP_SHOW


def _words() -> str:
    return re.sub(r"\s+", " ", HELP_SHOW)


def test_the_not_checked_chunks_are_custom_ones_and_those_over_a_limit():
    said = re.search(r"a chunk this tool cannot read though the game may (.*?) gets \"note: not checked\"", _words())
    assert said, _words()
    reasons = said[1]
    assert "custom compression, id 127" in reasons and "--max-bytes" in reasons and "--max-tags" in reasons
    assert "LZ4" not in reasons and "external" not in reasons and "mcc" not in reasons


def test_lz4_and_external_chunks_are_said_to_be_checked():
    assert "LZ4 streams (id 4) and external c.X.Z.mcc files beside the region included" in _words()
