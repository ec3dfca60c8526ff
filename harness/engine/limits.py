"""Resource budgets for everything the tools read: one place, one kind of refusal.

Bad input must end in one clear line naming the file, the limit and where, never a hang or
memory out of proportion to the input. The defaults fit a 2-core, 24 GB machine; the ones a
user may need to raise are options (``harness check --max-bytes``, ``harness nbt --max-bytes``).

- :data:`MAX_FILE_BYTES`: bytes of a case file or recorded file read before parsing (a
  gzipped one: decompressed bytes); a non-regular file (``/dev/zero``, a FIFO) is refused.
- :data:`MAX_NUMBER_DIGITS`: the longest integer a JSON or YAML text may hold (Python's
  own limit is 4,300 digits; no answer of any operation has more than 20).
- YAML alias expansion (:mod:`harness.engine.casefile`): aliases may add at most as many
  nodes as the file holds without them.

Every refusal is a :class:`LimitExceeded` (a ``ValueError``).

>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "x")
>>> _ = open(p, "wb").write(b"12345")
>>> read_capped(p, 4)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
harness.engine.limits.LimitExceeded: .../x: 5 bytes, over the limit of 4 bytes (--max-bytes N to raise it)
"""

from __future__ import annotations

import os
import stat
import zlib

MAX_FILE_BYTES = 256 << 20  # a case file or recorded file (the bundled references together are ~20 MB)
MAX_NUMBER_DIGITS = 400  # digits of an integer in JSON or YAML text
_CHUNK = 1 << 20


class LimitExceeded(ValueError):
    """Input over one of the tools' own budgets (not a game limit); the message names the
    file, the limit and where."""


def file_kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_capped(path: str | os.PathLike, limit: int | None = None, option: str = "--max-bytes N",
                pipes: bool = False) -> bytes | bytearray:
    """The bytes of the regular file ``path`` (or, with ``pipes``, of a pipe too: read as it
    comes, a named one waiting for its writer as ``cat`` does), at most ``limit`` of them.

    :class:`LimitExceeded` for a file over ``limit`` (checked before reading, and while
    reading: a file that grows) and for a device, FIFO, socket or folder (a symbolic link is
    followed: one to ``/dev/zero`` is a device). ``OSError`` when it cannot be opened.
    ``limit`` None: :data:`MAX_FILE_BYTES` as it is now (``harness check --max-bytes`` sets it).
    A pipe's bytes come as the ``bytearray`` they were read into (:func:`read_stream`)."""
    if limit is None:
        limit = MAX_FILE_BYTES
    def readable(mode: int) -> bool:
        return stat.S_ISREG(mode) or pipes and stat.S_ISFIFO(mode)

    def refused(mode: int) -> LimitExceeded:
        return LimitExceeded(f"{path}: {file_kind(mode)}, not a file or a pipe; only those are read" if pipes
                             else f"{path}: {file_kind(mode)}, not a regular file; only files are read")

    kind = os.stat(path).st_mode  # before opening: opening a FIFO with no writer would wait for one
    if not readable(kind):
        raise refused(kind)
    with open(path, "rb") as f:
        info = os.fstat(f.fileno())  # what was opened (the path may have changed since)
        if not readable(info.st_mode):
            raise refused(info.st_mode)
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise LimitExceeded(f"{path}: {info.st_size} bytes, over the limit of {limit} bytes ({option} to raise it)")
        if stat.S_ISREG(info.st_mode):
            # its size, and a byte more to see it grew (read(limit + 1) would set aside the whole limit)
            data = f.read(info.st_size + 1)
            if len(data) <= info.st_size:
                return data
            return bytes(_read_growing(f, limit, path, option, data))  # a file that grew: a rare, bounded copy
        return _read_growing(f, limit, path, option)


def read_stream(stream, limit: int, where: str, option: str = "--max-bytes N") -> bytearray:
    """The bytes of the open binary ``stream`` (standard input, a pipe) to its end, at most
    ``limit`` of them (:class:`LimitExceeded` naming ``where`` as soon as there are more).

    Read into one ``bytearray`` that grows as the input comes and is handed back as it is (no
    final copy): the peak is about the input's size, the limit's at most, never twice it."""
    return _read_growing(stream, limit, where, option)


def _read_growing(f, limit: int, where, option: str, start: bytes = b"") -> bytearray:
    """Read ``f`` to its end after ``start`` into one ``bytearray``, each piece (1 MiB at most)
    read into a reused buffer and appended (the array grows in place, as ``realloc`` does);
    refused once more than ``limit`` bytes are read."""
    buf = bytearray(start)
    piece = bytearray(min(_CHUNK, limit + 1))
    with memoryview(piece) as view:
        while len(buf) <= limit:
            n = f.readinto(view[:min(len(piece), limit + 1 - len(buf))])
            if not n:
                break
            buf += view[:n]
    if len(buf) > limit:
        raise LimitExceeded(f"{where}: longer than the limit of {limit} bytes ({option} to raise it)")
    return buf


def utf8_text(raw: bytes | bytearray, path, what: str) -> str:
    """``raw`` (the file ``path``'s bytes) decoded as UTF-8; :class:`NotUtf8` when it is not,
    its message naming the file, the byte offset (and its line) and that ``what`` must be UTF-8.

    >>> utf8_text(b"a\\nb\\xff", "x.txt", "an expect-failures file")
    Traceback (most recent call last):
    ...
    harness.engine.limits.NotUtf8: x.txt: not UTF-8 at byte 3 (line 2: invalid start byte); an expect-failures file must be UTF-8 text
    """
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise NotUtf8(f"{path}: not UTF-8 at byte {e.start} (line {line}: {e.reason}); {what} must be UTF-8 text") \
            from None


class NotUtf8(ValueError):
    """A text file that is not UTF-8 (:func:`utf8_text`); the message says where."""


def gunzip_capped(data: bytes, limit: int, where: str, option: str = "--max-bytes N") -> bytearray:
    """Every gzip member of ``data`` decompressed, at most ``limit`` bytes in all
    (:class:`LimitExceeded` past it, before more is made); ``EOFError`` for a stream that
    ends too early, ``zlib.error`` for a damaged one. The output grows in place a piece
    (1 MiB at most) at a time, so a refused bomb has cost about ``limit`` bytes, not twice it."""
    out, view = bytearray(), memoryview(data)
    while view:
        d = zlib.decompressobj(31)
        tail: bytes | memoryview = view
        while True:
            piece = d.decompress(tail, min(_CHUNK, limit + 1 - len(out)))
            out += piece
            if len(out) > limit:
                raise LimitExceeded(f"{where}: decompresses to more than the limit of {limit} bytes "
                                    f"({option} to raise it)")
            tail = d.unconsumed_tail
            if d.eof or not (tail or piece):  # the end, or no input left and nothing more came out
                break
        if not d.eof:
            raise EOFError("a damaged gzip file (it ends too early)")
        rest = d.unused_data.lstrip(b"\x00")
        view = memoryview(rest) if rest[:2] == b"\x1f\x8b" else memoryview(b"")
    return out
