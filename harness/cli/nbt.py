"""``harness nbt``: show, convert and diff NBT files in any of the five binary encodings, SNBT,
or one chunk of a region file.

The command-line help is plain text (:data:`HELP_NBT`, :data:`HELP_SHOW`, :data:`HELP_CONVERT`,
:data:`HELP_DIFF`); it is also the reference for what each action does. Files are read by
:func:`harness.formats.nbt.detect.open_nbt` (binary NBT), the game's ``TagParser`` of
``--version`` (:mod:`harness.formats.nbt.tag_parser`, SNBT text) and
:mod:`harness.formats.region` (region files).
"""

from __future__ import annotations

import argparse
import codecs
import datetime
import difflib
import io
import itertools
import os
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from harness.cli.options import applied
from harness.formats import budget, versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression

TARGETS = ("java", "java-network", "bedrock", "bedrock-level-dat", "bedrock-network", "snbt")
STDIO = "-"  # as a file name: standard input (any input), standard output (convert's output)
CHUNK_PAIR = re.compile(r"(-?\d+),(-?\d+)")
CHUNK_SUFFIX = re.compile(r"(.+)#(-?\d+),(-?\d+)")
BOM_NOTE = "a UTF-8 byte order mark (EF BB BF) at the start was skipped (the game's TagParser refuses it)"
# argparse's pattern, a pair X,Z, and standard input's chunk -#X,Z
_NEGATIVE_ARGUMENT = re.compile(r"^-\d+(,-?\d+)?$|^-\d*\.\d+$|^-#-?\d+,-?\d+$")
_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = ((b"\xff\xfe", "UTF-16 (little-endian)"), (b"\xfe\xff", "UTF-16 (big-endian)"))
_LEADING_SPACE = re.compile(rb"[ \t\n\r\f\v]*")
_TEXT_STARTS = (b"{", b"[", b'"', b"'")
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f]")  # control characters other than whitespace
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # two UTF-16 code units each
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_+-]+")  # a key shown in a path unquoted
_EMPTY_KEY_PROBE = '{"":0b}'  # parsed to learn whether a version's TagParser takes an empty key
_READ_BACK_CHARS = 1 << 20  # convert --to snbt reads back texts up to this many characters (all with --strict)
_DIFF_CHARS = 8 << 20  # diff compares texts line by line up to this many characters each
_WHERE_CHARS = 200  # an error's place or quoted value longer than this is shortened in the middle
_LONG_QUOTED = re.compile(r'"([^"]{%d,})"' % (_WHERE_CHARS + 1))
# characters encoded and written at a time: buffers of this size stay below malloc's mmap threshold
# (128 KiB), so each is reused, not mapped and faulted in afresh (a 2.5 GB text cost 1.1 million
# page faults, 4 s, at 1 MiB)
_PRINT_PIECE = 1 << 15
_ASCII_SUPERSETS = frozenset({"utf-8", "ascii", "iso8859-1", "cp1252", "iso8859-15"})  # codecs.lookup names


HELP_NBT = """\
Show, convert and diff NBT files: the five binary encodings (java, java-network, bedrock,
bedrock-level-dat, bedrock-network; gzip, zlib or uncompressed), SNBT text, and the chunks
of region files (r.X.Z.mca).

  harness nbt show FILE [--chunk X,Z] [--pretty] [--version V] [--jdk N] [--max-bytes N]
  harness nbt convert IN OUT --to ENCODING [--compression C] [--storage-version N] [--strict]
                    [--version V] [--jdk N] [--max-bytes N]
  harness nbt diff A B [--version V] [--jdk N] [--max-bytes N]

Floats and doubles are printed as the Java --version needs prints them (17 up to 1.20.4,
21 from 1.20.5, 25 for 26.x); --jdk N prints them as Java N does.

A file's compression and encoding are detected. A file that is not binary NBT but could be
text (UTF-8) is read as SNBT with the game's TagParser of --version; a UTF-8 byte order mark
at its start is skipped (and said so). When neither reading works, the error names both.

Anywhere a file is named, FILE#X,Z names chunk X,Z of a region file, e.g.
  harness nbt diff r.0.0.mca#1,3 backup/r.0.0.mca#1,3

A file named - is standard input (read to its end, within --max-bytes; -#X,Z for a chunk of
a region read from it; one of diff's two at most), and convert's OUT - is standard output:
  curl -s URL | harness nbt show -
  harness nbt convert level.dat - --to snbt | less
  harness nbt convert x.snbt - --to java | gzip -t   (binary output to a terminal is refused)

Input over --max-bytes (default 256 MiB, the limit harness check and the library use too),
as a file or decompressed, is refused before it is read whole. The tools' own budgets, beside the game's limits: --max-tags (1,000,000 tags one
read may make), --max-snbt-chars and --max-snbt-values (8 Mi characters, 100,000 values of
SNBT text read), --max-printed-snbt-chars (2 Gi characters of SNBT printed, compact or
pretty); over one, the refusal names the file, the limit and where.

Bytes after the NBT root (or after a gzip or zlib stream's end) are ignored, as the reader of
the encoding read ignores them (java: the game's NbtIo.read; java-network: its readAnyTag),
and said: a note on stderr gives how many and the offset where they start. The status stays
0 (the game reads such a file as shown); convert warns that they are not written, and
convert --strict refuses the file (status 2). When more than half of the bytes are left
unread, no encoding read the whole file and the one shown is detection's guess: a warning
says so (the file may be no NBT at all; convert --strict refuses it).

Exit status: 0 done (diff: no difference); 1 diff found differences; 2 bad input, output
path or option (one line: the file, the error kind and message as the game gives them, and
where: byte offset, tag path, or line and column of SNBT text). Piped into head, the output
stops quietly and the status stays the run's own.

Run "harness nbt ACTION --help" for each action.
"""

HELP_SHOW = """\
Print what a file is, then its tag as SNBT.

For an NBT file or a chunk: the lines "encoding:", "compression:", "root name:" (not for SNBT
text or java-network, which have none), "region entry:" (for a chunk: where the region
file's sector table puts it), "level.dat storage version:" (Bedrock level.dat header) and any
"note:", then the tag as the game prints it: toString(), or with --pretty the indented text
of SnbtPrinterTagVisitor.

For a region file (named r.X.Z.mca or .mcr, or shaped like one): the chunks present, one row
each: x and z in the region (0..31), first sector, sectors, the stream's length, compression,
last save (UTC; "-" when the file records none), and for an entry the game cannot load, its
problem (a bad sector table entry, a bad header, a stream that does not decompress, NBT that
does not read); a chunk whose own xPos and zPos name another place gets a note. Each
present chunk is read to check it, as --chunk would read it (at most --max-bytes
decompressed bytes and --max-tags tags each), LZ4 streams (id 4) and external c.X.Z.mcc
files beside the region included; a chunk this tool cannot read though the game may (custom
compression, id 127: a mod's codec; a stream over --max-bytes or --max-tags) gets "note: not
checked". The checks of one file share a budget too: --max-region-tags tags
(default 16,000,000: 1,024 chunks of up to 15,600 tags) and --max-bytes decompressed bytes
in all. Once it is used up, every chunk still to come is listed with "note: not checked:
the budget for the whole file is spent", the count line says how many, and the exit
status stays 0: the list ends within seconds, never a read of every chunk of a hostile
file. When chunks are present and the game can load none of them, the list is shown and the
status is 2, with one line on stderr saying no chunk could be read and the first chunk's
problem. --pretty does not apply to the list and is refused.

--chunk X,Z (or FILE#X,Z, or X,Z after the file) shows one chunk. X and Z are the chunk's
place in the region, 0..31 each, as the list shows them; any other pair is read as world
chunk coordinates, which must lie in this region (its file name r.RX.RZ.mca says which:
chunk X,Z lies in region X>>5, Z>>5). Negative numbers are accepted as they are:
--chunk -1,0, --chunk=-1,0, FILE#-1,0, or "-- -1,0" after the file.
"""

HELP_CONVERT = """\
Write the document (a file, or a chunk as FILE#X,Z) in another encoding, or as SNBT.

--to java, java-network, bedrock, bedrock-level-dat or bedrock-network: binary NBT,
compressed as the input was unless --compression gzip|zlib|none says otherwise (SNBT input:
none; bedrock-level-dat: always none, as Bedrock stores its level.dat). --storage-version N sets a Bedrock level.dat header's storage version (default: the
input's header, else its StorageVersion tag); it applies to --to bedrock-level-dat only.

--to snbt: the pretty, indented text of SnbtPrinterTagVisitor of --version (what show
--pretty prints; show without it prints the compact one-line toString()), UTF-8.
--compression does not apply. The text written is read back with the TagParser of the same version; when it would
not read back as the same tag (the game's grammar refuses some keys and values its printer
writes, e.g. an empty key in 26.x), a warning on stderr says why. Texts over 1 MiB are
checked only with --strict (the parser is slow on huge arrays), and none over
--max-snbt-chars (so --strict refuses them; without it a warning says that show, convert
and diff will not read the file back, and the option that raises their limit). The text is written as it is made, never
whole in memory; with --strict nothing is written when the check refuses it.

The root's name is kept where the output has one (java, bedrock, bedrock-level-dat,
bedrock-network); java-network and SNBT have none: dropping a non-empty name is warned.

--strict: refuse instead of warning (exit status 2, nothing written).

The output path is checked before any work: a folder, a missing folder, a non-regular file
or a place where no file can be made is refused. Options that do not apply to the chosen
--to are refused (exit status 2).
"""

HELP_DIFF = """\
A unified diff of both documents' pretty SNBT (whatever their encodings), preceded by their
root names when both have one (SNBT text and java-network have none); exit status 1 when
they differ, 0 when not.

An array of more than 16 elements, printed on one line, is cut: where a changed line pair
holds it, to the first element that differs and 3 on each side ("…" for the rest), with
which element it is; elsewhere to its first 16 elements and its length, e.g.
  -    data: [I; …, 497, 498, 499, 500, 501, 502, 503, …]  (element 500 of 1000 is the first that differs)
  +    data: [I; …, 497, 498, 499, 7, 501, 502, 503, …]  (element 500 of 1000 is the first that differs)

A text over 8 Mi characters (a big array's) is not diffed line by line: the documents are
compared as tags, and when they differ one line names the first place, e.g.
  a.nbt and b.nbt differ, first at data[12345] (the pretty SNBT of a.nbt is over ...)
"""


class NbtCliError(Exception):
    """A refusal of the command line: printed as ``harness nbt: <text>`` with exit status 2."""


def register(subparsers) -> None:
    raw = argparse.RawDescriptionHelpFormatter
    p = subparsers.add_parser("nbt", help="show, convert and diff NBT files (five binary encodings, SNBT, region chunks)",
                              description=HELP_NBT, formatter_class=raw)
    sub = p.add_subparsers(dest="nbt_verb", metavar="ACTION")
    p.set_defaults(func=lambda args: _usage(p))

    show = sub.add_parser("show", help="what a file is, then its tag as SNBT; a region file's chunk list",
                          description=HELP_SHOW, formatter_class=raw)
    show.add_argument("file", type=Path, help="the file (- for standard input), or FILE#X,Z: chunk X,Z of a region file")
    show.add_argument("place", nargs="?", type=_chunk_option, metavar="X,Z", help="the same as --chunk X,Z")
    show.add_argument("--chunk", type=_chunk_option, metavar="X,Z",
                      help="of a region file: show chunk X,Z (0..31 each, or world chunk coordinates in this region) "
                           "instead of the chunk list")
    show.add_argument("--pretty", action="store_true", help="SnbtPrinterTagVisitor's indented text (not for a chunk list)")
    show.add_argument("--max-region-tags", type=_count_option, default=budget.MAX_REGION_TAGS, metavar="N",
                      help="of a region file's chunk list: the tags its chunks' checks may make in all "
                           f"(default {budget.MAX_REGION_TAGS}; each chunk within --max-tags too)")
    _common_options(show)
    _accept_negative_pairs(show)
    show.set_defaults(func=lambda args: _guard(_show, args))

    convert = sub.add_parser("convert", help="write the file in another encoding or as SNBT",
                             description=HELP_CONVERT, formatter_class=raw)
    convert.add_argument("input", type=Path, help="the file (- for standard input), or FILE#X,Z: chunk X,Z of a region file")
    convert.add_argument("output", type=Path, help="the file to write; - for standard output (binary output "
                                                    "only when redirected, not to a terminal)")
    convert.add_argument("--to", required=True, choices=TARGETS, help="the output's encoding (snbt: pretty, indented text)")
    convert.add_argument("--compression", choices=compression.COMPRESSIONS,
                         help="binary output's compression (default: the input's; none for SNBT input)")
    convert.add_argument("--storage-version", type=int, metavar="N",
                         help="with --to bedrock-level-dat: the header's storage version (default: the input's "
                              "header, else its StorageVersion tag)")
    convert.add_argument("--strict", action="store_true",
                         help="refuse (exit 2, nothing written) where a warning would be given")
    _common_options(convert)
    _accept_negative_pairs(convert)
    convert.set_defaults(func=lambda args: _guard(_convert, args))

    diff = sub.add_parser("diff", help="unified diff of two files' pretty SNBT; exit 1 when they differ",
                          description=HELP_DIFF, formatter_class=raw)
    diff.add_argument("a", type=Path, help="a file (- for standard input), or FILE#X,Z: chunk X,Z of a region file")
    diff.add_argument("b", type=Path, help="the other, named as A is")
    _common_options(diff)
    _accept_negative_pairs(diff)
    diff.set_defaults(func=lambda args: _guard(_diff, args))


def _common_options(parser) -> None:
    parser.add_argument("--version", default=versions.LATEST, metavar="V",
                        help=f"game version whose rules apply (default {versions.LATEST}; one of {', '.join(versions.VERSIONS)})")
    parser.add_argument("--jdk", type=_count_option, metavar="N",
                        help="print floats and doubles as Java N's Float/Double.toString does (default: the Java "
                             "--version needs: 17 up to 1.20.4, whose text is not always the shortest; 21 from "
                             "1.20.5, 25 for 26.x, whose text is the shortest form of JDK 19 on)")
    parser.add_argument("--max-bytes", type=_size_option, default=budget.MAX_DECOMPRESSED_BYTES, metavar="N",
                        help=f"refuse an input file, or its decompressed content, over N bytes "
                             f"(default {budget.MAX_DECOMPRESSED_BYTES} = {budget.MAX_DECOMPRESSED_BYTES >> 20} MiB: "
                             "the tools' decompression limit, budget.MAX_DECOMPRESSED_BYTES)")
    parser.add_argument("--max-tags", type=_count_option, default=budget.MAX_TAGS, metavar="N",
                        help=f"refuse a document of more than N tags (default {budget.MAX_TAGS}; a Python tag "
                             "costs about 200 bytes)")
    parser.add_argument("--max-snbt-chars", type=_count_option, default=budget.MAX_SNBT_CHARS, metavar="N",
                        help=f"refuse SNBT text longer than N characters (default {budget.MAX_SNBT_CHARS})")
    parser.add_argument("--max-snbt-values", type=_count_option, default=budget.MAX_SNBT_VALUES, metavar="N",
                        help=f"refuse SNBT text of more than N values (default {budget.MAX_SNBT_VALUES}; the 26.x "
                             "parser takes up to ~30 µs a value)")
    parser.add_argument("--max-printed-snbt-chars", type=_count_option, default=budget.MAX_PRINTED_SNBT_CHARS,
                        metavar="N", help=f"stop printing SNBT (show, convert --to snbt, diff) past N characters "
                                          f"(default {budget.MAX_PRINTED_SNBT_CHARS})")


def _accept_negative_pairs(parser) -> None:
    """Let ``-1,0`` (and ``-#1,0``) be an argument, not an option: argparse takes an argument starting with
    ``-`` for an option unless it matches the parser's ``_negative_number_matcher`` (its own
    pattern: a negative number), and this parser has no option that looks like one."""
    parser._negative_number_matcher = _NEGATIVE_ARGUMENT


def _chunk_option(text: str) -> tuple[int, int]:
    match = CHUNK_PAIR.fullmatch(text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"{text!r} is not X,Z (two whole numbers, e.g. 1,3 or -1,0)")
    return int(match[1]), int(match[2])


def _positive(what: str):
    """An option type: a whole number above 0, else ``'x' is not <what>``."""
    def option(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = -1
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        return value
    return option


_count_option = _positive("a positive whole number")
_size_option = _positive("a positive number of bytes")


def _usage(parser) -> int:
    parser.print_help(sys.stderr)
    return 2


class _Output:
    """Lines on stdout for one run; when the reader goes away (``BrokenPipeError``), the rest
    is dropped and stdout pointed at ``/dev/null`` so that no later flush fails."""

    def __init__(self):
        self.gone = False

    def line(self, *parts: str) -> None:
        """The ``parts`` and a newline (:meth:`stream`)."""
        self.stream(parts)

    def stream(self, parts: Iterable[str]) -> None:
        """The pieces ``parts`` yields, then a newline, written about 32 KiB at a time as they
        come (never a second whole copy of a long text, nor the whole text when ``parts`` is a
        generator); a lone surrogate (a Java string may hold one) as ``\\udXXX``."""
        batch: list[str] = []
        size = 0
        try:
            for text in parts:
                batch.append(text)
                size += len(text)
                if size >= _PRINT_PIECE:
                    self._write("".join(batch))
                    batch, size = [], 0
            batch.append("\n")
            self._write("".join(batch))
        except BrokenPipeError:
            self._lost()

    def _write(self, text: str) -> None:
        if self.gone:
            return
        stream = sys.stdout
        encoding = stream.encoding or "utf-8"
        raw = getattr(stream, "buffer", None)
        if text.isascii() and raw is not None and _ascii_compatible(encoding):  # an array's text: one copy
            stream.flush()
            raw.write(text.encode("ascii"))
            return
        for start in range(0, len(text), _PRINT_PIECE):
            piece = text[start:start + _PRINT_PIECE]
            stream.write(piece.encode(encoding, errors="backslashreplace").decode(encoding))

    def write_bytes(self, pieces: Iterable[bytes]) -> None:
        """The bytes ``pieces`` yields, as they come, on stdout's binary stream."""
        try:
            sys.stdout.flush()
            raw = sys.stdout.buffer
            for piece in pieces:
                if self.gone:
                    break
                raw.write(piece)
            raw.flush()
        except BrokenPipeError:
            self._lost()

    def close(self) -> None:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            self._lost()

    def _lost(self) -> None:
        self.gone = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
            pass  # not a file descriptor (a test's capture): nothing left to flush there


def _ascii_compatible(encoding: str) -> bool:
    """Whether text in ``encoding`` is ASCII text byte for byte, lines ending in ``\\n`` as written."""
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return os.linesep == "\n" and name in _ASCII_SUPERSETS


def _guard(action, args) -> int:
    out = _Output()
    wanted = {name: getattr(args, name.lower(), None) for name in ("MAX_TAGS", "MAX_SNBT_CHARS", "MAX_SNBT_VALUES",
                                                              "MAX_PRINTED_SNBT_CHARS")}
    try:
        with applied(budget, **wanted):
            version = versions.get(args.version)
            if args.jdk is not None:  # float text as on that Java: the release's printers read java_version
                version = replace(version, java_version=args.jdk)
            status = action(args, version, out)
    except (NbtCliError, versions.UnknownVersionError) as e:
        out.close()
        print(f"harness nbt: {e}", file=sys.stderr)
        return 2
    except budget.BudgetExceeded as e:  # read somewhere without its own file name at hand
        out.close()
        named = [str(getattr(args, k)) for k in ("file", "input", "a", "b") if getattr(args, k, None)]
        print(f"harness nbt: {' / '.join(named)}: {e}", file=sys.stderr)
        return 2
    out.close()
    return status


def _tell(text: str) -> None:
    """A warning or note on stderr, beside the output: ``harness nbt: <text>``."""
    print(f"harness nbt: {_escaped(text)}", file=sys.stderr)


# --- reading ---------------------------------------------------------------------------------

@dataclass
class _Input:
    """A document named on the command line: ``doc``; ``entry`` for a region file's chunk (its
    place in the sector table, as ``show`` prints it); ``notes`` on how it was read."""

    doc: object  # harness.formats.nbt.detect.NbtDocument
    entry: str | None = None
    notes: list[str] = field(default_factory=list)


def _source(arg: Path, chunk: tuple[int, int] | None = None) -> tuple[Path, tuple[int, int] | None]:
    """The file and chunk that ``FILE`` or ``FILE#X,Z`` names (a file of that very name wins)."""
    match = CHUNK_SUFFIX.fullmatch(str(arg))
    if match and not arg.exists():
        if chunk is not None:
            raise NbtCliError(f"{arg}: names a chunk, and so does --chunk; give one")
        return Path(match[1]), (int(match[2]), int(match[3]))
    head, hash_sign, suffix = str(arg).rpartition("#")
    if hash_sign and not match and not arg.exists() and Path(head).exists():
        raise NbtCliError(f"{arg}: bad chunk suffix '#{suffix}': expected #X,Z (e.g. {head}#0,0)")
    return arg, chunk


def _is_stdio(path: Path) -> bool:
    """Whether ``path`` is ``-``: standard input as an input, standard output as convert's output."""
    return str(path) == STDIO


def _read_input(path: Path, max_bytes: int) -> bytes | bytearray:
    """The file's (or pipe's; ``-``: standard input's) bytes, read once; :class:`NbtCliError`
    when it cannot be read, is a device or a folder, or is over ``max_bytes``."""
    from harness.engine.limits import LimitExceeded, read_capped, read_stream

    try:
        if _is_stdio(path):
            return read_stream(sys.stdin.buffer, max_bytes, f"{STDIO} (standard input)")
        return read_capped(path, max_bytes, pipes=True)
    except LimitExceeded as e:
        raise NbtCliError(str(e)) from None
    except OSError as e:
        raise NbtCliError(f"{path}: cannot read: {e.strerror or e}") from None


def _load(arg: Path, version, max_bytes: int, chunk: tuple[int, int] | None = None):
    """What ``arg`` names: an :class:`_Input` (binary NBT, SNBT text, or a region file's
    chunk), or a :class:`_Region` when it names a whole region file; :class:`NbtCliError` if
    none of these."""
    from harness.formats import region as regions

    path, chunk = _source(arg, chunk)
    raw = _read_input(path, max_bytes)
    named = regions.REGION_NAME.fullmatch(path.name)
    shaped = None if named else regions.looks_like_region(raw)  # the region it opened, when it is one
    how = "its name r.X.Z.mca" if named else \
        "its header" if shaped is not None else \
        "its name's .mca" if path.suffix.lower() == ".mca" else None  # a damaged copy (x.mca, r.0.0.bak.mca)
    if how is None:
        if chunk is not None:
            raise NbtCliError(f"{path}: not a region file (neither named *.mca nor shaped like one), "
                              f"so it has no chunk {chunk[0]},{chunk[1]}")
        return _nbt_document(path, raw, version, max_bytes)
    try:
        opened = shaped if shaped is not None else regions.RegionFile(raw, origin=(int(named[1]), int(named[2])) if named else (0, 0))
        region = _Region(path, opened, how)
    except GameError as e:
        raise NbtCliError(f"{path}: not a readable region file: {_describe(e)}") from None
    for name in [] if _is_stdio(path) else region.region.external_names():  # c.X.Z.mcc beside it, where the game looks
        if (path.parent / name).is_file():
            region.region.external[name] = _read_input(path.parent / name, max_bytes)
    return region if chunk is None else region.document(chunk, version, max_bytes)


def _nbt_document(path: Path, raw: bytes, version, max_bytes: int) -> _Input:
    from harness.formats.nbt.detect import NbtDocument, open_nbt

    from harness.formats.budget import BudgetExceeded

    try:
        return _Input(open_nbt(raw, version, limit=max_bytes))
    except GameError as e:
        binary_error = e  # the ``except`` name is gone after the block
    except BudgetExceeded as e:
        raise NbtCliError(f"{path}: refused: {e}") from None
    if not raw:
        raise NbtCliError(f"{path}: empty file (0 bytes): neither binary NBT nor SNBT text")
    utf16 = next((name for bom, name in _UTF16_BOMS if raw.startswith(bom)), None)
    if utf16 is not None:
        raise NbtCliError(f"{path}: {utf16} text (its byte order mark {raw[:2].hex(' ').upper()}), not UTF-8: "
                          f"SNBT is read as UTF-8, as the game's TagParser is given it; convert it first "
                          f"(iconv -f UTF-16 -t UTF-8)")
    notes = _binary_notes(raw, binary_error)
    binary = "; ".join([_describe(binary_error), *notes])
    leading = _leading(raw)
    snbt_first = _meant_as_snbt(path, leading)  # its SNBT error is the one a person wants first
    try:
        read = _as_text(raw, leading)
    except UnicodeDecodeError as e:  # text, but not UTF-8: both readings said
        raise _neither(path, snbt_first, binary, f"SNBT text (not UTF-8 at byte {e.start}: {e.reason})") from None
    if read is None:
        verdict = "refused" if _over_limit(binary_error) else "not NBT"
        raise NbtCliError(f"{path}: {verdict}: {_describe(binary_error)}" + (f" ({'; '.join(notes)})" if notes else ""))
    text, bom = read
    from harness.formats.nbt.tag_parser import parse

    try:
        tag = parse(text, version)
    except BudgetExceeded as e:
        raise _neither(path, snbt_first, binary, str(e), refused=True) from None
    except GameError as e:
        raise _neither(path, snbt_first, binary,
                       f"SNBT ({_describe(e, text)}{f'; {BOM_NOTE}' if bom else ''})") from None
    return _Input(NbtDocument(encoding="snbt", compression="none", root_name=None, tag=tag),
                  notes=[BOM_NOTE] if bom else [])


def _neither(path: Path, snbt_first: bool, binary: str, snbt: str, refused: bool = False) -> NbtCliError:
    """The error of a file that neither reading takes: the binary reading's error ``binary``
    and the SNBT one's ``snbt`` (``"SNBT (why)"``, or with ``refused`` the budget's refusal of
    the text), the SNBT one first when the file was meant as SNBT (:func:`_meant_as_snbt`)."""
    if refused:
        said = (f"as SNBT refused: {snbt}; not binary NBT either ({binary})" if snbt_first
                else f"not binary NBT ({binary}); as SNBT refused: {snbt}")
    else:
        said = f"not {snbt}, nor binary NBT ({binary})" if snbt_first else f"neither binary NBT ({binary}) nor {snbt}"
    return NbtCliError(f"{path}: {said}")


@dataclass(frozen=True)
class _Leading:
    """Where a file's text would start: after a UTF-8 byte order mark (``bom``) and blanks."""

    bom: bool
    body: bytes  # the bytes after the mark
    start: int  # the offset in ``body`` of the first byte that is not a blank

    @property
    def first(self) -> bytes:
        """The first byte after the mark and the blanks (``b""`` for none)."""
        return self.body[self.start:self.start + 1]


def _leading(raw: bytes) -> _Leading:
    """``raw``'s :class:`_Leading`: the one scan of its byte order mark and blanks."""
    bom = raw.startswith(_BOM)
    body = raw[len(_BOM):] if bom else raw
    return _Leading(bom, body, _LEADING_SPACE.match(body).end())


def _meant_as_snbt(path: Path, leading: _Leading) -> bool:
    """Whether a file that is not binary NBT was meant as SNBT text: named ``*.snbt``, or its
    first byte after blanks (and a UTF-8 byte order mark: ``leading``) a ``{`` or ``[``. Its
    SNBT error is then said first, the binary reading after it.

    >>> [_meant_as_snbt(Path(name), _leading(raw)) for name, raw in [("deep.snbt", b"\\x0a"), ("-", b"  [1,"), ("x.nbt", b"a")]]
    [True, True, False]
    """
    if not _is_stdio(path) and path.name.lower().endswith(".snbt"):
        return True
    return leading.first in (b"{", b"[")


def _binary_notes(raw: bytes, error: GameError) -> list[str]:
    """Which encoding's reading ``error`` is, and what its offsets count."""
    notes = [f"read as {error.encoding}"] if getattr(error, "encoding", None) else []
    kind = compression.detect_compression(raw)
    if kind != "none" and not isinstance(error, compression.CompressionError):
        notes.append(f"offsets count the {kind}-decompressed bytes")
    return notes


def _as_text(raw: bytes, leading: _Leading) -> tuple[str, bool] | None:
    """``(text, whether a UTF-8 byte order mark was skipped)`` when ``raw`` could be SNBT text:
    UTF-8 (lone surrogates allowed, as ``convert --to snbt`` writes them) that starts with a
    bracket or quote after blanks, starts with a byte order mark, or holds no control
    character but whitespace (a blank file is text too). Else ``None``, decided
    before decoding where a control character shows it (binary NBT has NULs early).
    ``UnicodeDecodeError`` (``start``: the byte offset in ``raw``) for such text that is not
    UTF-8 (but starts as text: a bracket, a quote, a byte order mark or a character).
    ``leading``: ``raw``'s :func:`_leading`."""
    bom, body, start = leading.bom, leading.body, leading.start
    if not bom and leading.first not in _TEXT_STARTS and _CONTROL.search(body):
        return None
    try:
        return body.decode("utf-8", errors="surrogatepass"), bom
    except UnicodeDecodeError as e:
        if not bom and leading.first not in _TEXT_STARTS and e.start <= start:
            return None  # not one character of text before the first byte that is not UTF-8
        e.start += len(raw) - len(body)
        raise


_UNREADABLE_ROWS_SHOWN = 3  # rows of a region listing whose every chunk is unreadable: the rest are summed up
_NUMBERS = re.compile(r"-?\d+")  # a problem's numbers (its chunk, sector, ...): left out to tell problems apart


class _Region:
    """A region file named on the command line: its chunk list, or one chunk as a document."""

    def __init__(self, path: Path, region, how: str):
        self.path, self.region, self.how = path, region, how
        self.unreadable: str | None = None  # after :meth:`listing`: why no chunk present can be loaded
        from harness.formats.region import REGION_NAME

        named = REGION_NAME.fullmatch(path.name)
        self.coords = (int(named[1]), int(named[2])) if named else None  # the region's, by its name

    def local(self, chunk: tuple[int, int]) -> tuple[int, int]:
        """``chunk`` as x and z in the region: a pair in 0..31 as it is, any other pair as world
        chunk coordinates, which must lie in this region (by its name ``r.X.Z.mca``)."""
        x, z = chunk
        if 0 <= x < 32 and 0 <= z < 32:
            return chunk
        home = f"r.{x >> 5}.{z >> 5}.mca"
        if self.coords is None:
            raise NbtCliError(f"{self.path}: no chunk {x},{z}: a chunk's x and z in a region are 0..31, as "
                              f"`harness nbt show {self.path}` lists them (world chunk coordinates need the file's "
                              f"name r.X.Z.mca to say which region it is; world chunk {x},{z} is in {home})")
        if (x >> 5, z >> 5) != self.coords:
            rx, rz = self.coords
            raise NbtCliError(f"{self.path}: no chunk {x},{z}: a chunk's x and z in a region are 0..31, or world "
                              f"chunk coordinates in this region (x {32 * rx}..{32 * rx + 31}, "
                              f"z {32 * rz}..{32 * rz + 31}); world chunk {x},{z} is in {home}")
        return x & 31, z & 31

    def document(self, chunk: tuple[int, int], version, max_bytes: int) -> _Input:
        """Chunk ``chunk`` (:meth:`local`) read as the game reads it (``RegionFile``, then ``NbtIo.read``)."""
        from harness.formats import region as regions
        from harness.formats.budget import BudgetExceeded
        from harness.formats.nbt.detect import NbtDocument

        x, z = self.local(chunk)
        loc = self.region.location(x, z)
        if loc is None:
            world = "" if (x, z) == chunk else f" (world chunk {chunk[0]},{chunk[1]})"
            raise NbtCliError(f"{self.path}: no chunk {x},{z}{world} in this region; "
                              f"`harness nbt show {self.path}` lists the chunks")
        try:
            compression_id = self.region.payload(loc)[0]
            name, tag, problem = self.region.read_chunk_named(loc, version, limit=max_bytes)
        except GameError as e:
            verdict = "refused" if _over_limit(e) else "chunk not readable"
            raise NbtCliError(f"{self.path}#{x},{z}: {verdict}: {_describe(e)}") from None
        except BudgetExceeded as e:
            raise NbtCliError(f"{self.path}#{x},{z}: refused: {e}") from None
        notes = [] if name is not None else ["the root's name is no modified UTF-8 (NbtIo.read skips it unread)"]
        entry = (f"chunk {x},{z} of {self.path.name} (sector table index {loc.index}: sector {loc.sector}, "
                 f"{_count(loc.sectors, 'sector')}; saved {_saved(loc.timestamp)})")
        if self.region.stream_header(loc)[1] & 0x80:
            entry += f"; stored in {self.region.external_path(loc)}"
        if compression_id not in regions.COMPRESSION_BY_ID:  # LZ4: no file compression of NBT's own
            notes.append(f"{regions.compression_name(compression_id)} in the region file (lz4-java's block stream); "
                         "read and written here uncompressed")
        doc = NbtDocument(encoding="java", compression=regions.COMPRESSION_BY_ID.get(compression_id, "none"),
                          root_name=name, tag=tag, problem=problem)
        return _Input(doc, entry=entry, notes=notes)

    def listing(self, version, max_bytes: int, max_region_tags: int | None = None) -> list[str]:
        """The lines of ``show``: what the file is, then a row per chunk present, each chunk
        read as :meth:`document` reads it to name the problem of one the game cannot load.

        The reads share one :class:`~harness.formats.budget.Allowance` for the whole file:
        ``max_region_tags`` tags (default :data:`~harness.formats.budget.MAX_REGION_TAGS`)
        and ``max_bytes`` decompressed bytes in all, each chunk within the per-read
        ``--max-tags`` and ``max_bytes`` too. Once it is spent, the rows that follow say
        "not checked" and the count line says which budget. The count line's "not checked"
        counts every row that says so (a read over a limit of its own, the chunk where the
        file's budget ran out, the chunks after it). The columns are as wide as their widest
        value (at least their heading's; sector numbers of a large file reach 8 digits)."""
        from harness.formats import region as regions
        from harness.formats.budget import BudgetExceeded

        region = self.region
        account = budget.Allowance(budget.MAX_REGION_TAGS if max_region_tags is None else max_region_tags, max_bytes)
        cells, damaged, unchecked, spent = [], 0, 0, 0
        first = None  # the first chunk the game cannot load, and why
        problems = set()  # each damaged chunk's problem, its numbers left out: one where all fail alike
        for loc in region.locations:
            length_text = kind = "-"
            remark = ""
            tag = None
            try:
                length, compression_id = region.stream_header(loc)
                length_text, kind = str(length), regions.compression_name(compression_id)
                if account.spent:
                    spent += 1
                    remark = "  note: not checked: the budget for the whole file is spent"
                else:
                    tag = self._checked(loc, version, account, max_bytes)
            except BudgetExceeded as e:
                unchecked += 1
                remark = f"  note: not checked: {e}"  # the tools' own budget, not the game's
            except GameError as e:
                text = e.message if isinstance(e, regions.RegionError) else _describe(e)
                if isinstance(e, regions.UnsupportedChunkError) or _over_limit(e):
                    unchecked += 1
                    remark = f"  note: not checked: {text}"  # this reader's limit, not the game's
                else:
                    damaged += 1
                    remark = f"  problem: {text}"
                    first = first or f"chunk {loc.x},{loc.z}: {text}"
                    problems.add(_NUMBERS.sub("#", text))
            else:
                stored = None if tag is None else regions.stored_position(tag)
                if stored is not None and not self._holds(loc, stored):
                    remark = (f"  note: holds world chunk {stored[0]},{stored[1]} (its xPos, zPos), whose place "
                              f"in a region is {stored[0] & 31},{stored[1] & 31}")
            cells.append((str(loc.x), str(loc.z), str(loc.sector), str(loc.sectors), length_text, kind,
                          _saved(loc.timestamp), remark))
        count = f"chunks: {len(region.locations)} of {regions.CHUNKS}"
        if damaged:
            count += f"; {damaged} the game cannot load"
        if unchecked or spent:
            tags, size = account.limits
            said = "as its row says" if unchecked == 1 else "as their rows say"
            used_up = "" if not spent else (f"the chunks read before them used up the budget for the whole file, "
                                            f"{tags} tags and {size} decompressed bytes "
                                            f"({budget.to_raise(*account.spent_names)})")
            count += f"; {unchecked + spent} not checked" + (
                f" ({said})" if not spent else f": {used_up}" if not unchecked else
                f": {unchecked} {said}, {spent} because {used_up}")
        heading = ("x", "z", "sector", "sectors", "length", "compression", "saved (UTC)", "")
        widths = [max(least, *(len(row[i]) for row in cells)) if cells else least
                  for i, least in enumerate((3, 3, 7, 7, 9, 11, 19, 0))]
        rows = [_table_row(row, widths) for row in cells]
        cut = [f"note: {line} (the game logs it and opens the file, the rest of its header read as zeros)"
               for line in region.log if line.startswith("Region file has truncated header")]
        if rows and damaged == len(rows):
            self.unreadable = (f"{self.path}: no chunk could be read ({_count(damaged, 'chunk')} present, none "
                               f"the game can load); the first, {first}")
            if len(rows) > _UNREADABLE_ROWS_SHOWN:  # a header of garbage, as a rule: a few rows say it
                rest = len(rows) - _UNREADABLE_ROWS_SHOWN
                alike = "each fails as the rows above do" if len(problems) == 1 else "none of them can be read either"
                rows = rows[:_UNREADABLE_ROWS_SHOWN] + [f"... and {_count(rest, 'more chunk')}, not listed: {alike}"]
        if not rows:  # nothing stored: no table to head
            return [f"region file (recognised by {self.how})", *cut, f"{count}: the region holds no chunk"]
        return [f"region file (recognised by {self.how})", *cut, count, _table_row(heading, widths), *rows]

    def _checked(self, loc, version, account, max_bytes: int):
        """The chunk's root compound, read as :meth:`document` reads it within what is left of
        ``account`` (charged what the read made: its tags and decompressed bytes, or all it was
        allowed when refused). :class:`~harness.formats.budget.BudgetExceeded` when the read
        stops at the file's budget; what the read raises otherwise."""
        from harness.formats import region as regions
        from harness.formats.nbt import nbt_io

        compression_id, payload = self.region.payload(loc)  # a bad entry raises before any charge
        per_read, tags, size = budget.MAX_TAGS, min(budget.MAX_TAGS, account.tags), min(max_bytes, account.size)
        inflated = [size]

        def read(data: bytes):
            inflated[0] = len(data)
            return nbt_io.read_file(data, version, max_tags=tags)

        ran_out = None
        try:
            tag, _, inflated[0] = regions.region_file_version.read_through(compression_id, payload, read, limit=size)
        except budget.BudgetExceeded:
            account.charge(tags, inflated[0])
            if tags == per_read:
                raise
            ran_out = f"the file's budget of {account.limits[0]} tags ran out in this chunk"
            raise_it = budget.to_raise("MAX_REGION_TAGS")
        except GameError as e:
            if e.kind != compression.LIMIT_KIND:  # the read stopped: at most a tag a byte was made
                account.charge(min(tags, inflated[0]), inflated[0])
                raise
            account.charge(0, size)
            if size == max_bytes:
                raise
            ran_out = f"the file's budget of {account.limits[1]} decompressed bytes ran out in this chunk"
            raise_it = budget.to_raise("MAX_DECOMPRESSED_BYTES")
        if ran_out is not None:
            raise budget.BudgetExceeded(f"{ran_out} ({raise_it})")
        account.charge(budget.tag_count(tag), inflated[0])
        return tag

    def _holds(self, loc, stored: tuple[int, int]) -> bool:
        """Whether world chunk ``stored`` belongs at ``loc`` (in this region, when its name says which)."""
        x, z = stored
        if (x & 31, z & 31) != (loc.x, loc.z):
            return False
        return self.coords is None or (x >> 5, z >> 5) == self.coords


def _table_row(cells: tuple[str, ...], widths: list[int]) -> str:
    """A row of ``show``'s region table: x, z, sector, sectors and length right-aligned,
    compression and save time left-aligned, each in its column's width, then the remark."""
    x, z, sector, sectors, length, kind, saved, remark = cells
    w = widths
    return (f"{x:>{w[0]}} {z:>{w[1]}} {sector:>{w[2]}} {sectors:>{w[3]}} {length:>{w[4]}}  {kind:<{w[5]}}  "
            f"{saved:<{w[6]}}{remark}").rstrip()


def _saved(timestamp: int) -> str:
    """A sector table's save time as UTC, ``-`` for 0 (none recorded)."""
    if not timestamp:
        return "-"
    return datetime.datetime.fromtimestamp(timestamp, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _document_of(arg: Path, version, max_bytes: int) -> _Input:
    """The document ``arg`` names; a whole region file is refused (one chunk must be named)."""
    loaded = _load(arg, version, max_bytes)
    if isinstance(loaded, _Region):
        raise NbtCliError(f"{loaded.path}: a region file of {_count(len(loaded.region.locations), 'chunk')}; "
                          f"name one as {loaded.path}#X,Z")
    return loaded


# --- printing --------------------------------------------------------------------------------

def _escaped(text: str) -> str:
    """``text`` with each unprintable character as Python's ``repr`` writes it (``\\t``, ``\\x00``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _describe(error: GameError, text: str | None = None) -> str:
    """``Kind: message (caused by ...), at offset N, path p``: unprintable characters escaped,
    a long place or quoted value (the game's ``For input string: "..."`` echoes the input)
    shortened in the middle (:func:`harness.engine.shorten.shorten`). For an SNBT error in
    ``text``, the line and column of the game's position (in UTF-16 code units) follow it,
    the position itself said once (the game's message already gives it)."""
    from harness.engine.shorten import shorten

    if _over_limit(error):  # the tools' own inflate limit, not a game error: said as the tools' limits are
        out = f"decompresses to more than the tools' limit of {error.limit} bytes (--max-bytes N to raise it)"
    else:
        out = error.kind if error.message is None else f"{error.kind}: {_short_quotes(error.message)}"
    if error.cause:
        out += f" (caused by {error.cause}" + ("" if error.cause_message is None else
                                               f": {_short_quotes(error.cause_message)}") + ")"
    cursor = getattr(error, "cursor", None)
    said = isinstance(cursor, int) and error.message is not None and f" at position {cursor}: " in error.message
    if error.where and not said:
        out += f", at {shorten(_escaped(error.where), _WHERE_CHARS)}"
    if text is not None and isinstance(cursor, int):
        line, column = _line_column(text, cursor)
        out += f": line {line}, column {column}"
    return _escaped(out)


def _over_limit(error: GameError) -> bool:
    """Whether ``error`` is the tools' inflate limit (``--max-bytes`` of decompressed bytes; the
    number as its ``limit``, never read back out of the message)."""
    return error.kind == compression.LIMIT_KIND and isinstance(getattr(error, "limit", None), int)


def _short_quotes(message: str) -> str:
    """``message`` with each over-long double-quoted value shortened in the middle."""
    from harness.engine.shorten import shorten

    return _LONG_QUOTED.sub(lambda m: f'"{shorten(m[1], _WHERE_CHARS)}"', message)


def _line_column(text: str, units: int) -> tuple[int, int]:
    """Line and column (1-based; columns count characters) of the position ``units`` UTF-16
    code units into ``text`` (Java's string positions)."""
    if _ASTRAL.search(text) is None:  # one code unit a character: no copy needed
        at = min(units, len(text))
    else:
        at = len(text.encode("utf-16-le", "surrogatepass")[:2 * units].decode("utf-16-le", "surrogatepass"))
    line_start = text.rfind("\n", 0, at) + 1
    return text.count("\n", 0, at) + 1, at - line_start + 1


def _snbt_parts(tag, version, pretty: bool) -> Iterator[str]:
    """The tag's SNBT in pieces, made as they are asked for: ``SnbtPrinterTagVisitor``
    (``pretty``) or ``toString()``."""
    if pretty:
        from harness.formats.nbt.snbt_printer_tag_visitor import pretty_parts

        return pretty_parts(tag, version)
    from harness.formats.nbt.string_tag_visitor import to_string_parts

    return to_string_parts(tag, version)


def _snbt(tag, version, pretty: bool) -> str:
    return "".join(_snbt_parts(tag, version, pretty))


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- the actions -----------------------------------------------------------------------------

def _show(args, version, out: _Output) -> int:
    chunk = args.chunk
    if args.place is not None:
        if chunk is not None:
            raise NbtCliError("give the chunk once: --chunk X,Z or X,Z after the file")
        chunk = args.place
    loaded = _load(args.file, version, args.max_bytes, chunk)
    if isinstance(loaded, _Region):
        if args.pretty:
            raise NbtCliError(f"{loaded.path}: --pretty applies to a tag, not to a region file's chunk list; "
                              f"name a chunk: {loaded.path}#X,Z")
        for line in loaded.listing(version, args.max_bytes, args.max_region_tags):
            out.line(line)
        if loaded.unreadable is not None:
            raise NbtCliError(loaded.unreadable)
        return 0
    doc = loaded.doc
    out.line(f"encoding: {doc.encoding}")
    out.line(f"compression: {doc.compression}")
    if doc.root_name is not None:
        out.line(f"root name: {_quote(doc.root_name)}")
    if loaded.entry is not None:
        out.line(f"region entry: {loaded.entry}")
    if doc.header is not None:
        out.line(f"level.dat storage version: {doc.header}")
    for note in loaded.notes:
        out.line(f"note: {note}")
    if doc.problem is not None:
        out.line(f"note: {_describe(doc.problem)} after the NBT ended (the game does not read that far)")
    for note in _ignored(doc):
        _tell(f"{args.file}: note: {note}")
    if warning := _guessed(doc):
        _tell(f"{args.file}: warning: {warning}")
    out.stream(_snbt_parts(doc.tag, version, args.pretty))
    return 0


_STREAMS = {"gzip": "GZIPInputStream", "zlib": "InflaterInputStream"}


_ROOT_READERS = {"java": "the game's NbtIo.read ignores them",
                 "java-network": "the game's NbtIo.readAnyTag (the network form: a nameless root) ignores them"}
"""Who ignores the bytes after the root, by the encoding read; other encodings' (Bedrock's) reads end at the root."""


def _ignored(doc, fate: str = "ignored") -> list[str]:
    """What the read of ``doc`` left unread (its ``trailing`` and ``after_stream`` bytes), as
    the reader of its encoding (the game's ``NbtIo.read`` for ``java``, ``readAnyTag`` for
    ``java-network``) and the JDK's streams leave it: said (``fate``: what becomes of them),
    never read."""
    said = []
    decompressed = "" if doc.compression == "none" else f" of the {doc.compression}-decompressed bytes"
    root_reader = _ROOT_READERS.get(doc.encoding, f"the {doc.encoding} read ends at the root")
    for place, what, where, reader in (
        (doc.after_stream, f"the {doc.compression} stream", "byte {} of the file",
         f"{_STREAMS.get(doc.compression)} ignores them"),
        (doc.trailing, "the NBT root", "offset {}" + decompressed, root_reader + " (the root ends there)"),
    ):
        if place is not None:
            at, count = place
            said.append(f"{_count(count, 'byte')} {'follows' if count == 1 else 'follow'} {what}, from "
                        f"{where.format(at)}: {fate}, as {reader}")
    return said


def _guessed(doc) -> str | None:
    """A warning when more than half of the (decompressed) bytes are left after the root: no
    encoding read the whole file (``harness nbt`` always detects it), so the reading shown is
    detection's best guess, and most likely the file is no NBT at all; else ``None``."""
    if doc.trailing is None or doc.trailing[1] <= doc.trailing[0]:
        return None
    end, count = doc.trailing
    return (f"no encoding reads the whole file: the {doc.encoding} reading shown is a guess that reads {end} of its "
            f"{end + count} bytes and leaves {count} unread; it may not be NBT at all")


def _check_output(path: Path, binary: bool) -> None:
    """Refuse, before any work, an output path that cannot be written as a regular file, and
    binary output to standard output (``-``) when that is a terminal."""
    if _is_stdio(path):
        if binary and sys.stdout.isatty():
            raise NbtCliError("-: binary NBT is not written to a terminal; redirect standard output "
                              "(> FILE or | COMMAND) or name an output file")
        return
    if path.is_dir():
        raise NbtCliError(f"{path}: is a directory; give the output file's name")
    if path.exists() and not path.is_file():
        raise NbtCliError(f"{path}: not a regular file; give the output file's name")
    folder = path.parent
    if not folder.is_dir():
        raise NbtCliError(f"{path}: cannot write: folder {folder} does not exist")
    try:  # the only sure test: make (and drop) a file where the output's temporary file will go
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as e:
        raise NbtCliError(f"{path}: cannot write: cannot create files in {folder} ({e.strerror or e})") from None


def _write(path: Path, pieces: Iterable[bytes], out: _Output, whole: bool = False) -> None:
    """Write the bytes ``pieces`` yields to ``path`` atomically, as they come; what ``pieces``
    raises (a refusal found at the end) leaves the old file as it was. ``-``: to standard
    output, as they come (``whole``: all made first, so that a refusal writes nothing)."""
    from harness.engine.outputs import OutputError, atomic_write_pieces

    if _is_stdio(path):
        if whole:
            pieces = list(pieces)
        out.write_bytes(pieces)
        return
    try:
        atomic_write_pieces(path, pieces)
    except OutputError as e:  # its message names the path and why already
        raise NbtCliError(str(e)) from None
    except OSError as e:
        raise NbtCliError(f"{path}: cannot write: {e.strerror or e}") from None


def _check_convert_options(args) -> None:
    """Refuse an option that does not apply to ``--to`` (one line, exit status 2)."""
    if args.compression is not None and args.to == "snbt":
        raise NbtCliError("--compression applies to binary output, not to --to snbt")
    if args.storage_version is not None:
        if args.to != "bedrock-level-dat":
            raise NbtCliError(f"--storage-version applies to --to bedrock-level-dat only, not to --to {args.to}")
        if not -(1 << 31) <= args.storage_version < (1 << 31):
            raise NbtCliError(f"--storage-version {args.storage_version} does not fit the header's signed 32-bit int")
    if args.to == "bedrock-level-dat" and args.compression not in (None, "none"):
        raise NbtCliError(f"--compression {args.compression}: a Bedrock level.dat is never compressed (its 8-byte "
                          "header, then little-endian NBT); it is written plain")


def _read_back(text: str, tag, version) -> str | None:
    """Why ``text`` (SNBT written for ``tag``) will not read back as ``tag`` with the
    ``TagParser`` of ``version``, or ``None`` when it does."""
    from harness.formats.nbt.tag_parser import parse

    from harness.formats.budget import BudgetExceeded

    try:
        back = parse(text, version)
    except BudgetExceeded as e:
        return f"the text could not be read back to check it: {e}"
    except GameError as e:
        reason = f"the text will not read back: the TagParser of {version.id} refuses it: {_describe(e, text)}"
        empty = _empty_key_path(tag)
        if empty is not None:
            try:
                parse(_EMPTY_KEY_PROBE, version)
            except GameError:
                reason += f" (the tag has an empty key, at {empty}, and this TagParser refuses {_EMPTY_KEY_PROBE})"
        return reason
    where = _first_difference(tag, back)  # a walk, not ==: a tree of any depth
    if where is not None:
        return f"the text reads back as another tag with the TagParser of {version.id} (first difference at {where})"
    return None


def _first_difference(a, b) -> str | None:
    """The tag path of the first place where tags ``a`` and ``b`` differ (depth first, ``a``'s
    order; in arrays of one length, the first element that differs), shortened in the middle to
    :data:`_WHERE_CHARS`, or None where they are equal; walked with a stack of its own, so a tree
    of any depth is compared. Each node keeps its parent and its step (a key or an index): the
    path is written out once, at the difference."""
    import numpy as np

    from harness.engine.shorten import shorten
    from harness.formats.nbt import tags as T

    def written(node, last=None) -> str:
        steps = [] if last is None else [last]
        while node is not None:
            node, step = node
            steps.append(step)
        path = ""
        for step in reversed(steps):
            path = f"{path}[{step}]" if type(step) is int else _child(path, step)
        return shorten(path or "(root)", _WHERE_CHARS)

    stack = [(a, b, None)]  # node: None at the root, else (the parent's node, the step to here)
    while stack:
        x, y, node = stack.pop()
        if type(x) is not type(y):
            return written(node)
        if isinstance(x, dict):
            missing = next((key for key in (*x, *y) if key not in x or key not in y), None)
            if missing is not None:
                return written(node, missing)
            stack.extend((x[key], y[key], (node, key)) for key in reversed(list(x)))
        elif isinstance(x, list):
            if len(x) != len(y):
                return written(node)
            stack.extend((x[i], y[i], (node, i)) for i in reversed(range(len(x))))
        elif isinstance(x, T._ArrayTag) and len(x) == len(y) and x != y:
            return written(node, int(np.flatnonzero(x.array != y.array)[0]))
        elif x != y:
            return written(node)
    return None


def _too_deep_to_read(tag, version) -> str | None:
    """Why binary NBT of ``tag`` will not read back in ``version`` (the game's ``NbtAccounter``
    refuses more than 512 nested containers, 513 in 1.20.1), or ``None``."""
    from harness.engine.jsontext import nesting

    rules = version.nbt
    fits = rules.max_depth + (1 if rules.accounter_style == "legacy" else 0)
    depth = nesting(tag)
    if depth <= fits:
        return None
    return (f"the file will not read back: it nests {depth} compounds and lists; the game ({version.id}) "
            f"and harness nbt show refuse more than {fits} (depth > {rules.max_depth})")


def _empty_key_path(tag) -> str | None:
    """The tag path of the first compound entry whose key is ``""`` in ``tag``, or ``None``."""
    stack = [(tag, "")]
    while stack:
        x, path = stack.pop()
        if isinstance(x, dict):
            if "" in x:
                return _child(path, "")
            stack.extend((x[key], _child(path, key)) for key in reversed(list(x)))
        elif isinstance(x, list):
            stack.extend((x[i], f"{path}[{i}]") for i in reversed(range(len(x))))
    return None


def _child(path: str, key: str) -> str:
    name = key if _PLAIN_KEY.fullmatch(key) else _quote(key)
    return f"{path}.{name}" if path else name


def _convert(args, version, out: _Output) -> int:
    _check_convert_options(args)
    _check_output(args.output, binary=args.to != "snbt")
    loaded = _document_of(args.input, version, args.max_bytes)
    for note in loaded.notes:
        _tell(f"{args.input}: note: {note}")
    doc = loaded.doc
    of_input = _ignored(doc, "not written") + [w for w in (_guessed(doc),) if w]  # about the input: said naming it
    if args.strict and of_input:
        raise NbtCliError(f"{args.output}: not written (--strict): "
                          f"{'; '.join(f'{args.input}: {w}' for w in of_input)}")
    warnings = []  # about the output: said naming it
    if doc.root_name and args.to in ("snbt", "java-network"):
        warnings.append(f"the root's name {_quote(doc.root_name)} is dropped ({args.to} has no root name)")
    if args.to == "snbt":
        if args.strict and warnings:
            raise NbtCliError(f"{args.output}: not written (--strict): {'; '.join(warnings)}")
        _write(args.output, _snbt_file(doc.tag, version, args, warnings), out, whole=args.strict)
    else:
        data = _binary(doc, version, args)
        warnings.append(_too_deep_to_read(doc.tag, version))
        warnings = [w for w in warnings if w]
        if warnings and args.strict:
            raise NbtCliError(f"{args.output}: not written (--strict): {'; '.join(warnings)}")
        _write(args.output, (data,), out)
    for warning in of_input:
        _tell(f"{args.input}: warning: {warning}")
    for warning in warnings:
        if warning:
            _tell(f"{args.output}: warning: {warning}")
    return 0


def _snbt_file(tag, version, args, warnings: list) -> Iterator[bytes]:
    """The UTF-8 bytes of ``convert --to snbt`` (the pretty text and a newline; lone surrogates
    kept), made and handed out a piece at a time, never the whole text at once. At the end,
    the text is read back (:func:`_read_back`) when it is at most :data:`_READ_BACK_CHARS`
    characters (with ``--strict``: the tools' SNBT budget, beyond which no text parses), and
    its reason appended to ``warnings`` (a longer text over the tools' SNBT limit: a warning
    that it will not read back, with the option raising the limit); with ``--strict`` a warning raises
    :class:`NbtCliError` instead (a text over the limit: as soon as it is), so that nothing
    is written."""
    limit = budget.MAX_SNBT_CHARS if args.strict else _READ_BACK_CHARS
    kept: list[str] | None = []
    size = 0
    for text in itertools.chain(_snbt_parts(tag, version, pretty=True), ("\n",)):
        size += len(text)
        if kept is not None:
            kept.append(text)
            if size > limit:
                kept = None  # too long to read back: not kept
                if args.strict:  # refused whatever follows: no more of it is made
                    raise NbtCliError(f"{args.output}: not written (--strict): the text could not be read back to "
                                      f"check it: SNBT text of more than {limit} characters, over the tools' limit "
                                      f"(--max-snbt-chars N to raise it)")
        yield text.encode("utf-8", errors="surrogatepass")
    if kept is not None:
        warnings.append(_read_back("".join(kept), tag, version))
    elif size > budget.MAX_SNBT_CHARS:  # no tool of ours reads it: said as the binary depth warning says it
        warnings.append(f"the file will not read back: its {size} characters of SNBT are over the tools' limit of "
                        f"{budget.MAX_SNBT_CHARS}, which harness nbt show, convert and diff refuse "
                        f"(--max-snbt-chars N to raise it)")
    else:
        _tell(f"{args.output}: note: not read back to check ({size} characters, over {limit}; --strict checks it)")
    if args.strict and any(warnings):
        raise NbtCliError(f"{args.output}: not written (--strict): {'; '.join(w for w in warnings if w)}")


def _binary(doc, version, args) -> bytes:
    """The bytes of ``convert --to`` a binary encoding."""
    from harness.formats.nbt.detect import NbtDocument, save_nbt

    header = None
    if args.to == "bedrock-level-dat":
        header = args.storage_version if args.storage_version is not None else doc.header
        if header is None:
            stored = doc.tag.get("StorageVersion") if isinstance(doc.tag, dict) else None
            if stored is None or getattr(stored, "id", None) != 3:
                raise NbtCliError(f"{args.input}: no storage version for the level.dat header; "
                                  "give --storage-version N")
            header = int(stored)
    kept = doc.compression if doc.encoding != "snbt" and args.to != "bedrock-level-dat" else "none"
    target = NbtDocument(
        encoding=args.to,
        compression=args.compression or kept,  # a Bedrock level.dat is never compressed, whatever the input was
        root_name=doc.root_name if doc.root_name is not None else "",
        tag=doc.tag,
        header=header,
    )
    try:
        return save_nbt(target, version)
    except GameError as e:
        raise NbtCliError(f"{args.output}: cannot write as {args.to}: {_describe(e)}") from None


def _diff_text(loaded: _Input, other: _Input, version) -> str | None:
    """The pretty SNBT ``diff`` compares, after a ``root name:`` line when both documents have a
    root name; ``None`` when it would be longer than :data:`_DIFF_CHARS` (made a piece at a
    time and dropped as soon as it is)."""
    parts = _snbt_parts(loaded.doc.tag, version, pretty=True)
    if loaded.doc.root_name is not None and other.doc.root_name is not None:
        parts = itertools.chain((f"root name: {_quote(loaded.doc.root_name)}\n",), parts)
    kept, size = [], 0
    for text in parts:
        size += len(text)
        if size > _DIFF_CHARS:
            return None
        kept.append(text)
    return "".join(kept)


def _diff(args, version, out: _Output) -> int:
    if _is_stdio(_source(args.a)[0]) and _is_stdio(_source(args.b)[0]):
        raise NbtCliError("-: standard input can be one of the two documents, not both")
    first = _document_of(args.a, version, args.max_bytes)
    second = _document_of(args.b, version, args.max_bytes)
    for name, loaded in ((args.a, first), (args.b, second)):
        for note in [*loaded.notes, *_ignored(loaded.doc)]:
            _tell(f"{name}: note: {note}")
        if warning := _guessed(loaded.doc):
            _tell(f"{name}: warning: {warning}")
    a = _diff_text(first, second, version)
    b = None if a is None else _diff_text(second, first, version)
    if a is None or b is None:
        return _diff_long(args, first.doc, second.doc, args.a if a is None else args.b, out)
    if a == b:
        return 0
    a, b = a.splitlines(keepends=True), b.splitlines(keepends=True)
    from harness.cli.nbt_diff_lines import shown

    differs = False
    for line in shown(line.rstrip("\n") for line in difflib.unified_diff(a, b, fromfile=str(args.a), tofile=str(args.b))):
        differs = True
        if out.gone:
            break  # the answer is known; nobody reads the rest
        out.line(line)
    return 1 if differs else 0


def _diff_long(args, a, b, long_one: Path, out: _Output) -> int:
    """``diff`` of documents whose text is too long to compare line by line: status 0 when
    the tags (and root names) are equal, else 1 and one line naming the first difference."""
    names_differ = a.root_name is not None and b.root_name is not None and a.root_name != b.root_name
    where = "the root name" if names_differ else _first_difference(a.tag, b.tag)  # a walk: no recursion, any depth
    if where is None:
        return 0
    out.line(f"{args.a} and {args.b} differ, first at {where} (the pretty SNBT of {long_one} is over "
             f"{_DIFF_CHARS} characters: not compared line by line)")
    return 1
