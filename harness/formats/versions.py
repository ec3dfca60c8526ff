"""The one table of per-version behaviour.

Every behaviour that differs between game versions is a field here, read by the code in
:mod:`harness.formats`; nothing else tests a version string. A version is a string such as
``"26.3"``. Facts come from ``../shared/GAME_FACTS.md`` and, where they disagree, from the
game's recorded answers (``reference/<version>/``), which win.

Each area owns one frozen dataclass (``StorageRules``, ``PaletteRules``, ``NbtRules``,
``SnbtRules``, ``RegionRules``); a :class:`GameVersion` bundles them with the version's identity and its
:class:`Registries`.

Every release from 1.18 to 26.3 is here, in release order (:data:`VERSIONS`). Each rule's
value at each release is the one that release's recorded answers show; :data:`CHANGES` says
at which release each rule changed (``tests/test_version_rules.py`` pins every change with a
recorded answer of the release before and the release at the change). Releases without
recorded answers (1.21.5, 1.21.6, 1.21.9, 26.1, 26.1.1) are inferred from their neighbours
and GAME_FACTS.md, ``verified=False``: their cases are always reported unverified.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace


# --- storage: SimpleBitStorage / ZeroBitStorage ---------------------------------------
@dataclass(frozen=True)
class StorageRules:
    """SimpleBitStorage per version (GAME_FACTS.md section 1)."""

    has_fill: bool  # BitStorage.fill(int) exists (26.3 only)


# --- palette: PalettedContainer --------------------------------------------------------
@dataclass(frozen=True)
class PaletteRules:
    """PalettedContainer per version (GAME_FACTS.md sections 2 and 5)."""

    # write() puts a VarInt count before the longs (writeLongArray, <= 1.21.4; 26.x writes
    # them with no count). A single-value container's trailing 00 in 1.20.1/1.21.1 is this
    # count of its empty long array, not a rule of its own (recorded answers: "00adf10100"
    # in 1.21.1, "00adf101" in 26.x, palette/p/unpack-block_states-1-ok).
    write_long_array_length: bool
    # Palette.copy() keeps the palette's resize handler, which is the ORIGINAL container
    # (1.20.1, 1.21.1: Linear/HashMap/SingleValuePalette.copy() pass this.resizeHandler on;
    # 26.x palettes take the handler as an argument of idFor). So a copy whose palette is
    # full resizes the discarded original and stores the id the original's new palette
    # gave, in its own unchanged storage. Recorded: palette/g/copy-then-grow differs between
    # 1.21.1 and 1.21.2 (Palette.copy(PaletteResize) arrives in 1.21.2).
    copy_keeps_resize_handler: bool


# --- nbt: NbtIo, NbtAccounter, tags ---------------------------------------------------
@dataclass(frozen=True)
class NbtRules:
    """Binary NBT per version (GAME_FACTS.md section 3)."""

    network_named_root: bool  # network form writes/reads a named root (1.20.1)
    has_any_form: bool  # NbtIo.readAnyTag/writeAnyTag exist (1.20.2+)
    heterogeneous_lists: bool  # 26.x ListTag: mixed lists wrapped/unwrapped as {"": x}
    # NbtAccounter. "legacy" (1.20.1): a depth argument (root 0) checked after the container's
    # charge, "> max_depth" fails (513 nested containers fit); usage added first, then checked,
    # message "...allocate: <usage>bytes where...". "push" (1.20.2+): pushDepth() before each
    # container fails at depth == max_depth (512 fit); checked before adding, "<usage> + <n> bytes".
    accounter_style: str
    max_depth: int  # the 512 of "depth > 512"
    list_charge: int  # bytes charged per ListTag (37 before 26.x, 36 in 26.x)
    refuse_negative_size: bool  # accountBytes(n < 0) -> IllegalArgumentException (26.x)
    list_negative_length: str  # "guava": IllegalArgumentException initialArraySize; "format": NbtFormatException
    accounter_error: str  # exception kind of quota/depth failures
    format_error: str  # exception kind of "Missing type on ListTag"
    reported_error: str  # crash-report exception wrapping an IOException inside a tag
    # Over-long strings on write: "tag" (1.20.1: StringTag.write writes "" on every output, keys
    # unprotected); "file_output" (1.20.2+: NbtIo.write's StringFallbackDataOutput turns every
    # too-long writeUTF, keys too, into "" in the file form only).
    # "none" (1.18-1.18.2): StringTag.write lets UTFDataFormatException through on every
    # output (EncoderException on the network).
    string_fallback: str


# --- snbt: StringTagVisitor, SnbtPrinterTagVisitor, TagParser -----------------------
@dataclass(frozen=True)
class SnbtRules:
    """SNBT printing and parsing per version (GAME_FACTS.md sections 3.7 and 3.8)."""

    grammar: str  # "legacy" (regex TagParser, 1.20.1/1.21.1) or "packrat" (26.x SnbtGrammar)
    escape_control_chars: bool  # StringTag.quoteAndEscape escapes chars < U+0020 (\b \t \n \f \r, else \xHH) (26.x); both printers
    strict_unquoted_keys: bool  # toString() key bare only if [A-Za-z._]+[A-Za-z0-9._+-]* and not true/false (26.x); the pretty printer keeps [A-Za-z0-9._+-]+
    # bool(x) of a number: False = DataFixerUpper's default (byteValue() != 0, so bool(256)
    # is false, up to 26.1.2); True = 26.2's NbtOps.getBooleanValue override (any non-zero
    # value is true: bool(256), bool(0.5) read as true).
    bool_any_nonzero: bool = False
    # the key SnbtGrammar raises for "_" at a number's start or end: up to 1.21.8 it asks for
    # "underscore", which no language file has (they spell it "undescore"), so the raw key
    # shows; from 1.21.9 the code asks for the file's spelling (1.21.10 English).
    underscore_not_allowed_key: str = "snbt.parser.underscore_not_allowed"


# --- region: RegionFile / RegionFileVersion -------------------------------------------
@dataclass(frozen=True)
class RegionRules:
    """Region files per version (GAME_API.md "Region files", GAME_FACTS.md section 3.1).

    No region answer is recorded yet: these rules are the stated facts, pinned by
    ``tests/formats/test_region_rules.py``.
    """

    # RegionFileVersion ids that exist (fromId/isValidVersion): 1 gzip, 2 deflate (zlib),
    # 3 none; from 1.20.5 also 4 LZ4 (lz4-java's block stream) and 127 custom
    compression_ids: tuple[int, ...]
    # the constructors take a RegionStorageInfo first (1.20.5 on)
    storage_info: bool


@dataclass(frozen=True)
class Registries:
    """The sizes of a release's registries (GAME_FACTS.md section 5): the global palettes'."""

    block_states: int  # number of block states
    biomes: int  # number of biomes in the default (vanilla) registry


@dataclass(frozen=True)
class GameVersion:
    """One game version: identity (version.json), registries and the rules of each area."""

    id: str
    world_version: int  # data version
    protocol_version: int
    java_version: int  # the Java major version its server jar needs
    obfuscated: bool  # jar needs Mojang's mappings (ProGuard server.txt) to resolve names
    registries: Registries
    storage: StorageRules
    palette: PaletteRules
    nbt: NbtRules
    snbt: SnbtRules
    region: RegionRules
    verified: bool = True  # False: no recorded answers exist; its cases are unverified
    lang: str = ""  # the release whose en_us.json renders its messages ("" = its own id)
    notes: str = ""

    @property
    def lang_release(self) -> str:
        """The release whose English text (``harness/formats/lang/<release>.json``) applies."""
        return self.lang or self.id


# --- the table -----------------------------------------------------------------------------
# The first release's rules in full, then each later release as the fields it changes.
# A change is dated by the recorded answers: the release named is the first whose answers
# show it (between two recorded releases with unrecorded ones in between, the change is
# entered at the first unrecorded one that GAME_FACTS.md dates it to).

_FIRST = dict(
    storage=StorageRules(has_fill=False),
    palette=PaletteRules(write_long_array_length=True, copy_keeps_resize_handler=True),
    nbt=NbtRules(network_named_root=True, has_any_form=False, heterogeneous_lists=False,
                 accounter_style="legacy", max_depth=512, list_charge=37, refuse_negative_size=False,
                 list_negative_length="guava", accounter_error="RuntimeException",
                 format_error="RuntimeException", reported_error="ReportedException",
                 string_fallback="none"),
    snbt=SnbtRules(grammar="legacy", escape_control_chars=False, strict_unquoted_keys=False,
                   bool_any_nonzero=False),
    region=RegionRules(compression_ids=(1, 2, 3), storage_info=False),
)

# What changed at which release: {release: {area: {field: value}}}. The one place a rule's
# first release is written down.
CHANGES: dict[str, dict[str, dict]] = {
    # StringTag.write catches the over-long string and writes "" (nbt/g/long-string-*)
    "1.19": {"nbt": dict(string_fallback="tag")},
    # nameless network root, readAnyTag/writeAnyTag, pushDepth accounter, NbtAccounterException
    "1.20.2": {"nbt": dict(network_named_root=False, has_any_form=True, accounter_style="push",
                           accounter_error="NbtAccounterException")},
    # NbtFormatException, ReportedNbtException, NbtIo.write's StringFallbackDataOutput
    "1.20.3": {"nbt": dict(format_error="NbtFormatException", reported_error="ReportedNbtException",
                           string_fallback="file_output")},
    # RegionFileVersion.VERSION_LZ4 (4) and VERSION_CUSTOM (127); RegionStorageInfo (GAME_API.md,
    # GAME_FACTS.md 3.1: stated facts, no recorded region answer yet)
    "1.20.5": {"region": dict(compression_ids=(1, 2, 3, 4, 127), storage_info=True)},
    # Palette.copy(PaletteResize): a copy resizes itself (palette/g/copy-then-grow)
    "1.21.2": {"palette": dict(copy_keeps_resize_handler=False)},
    # the 1.21.5 rewrite (first recorded at 1.21.7): writeFixedSizeLongArray, heterogeneous
    # lists, the accounter's negative sizes, ListTag's 36, toString() escapes, SnbtGrammar
    "1.21.5": {"palette": dict(write_long_array_length=False),
               "nbt": dict(heterogeneous_lists=True, list_charge=36, refuse_negative_size=True,
                           list_negative_length="format"),
               "snbt": dict(grammar="packrat", escape_control_chars=True, strict_unquoted_keys=True)},
    # SnbtGrammar asks for the key its language file spells ("undescore_not_allowed"); before,
    # it asked for "underscore_not_allowed", which no file has, so the game showed the key
    # (snbt/g/floats-025 differs between 1.21.8 and 1.21.10)
    "1.21.9": {"snbt": dict(underscore_not_allowed_key="snbt.parser.undescore_not_allowed")},
    # NbtOps.getBooleanValue: bool(256) is true
    "26.2": {"snbt": dict(bool_any_nonzero=True)},
    # BitStorage.fill(int)
    "26.3": {"storage": dict(has_fill=True)},
}

# id, world version, protocol, Java, block states, biomes, verified (GAME_FACTS.md 4.2, 5)
_IDENTITIES = [
    ("1.18", 2860, 757, 17, 20342, 61, True),
    ("1.18.1", 2865, 757, 17, 20342, 61, True),
    ("1.18.2", 2975, 758, 17, 20342, 61, True),
    ("1.19", 3105, 759, 17, 21448, 63, True),
    ("1.19.1", 3117, 760, 17, 21448, 63, True),
    ("1.19.2", 3120, 760, 17, 21448, 63, True),
    ("1.19.3", 3218, 761, 17, 23232, 63, True),
    ("1.19.4", 3337, 762, 17, 23725, 63, True),
    ("1.20", 3463, 763, 17, 24135, 64, True),
    ("1.20.1", 3465, 763, 17, 24135, 64, True),
    ("1.20.2", 3578, 764, 17, 24276, 64, True),
    ("1.20.3", 3698, 765, 17, 26644, 64, True),
    ("1.20.4", 3700, 765, 17, 26644, 64, True),
    ("1.20.5", 3837, 766, 21, 26684, 64, True),
    ("1.20.6", 3839, 766, 21, 26684, 64, True),
    ("1.21", 3953, 767, 21, 26684, 64, True),
    ("1.21.1", 3955, 767, 21, 26684, 64, True),
    ("1.21.2", 4080, 768, 21, 27318, 64, True),
    ("1.21.3", 4082, 768, 21, 27318, 64, True),
    ("1.21.4", 4189, 769, 21, 27866, 65, True),
    ("1.21.5", 4325, 770, 21, 27946, 65, False),
    ("1.21.6", 4435, 771, 21, 27946, 65, False),
    ("1.21.7", 4438, 772, 21, 27946, 65, True),
    ("1.21.8", 4440, 772, 21, 27946, 65, True),
    ("1.21.9", 4554, 773, 21, 29671, 65, False),
    ("1.21.10", 4556, 773, 21, 29671, 65, True),
    ("1.21.11", 4671, 774, 21, 29671, 65, True),
    ("26.1", 4786, 775, 25, 29873, 65, False),
    ("26.1.1", 4788, 775, 25, 29873, 65, False),
    ("26.1.2", 4790, 775, 25, 29873, 65, True),
    ("26.2", 4903, 776, 25, 32366, 66, True),
    ("26.3", 5023, 777, 25, 35723, 67, True),
]

# Releases whose English text is another release's (no en_us.json of their own in ../shared/lang).
_LANG = {"1.21.5": "1.21.7", "1.21.6": "1.21.7", "1.21.9": "1.21.10", "26.1": "26.1.2", "26.1.1": "26.1.2"}

_NOTES = {
    "1.21.5": "no recorded answers: the 1.21.5 rewrite's rules, dated by GAME_FACTS.md; every case is unverified",
    "1.21.6": "no recorded answers: taken as 1.21.7; every case is unverified",
    "1.21.9": "no recorded answers: taken as 1.21.10; every case is unverified",
    "26.1": "no recorded answers: taken as 26.1.2; every case is unverified",
    "26.1.1": "no recorded answers: taken as 26.1.2; every case is unverified",
    "1.21.8": "recorded from 1.21.7's classes (GAME_FACTS.md section 6)",
    "26.3": "only six of 26.3's classes are public; the rest were recorded as 26.2's",
}


def _build() -> dict[str, "GameVersion"]:
    rules = dict(_FIRST)
    table = {}
    for vid, world, protocol, java, states, biomes, verified in _IDENTITIES:
        for area, fields in CHANGES.get(vid, {}).items():
            rules[area] = replace(rules[area], **fields)
        table[vid] = GameVersion(
            id=vid, world_version=world, protocol_version=protocol, java_version=java,
            obfuscated=not vid.startswith("26."), registries=Registries(states, biomes),
            verified=verified, lang=_LANG.get(vid, ""), notes=_NOTES.get(vid, ""), **rules)
    return table


VERSIONS: dict[str, GameVersion] = _build()  # every release 1.18 .. 26.3, in release order
LATEST = "26.3"
RECORDED = [v for v in VERSIONS if VERSIONS[v].verified]  # the releases with recorded answers


class UnknownVersionError(KeyError):
    """A version string that is not in the table."""

    def __str__(self) -> str:  # KeyError quotes its argument; say it plainly
        return str(self.args[0])


def get(version: str) -> GameVersion:
    """The table's entry for ``version`` (``"26.3"``); :class:`UnknownVersionError` if absent."""
    try:
        return VERSIONS[version]
    except KeyError:
        known = ", ".join(VERSIONS)
        raise UnknownVersionError(f"unknown game version {version!r}; the version table knows {known}") from None


def resolve(version: "GameVersion | str") -> GameVersion:
    """``version`` as a :class:`GameVersion`: one as it is, a version string (``"26.3"``)
    looked up with :func:`get` (:class:`UnknownVersionError` if absent); ``TypeError`` for
    anything else. The one place a public function turns its ``version`` argument into rules.

    >>> resolve("26.3") is resolve(get("26.3")) is get("26.3")
    True
    """
    if isinstance(version, GameVersion):
        return version
    if isinstance(version, str):
        return get(version)
    raise TypeError(f"version must be a GameVersion or a version string such as {LATEST!r}, "
                    f"not {type(version).__name__}")
