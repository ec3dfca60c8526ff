"""Java's text-to-number parsing, as the SNBT parsers call it (JDK 17 ``java.lang``).

- :func:`parse_integer`: ``Byte/Short/Integer/Long.parseXxx(s, radix)``: an optional ``+``
  or ``-``, then at least one digit of the radix (``Character.digit``, so other Unicode
  decimal digits and full-width letters count too); out of the type's range is an error.
- :func:`parse_unsigned`: ``Integer.parseUnsignedInt`` / ``Long.parseUnsignedLong`` and the
  unsigned byte/short parses of Guava and the game (``UnsignedBytes.parseUnsignedByte``,
  ``SnbtGrammar.parseUnsignedShort``): the value must fit the width unsigned, and the result
  is the two's complement signed value (``255`` as a byte is ``-1``).
- :func:`parse_float` / :func:`parse_double`: ``Float.parseFloat`` / ``Double.parseDouble`` of
  a plain decimal (``[+-]digits[.digits][e[+-]digits]``), correctly rounded to nearest-even
  in the target width (a float is rounded once, from the exact decimal value, not through a
  double). Overflow gives infinity, underflow zero. Returned as raw IEEE 754 bits.

Every refusal raises :class:`JavaNumberFormatError` (Java's ``NumberFormatException``) with the
JDK's message (the JDK 25 the 1.21.5+ releases run on; the older parser never shows it).

>>> parse_integer("-80", 16, 8), parse_unsigned("ff", 16, 8)
(-128, -1)
>>> hex(parse_float("0.1")), hex(parse_double("0.1"))
('0x3dcccccd', '0x3fb999999999999a')
"""

from __future__ import annotations

import re
import struct
import unicodedata
from fractions import Fraction

__all__ = ["JavaNumberFormatError", "java_digit", "for_input_string", "parse_integer", "parse_unsigned", "parse_float", "parse_double"]


class JavaNumberFormatError(ValueError):
    """Java's ``NumberFormatException``; its message (``str()``) is the JDK's (the 1.21.5+ SNBT
    grammar shows it in ``snbt.parser.number_parse_failure``)."""


def java_digit(ch: str, radix: int) -> int:
    """``Character.digit(ch, radix)``: the digit's value, or -1 if ``ch`` is not one in ``radix``."""
    o = ord(ch)
    if 0x30 <= o <= 0x39:
        value = o - 0x30
    elif 0x41 <= o <= 0x5A or 0x61 <= o <= 0x7A:
        value = (o | 0x20) - 0x61 + 10
    elif 0xFF21 <= o <= 0xFF3A or 0xFF41 <= o <= 0xFF5A:  # full-width Latin letters
        value = ((o - 0xFF21) % 0x20) + 10
    elif o >= 0x80 and unicodedata.category(ch) == "Nd":
        value = unicodedata.decimal(ch)
    else:
        return -1
    return value if value < radix else -1


def for_input_string(text: str, radix: int) -> JavaNumberFormatError:
    """``NumberFormatException.forInputString(s, radix)``: the radix named unless it is 10."""
    return JavaNumberFormatError(f'For input string: "{text}"' + ("" if radix == 10 else f" under radix {radix}"))


_BEYOND_ANY_TYPE = 1 << 70  # more than any Java long holds, signed or unsigned


def _parse_magnitude(text: str, radix: int) -> int:
    """The signed value of ``[+-]digits`` in ``radix``, exact up to 2^70 (beyond, some value
    over 2^70: out of range for every type); malformed text is ``forInputString``."""
    negative = text[:1] == "-"
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits:
        raise for_input_string(text, radix)
    value = 0
    for ch in digits:
        d = java_digit(ch, radix)
        if d < 0:
            raise for_input_string(text, radix)
        if value < _BEYOND_ANY_TYPE:  # past it every caller refuses the value: stop multiplying
            value = value * radix + d  # (a 200,000-digit literal would be quadratic)
    return -value if negative else value


def parse_integer(text: str, radix: int, width: int) -> int:
    """``Byte.parseByte`` (width 8), ``Short.parseShort`` (16), ``Integer.parseInt`` (32),
    ``Long.parseLong`` (64) of ``text`` in ``radix``: the signed value, range-checked.

    ``Integer``/``Long`` refuse a value out of range as malformed text (``forInputString``);
    ``Byte``/``Short`` parse an ``int`` first, then say ``Value out of range. Value:"s" Radix:r``.

    >>> for width in (8, 32):
    ...     try: parse_integer("99999999999", 16, width)
    ...     except JavaNumberFormatError as e: print(e)
    For input string: "99999999999" under radix 16
    For input string: "99999999999" under radix 16
    >>> parse_integer("128", 10, 8)
    Traceback (most recent call last):
    ...
    harness.formats.nbt.java_number_parse.JavaNumberFormatError: Value out of range. Value:"128" Radix:10
    """
    if width < 32:
        value = parse_integer(text, radix, 32)
        if not -(1 << (width - 1)) <= value < (1 << (width - 1)):
            raise JavaNumberFormatError(f'Value out of range. Value:"{text}" Radix:{radix}')
        return value
    value = _parse_magnitude(text, radix)
    limit = 1 << (width - 1)
    if not -limit <= value < limit:
        raise for_input_string(text, radix)
    return value


def parse_unsigned(text: str, radix: int, width: int) -> int:
    """The unsigned parse of ``text`` for a ``width``-bit type, as its signed (wrapped) value.

    Widths 32 and 64 are ``Integer.parseUnsignedInt`` / ``Long.parseUnsignedLong`` (a leading
    ``-`` is refused; too big: ``String value s exceeds range of unsigned int.`` / ``long.``);
    8 and 16 go through ``Integer.parseInt`` first (Guava's ``UnsignedBytes.parseUnsignedByte``,
    ``SnbtGrammar.parseUnsignedShort``), so a value that does not fit an ``int`` is refused as
    ``parseInt`` refuses it, and one that does not fit the width is ``out of range: <value>``.
    """
    if width < 32:
        value = parse_integer(text, radix, 32)
        if not 0 <= value < (1 << width):
            raise JavaNumberFormatError(f"out of range: {value}")
    else:
        if text.startswith("-"):
            raise JavaNumberFormatError(f'Illegal leading minus sign on unsigned string {text}.')
        value = _parse_magnitude(text, radix)
        if value >> width:
            raise JavaNumberFormatError(f"String value {text} exceeds range of unsigned {'int' if width == 32 else 'long'}.")
    return value - (1 << width) if value >> (width - 1) else value


_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?\Z")


def _round_to_binary(sign: int, mantissa: int, exp10: int, precision: int, exp_bits: int) -> int:
    """Raw bits of ``(-1)^sign · mantissa · 10^exp10`` rounded to nearest-even in an IEEE 754
    format with ``precision`` significand bits (hidden bit included) and ``exp_bits`` exponent bits."""
    emax = (1 << (exp_bits - 1)) - 1
    emin = 1 - emax
    sign_bit = sign << (precision - 1 + exp_bits)
    if mantissa == 0:
        return sign_bit
    digits = len(str(mantissa))
    if digits + exp10 > emax // 3 + 2:  # at least 10^(emax·log10(2)+1): overflow
        return sign_bit | (((1 << exp_bits) - 1) << (precision - 1))
    if digits + exp10 < (emin - precision) // 3 - 2:  # far below half the smallest subnormal
        return sign_bit
    value = Fraction(mantissa) * Fraction(10) ** exp10
    # binary exponent e such that 2^e <= value < 2^(e+1)
    e = value.numerator.bit_length() - value.denominator.bit_length()
    if Fraction(2) ** e > value:
        e -= 1
    e = max(e, emin)  # subnormals share the smallest exponent
    scaled = value * Fraction(2) ** (precision - 1 - e)
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q & 1):
        q += 1
    if q >> precision:  # rounding carried into the next binade
        q >>= 1
        e += 1
    if e > emax:
        return sign_bit | (((1 << exp_bits) - 1) << (precision - 1))
    if q >> (precision - 1) == 0:  # subnormal (e == emin)
        return sign_bit | q
    return sign_bit | ((e - emin + 1) << (precision - 1)) | (q - (1 << (precision - 1)))


MAX_NDIGITS = 1100  # FloatingDecimal keeps this many significant digits, then one sticky digit


def _decimal_parts(text: str) -> tuple[int, int, int]:
    m = _DECIMAL.match(text)
    if not m or not (m.group(2) or m.group(3)):
        raise JavaNumberFormatError(f'For input string: "{text}"')
    sign, whole, fraction, exponent = m.groups()
    fraction = fraction or ""
    exponent = (exponent or "0").lstrip("+")
    magnitude = exponent.lstrip("-").lstrip("0")
    exp10 = (10 ** 10 if len(magnitude) > 10 else int(magnitude or "0")) * (-1 if exponent[0] == "-" else 1)
    exp10 -= len(fraction)
    digits = (whole + fraction).lstrip("0")
    if len(digits) > MAX_NDIGITS:
        rest = digits[MAX_NDIGITS:]
        sticky = rest.strip("0") != ""
        digits = digits[:MAX_NDIGITS] + ("1" if sticky else "")
        exp10 += len(rest) - (1 if sticky else 0)
    return (1 if sign == "-" else 0), int(digits or "0"), exp10


def parse_float(text: str) -> int:
    """``Float.parseFloat(text)`` of a plain decimal, as raw 32-bit IEEE 754 bits."""
    return _round_to_binary(*_decimal_parts(text), precision=24, exp_bits=8)


def parse_double(text: str) -> int:
    """``Double.parseDouble(text)`` of a plain decimal, as raw 64-bit IEEE 754 bits."""
    _decimal_parts(text)  # same refusals as parse_float
    return struct.unpack(">Q", struct.pack(">d", float(text)))[0]
