"""Java's ``Float.toString`` / ``Double.toString`` text, computed from raw IEEE 754 bits.

SNBT prints a float tag as ``Float.toString(f) + "f"`` and a double tag as
``Double.toString(d) + "d"`` (``StringTagVisitor``, all versions), so the text depends on
the JDK the game runs on, not on the game version.

Where the behaviour was learned: the layout is the one the ``Double.toString`` /
``Float.toString`` specification describes (all JDKs); the digits of JDK 19 and newer are
the specification's shortest decimal; the digits of JDK 17 and older are the output of
OpenJDK 17's ``Float/Double.toString`` (its ``FloatingDecimal``), which this module
reproduces with the published free-format algorithm (the digit generation of Steele &
White, "How to Print Floating-Point Numbers Accurately", 1990, with one half-ulp margin
for both ends, and the decimal exponent estimated as in Gay's ``dtoa``) plus the
deviations from it that JDK 17's output shows. It is written from that description, not
translated from the JDK's source, and checked against the JDKs' own output: 2 million
values each against OpenJDK 17 and Temurin 25 (the sample of
tests/formats/test_java_float_text.py, 100 times over), besides the tests' own.

- **JDK 17 and older** (``jdk=17``, this module's default; the Java of the releases up to
  1.20.4, whose bundled references were recorded on OpenJDK 17; the SNBT printers pass
  the release's own ``GameVersion.java_version``): *not* always the shortest text. An integer below 2^63 is printed from its
  exact value with its lowest digits rounded away (as many as 2^(exponent - precision - 1)
  has digits, less one: large floats get a 9th digit, ``2.88230376E17``, and some doubles
  an 18th, ``1.73077666221715552E17``); other values get digits until the remainder is
  within half an ulp of either end of the digit (a quarter ulp for a power of two, on
  both sides), so ``1.0E23`` prints as ``9.999999999999999E22``. When the numbers of that
  loop fit in 32 or 64 bits, JDK 17 computes it in Java ``int`` or ``long`` arithmetic,
  and its output shows their wrap-around and a strict comparison where the arbitrary-size
  computation compares with ``>=``; both are kept (:func:`_digit_loop`).
- **JDK 19 and newer** (``jdk=19`` or higher; JDK-4511638; the Java 21 that 1.20.5 on needs
  and the Java 25 their references were recorded on): the shortest decimal that
  rounds back to the value, the closest to it among those, ties to an even last digit; a
  value whose shortest decimal has one digit is printed with two if a two-digit decimal is
  closer (``4.9E-324``, not ``5.0E-324``).

The two differ on about one random float bit pattern in nine, and on doubles mostly where
they are integers between 2^53 and 2^63, subnormal, or like ``1.0E23``.

Layout (both): ``-`` for a negative sign, then plain ``123.45`` (at least one digit after
the point) for 10^-3 <= |x| < 10^7, otherwise ``d.dddE[-]n`` (``1.0E10``, ``1.0E-5``);
``NaN`` for every NaN payload, ``Infinity``, ``-Infinity``, ``0.0`` and ``-0.0``.

>>> float_text(0x3f800000)
'1.0'
>>> double_text(0x3fb999999999999a)
'0.1'
>>> float_text(0x00000001), double_text(0x0000000000000001)
('1.4E-45', '4.9E-324')
>>> double_text(0x44b52d02c7e14af6), double_text(0x44b52d02c7e14af6, jdk=19)
('9.999999999999999E22', '1.0E23')
"""

from __future__ import annotations

import math
import struct

__all__ = ["float_text", "double_text"]

SHORTEST_SINCE_JDK = 19  # JDK-4511638: Double/Float.toString give the shortest decimal


class _Format:
    """One IEEE 754 binary format: total width, stored fraction bits, exponent bias."""

    def __init__(self, width: int, significand: int, bias: int):
        self.width = width
        self.shift = significand - 1  # stored fraction bits
        self.bias = bias
        self.exp_mask = (1 << (width - 1 - self.shift)) - 1
        self.sign_bit = 1 << (width - 1)


FLOAT = _Format(32, 24, 127)
DOUBLE = _Format(64, 53, 1023)


def float_text(bits: int, jdk: int = 17) -> str:
    """``Float.toString`` of the float with raw bits ``bits`` (unsigned 32-bit) on JDK ``jdk``."""
    return _text(FLOAT, bits, jdk)


def double_text(bits: int, jdk: int = 17) -> str:
    """``Double.toString`` of the double with raw bits ``bits`` (unsigned 64-bit) on JDK ``jdk``."""
    return _text(DOUBLE, bits, jdk)


def _text(fmt: _Format, bits: int, jdk: int) -> str:
    if not 0 <= bits < (1 << fmt.width):
        raise ValueError(f"raw bits must be an unsigned {fmt.width}-bit int; got {bits}")
    negative = bool(bits & fmt.sign_bit)
    fraction = bits & ((1 << fmt.shift) - 1)
    biased = (bits >> fmt.shift) & fmt.exp_mask
    if biased == fmt.exp_mask:
        if fraction:
            return "NaN"
        return "-Infinity" if negative else "Infinity"
    if biased == 0 and fraction == 0:
        return "-0.0" if negative else "0.0"
    if jdk >= SHORTEST_SINCE_JDK:
        digits, dec_exponent = _shortest(fmt, biased, fraction)
    else:
        digits, dec_exponent = _jdk17(fmt, biased, fraction)
    return ("-" if negative else "") + _layout(digits, dec_exponent)


def _layout(digits: str, dec_exponent: int) -> str:
    """The specification's layout of value = 0.``digits`` × 10^``dec_exponent``."""
    n = len(digits)
    if 0 < dec_exponent < 8:  # 1 <= value < 10^7: plain, at least one digit after the point
        whole = digits[:dec_exponent]
        if n < dec_exponent:
            return whole + "0" * (dec_exponent - n) + ".0"
        return whole + "." + (digits[dec_exponent:] or "0")
    if -3 < dec_exponent <= 0:  # 10^-3 <= value < 1
        return "0." + "0" * -dec_exponent + digits
    return digits[0] + "." + (digits[1:] or "0") + "E" + str(dec_exponent - 1)


# --- JDK 17 ------------------------------------------------------------------------------
def _jdk17(fmt: _Format, biased: int, fraction: int) -> tuple[str, int]:
    """JDK 17's digits and decimal exponent (value = 0.digits × 10^exponent) of a positive,
    finite value (see the module docstring)."""
    if biased:
        significand, exponent, precision = fraction | (1 << fmt.shift), biased - fmt.bias - fmt.shift, fmt.shift + 1
    else:  # subnormal: as many significant bits as the fraction has
        significand, exponent, precision = fraction, 1 - fmt.bias - fmt.shift, fraction.bit_length()
    # value = odd · 2^low_exp; top = floor(log2(value)); bits = significant bits of odd
    zeros = (significand & -significand).bit_length() - 1
    odd, low_exp = significand >> zeros, exponent + zeros
    bits = odd.bit_length()
    top = low_exp + bits - 1
    if low_exp >= 0 and top <= 62:
        return _integer_digits(odd << low_exp, top - precision - 1)
    k = _estimated_exponent(odd, bits, top)
    # value / 10^k = B / S, and the margin (half an ulp; a quarter for a power of two) / 10^k
    # = M / S: B = odd·5^max(-k, 0)·2^b, S = 5^max(k, 0)·2^s, M = 5^max(-k, 0)·2^m, scaled by
    # the smallest power of two that makes all three integers.
    margin_exp = top - precision - (1 if bits == 1 else 0)
    five_b, five_s = max(-k, 0), max(k, 0)
    exp_b, exp_s, exp_m = low_exp, 0, margin_exp
    # B/S = odd·2^low_exp / 10^k: the 2^k part of 10^k goes to S when k > 0, to B and M when k < 0
    if k > 0:
        exp_s += k
    else:
        exp_b -= k
        exp_m -= k
    lowest = min(exp_b, exp_s, exp_m)
    B = odd * 5 ** five_b << (exp_b - lowest)
    S = 5 ** five_s << (exp_s - lowest)
    M = 5 ** five_b << (exp_m - lowest)
    # JDK 17 computes in int when the operands' bit lengths sum below 32 (for B: those of
    # odd, 5^(-k) and the power of two; 10·S: its own), in long below 64, else exactly.
    b_size = bits + ((5 ** five_b).bit_length() if five_b else 0) + (exp_b - lowest)
    s_size = (10 * S).bit_length()
    width = 32 if b_size < 32 and s_size < 32 else 64 if b_size < 64 and s_size < 64 else None
    return _digit_loop(B, S, M, k, width)


def _integer_digits(value: int, p: int) -> tuple[str, int]:
    """An integer below 2^63: its decimal digits, the lowest ones rounded away half up (as
    many as 2^p has digits, less one, for 1 < p < 64), trailing zeros dropped."""
    drop = len(str(1 << p)) - 1 if 1 < p < 64 else 0
    unit = 10 ** drop
    kept, rest = divmod(value, unit)
    if rest >= unit // 2 and drop:
        kept += 1
    text = str(kept)
    return text.rstrip("0"), len(text) + drop


def _estimated_exponent(odd: int, bits: int, top: int) -> int:
    """floor(log10(value)) or one more, estimated in double arithmetic as Gay's ``dtoa``
    does: log10(m · 2^top) ≈ (m − 1.5)·0.289529654 + 0.176091259 + top·log10(2), m in [1, 2)."""
    m = math.ldexp(odd, 1 - bits)
    return math.floor((m - 1.5) * 0.289529654 + 0.176091259 + float(top) * 0.301029995663981)


def _wrap(x: int, width: int | None) -> int:
    """``x`` as a Java int (``width`` 32) or long (64) holds it; unchanged for None."""
    if width is None:
        return x
    x &= (1 << width) - 1
    return x - (1 << width) if x >> (width - 1) else x


def _digit_loop(B: int, S: int, M: int, k: int, width: int | None) -> tuple[str, int]:
    """Digits of B/S (the value / 10^k) until the remainder R (× 10 per digit, like M) is
    within the margin of the digit's lower end (low: R < M) or upper end (high: R + M > 10·S
    in fixed width, R + M >= 10·S exactly); the last digit is rounded up when only high
    holds, or when both hold and 2·R > 10·S (on a tie: when it is odd). In fixed width
    (``width`` bits) the sums wrap as Java's do, and a margin that wrapped to <= 0 counts
    as both low and high. The E-form (k < -3 or k >= 8 after the first digit) gets at least
    two digits."""
    ten_s = 10 * S

    def near(r: int, m: int) -> tuple[bool, bool]:
        if width is None:
            return r < m, r + m >= ten_s
        if m <= 0:
            return True, True
        return r < m, _wrap(r + m, width) > ten_s

    q, r = divmod(B, S)
    r, m = 10 * r, _wrap(10 * M, width)
    low, high = r < m, (r + m >= ten_s) if width is None else _wrap(r + m, width) > ten_s
    digits: list[int] = []
    if q == 0 and not high:
        k -= 1  # the estimate was one too high
    else:
        digits.append(q)
    if k < -3 or k >= 8:
        low = high = False
    while not low and not high:
        q, r = divmod(r, S)
        r, m = 10 * r, _wrap(10 * m, width)
        low, high = near(r, m)
        digits.append(q)
    exponent = k + 1
    if high and (not low or _sign(_wrap(2 * r - ten_s, width)) > 0
                 or (_wrap(2 * r - ten_s, width) == 0 and digits[-1] % 2)):
        return _round_up(digits, exponent)
    return "".join(map(str, digits)), exponent


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _round_up(digits: list[int], exponent: int) -> tuple[str, int]:
    """One more in the last digit; nines carry. All nines become 1 and zeros (the zeros are
    printed: JDK 17 does), one decimal place up."""
    i = len(digits) - 1
    while i >= 0 and digits[i] == 9:
        digits[i] = 0
        i -= 1
    if i < 0:
        digits[0] = 1
        return "".join(map(str, digits)), exponent + 1
    digits[i] += 1
    return "".join(map(str, digits)), exponent


# --- JDK 19+: the shortest decimal (Double/Float.toString specification) -------------
def _shortest(fmt: _Format, biased: int, fraction: int) -> tuple[str, int]:
    """Digits and decExponent of the decimal JDK 19+ prints (see the module docstring).

    Exact integer arithmetic in units of a quarter ulp (2^(e-2)): R is the rounding
    interval of the value (its ends belong to it when the significand is even,
    round-half-even); for the smallest length n with a decimal in R (at least 2), take the
    closest such decimal, ties to an even digit.
    """
    if biased == 0:
        significand, e = fraction, 1 - fmt.bias - fmt.shift
    else:
        significand, e = fraction | (1 << fmt.shift), biased - fmt.bias - fmt.shift
    unit = e - 2
    v = 4 * significand
    # below a power of two (not the smallest normal), the next value down is half as far
    lo = v - (1 if (fraction == 0 and biased > 1) else 2)
    hi = v + 2
    closed = significand % 2 == 0

    def cmp(c: int, k: int, x: int) -> int:
        """Sign of c·10^k − x·2^unit."""
        a = c * 5 ** k if k >= 0 else c
        b = x * 5 ** -k if k < 0 else x
        if k >= unit:
            a <<= k - unit
        else:
            b <<= unit - k
        return (a > b) - (a < b)

    def inside(c: int, k: int) -> bool:
        above, below = cmp(c, k, lo), cmp(c, k, hi)
        return (above >= 0 and below <= 0) if closed else (above > 0 and below < 0)

    top = _floor_log10(significand, e)
    n = _shortest_length(fmt, biased, fraction)
    while True:
        k = top - n + 1  # candidates c × 10^k with c of n digits
        num = significand << max(e, 0)
        den = 1 << max(-e, 0)
        if k >= 0:
            den *= 10 ** k
        else:
            num *= 10 ** -k
        c_lo = num // den
        found = [c for c in (c_lo, c_lo + 1) if inside(c, k)]
        if found:
            if n == 1:  # one digit: a closer two-digit decimal wins
                n = 2
                continue
            if len(found) == 2:
                side = cmp(2 * c_lo + 1, k, 2 * v)  # > 0: the value is nearer c_lo
                best = c_lo if side > 0 or (side == 0 and c_lo % 2 == 0) else c_lo + 1
            else:
                best = found[0]
            text = str(best)
            return text.rstrip("0") or "0", len(text) + k
        n += 1


def _shortest_length(fmt: _Format, biased: int, fraction: int) -> int:
    """Where :func:`_shortest`'s search for the smallest length with a decimal in R starts: the
    length of the shortest decimal that reads back as the same value (in the same rounding
    interval R, so no shorter one is in R): Python's ``repr`` of a double, NumPy's unique
    (Dragon4) text of a float. It saves the search all the shorter lengths (up to 15 rounds of
    large-integer arithmetic)."""
    if fmt is DOUBLE:
        text = repr(struct.unpack("<d", struct.pack("<Q", (biased << fmt.shift) | fraction))[0])
    else:
        import numpy as np

        value = np.frombuffer(struct.pack("<I", (biased << fmt.shift) | fraction), dtype=np.float32)[0]
        text = np.format_float_scientific(value, unique=True)
    return len(text.split("e")[0].replace(".", "").strip("0"))


def _floor_log10(significand: int, e: int) -> int:
    """floor(log10(significand · 2^e)), exactly."""
    num, den = significand << max(e, 0), 1 << max(-e, 0)
    t = len(str(num)) - len(str(den))
    if t >= 0:
        return t if num >= den * 10 ** t else t - 1
    return t if num * 10 ** -t >= den else t - 1
