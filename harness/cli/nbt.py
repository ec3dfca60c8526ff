"""``harness nbt``: show, convert and diff NBT files in any of the five binary encodings or SNBT.

::

    harness nbt show FILE [--version V] [--pretty]
    harness nbt convert IN OUT --to {java,java-network,bedrock,bedrock-level-dat,bedrock-network,snbt}
                        [--compression gzip|zlib|none] [--storage-version N] [--version V]
    harness nbt diff A B [--version V]

A binary file's compression (gzip, zlib, none) and encoding are detected
(:func:`harness.formats.nbt.detect.open_nbt`); a file that is no binary NBT but UTF-8 text is
read as SNBT with the game's ``TagParser`` of ``--version``. ``show`` prints the encoding,
compression and root name first, then the tag as SNBT (``toString()``, or
``SnbtPrinterTagVisitor`` with ``--pretty``). ``convert`` writes the tag in another encoding
(the output's compression defaults to the input's; ``none`` for SNBT input). ``diff`` prints a
unified diff of both files' pretty SNBT and exits 1 when they differ.

Exit status: 0 done (``diff``: no difference), 1 ``diff`` found differences, 2 bad input or
option (the message names the file, the error kind and, where known, the byte offset).
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from pathlib import Path

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression

TARGETS = ("java", "java-network", "bedrock", "bedrock-level-dat", "bedrock-network", "snbt")


class NbtCliError(Exception):
    """A refusal of the command line: printed as ``harness nbt: <text>`` with exit status 2."""


def register(subparsers) -> None:
    p = subparsers.add_parser("nbt", help="show, convert and diff NBT files (five binary encodings, SNBT)",
                              description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="nbt_verb", metavar="ACTION")
    p.set_defaults(func=lambda args: _usage(p))

    show = sub.add_parser("show", help="detected encoding and compression, then the tag as SNBT")
    show.add_argument("file", type=Path)
    show.add_argument("--pretty", action="store_true", help="SnbtPrinterTagVisitor's indented text")
    _version_option(show)
    show.set_defaults(func=lambda args: _guard(_show, args))

    convert = sub.add_parser("convert", help="write the file in another encoding or as SNBT")
    convert.add_argument("input", type=Path)
    convert.add_argument("output", type=Path)
    convert.add_argument("--to", required=True, choices=TARGETS, help="the output's encoding")
    convert.add_argument("--compression", choices=compression.COMPRESSIONS,
                         help="the output's compression (default: the input's; none for SNBT input)")
    convert.add_argument("--storage-version", type=int, metavar="N",
                         help="Bedrock level.dat header's storage version (default: the input's header, "
                              "else its StorageVersion tag)")
    _version_option(convert)
    convert.set_defaults(func=lambda args: _guard(_convert, args))

    diff = sub.add_parser("diff", help="unified diff of two files' pretty SNBT; exit 1 when they differ")
    diff.add_argument("a", type=Path)
    diff.add_argument("b", type=Path)
    _version_option(diff)
    diff.set_defaults(func=lambda args: _guard(_diff, args))


def _version_option(parser) -> None:
    parser.add_argument("--version", default=versions.LATEST, metavar="V",
                        help=f"game version whose rules apply (default {versions.LATEST}; one of {', '.join(versions.VERSIONS)})")


def _usage(parser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _guard(action, args) -> int:
    try:
        version = versions.get(args.version)
        return action(args, version)
    except (NbtCliError, versions.UnknownVersionError) as e:
        print(f"harness nbt: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into head and the like
        sys.stdout = open(os.devnull, "w")
        return 0


def _load(path: Path, version):
    """The document in ``path`` (binary NBT, else SNBT text); :class:`NbtCliError` if neither."""
    from harness.formats.nbt.detect import NbtDocument, open_nbt

    try:
        raw = path.read_bytes()
    except OSError as e:
        raise NbtCliError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        return open_nbt(raw, version)
    except GameError as binary_error:
        text = _as_text(raw)
        if text is None:
            kind = compression.detect_compression(raw)
            inside = "" if kind == "none" or isinstance(binary_error, compression.CompressionError) \
                else f" (offsets count the {kind}-decompressed bytes)"
            raise NbtCliError(f"{path}: not NBT: {_describe(binary_error)}{inside}") from None
    from harness.formats.nbt.tag_parser import parse

    try:
        tag = parse(text, version)
    except GameError as e:
        raise NbtCliError(f"{path}: neither binary NBT ({_describe(binary_error)}) nor SNBT ({_describe(e)})") from None
    return NbtDocument(encoding="snbt", compression="none", root_name="", tag=tag)


def _as_text(raw: bytes) -> str | None:
    """``raw`` as SNBT text when it can be (UTF-8, starting with a bracket or a quote)."""
    try:
        text = raw.decode("utf-8", errors="surrogatepass")  # as convert --to snbt writes lone surrogates
    except UnicodeDecodeError:
        return None
    return text if text.lstrip()[:1] in ("{", "[", '"', "'") else None


def _describe(error: GameError) -> str:
    """``Kind: message (caused by ...), at offset N, path p`` (a long path shortened)."""
    text = error.kind if error.message is None else f"{error.kind}: {error.message}"
    if error.cause:
        text += f" (caused by {error.cause}" + ("" if error.cause_message is None else f": {error.cause_message}") + ")"
    if error.where:
        where = error.where if len(error.where) <= 160 else error.where[:150] + " ..."
        text += f", at {where}"
    return text


def _snbt(tag, version, pretty: bool) -> str:
    if pretty:
        from harness.formats.nbt.snbt_printer_tag_visitor import pretty as print_pretty

        return print_pretty(tag, version)
    from harness.formats.nbt.string_tag_visitor import to_string

    return to_string(tag, version)


def _print(text: str) -> None:
    """``text`` on stdout; a lone surrogate (a Java string may hold one) shown as ``\\udXXX``."""
    sys.stdout.write(text.encode(sys.stdout.encoding or "utf-8", errors="backslashreplace")
                     .decode(sys.stdout.encoding or "utf-8") + "\n")


def _show(args, version) -> int:
    doc = _load(args.file, version)
    _print(f"encoding: {doc.encoding}")
    _print(f"compression: {doc.compression}")
    if doc.root_name is not None:
        _print(f"root name: {_quote(doc.root_name)}")
    if doc.header is not None:
        _print(f"level.dat storage version: {doc.header}")
    if doc.problem is not None:
        _print(f"note: {_describe(doc.problem)} after the NBT ended (the game does not read that far)")
    _print(_snbt(doc.tag, version, args.pretty))
    return 0


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _convert(args, version) -> int:
    from harness.engine.casefile import atomic_write_bytes
    from harness.formats.nbt.detect import NbtDocument, save_nbt

    doc = _load(args.input, version)
    if args.to == "snbt":
        if args.compression not in (None, "none"):
            raise NbtCliError("--compression applies to binary output, not to --to snbt")
        text = _snbt(doc.tag, version, pretty=True) + "\n"
        atomic_write_bytes(args.output, text.encode("utf-8", errors="surrogatepass"))  # lone surrogates kept
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
        if not -(1 << 31) <= header < (1 << 31):
            raise NbtCliError(f"--storage-version {header} does not fit the header's signed 32-bit int")
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
    atomic_write_bytes(args.output, data)
    return 0


def _diff(args, version) -> int:
    a = _snbt(_load(args.a, version).tag, version, pretty=True).splitlines(keepends=True)
    b = _snbt(_load(args.b, version).tag, version, pretty=True).splitlines(keepends=True)
    lines = list(difflib.unified_diff(a, b, fromfile=str(args.a), tofile=str(args.b)))
    for line in lines:
        _print(line.rstrip("\n"))
    return 1 if lines else 0
