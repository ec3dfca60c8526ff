"""The tools' own budgets on what a read may build: refusals for our protection, not the game's.

The game's limits (``NbtAccounter``'s quota and depth, the SNBT grammar's depth) are answers
the game gives and stay exactly as recorded. These budgets are something else: a Python tag
costs about 200 bytes where the game's costs a few dozen, so a 19 KB gzipped file holding a
list of 20 million empty compounds (20 MB decompressed, well within any byte limit) would
build 4 GB of objects. A read that would go over a budget stops as soon as it can tell,
with :class:`BudgetExceeded` (never a :class:`~harness.formats.errors.GameError`: no game
answer looks like it), naming the limit and the place.

- :data:`MAX_TAGS`: tags one binary NBT read may make (a list and its leaf elements counted
  when its length is read, a compound element of a list when it starts, a compound's entries
  and its End when it ends; the compiled and the pure reader count the same at the same places). 1 million: about 200 MB of
  Python objects; real chunks hold tens of thousands. ``harness nbt --max-tags`` raises it.
- :data:`MAX_SNBT_CHARS`: the longest SNBT text parsed (8 Mi characters), and
  :data:`MAX_SNBT_VALUES`: the most values one text may hold (counted as its commas outside
  quoted strings, before parsing): 100,000. On the project machine the parsers take from
  0.1 µs a value (26.x, a list of plain integers) to 20-30 µs (a compound's ``k:1.5f``
  entries; 1.21.1's parser 5 µs even for integers), so 100,000 values take up to about 3 s.
- :data:`MAX_PRINTED_SNBT_CHARS`: the longest SNBT text one print makes (2 Gi characters),
  compact (``toString()``) or pretty (``SnbtPrinterTagVisitor``): :func:`~harness.formats.nbt.to_snbt`,
  ``harness nbt show`` and ``convert --to snbt`` stop with :class:`BudgetExceeded` as the text
  passes it (counted as it is printed: nothing longer is ever built). Every document read
  within :data:`MAX_DECOMPRESSED_BYTES` prints within it (a byte array's pretty text, the
  longest per byte, is at most 7 characters a byte: 1.75 Gi for 256 MiB; real chunks print
  0.1 MB or so), but a tag of a few bytes can print far more: the pretty text of a list nested
  100,000 deep would be about 40 GB (each level indents 4 more spaces). ``harness nbt
  --max-printed-snbt-chars`` lowers or raises it.
- :data:`MAX_STORAGE_ENTRIES`: the most entries a storage's ``values`` or ``longs`` answer
  may list (4 Mi: a thousand chunk sections' 4,096; 200 million would be 2 GB of Python list;
  ``harness check --max-storage-entries`` raises it).
- :data:`MAX_REGION_TAGS`: tags the reads of one region file's chunks may make in all, each
  read within :data:`MAX_TAGS` too (``harness nbt show`` of a region file checks every chunk;
  :class:`Allowance` keeps the account). 16 million: a full region fits when its 1,024 chunks
  average under 15,600 tags (real chunks hold 2,000 to 10,000 when full; those under
  ``tests/data/real`` 13 to 3,044; ``harness nbt show --max-region-tags`` raises it). The
  compiled reader builds the costliest tags (empty compounds in a list, two tags a byte) at
  about 10 million a second, but refuses a list whose empty compounds pass the budget without
  building them (where the pure reader refuses it, offset and path included), and a chunk's
  stream is inflated only as far as its read goes (its first MiB here), so the costliest
  region, a 20 MB file of 1,024 chunks each a list of 20 million empty compounds, each read
  refused at :data:`MAX_TAGS`, ends in about 0.4 s of CPU (16 reads; 1.2 s when they built
  their compounds, 4 s when each chunk's 20 MB was inflated whole). Without it, that file
  reads 1,024 million tags (17 minutes).
- :data:`MAX_CHUNK_BYTES`: the most bytes a region case's ``write_repeat`` may write (64 MiB;
  a chunk of 256 sectors is 1 MiB), on our side and the rig's.
- :data:`MAX_DECOMPRESSED_BYTES`: the most bytes one read inflates (gzip, zlib, a region
  chunk's LZ4), 256 MiB, the one limit for ``harness check``, ``harness nbt`` (its
  ``--max-bytes`` default, for a file and for what it decompresses to) and the library
  (``nbt.loads``, ``RegionFile``); a function's ``limit=`` overrides it for one call. The game
  inflates only as far as ``NbtIo`` reads and its ``NbtAccounter`` bounds that; we inflate
  first, so we bound the inflated bytes instead. The output grows in one buffer that is read
  as it is (no copy), so a bomb's peak memory is about the limit: 256 MiB and some 30 MB of
  interpreter. Over it, :class:`~harness.formats.nbt.compression.CompressionError` of kind
  ``DecompressionLimitException`` (a game error's shape: the harness's own kind, never the
  game's), its message naming this limit and its ``limit`` attribute the number.

They are module attributes read at each use, so a caller (an option, a test) may change them:
a library user raises one by setting it (``harness.formats.budget.MAX_TAGS = 5_000_000``), a
``harness`` command by its option; a refusal's message names both (:func:`to_raise`).
:class:`BudgetExceeded` is exported by :mod:`harness.formats.nbt` too, where
:func:`~harness.formats.nbt.loads`, :func:`~harness.formats.nbt.load` (:data:`MAX_TAGS`) and
:func:`~harness.formats.nbt.parse_snbt` (:data:`MAX_SNBT_CHARS`, :data:`MAX_SNBT_VALUES`) and
:func:`~harness.formats.nbt.to_snbt` (:data:`MAX_PRINTED_SNBT_CHARS`) raise it.
"""

from __future__ import annotations

MAX_TAGS = 1_000_000
MAX_SNBT_CHARS = 8 << 20
MAX_SNBT_VALUES = 100_000
MAX_PRINTED_SNBT_CHARS = 2 << 30
MAX_STORAGE_ENTRIES = 4 << 20
MAX_REGION_TAGS = 16_000_000
MAX_CHUNK_BYTES = 64 << 20
MAX_DECOMPRESSED_BYTES = 256 << 20


OPTIONS = {
    "MAX_TAGS": "harness nbt --max-tags",
    "MAX_SNBT_CHARS": "harness nbt --max-snbt-chars",
    "MAX_SNBT_VALUES": "harness nbt --max-snbt-values",
    "MAX_PRINTED_SNBT_CHARS": "harness nbt --max-printed-snbt-chars",
    "MAX_STORAGE_ENTRIES": "harness check --max-storage-entries",
    "MAX_REGION_TAGS": "harness nbt show --max-region-tags",
    "MAX_DECOMPRESSED_BYTES": "harness nbt --max-bytes",
}
"""The command option that raises each budget (by its name here); :data:`MAX_CHUNK_BYTES` has none."""


def decompressed_limit(limit: int | None = None) -> int:
    """``limit``, or :data:`MAX_DECOMPRESSED_BYTES` (read now) when it is ``None``: the bytes
    one read may inflate, for a function whose ``limit=`` overrides the budget for one call."""
    return MAX_DECOMPRESSED_BYTES if limit is None else limit


class BudgetExceeded(Exception):
    """A read or a case over one of the tools' own budgets (see the module docstring); its
    message names the budget, the place, and how to raise it (:func:`to_raise`)."""


def to_raise(*names: str) -> str:
    """How to raise the budgets ``names`` (names of this module), for a command and in Python,
    as a refusal's message says it:

    >>> to_raise("MAX_TAGS")
    'harness nbt --max-tags N, or harness.formats.budget.MAX_TAGS = N in Python, to raise it'
    >>> to_raise("MAX_REGION_TAGS", "MAX_DECOMPRESSED_BYTES")  # doctest: +NORMALIZE_WHITESPACE
    'harness nbt show --max-region-tags N and harness nbt --max-bytes N, or harness.formats.budget.MAX_REGION_TAGS
    = N and harness.formats.budget.MAX_DECOMPRESSED_BYTES = N in Python, to raise them'
    """
    options = " and ".join(f"{OPTIONS[name]} N" for name in names if name in OPTIONS)
    settings = " and ".join(f"harness.formats.budget.{name} = N" for name in names) + " in Python"
    them = "them" if len(names) > 1 else "it"
    return f"{options}, or {settings}, to raise {them}" if options else f"{settings} to raise {them}"


def printed_within(parts, what: str):
    """The pieces of text ``parts`` as they come, with :class:`BudgetExceeded` as soon as they
    pass :data:`MAX_PRINTED_SNBT_CHARS` characters (read when the first piece is asked for);
    ``what`` names the printer in the refusal (``"toString()"``)."""
    limit, size = MAX_PRINTED_SNBT_CHARS, 0
    for part in parts:
        size += len(part)
        if size > limit:
            raise BudgetExceeded(f"SNBT text ({what}) over the tools' limit of {limit} characters: stopped at "
                                 f"{size} ({to_raise('MAX_PRINTED_SNBT_CHARS')})")
        yield part


class Allowance:
    """What is left of a budget shared by several reads (the chunks of one region file): ``tags``
    (of :data:`MAX_REGION_TAGS`) and decompressed ``size`` in bytes; each read is charged what
    it made (:meth:`charge`), and once either is used up (:attr:`spent`) no read is started."""

    def __init__(self, tags: int, size: int):
        self.limits = (tags, size)
        self.tags, self.size = tags, size

    @property
    def spent(self) -> bool:
        return bool(self.spent_names)

    @property
    def spent_names(self) -> tuple[str, ...]:
        """The budgets used up, by their names here (:func:`to_raise`): :data:`MAX_REGION_TAGS`
        for the tags, :data:`MAX_DECOMPRESSED_BYTES` (``--max-bytes``) for the size."""
        return ("MAX_REGION_TAGS",) * (self.tags <= 0) + ("MAX_DECOMPRESSED_BYTES",) * (self.size <= 0)

    def charge(self, tags: int, size: int) -> None:
        self.tags -= tags
        self.size -= size


def tag_count(tag) -> int:
    """How many tags ``tag`` holds, itself included (compound values and list elements,
    without recursion; an array is one tag)."""
    count, stack = 0, [tag]
    while stack:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count
