"""Java's modified UTF-8 (``DataInputStream.readUTF`` / ``DataOutputStream.writeUTF``) and
plain UTF-8 for Bedrock.

Modified UTF-8 is UTF-8 over UTF-16 code units: NUL is ``C0 80``, a character outside the
BMP is its two surrogates encoded as three bytes each, and a lone surrogate is kept. The
decoder is Java's exactly (JDK 17 ``DataInputStream.readUTF``): it accepts overlong forms
(``C0 AF`` is ``/``) and a raw ``00`` byte, and refuses four-byte sequences, stray
continuation bytes and cut-off characters with ``UTFDataFormatException``. Strings are
Python ``str`` with surrogate pairs joined into one code point and lone surrogates kept.

>>> encode_mutf8("a\\x00b")
b'a\\xc0\\x80b'
>>> encode_mutf8("\\U0001F600").hex()
'eda0bdedb880'
>>> decode_mutf8(bytes.fromhex("eda0bdedb880")) == "\\U0001F600"
True
>>> decode_mutf8(b"\\xc0\\xaf")
'/'
>>> decode_mutf8(b"\\xf0\\x9f\\x98\\x80")
Traceback (most recent call last):
...
harness.formats.errors.GameError: UTFDataFormatException: malformed input around byte 0
"""

from __future__ import annotations

import re

from harness.formats.errors import GameError

MAX_UTF_LENGTH = 65535  # the unsigned 16-bit length prefix of writeUTF/readUTF

_SUPPLEMENTARY = re.compile("[\U00010000-\U0010FFFF]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _split_pair(match: re.Match) -> str:
    cp = ord(match.group()) - 0x10000
    return chr(0xD800 + (cp >> 10)) + chr(0xDC00 + (cp & 0x3FF))


def join_surrogates(units: str) -> str:
    """A string of UTF-16 code units with every high+low surrogate pair joined into one code point."""
    if not _SURROGATE.search(units):
        return units
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def utf16_units(text: str) -> str:
    """``text`` as Java holds it: one character per UTF-16 code unit (supplementary characters split)."""
    return _SUPPLEMENTARY.sub(_split_pair, text)


def java_length(text: str) -> int:
    """``String.length()`` of the Java string: the number of UTF-16 code units."""
    if text.isascii():
        return len(text)
    return len(text) + len(_SUPPLEMENTARY.findall(text))


def encode_mutf8(text: str) -> bytes:
    """``text`` in modified UTF-8 (no length prefix, no length limit: see :func:`too_long_message`)."""
    if text.isascii():
        if "\x00" not in text:
            return text.encode("ascii")
        return text.encode("ascii").replace(b"\x00", b"\xc0\x80")
    data = utf16_units(text).encode("utf-8", "surrogatepass")
    return data.replace(b"\x00", b"\xc0\x80") if "\x00" in text else data


def too_long_message(text: str, utflen: int) -> str:
    """JDK 17 ``DataOutputStream.tooLongMsg``: the UTFDataFormatException text of writeUTF."""
    units = utf16_units(text)
    return f"encoded string ({join_surrogates(units[:8])}...{join_surrogates(units[-8:])}) too long: {utflen} bytes"


def check_utf_length(text: str) -> bytes:
    """``writeUTF``'s body: the modified UTF-8 bytes, or ``UTFDataFormatException`` when over 65,535."""
    data = encode_mutf8(text)
    if len(data) > MAX_UTF_LENGTH:
        raise GameError("UTFDataFormatException", too_long_message(text, len(data)))
    return data


def decode_mutf8(data: bytes) -> str:
    """``readUTF``'s body decoded as Java does; ``UTFDataFormatException`` with Java's message when malformed."""
    if data.isascii():
        return data.decode("ascii")
    try:
        text = data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return _decode_like_java(data)
    if _SUPPLEMENTARY.search(text):  # a 4-byte sequence: Java refuses it
        return _decode_like_java(data)
    return join_surrogates(text)


def _decode_like_java(data: bytes) -> str:
    """JDK ``DataInputStream.readUTF`` loop, byte for byte (slow path for inputs Python refuses)."""
    units = []
    count, n = 0, len(data)
    while count < n:
        c = data[count]
        kind = c >> 4
        if kind < 8:
            count += 1
            units.append(c)
        elif kind in (12, 13):
            count += 2
            if count > n:
                raise GameError("UTFDataFormatException", "malformed input: partial character at end")
            c2 = data[count - 1]
            if c2 & 0xC0 != 0x80:
                raise GameError("UTFDataFormatException", f"malformed input around byte {count}")
            units.append(((c & 0x1F) << 6) | (c2 & 0x3F))
        elif kind == 14:
            count += 3
            if count > n:
                raise GameError("UTFDataFormatException", "malformed input: partial character at end")
            c2, c3 = data[count - 2], data[count - 1]
            if c2 & 0xC0 != 0x80 or c3 & 0xC0 != 0x80:
                raise GameError("UTFDataFormatException", f"malformed input around byte {count - 1}")
            units.append(((c & 0x0F) << 12) | ((c2 & 0x3F) << 6) | (c3 & 0x3F))
        else:
            raise GameError("UTFDataFormatException", f"malformed input around byte {count}")
    return join_surrogates("".join(map(chr, units)))


def decode_utf8(data: bytes) -> str:
    """Bedrock's plain UTF-8; ``UTFDataFormatException`` naming the first bad byte when malformed."""
    if data.isascii():
        return data.decode("ascii")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise GameError("UTFDataFormatException", f"malformed UTF-8 around byte {e.start}") from None


def encode_utf8(text: str) -> bytes:
    """Bedrock's plain UTF-8 (a lone surrogate, which UTF-8 cannot hold, is refused)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise GameError("UTFDataFormatException", f"lone surrogate at index {e.start} cannot be UTF-8") from None
