"""Compression around NBT: detect it by its magic bytes, undo it within a bound, redo it.

NBT itself is never compressed; the container decides (seed 001, "Komprimierung"): Java
files are mostly gzip (magic ``1f 8b``, ``NbtIo.readCompressed``/``writeCompressed``,
which wrap ``GZIPInputStream``/``GZIPOutputStream``), chunk payloads in region files zlib
(``78 01``, ``78 5e``, ``78 9c``, ``78 da``: the four zlib headers of a 32 KiB window without
a preset dictionary), Bedrock files none. Detection looks at those magic bytes only, so one
reader takes all three. A raw NBT document starts with a tag id (0..12), which none of the
magic bytes is, so the three never overlap.

Decompression follows ``java.util.zip.GZIPInputStream`` / ``InflaterInputStream``:

- gzip: header checked as Java's ``readHeader`` does (magic, method 8, the FEXTRA / FNAME /
  FCOMMENT / FHCRC fields), the raw deflate data, then the trailer (CRC-32 and size mod
  2^32). Further members that follow are read and appended; bytes after the last member
  that do not start another member are ignored, as Java does.
- zlib: the stream up to its end; bytes after it are ignored.

Errors are :class:`CompressionError` (a :class:`harness.formats.errors.GameError`), with the
kind and message the JDK gives and ``where`` = the byte offset in the compressed input:

| input | kind | message |
| --- | --- | --- |
| gzip magic wrong (only through :func:`decompress` with ``"gzip"``) | ``ZipException`` | ``Not in GZIP format`` |
| gzip method other than 8 | ``ZipException`` | ``Unsupported compression method`` |
| gzip header CRC (FHCRC) wrong | ``ZipException`` | ``Corrupt GZIP header`` |
| gzip trailer CRC or size wrong | ``ZipException`` | ``Corrupt GZIP trailer`` |
| deflate data corrupt | ``ZipException`` | zlib's own text (``invalid block type``, ...) |
| stream cut inside the deflate data | ``EOFException`` | ``Unexpected end of ZLIB input stream`` |
| stream cut inside a gzip header or trailer | ``EOFException`` | ``None`` (Java's ``readUByte`` gives none) |
| output beyond ``limit`` bytes | ``DecompressionLimitException`` | harness-specific, see below |

The game inflates lazily while ``NbtIo`` reads, so a fault after the NBT's last byte goes
unnoticed there (a chunk declared one byte short of its zlib stream still loads).
:func:`decompress` is strict; :func:`decompress_prefix` gives the bytes that inflate before
the fault with the fault beside them, and :func:`read_compressed` runs a reader on that
prefix and raises the fault only when the reader runs out of bytes, as the game does (the
rule is :func:`read_to_fault`, which region chunks' streams use too). :func:`read_streaming`
reads the same way but inflates only as far as the reader needs, as the game's stream does
(region chunks: a read the tools' budget stops after 1 MiB never inflates the other 19 MiB).

``DecompressionLimitException`` is the harness's own kind, not the game's: the game inflates
only as far as ``NbtIo`` reads, and its ``NbtAccounter`` bounds what it reads; we inflate
before reading, so we bound the inflated bytes instead: more than ``limit`` (``None``, the
default: :data:`harness.formats.budget.MAX_DECOMPRESSED_BYTES`, 256 MiB, read at each call)
is refused with this kind (:func:`limit_error`), never allocated.

Compressing back writes what the JDK writes: gzip with ``GZIPOutputStream``'s fixed header
``1f 8b 08 00 00000000 00 ff`` (modification time 0; OS 255 as JDK 16+ writes it; older JDKs
wrote 0) and deflate level 6 (``Deflater.DEFAULT_COMPRESSION``); zlib through
``DeflaterOutputStream`` at the same level (``78 9c``). The deflate bytes equal Java's where
both use the same zlib build; only the decompressed content is ever compared.

>>> detect_compression(bytes.fromhex("1f8b0800"))
'gzip'
>>> detect_compression(bytes.fromhex("789c"))
'zlib'
>>> detect_compression(bytes.fromhex("0a0000"))
'none'
>>> decompress(compress(b"\\x0a\\x00\\x00\\x00", "gzip"))
b'\\n\\x00\\x00\\x00'
>>> unwrap(compress(b"\\x0a\\x00\\x00\\x00", "zlib"))
('zlib', b'\\n\\x00\\x00\\x00')
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Callable, Generator, Iterator, TypeVar

from harness.formats import budget
from harness.formats.errors import GameError

GZIP = "gzip"
ZLIB = "zlib"
NONE = "none"
COMPRESSIONS = (GZIP, ZLIB, NONE)

GZIP_MAGIC = b"\x1f\x8b"
ZLIB_HEADERS = frozenset({b"\x78\x01", b"\x78\x5e", b"\x78\x9c", b"\x78\xda"})

T = TypeVar("T")
_CHUNK = 1 << 20
_FHCRC, _FEXTRA, _FNAME, _FCOMMENT = 2, 4, 8, 16
_GZIP_OS_UNKNOWN = 255  # GZIPOutputStream's OS byte since JDK 16 (JDK-8244706)
_LEVEL = 6  # Deflater.DEFAULT_COMPRESSION is zlib's level 6
LIMIT_KIND = "DecompressionLimitException"


class CompressionError(GameError):
    """A compressed stream the JDK would refuse (kind ``ZipException`` / ``EOFException``),
    or one beyond the harness's inflate limit (kind ``DecompressionLimitException``, with the
    limit in bytes as :attr:`limit`; :func:`limit_error`)."""

    limit: int | None = None


def detect_compression(data: bytes) -> str:
    """``"gzip"``, ``"zlib"`` or ``"none"``, by the first two bytes (see the module text)."""
    head = bytes(data[:2])
    if head == GZIP_MAGIC:
        return GZIP
    if head in ZLIB_HEADERS:
        return ZLIB
    return NONE


def decompress(data: bytes, compression: str | None = None, *, limit: int | None = None) -> bytes:
    """``data`` with its compression undone (``compression`` detected when ``None``).

    Strict: raises :class:`CompressionError` for any corrupt or cut stream (use
    :func:`decompress_prefix` to read as the game does), or when more than ``limit`` bytes
    would come out. ``"none"`` gives ``data`` back as ``bytes``.
    """
    out, problem = decompress_prefix(data, compression, limit=limit)
    if problem is not None:
        raise problem
    return out


def decompress_prefix(data: bytes, compression: str | None = None, *,
                      limit: int | None = None) -> tuple[bytes, CompressionError | None]:
    """``(bytes inflated before the first problem, the problem or None)``: for gzip and zlib
    the ``bytes`` the stream grew in, handed over without a copy (as :func:`read_compressed`
    reads them).

    The game inflates lazily while ``NbtIo`` reads, so a stream that is cut, corrupt or has
    a wrong gzip trailer only fails where the reader needs bytes beyond the good part (a
    chunk whose declared length is one byte short still loads when the inflated NBT is
    complete). Callers read the prefix and raise the problem when the reader runs out.
    The limit is never lenient: beyond it, :class:`CompressionError` is raised at once.
    ``"none"`` gives ``data`` itself back when it is ``bytes`` (no copy; no limit: the bytes
    are already there), and a ``bytes`` copy of any other bytes-like ``data`` (a
    ``bytearray``, a ``memoryview``): the one case that copies.
    """
    _, prefix, problem, _ = _prefix_span(data, compression, limit)
    return (prefix if type(prefix) is bytes else bytes(prefix)), problem  # only "none" of a non-bytes input copies


def _prefix_span(data: bytes, compression: str | None, limit: int | None, early: Early | None = None
                 ) -> tuple[str, bytes, CompressionError | None, int | None]:
    """``(compression, prefix, problem, stream end)``: ``compression`` (detected when ``None``;
    ``ValueError`` for an unknown one), the bytes inflated before the first problem (``data``
    itself for ``"none"``, whatever bytes-like object it is; else the ``bytes`` the stream grew
    in, not copied), the problem or None, and the
    offset in ``data`` where the stream ended (``None`` for ``"none"`` and after a fault).
    ``early``: see :func:`read_compressed` (not called for ``"none"``)."""
    if compression is None:
        compression = detect_compression(data)
    if compression not in COMPRESSIONS:
        raise _unknown(compression)
    if compression == NONE:
        return compression, data, None, None
    return (compression, *_decompress_span(data, compression, limit, early))


def _unknown(compression) -> ValueError:
    return ValueError(f"unknown compression {compression!r}; one of {', '.join(COMPRESSIONS)}")


def _decompress_span(data: bytes, compression: str, limit: int | None, early: Early | None = None
                     ) -> tuple[bytes, CompressionError | None, int | None]:
    """The inflated bytes of gzip or zlib ``data`` (the buffer they grew in, not copied: a
    read of them costs no second buffer), its fault, and the offset in ``data`` where the
    compressed stream ended (``None`` after a fault): what follows is ignored, as the JDK's
    streams ignore it. ``early`` is given the bytes first, to look at their start
    (:func:`read_compressed`)."""
    out = _Inflated()
    pieces = _Pieces(data, compression, limit, out)
    ended, problem = False, None
    if early is not None:
        def more(size: int) -> None:
            nonlocal ended, problem
            if not ended and len(out) < size:
                ended, problem = _inflate_onto(out, pieces, size)

        early(out, more)
    if not ended:
        ended, problem = _inflate_onto(out, pieces)
    return out.value(), problem, None if problem is not None else pieces.end


class _Inflated:
    """The bytes a stream inflates to, grown in one buffer that becomes the ``bytes`` read
    (:meth:`value`): ``io.BytesIO`` grows its ``bytes`` in place (``realloc``) and hands that
    very object over, where a ``bytearray`` would have to be copied into one (the readers
    take ``bytes``), twice the memory at the peak: a file holding a 200 MB array."""

    def __init__(self):
        self._io = io.BytesIO()

    def __len__(self) -> int:
        return self._io.tell()  # only appended to: the end

    def __iadd__(self, chunk: bytes) -> _Inflated:
        self._io.write(chunk)
        return self

    def cut(self, size: int) -> None:
        """Keep the first ``size`` bytes alone."""
        self._io.truncate(size)
        self._io.seek(size)

    def crc32(self, start: int) -> tuple[int, int]:
        """``(CRC-32, length)`` of the bytes from ``start`` on (a gzip member's)."""
        with self._io.getbuffer() as view, view[start:] as member:
            return zlib.crc32(member), len(member)

    def head(self, size: int) -> bytes:
        """The first ``size`` bytes (fewer when fewer are there), a copy of their own."""
        with self._io.getbuffer() as view, view[:size] as start:
            return bytes(start)

    def copy(self) -> bytes:
        """The bytes so far, a copy of their own (the buffer grows on)."""
        with self._io.getbuffer() as view:
            return bytes(view)

    def value(self) -> bytes:
        """The bytes, handed over without a copy; nothing is added after."""
        return self._io.getvalue()


class _Pieces:
    """Inflate ``data`` (``"gzip"`` or ``"zlib"``) onto ``out``, a step (``next``) each time it
    grows: the steps end with the stream (:attr:`end`: the offset in ``data`` after it), or with
    its :class:`CompressionError`."""

    def __init__(self, data: bytes, compression: str, limit: int | None, out: _Inflated):
        view = memoryview(data)
        limit = budget.decompressed_limit(limit)
        self.steps = _gunzip(view, limit, out) if compression == GZIP else _inflate(view, 0, zlib.MAX_WBITS, limit, out)
        self.end: int | None = None

    def __iter__(self):
        return self

    def __next__(self) -> None:
        try:
            return next(self.steps)
        except StopIteration as e:
            self.end = e.value
            raise


def _inflate_onto(out: _Inflated, pieces: Iterator[None], size: int | None = None
                  ) -> tuple[bool, CompressionError | None]:
    """Run :class:`_Pieces` until ``out`` holds ``size`` bytes (``None``: to the stream's end):
    ``(whether the stream ended, its fault or None)``; the limit raises."""
    try:
        while size is None or len(out) < size:
            next(pieces)
    except StopIteration:
        return True, None
    except CompressionError as problem:
        if problem.kind == LIMIT_KIND:
            raise
        return True, problem
    return False, None


Early = Callable[[_Inflated, Callable[[int], None]], None]
"""``early(out, more)`` of :func:`read_compressed`: ``out`` the inflated bytes so far (``len(out)``
and ``out.head(n)``, the first ``n`` of them), ``more(n)``
inflating on until ``out`` holds ``n`` bytes (fewer when the stream ends or faults first; the
limit raises)."""


def read_compressed(data: bytes, read: Callable[[bytes], T], compression: str | None = None, *,
                    limit: int | None = None, early: Early | None = None
                    ) -> tuple[T, str, CompressionError | None, int | None]:
    """``(read(decompressed), compression, problem, stream end)``, reading as the game does
    through a decompressing stream: the inflated prefix (:func:`decompress_prefix`'s, read in
    place), then :func:`read_to_fault` (a problem the reader never reaches is returned beside
    the value; the game never notices it).
    ``stream end``: the offset in ``data`` where the gzip or zlib stream ended (the bytes after
    it are ignored, as the JDK ignores them); ``None`` for ``"none"`` and after a fault.

    ``early(out, more)`` (gzip and zlib only), before the stream is inflated whole: a reader
    whose first bytes can already refuse the data looks at them there, inflating only as far
    as it asks (``more(n)``), and raises its refusal (a bomb that fails at byte 0 is refused
    without being inflated to the limit); when it returns, the rest is inflated and read.
    """
    compression, prefix, problem, end = _prefix_span(data, compression, limit, early)
    return read_to_fault(read, prefix, problem), compression, problem, end


def read_to_fault(read: Callable[[bytes], T], prefix: bytes, problem: GameError | None) -> T:
    """``read(prefix)``, where ``prefix`` is what a decompressing stream gave before its fault
    ``problem`` (``None``: no fault), as the game reads through the stream: if ``read`` runs
    out of input (a :class:`GameError` whose kind or cause is ``EOFException``) where the
    stream faulted, ``problem`` is raised instead; if it finishes, the fault goes unnoticed.
    Other errors of ``read`` pass through."""
    try:
        return read(prefix)
    except GameError as e:
        if problem is not None and _ran_out(e):
            raise problem from None
        raise


def _ran_out(error: GameError) -> bool:
    """Whether a reader's ``error`` is running out of input (its kind or cause ``EOFException``)."""
    return "EOFException" in (error.kind, error.cause)


FIRST_PIECE = 1 << 20
"""The bytes :func:`read_streaming` inflates before its first read (1 MiB); each time the
read runs out, 4 times as many."""


def read_streaming(read: Callable[[bytes], T], data: bytes, compression: str, *,
                   limit: int | None = None) -> tuple[T, CompressionError | None, int]:
    """``(read(decompressed), problem, bytes inflated)`` as :func:`read_compressed` reads, but
    inflating only as far as ``read`` needs, as the game's stream inflates while ``NbtIo`` reads:
    ``read`` is given :data:`FIRST_PIECE` bytes, and while it runs out of them (``EOFException``)
    and the stream has more, 4 times as many (the bytes read again are at most a third more).

    ``read`` must answer a prefix of its input as it answers the whole or run out of it
    (``NbtIo.read`` of one encoding does: a reader never looks past what it reads, and counts
    a list's tags as far as its bytes are there); a reader that detects the encoding by the
    input's length (:func:`harness.formats.nbt.detect.detect`) does not, and goes through
    :func:`read_compressed`. Once ``read`` returns, the rest of the stream is inflated (within
    ``limit``) to find a fault after the NBT's end, returned beside the value; an error of
    ``read`` is raised at once, the rest never inflated (a :class:`GameError` where the bytes
    were all there; a fault ``read`` ran into is raised instead of its ``EOFException``; any
    other exception, such as the tools' budget, as it is).

    ``compression``: ``"gzip"``, ``"zlib"`` or ``"none"`` (read once, as it is).

    Memory: a prefix is read from a copy (the buffer grows on), so only a piece of at most a
    quarter of ``limit`` is; past that the stream is inflated to its end (or the limit) first,
    and a whole stream is read from the inflated buffer itself. A bomb peaks at about the limit
    (it peaked at twice it: 2 x 256 MiB and the interpreter, 569 MB).
    """
    if compression not in COMPRESSIONS:
        raise _unknown(compression)
    if compression == NONE:
        prefix = data if type(data) is bytes else bytes(data)
        return read(prefix), None, len(prefix)
    limit = budget.decompressed_limit(limit)
    out = _Inflated()
    pieces = _Pieces(data, compression, limit, out)
    size: int | None = FIRST_PIECE
    while True:
        if size is not None and size * 4 > limit:
            size = None  # no copy of over a quarter of the limit: inflate to the end (or the limit) at once
        ended, problem = _inflate_onto(out, pieces, size)  # a fault ends the stream
        try:  # the whole stream is read in place, a prefix from a copy (the buffer grows on)
            value = read_to_fault(read, out.value() if ended else out.copy(), problem)
        except GameError as e:
            if ended or not _ran_out(e):
                raise
            size *= 4
            continue
        if not ended:
            _, problem = _inflate_onto(out, pieces)
        return value, problem, len(out)


def unwrap(data: bytes, *, limit: int | None = None) -> tuple[str, bytes]:
    """``(compression, decompressed bytes)``: :func:`detect_compression` then :func:`decompress`."""
    compression = detect_compression(data)
    return compression, decompress(data, compression, limit=limit)


def compress(data: bytes, compression: str) -> bytes:
    """``data`` compressed as the JDK's ``GZIPOutputStream`` / ``DeflaterOutputStream`` would."""
    if compression == GZIP:
        deflater = zlib.compressobj(_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        body = deflater.compress(data) + deflater.flush()
        header = GZIP_MAGIC + bytes([8, 0, 0, 0, 0, 0, 0, _GZIP_OS_UNKNOWN])
        return header + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)
    if compression == ZLIB:
        return zlib.compress(data, _LEVEL)
    if compression == NONE:
        return bytes(data)
    raise _unknown(compression)


# --- gzip, as GZIPInputStream reads it ---------------------------------------------------

def _eof(offset: int, message: str | None = None) -> CompressionError:
    return CompressionError("EOFException", message, where=f"byte {offset} of the compressed input")


def _zip_error(offset: int, message: str) -> CompressionError:
    return CompressionError("ZipException", message, where=f"byte {offset} of the compressed input")


def _gunzip(data: memoryview, limit: int, out: _Inflated) -> Generator[None, None, int]:
    pos = 0
    while True:
        pos = _gzip_header(data, pos)
        first = len(out)
        pos = yield from _inflate(data, pos, -zlib.MAX_WBITS, limit, out)
        if len(data) - pos < 8:
            raise _eof(len(data))
        crc, size = struct.unpack_from("<II", data, pos)
        inflated_crc, inflated_size = out.crc32(first)
        if crc != inflated_crc or size != inflated_size & 0xFFFFFFFF:
            raise _zip_error(pos, "Corrupt GZIP trailer")
        pos += 8
        # Java reads another member only if one starts here; anything else is ignored
        if bytes(data[pos:pos + 2]) != GZIP_MAGIC:
            return pos


def _gzip_header(data: memoryview, pos: int) -> int:
    """The offset after the gzip member header at ``pos`` (``GZIPInputStream.readHeader``)."""
    start = pos
    end = len(data)

    def need(n: int) -> None:
        if pos + n > end:
            raise _eof(end)

    need(2)
    if bytes(data[pos:pos + 2]) != GZIP_MAGIC:
        raise _zip_error(pos, "Not in GZIP format")
    need(10)
    if data[pos + 2] != 8:
        raise _zip_error(pos + 2, "Unsupported compression method")
    flags = data[pos + 3]
    pos += 10
    if flags & _FEXTRA:
        need(2)
        pos += 2 + struct.unpack_from("<H", data, pos)[0]
        need(0)
    for flag in (_FNAME, _FCOMMENT):
        if flags & flag:
            nul = bytes(data[pos:]).find(b"\x00")
            if nul < 0:
                raise _eof(end)
            pos += nul + 1
    if flags & _FHCRC:
        need(2)
        if struct.unpack_from("<H", data, pos)[0] != zlib.crc32(data[start:pos]) & 0xFFFF:
            raise _zip_error(pos, "Corrupt GZIP header")
        pos += 2
    return pos


def _inflate(data: memoryview, pos: int, wbits: int, limit: int, out: _Inflated) -> Generator[None, None, int]:
    """Inflate the stream at ``pos`` onto ``out``, a step (``yield``) after each piece of up to
    1 MiB; the offset after the stream.

    On corrupt data, ``out`` keeps everything that inflates before the bad spot (found by
    feeding the stream again, only on that error path: :func:`_inflate_to_error`).
    """
    first = len(out)
    inflater = zlib.decompressobj(wbits)
    fed = pos  # the input is given up to 1 MiB at a time: zlib copies what a call leaves unread
    tail = b""
    while not inflater.eof:
        if not tail:
            tail = data[fed:fed + _CHUNK]
            fed += len(tail)
        try:
            chunk = inflater.decompress(tail, min(_CHUNK, limit - len(out) + 1))
        except zlib.error:
            out.cut(first)
            _inflate_to_error(data, pos, wbits, limit, out)
            raise AssertionError("zlib failed once and not the second time") from None
        consumed = len(tail) - len(inflater.unconsumed_tail)
        tail = inflater.unconsumed_tail
        out += chunk
        _check_limit(out, limit, fed - len(tail))
        if not chunk and not consumed:
            raise _eof(len(data), "Unexpected end of ZLIB input stream")
        yield
    return fed - len(inflater.unused_data)


_REFEED = 1 << 14  # input bytes fed at a time while looking for the bad spot


def _inflate_to_error(data: memoryview, pos: int, wbits: int, limit: int, out: _Inflated) -> None:
    """Inflate the stream at ``pos`` again onto ``out`` up to the byte where zlib fails, and
    raise that failure with the byte's offset.

    The stream is fed :data:`_REFEED` bytes at a time, the inflater's state copied before
    each piece; in the piece that fails, the first failing byte is found by bisection (a
    prefix that ends before it inflates without error, and zlib's output for a prefix does
    not depend on how it was split), so the work is two passes over the stream and a few
    short ones, never a call per byte (a damaged 1 MB chunk took 2 s that way)."""
    inflater = zlib.decompressobj(wbits)
    for start in range(pos, len(data), _REFEED):
        piece = data[start:start + _REFEED]
        saved = inflater.copy()
        try:
            out += inflater.decompress(piece)
        except zlib.error:
            break
        _check_limit(out, limit, start + len(piece) - 1)
    else:
        raise AssertionError("zlib failed once and not the second time")
    good, bad = 0, len(piece)  # piece[:good] inflates, piece[:bad] fails
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            saved.copy().decompress(piece[:middle])
        except zlib.error:
            bad = middle
        else:
            good = middle
    out += saved.decompress(piece[:good])
    _check_limit(out, limit, start + good)
    try:
        saved.decompress(piece[good:bad])
    except zlib.error as e:
        text = str(e)
        raise _zip_error(start + good, text.split("data: ", 1)[1] if "data: " in text else text) from None
    raise AssertionError("zlib failed on a prefix and not on its last byte")


def _check_limit(out: _Inflated, limit: int, at: int) -> None:
    if len(out) > limit:
        raise limit_error(limit, f"byte {at} of the compressed input")


def limit_error(limit: int, where: str) -> CompressionError:
    """The refusal of a stream that inflates to more than ``limit`` bytes (kind
    :data:`LIMIT_KIND`; ``limit`` kept as the number, as the error's ``limit`` attribute),
    naming the limit: the tools' :data:`~harness.formats.budget.MAX_DECOMPRESSED_BYTES` when
    ``limit`` is it, else a limit given by the caller."""
    name = "the tools' limit, budget.MAX_DECOMPRESSED_BYTES" if limit == budget.MAX_DECOMPRESSED_BYTES else \
        "the limit given"
    error = CompressionError(LIMIT_KIND, f"decompressed data exceeds the limit of {limit} bytes ({name}; a "
                                         "decompression bomb?)", where=where)
    error.limit = limit
    return error
