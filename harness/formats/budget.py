"""The tools' own budgets on what a read may build: refusals for our protection, not the game's.

The game's limits (``NbtAccounter``'s quota and depth, the SNBT grammar's depth) are answers
the game gives and stay exactly as recorded. These budgets are something else: a Python tag
costs about 200 bytes where the game's costs a few dozen, so a 19 KB gzipped file holding a
list of 20 million empty compounds (20 MB decompressed, well within any byte limit) would
build 4 GB of objects. A read that would go over a budget stops as soon as it can tell,
with :class:`BudgetExceeded` (never a :class:`~harness.formats.errors.GameError`: no game
answer looks like it), naming the limit and the place.

- :data:`MAX_TAGS`: tags one binary NBT read may make (list elements counted when the list's
  length is read, compound entries when the compound ends). 1 million: about 200 MB of
  Python objects; real chunks hold tens of thousands. ``harness nbt --max-tags`` raises it.
- :data:`MAX_SNBT_CHARS`: the longest SNBT text parsed (8 Mi characters), and
  :data:`MAX_SNBT_VALUES`: the most values one text may hold (counted as its commas outside
  quoted strings, before parsing): 100,000, as the 26.x grammar's parser takes ~35 µs a
  value on the project machine (3.5 s for 100,000; two million 1s would take 70 s).
- :data:`MAX_STORAGE_ENTRIES`: the most entries a storage's ``values`` or ``longs`` answer
  may list (4 Mi: a thousand chunk sections' 4,096; 200 million would be 2 GB of Python list).
- :data:`MAX_CHUNK_BYTES`: the most bytes a region case's ``write_repeat`` may write (64 MiB;
  a chunk of 256 sectors is 1 MiB), on our side and the rig's.

They are module attributes read at each use, so a caller (an option, a test) may change them.
"""

from __future__ import annotations

MAX_TAGS = 1_000_000
MAX_SNBT_CHARS = 8 << 20
MAX_SNBT_VALUES = 100_000
MAX_STORAGE_ENTRIES = 4 << 20
MAX_CHUNK_BYTES = 64 << 20


class BudgetExceeded(Exception):
    """A read or a case over one of the tools' own budgets (see the module docstring)."""
