"""Our implementation of the game's data formats, byte-exact per game version: the library.

The public API is four modules, each with ``__all__`` (the names listed in
``tests/api/test_public_names.py``, which fails when one disappears):

- :mod:`harness.formats.nbt`: binary NBT in five encodings (``load``, ``loads``, ``dump``,
  ``dumps``), SNBT (``parse_snbt``, ``to_snbt``), the 13 tag types, the errors;
- :mod:`harness.formats.storage`: ``SimpleBitStorage``, ``ZeroBitStorage``;
- :mod:`harness.formats.palette`: ``PalettedContainer``, ``Strategy``, the palettes;
- :mod:`harness.formats.region`: reading region files (``RegionFile``);

and, here, the releases they follow: every release 1.18 … 26.3 is an entry of one table
(:mod:`harness.formats.versions`). Wherever a function takes ``version=`` it accepts a
version string of the table (``"1.20.1"``) or a :class:`GameVersion`, and defaults to
:data:`LATEST`. Other modules under ``harness.formats`` are internals: importable, not
documented, free to change.

Imports nothing from the engine. Every refusal is a :class:`GameError` carrying the
exception kind and message the game gives.

>>> LATEST, resolve("1.20.1").registries.block_states, "26.2" in VERSIONS
('26.3', 24135, True)
"""

from harness.formats.errors import GameError
from harness.formats.versions import LATEST, RECORDED, VERSIONS, GameVersion, UnknownVersionError, resolve

__all__ = ["GameError", "GameVersion", "LATEST", "RECORDED", "UnknownVersionError", "VERSIONS", "resolve"]
