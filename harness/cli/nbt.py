"""``harness nbt``: show, convert and diff NBT files in any of the five binary encodings, SNBT,
or one chunk of a region file.

::

    harness nbt show FILE [--chunk X,Z] [--pretty] [--version V] [--max-bytes N]
    harness nbt convert IN OUT --to {java,java-network,bedrock,bedrock-level-dat,bedrock-network,snbt}
                        [--compression gzip|zlib|none] [--storage-version N] [--version V] [--max-bytes N]
    harness nbt diff A B [--version V] [--max-bytes N]

A binary file's compression (gzip, zlib, none) and encoding are detected
(:func:`harness.formats.nbt.detect.open_nbt`); a file that is no binary NBT but UTF-8 text is
read as SNBT with the game's ``TagParser`` of ``--version``. ``show`` prints the encoding,
compression and root name first, then the tag as SNBT (``toString()``, or
``SnbtPrinterTagVisitor`` with ``--pretty``). ``convert`` writes the tag in another encoding
(the output's compression defaults to the input's; ``none`` for SNBT input). ``diff`` prints a
unified diff of both files' pretty SNBT and exits 1 when they differ.

Region files (``r.X.Z.mca``/``.mcr``, recognised by that name or by their header's shape;
:mod:`harness.formats.region`): ``show`` lists the chunks present (x and z in the region,
0..31, first sector, sectors, the stream's length, compression, last save in UTC);
``show FILE --chunk X,Z`` shows one chunk as any NBT file. Anywhere a file is named, ``FILE#X,Z``
names chunk ``X,Z`` of a region file: ``harness nbt diff r.0.0.mca#0,0 old/r.0.0.mca#0,0``,
``harness nbt convert r.0.0.mca#1,0 chunk.snbt --to snbt``.

Input files over ``--max-bytes`` (default 512 MiB), or whose decompressed content is, are
refused, never read whole.

Exit status: 0 done (``diff``: no difference), 1 ``diff`` found differences, 2 bad input,
output path or option (one line naming the file, the error kind and, where known, the byte
offset). When the output's reader goes away (``| head``), the rest of the output is dropped
and the status is still the run's own (``diff`` that found differences: 1).
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import io
import os
import re
import stat
import sys
import tempfile
from pathlib import Path

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression

TARGETS = ("java", "java-network", "bedrock", "bedrock-level-dat", "bedrock-network", "snbt")
DEFAULT_MAX_BYTES = 512 * 1024 * 1024
CHUNK_SUFFIX = re.compile(r"(.+)#(\d+),(\d+)")
_LEADING_SPACE = re.compile(rb"[ \t\n\r\f\v]*")
_WHERE_CHARS = 200  # an error's place longer than this is shortened in the middle
_PRINT_PIECE = 1 << 20  # characters encoded and written at a time


class NbtCliError(Exception):
    """A refusal of the command line: printed as ``harness nbt: <text>`` with exit status 2."""


def register(subparsers) -> None:
    p = subparsers.add_parser("nbt", help="show, convert and diff NBT files (five binary encodings, SNBT, region chunks)",
                              description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="nbt_verb", metavar="ACTION")
    p.set_defaults(func=lambda args: _usage(p))

    show = sub.add_parser("show", help="detected encoding and compression, then the tag as SNBT; "
                                       "a region file's chunks")
    show.add_argument("file", type=Path, help="the file, or FILE#X,Z: chunk X,Z of a region file")
    show.add_argument("--chunk", type=_chunk_option, metavar="X,Z",
                      help="of a region file: show chunk X,Z (0..31 each) instead of the chunk list")
    show.add_argument("--pretty", action="store_true", help="SnbtPrinterTagVisitor's indented text")
    _common_options(show)
    show.set_defaults(func=lambda args: _guard(_show, args))

    convert = sub.add_parser("convert", help="write the file in another encoding or as SNBT")
    convert.add_argument("input", type=Path, help="the file, or FILE#X,Z: chunk X,Z of a region file")
    convert.add_argument("output", type=Path)
    convert.add_argument("--to", required=True, choices=TARGETS, help="the output's encoding")
    convert.add_argument("--compression", choices=compression.COMPRESSIONS,
                         help="the output's compression (default: the input's; none for SNBT input)")
    convert.add_argument("--storage-version", type=int, metavar="N",
                         help="Bedrock level.dat header's storage version (default: the input's header, "
                              "else its StorageVersion tag)")
    _common_options(convert)
    convert.set_defaults(func=lambda args: _guard(_convert, args))

    diff = sub.add_parser("diff", help="unified diff of two files' pretty SNBT; exit 1 when they differ")
    diff.add_argument("a", type=Path, help="a file, or FILE#X,Z: chunk X,Z of a region file")
    diff.add_argument("b", type=Path)
    _common_options(diff)
    diff.set_defaults(func=lambda args: _guard(_diff, args))


def _common_options(parser) -> None:
    parser.add_argument("--version", default=versions.LATEST, metavar="V",
                        help=f"game version whose rules apply (default {versions.LATEST}; one of {', '.join(versions.VERSIONS)})")
    parser.add_argument("--max-bytes", type=_size_option, default=DEFAULT_MAX_BYTES, metavar="N",
                        help=f"refuse an input file, or its decompressed content, over N bytes "
                             f"(default {DEFAULT_MAX_BYTES}: 512 MiB)")


def _chunk_option(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+),(\d+)", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"{text!r} is not X,Z (two numbers 0..31)")
    return int(match[1]), int(match[2])


def _size_option(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        size = -1
    if size <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of bytes")
    return size


def _usage(parser) -> int:
    parser.print_help(sys.stderr)
    return 2


class _Output:
    """Lines on stdout for one run; when the reader goes away (``BrokenPipeError``), the rest
    is dropped and stdout pointed at ``/dev/null`` so that no later flush fails."""

    def __init__(self):
        self.gone = False

    def line(self, *parts: str) -> None:
        """The ``parts`` and a newline, written about a MiB at a time (never a second whole copy
        of a long text); a lone surrogate (a Java string may hold one) as ``\\udXXX``."""
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
        for start in range(0, len(text), _PRINT_PIECE):
            piece = text[start:start + _PRINT_PIECE]
            stream.write(piece.encode(encoding, errors="backslashreplace").decode(encoding))

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


def _guard(action, args) -> int:
    out = _Output()
    try:
        version = versions.get(args.version)
        status = action(args, version, out)
    except (NbtCliError, versions.UnknownVersionError) as e:
        out.close()
        print(f"harness nbt: {e}", file=sys.stderr)
        return 2
    out.close()
    return status


# --- reading ---------------------------------------------------------------------------------

def _source(arg: Path, chunk: tuple[int, int] | None = None) -> tuple[Path, tuple[int, int] | None]:
    """The file and chunk that ``FILE`` or ``FILE#X,Z`` names (a file of that very name wins)."""
    match = CHUNK_SUFFIX.fullmatch(str(arg))
    if match and not arg.exists():
        if chunk is not None:
            raise NbtCliError(f"{arg}: names a chunk, and so does --chunk; give one")
        return Path(match[1]), (int(match[2]), int(match[3]))
    return arg, chunk


def _read_input(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, read once; :class:`NbtCliError` when it cannot be read or is over ``max_bytes``."""
    def too_big(size: str) -> NbtCliError:
        return NbtCliError(f"{path}: {size} bytes, over the limit of {max_bytes} bytes (--max-bytes N to raise it)")

    try:
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            if stat.S_ISREG(info.st_mode):
                if info.st_size > max_bytes:
                    raise too_big(str(info.st_size))
                data = f.read()
            else:  # a pipe or a /proc file: no size to trust, read up to the limit
                pieces, total = [], 0
                while total <= max_bytes and (piece := f.read(min(1 << 20, max_bytes + 1 - total))):
                    pieces.append(piece)
                    total += len(piece)
                data = b"".join(pieces)
    except OSError as e:
        raise NbtCliError(f"{path}: cannot read: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise too_big(f"more than {max_bytes}")
    return data


def _load(arg: Path, version, max_bytes: int, chunk: tuple[int, int] | None = None):
    """What ``arg`` names: an :class:`~harness.formats.nbt.detect.NbtDocument` (binary NBT,
    SNBT text, or a region file's chunk), or a :class:`_Region` when it names a whole region
    file; :class:`NbtCliError` if none of these."""
    from harness.formats import region as regions

    path, chunk = _source(arg, chunk)
    raw = _read_input(path, max_bytes)
    how = "its name r.X.Z.mca" if regions.REGION_NAME.fullmatch(path.name) else \
        "its header" if regions.looks_like_region(raw) else None
    if how is None:
        if chunk is not None:
            raise NbtCliError(f"{path}: not a region file (neither named r.X.Z.mca nor shaped like one), "
                              f"so it has no chunk {chunk[0]},{chunk[1]}")
        return _nbt_document(path, raw, version, max_bytes)
    try:
        region = _Region(path, regions.RegionFile(raw), how)
        return region if chunk is None else region.document(chunk, version, max_bytes)
    except GameError as e:
        raise NbtCliError(f"{path}: not a readable region file: {_describe(e)}") from None


def _nbt_document(path: Path, raw: bytes, version, max_bytes: int):
    from harness.formats.nbt.detect import NbtDocument, open_nbt

    try:
        return open_nbt(raw, version, limit=max_bytes)
    except GameError as e:
        binary_error = e  # the ``except`` name is gone after the block
    text = _as_text(raw)
    if text is None:
        kind = compression.detect_compression(raw)
        notes = [f"read as {binary_error.encoding}"] if getattr(binary_error, "encoding", None) else []
        if kind != "none" and not isinstance(binary_error, compression.CompressionError):
            notes.append(f"offsets count the {kind}-decompressed bytes")
        inside = f" ({'; '.join(notes)})" if notes else ""
        raise NbtCliError(f"{path}: not NBT: {_describe(binary_error)}{inside}")
    from harness.formats.nbt.tag_parser import parse

    try:
        tag = parse(text, version)
    except GameError as e:
        raise NbtCliError(f"{path}: neither binary NBT ({_describe(binary_error)}) nor SNBT ({_describe(e)})") from None
    return NbtDocument(encoding="snbt", compression="none", root_name="", tag=tag)


def _as_text(raw: bytes) -> str | None:
    """``raw`` as SNBT text when it can be (starting with a bracket or a quote, then UTF-8);
    decided from the first non-blank byte before anything is decoded."""
    start = _LEADING_SPACE.match(raw).end()
    if raw[start:start + 1] not in (b"{", b"[", b'"', b"'"):
        return None
    try:
        return raw.decode("utf-8", errors="surrogatepass")  # as convert --to snbt writes lone surrogates
    except UnicodeDecodeError:
        return None


class _Region:
    """A region file named on the command line: its chunk list, or one chunk as a document."""

    def __init__(self, path: Path, region, how: str):
        self.path, self.region, self.how = path, region, how

    def document(self, chunk: tuple[int, int], version, max_bytes: int):
        """Chunk ``(x, z)`` read as the game reads it (``RegionFile``, then ``NbtIo.read``)."""
        from harness.formats import region as regions
        from harness.formats.nbt.detect import NbtDocument

        x, z = chunk
        loc = self.region.location(x, z)
        if loc is None:
            where = "" if x < 32 and z < 32 else " (x and z of a chunk in a region are 0..31)"
            raise NbtCliError(f"{self.path}: no chunk {x},{z} in this region{where}; "
                              f"`harness nbt show {self.path}` lists the chunks")
        try:
            compression_id = self.region.payload(loc)[0]
            tag = self.region.read_chunk(loc, version, limit=max_bytes)
        except GameError as e:
            raise NbtCliError(f"{self.path}#{x},{z}: chunk not readable: {_describe(e)}") from None
        return NbtDocument(encoding="java", compression=regions.COMPRESSION_BY_ID[compression_id],
                           root_name=None, tag=tag)

    def listing(self) -> list[str]:
        """The lines of ``show``: what the file is, then a row per chunk present."""
        from harness.formats import region as regions

        region = self.region
        lines = [f"region file (recognised by {self.how})",
                 f"chunks: {len(region.locations)} of {regions.CHUNKS}",
                 f"{'x':>3} {'z':>3} {'sector':>7} {'sectors':>7} {'length':>9}  {'compression':<11}  saved (UTC)"]
        for loc in region.locations:
            saved = datetime.datetime.fromtimestamp(loc.timestamp, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S") \
                if loc.timestamp else "0"
            try:
                length, compression_id = region.stream_header(loc)
                length_text, kind = str(length), regions.compression_name(compression_id)
            except GameError as e:
                length_text, kind = "-", "-"
                saved += f"  problem: {_escaped(e.message or e.kind)}"
            lines.append(f"{loc.x:>3} {loc.z:>3} {loc.sector:>7} {loc.sectors:>7} {length_text:>9}  {kind:<11}  {saved}")
        return lines


def _document_of(arg: Path, version, max_bytes: int):
    """The document ``arg`` names; a whole region file is refused (one chunk must be named)."""
    loaded = _load(arg, version, max_bytes)
    if isinstance(loaded, _Region):
        raise NbtCliError(f"{loaded.path}: a region file of {len(loaded.region.locations)} chunks; "
                          f"name one as {loaded.path}#X,Z")
    return loaded


# --- printing --------------------------------------------------------------------------------

def _escaped(text: str) -> str:
    """``text`` with each unprintable character as Python's ``repr`` writes it (``\\t``, ``\\x00``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _describe(error: GameError) -> str:
    """``Kind: message (caused by ...), at offset N, path p``: unprintable characters escaped,
    a long place shortened in the middle."""
    text = error.kind if error.message is None else f"{error.kind}: {error.message}"
    if error.cause:
        text += f" (caused by {error.cause}" + ("" if error.cause_message is None else f": {error.cause_message}") + ")"
    if error.where:
        where = _escaped(error.where)
        if len(where) > _WHERE_CHARS:
            head, tail = _WHERE_CHARS * 2 // 3, _WHERE_CHARS // 4
            where = f"{where[:head]}…({len(where) - head - tail} more characters)…{where[-tail:]}"
        text += f", at {where}"
    return _escaped(text)


def _snbt_parts(tag, version, pretty: bool) -> list[str]:
    """The tag's SNBT in pieces: ``SnbtPrinterTagVisitor`` (``pretty``) or ``toString()``."""
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
    loaded = _load(args.file, version, args.max_bytes, args.chunk)
    if isinstance(loaded, _Region):
        for line in loaded.listing():
            out.line(line)
        return 0
    doc = loaded
    out.line(f"encoding: {doc.encoding}")
    out.line(f"compression: {doc.compression}")
    if doc.root_name is not None:
        out.line(f"root name: {_quote(doc.root_name)}")
    if doc.header is not None:
        out.line(f"level.dat storage version: {doc.header}")
    if doc.problem is not None:
        out.line(f"note: {_describe(doc.problem)} after the NBT ended (the game does not read that far)")
    out.line(*_snbt_parts(doc.tag, version, args.pretty))
    return 0


def _check_output(path: Path) -> None:
    """Refuse, before any work, an output path that cannot be written as a regular file."""
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


def _write(path: Path, data: bytes) -> None:
    from harness.engine.casefile import atomic_write_bytes

    try:
        atomic_write_bytes(path, data)
    except OSError as e:
        raise NbtCliError(f"{path}: cannot write: {e.strerror or e}") from None


def _convert(args, version, out: _Output) -> int:
    from harness.formats.nbt.detect import NbtDocument, save_nbt

    if args.to == "snbt" and args.compression not in (None, "none"):
        raise NbtCliError("--compression applies to binary output, not to --to snbt")
    if args.storage_version is not None and not -(1 << 31) <= args.storage_version < (1 << 31):
        raise NbtCliError(f"--storage-version {args.storage_version} does not fit the header's signed 32-bit int")
    _check_output(args.output)
    doc = _document_of(args.input, version, args.max_bytes)
    if args.to == "snbt":
        text = _snbt(doc.tag, version, pretty=True) + "\n"
        _write(args.output, text.encode("utf-8", errors="surrogatepass"))  # lone surrogates kept
        return 0
    header = None
    if args.to == "bedrock-level-dat":
        header = args.storage_version if args.storage_version is not None else doc.header
        if header is None:
            stored = doc.tag.get("StorageVersion") if isinstance(doc.tag, dict) else None
            if stored is None or getattr(stored, "id", None) != 3:
                raise NbtCliError(f"{args.input}: no storage version for the level.dat header; "
                                  "give --storage-version N")
            header = int(stored)
    target = NbtDocument(
        encoding=args.to,
        compression=args.compression or (doc.compression if doc.encoding != "snbt" else "none"),
        root_name=doc.root_name if doc.root_name is not None else "",
        tag=doc.tag,
        header=header,
    )
    try:
        data = save_nbt(target, version)
    except GameError as e:
        raise NbtCliError(f"{args.output}: cannot write as {args.to}: {_describe(e)}") from None
    _write(args.output, data)
    return 0


def _diff(args, version, out: _Output) -> int:
    a = _snbt(_document_of(args.a, version, args.max_bytes).tag, version, pretty=True)
    b = _snbt(_document_of(args.b, version, args.max_bytes).tag, version, pretty=True)
    if a == b:
        return 0
    a, b = a.splitlines(keepends=True), b.splitlines(keepends=True)
    differs = False
    for line in difflib.unified_diff(a, b, fromfile=str(args.a), tofile=str(args.b)):
        differs = True
        if out.gone:
            break  # the answer is known; nobody reads the rest
        out.line(line.rstrip("\n"))
    return 1 if differs else 0
