"""The one table of per-version behaviour.

Every behaviour that differs between game versions is a field here, read by the code in
:mod:`harness.formats`; nothing else tests a version string. A version is a string such as
``"26.3"``. Facts come from ``../shared/GAME_FACTS.md`` and, where they disagree, from the
game's recorded answers (``reference/<version>/``), which win.

Each area owns one frozen dataclass (``StorageRules``, ``PaletteRules``, ``NbtRules``,
``SnbtRules``); a :class:`GameVersion` bundles them with the version's identity.

26.2 has no recorded answers: it is entered as 26.1.2's behaviour except where 26.3 and
26.1.2 agree otherwise, with ``verified=False`` so nothing of it is ever reported as passed.
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

    block_state_registry: int  # number of block states in the game's registry
    biome_registry: int  # number of biomes
    # write() puts a VarInt count before the longs (writeLongArray, <= 1.21.4; 26.x writes
    # them with no count). A single-value container's trailing 00 in 1.20.1/1.21.1 is this
    # count of its empty long array, not a rule of its own (recorded answers: "00adf10100"
    # in 1.21.1, "00adf101" in 26.x, palette/p/unpack-block_states-1-ok).
    write_long_array_length: bool
    # Palette.copy() keeps the palette's resize handler, which is the ORIGINAL container
    # (1.20.1, 1.21.1: Linear/HashMap/SingleValuePalette.copy() pass this.resizeHandler on;
    # 26.x palettes take the handler as an argument of idFor). So a copy whose palette is
    # full resizes the discarded original and stores the id the original's new palette
    # gave, in its own unchanged storage. From reading those classes; no recorded answer
    # covers copy() yet (generated cases palette/g/copy-* will settle it).
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
    string_fallback: str


# --- snbt: StringTagVisitor, SnbtPrinterTagVisitor, TagParser -----------------------
@dataclass(frozen=True)
class SnbtRules:
    """SNBT printing and parsing per version (GAME_FACTS.md sections 3.7 and 3.8)."""

    grammar: str  # "legacy" (regex TagParser, 1.20.1/1.21.1) or "packrat" (26.x SnbtGrammar)
    escape_control_chars: bool  # StringTag.quoteAndEscape escapes chars < U+0020 (\b \t \n \f \r, else \xHH) (26.x); both printers
    strict_unquoted_keys: bool  # toString() key bare only if [A-Za-z._]+[A-Za-z0-9._+-]* and not true/false (26.x); the pretty printer keeps [A-Za-z0-9._+-]+


@dataclass(frozen=True)
class GameVersion:
    """One game version: identity (version.json) and the rules of each area."""

    id: str
    world_version: int  # data version
    protocol_version: int
    java_version: int  # the Java major version its server jar needs
    obfuscated: bool  # jar needs Mojang's mappings (ProGuard server.txt) to resolve names
    storage: StorageRules
    palette: PaletteRules
    nbt: NbtRules
    snbt: SnbtRules
    verified: bool = True  # False: no recorded answers exist; its cases are unverified
    notes: str = ""


V1_20_1 = GameVersion(
    id="1.20.1", world_version=3465, protocol_version=763, java_version=17, obfuscated=True,
    storage=StorageRules(has_fill=False),
    palette=PaletteRules(block_state_registry=24135, biome_registry=64,
                         write_long_array_length=True, copy_keeps_resize_handler=True),
    nbt=NbtRules(network_named_root=True, has_any_form=False, heterogeneous_lists=False,
                 accounter_style="legacy", max_depth=512, list_charge=37, refuse_negative_size=False,
                 list_negative_length="guava", accounter_error="RuntimeException",
                 format_error="RuntimeException", reported_error="ReportedException",
                 string_fallback="tag"),
    snbt=SnbtRules(grammar="legacy", escape_control_chars=False, strict_unquoted_keys=False),
)

V1_21_1 = GameVersion(
    id="1.21.1", world_version=3955, protocol_version=767, java_version=21, obfuscated=True,
    storage=StorageRules(has_fill=False),
    palette=PaletteRules(block_state_registry=26684, biome_registry=64,
                         write_long_array_length=True, copy_keeps_resize_handler=True),
    nbt=NbtRules(network_named_root=False, has_any_form=True, heterogeneous_lists=False,
                 accounter_style="push", max_depth=512, list_charge=37, refuse_negative_size=False,
                 list_negative_length="guava", accounter_error="NbtAccounterException",
                 format_error="NbtFormatException", reported_error="ReportedNbtException",
                 string_fallback="file_output"),
    snbt=SnbtRules(grammar="legacy", escape_control_chars=False, strict_unquoted_keys=False),
)

V26_1_2 = GameVersion(
    id="26.1.2", world_version=4790, protocol_version=775, java_version=25, obfuscated=False,
    storage=StorageRules(has_fill=False),
    palette=PaletteRules(block_state_registry=29873, biome_registry=65,
                         write_long_array_length=False, copy_keeps_resize_handler=False),
    nbt=NbtRules(network_named_root=False, has_any_form=True, heterogeneous_lists=True,
                 accounter_style="push", max_depth=512, list_charge=36, refuse_negative_size=True,
                 list_negative_length="format", accounter_error="NbtAccounterException",
                 format_error="NbtFormatException", reported_error="ReportedNbtException",
                 string_fallback="file_output"),
    snbt=SnbtRules(grammar="packrat", escape_control_chars=True, strict_unquoted_keys=True),
)

V26_3 = GameVersion(
    id="26.3", world_version=5023, protocol_version=777, java_version=25, obfuscated=False,
    storage=StorageRules(has_fill=True),
    palette=replace(V26_1_2.palette, block_state_registry=35723, biome_registry=67),
    nbt=V26_1_2.nbt,
    snbt=V26_1_2.snbt,
)

# 26.2: like 26.1.2 except where 26.3 and 26.1.2 agree otherwise; registry sizes from
# 26.2-rc-2 (GAME_FACTS.md section 5). fill() presence is unknown; taken as 26.1.2's.
V26_2 = replace(
    V26_1_2, id="26.2", world_version=4903, protocol_version=776,
    palette=replace(V26_1_2.palette, block_state_registry=32366, biome_registry=66),
    verified=False,
    notes="no recorded answers: inferred from 26.1.2 and 26.3; every case is unverified",
)

VERSIONS: dict[str, GameVersion] = {v.id: v for v in (V1_20_1, V1_21_1, V26_1_2, V26_2, V26_3)}
LATEST = "26.3"


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


def resolve(version) -> GameVersion:
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
