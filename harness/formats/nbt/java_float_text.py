"""Java's ``Float.toString`` / ``Double.toString`` text, computed from raw IEEE 754 bits.

SNBT prints a float tag as ``Float.toString(f) + "f"`` and a double tag as
``Double.toString(d) + "d"`` (``StringTagVisitor``, all versions), so the text depends on
the JDK the game runs on, not on the game version:

- **JDK 17 and older** (``jdk=17``, the default: every bundled reference was recorded on
  OpenJDK 17): ``jdk.internal.math.FloatingDecimal.BinaryToASCIIBuffer.dtoa``, a port of
  the 1996 algorithm. It is *not* always the shortest text: integers below 2^63 are
  printed from their exact value with only the digits below ``2^(binExp - precision)``
  rounded away (``developLongDigits``), and the digit loop stops on a symmetric
  half-ulp test, so ``1.0E23`` prints as ``9.999999999999999E22``, large floats get a
  9th digit (``2.88230376E17``) and some doubles an 18th (``1.73077666221715552E17``).
  Checked against OpenJDK 17.0.21's ``Float/Double.toString`` on 2 million values.
- **JDK 19 and newer** (``jdk=19`` or higher; JDK-4511638, Raffaello Giulietti's
  algorithm): the shortest decimal that rounds back to the value, the closest to it among
  those, ties to an even last digit; a value whose shortest decimal has one digit is
  printed with two if a two-digit decimal is closer (``4.9E-324``, not ``5.0E-324``).
  Checked against Temurin 25's ``Float/Double.toString`` on the same 2 million values.

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

# --- the IEEE 754 formats, as FloatingDecimal names their constants -------------------
EXP_SHIFT = 52  # DoubleConsts.SIGNIFICAND_WIDTH - 1
FRACT_HOB = 1 << EXP_SHIFT
SIGNIF_BIT_MASK = FRACT_HOB - 1
EXP_ONE = 0x3FF0000000000000  # the bits of 1.0
MAX_SMALL_BIN_EXP = 62
MIN_SMALL_BIN_EXP = -(63 // 3)

# N_5_BITS[i]: bits needed for 5**i (FloatingDecimal's table: 0 for i = 0).
N_5_BITS = [0] + [(5 ** i).bit_length() for i in range(1, 27)]
LONG_5_POW_LENGTH = 27  # FDBigInteger.LONG_5_POW holds 5**0 .. 5**26


class _Format:
    """One IEEE 754 binary format: significand width (with the hidden bit) and exponent bias."""

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
        digits, dec_exponent = _floating_decimal(fmt, biased, fraction)
    return ("-" if negative else "") + _layout(digits, dec_exponent)


def _layout(digits: str, dec_exponent: int) -> str:
    """``BinaryToASCIIBuffer.getChars``: value = 0.``digits`` × 10^``dec_exponent``."""
    n = len(digits)
    if 0 < dec_exponent < 8:
        whole = digits[:dec_exponent]
        if n < dec_exponent:
            return whole + "0" * (dec_exponent - n) + ".0"
        return whole + "." + (digits[dec_exponent:] or "0")
    if -3 < dec_exponent <= 0:
        return "0." + "0" * -dec_exponent + digits
    e = dec_exponent - 1
    return digits[0] + "." + (digits[1:] or "0") + "E" + str(e)


# --- JDK 17: FloatingDecimal.BinaryToASCIIBuffer ---------------------------------------
def _i32(x: int) -> int:
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >> 31 else x


def _i64(x: int) -> int:
    x &= 0xFFFFFFFFFFFFFFFF
    return x - (1 << 64) if x >> 63 else x


def _jdiv(a: int, b: int) -> int:
    """Java integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _jrem(a: int, b: int) -> int:
    """Java ``%`` (sign of the dividend)."""
    return a - _jdiv(a, b) * b


def _floating_decimal(fmt: _Format, biased: int, fraction: int) -> tuple[str, int]:
    """``getBinaryToASCIIConverter(float|double)``: normalise, then ``dtoa``."""
    if biased == 0:  # subnormal: shift the fraction up to the hidden-bit position
        n_significant_bits = fraction.bit_length()
        shift = fmt.shift + 1 - n_significant_bits
        fraction <<= shift
        bin_exp = 1 - shift
    else:
        fraction |= 1 << fmt.shift
        bin_exp = biased
        n_significant_bits = fmt.shift + 1
    bin_exp -= fmt.bias
    return _dtoa(bin_exp, fraction << (EXP_SHIFT - fmt.shift), n_significant_bits)


def _insignificant_digits_for_pow2(p2: int) -> int:
    """``insignificantDigitsForPow2``: decimal digits of 2**p2 minus one (0 for p2 <= 1)."""
    if 1 < p2 < 64:
        return len(str(1 << p2)) - 1
    return 0


def _develop_long_digits(lvalue: int, insignificant: int) -> tuple[str, int]:
    """``developLongDigits(0, lvalue, insignificant)``: an integer's digits, trailing zeros dropped."""
    dec_exponent = 0
    if insignificant:
        pow10 = 10 ** insignificant
        residue = lvalue % pow10
        lvalue //= pow10
        dec_exponent += insignificant
        if residue >= pow10 >> 1:
            lvalue += 1
    text = str(lvalue)
    stripped = text.rstrip("0")
    dec_exponent += len(text)
    return stripped, dec_exponent


def _estimate_dec_exp(fract_bits: int, bin_exp: int) -> int:
    """``estimateDecExp``: floor of a double-precision estimate of log10 of the value."""
    d2 = struct.unpack(">d", struct.pack(">Q", EXP_ONE | (fract_bits & SIGNIF_BIT_MASK)))[0]
    d = (d2 - 1.5) * 0.289529654 + 0.176091259 + float(bin_exp) * 0.301029995663981
    return math.floor(d)


def _dtoa(bin_exp: int, fract_bits: int, n_significant_bits: int) -> tuple[str, int]:
    """``BinaryToASCIIBuffer.dtoa(binExp, fractBits, nSignificantBits, true)``.

    ``fract_bits`` has its high-order bit at 2^52. Returns (digits, decExponent) with the
    value = 0.digits × 10^decExponent. The int and long branches keep Java's 32/64-bit
    wrap-around, the big-integer branch its non-strict ``high`` test, as the JDK does.
    """
    tail_zeros = (fract_bits & -fract_bits).bit_length() - 1
    n_fract_bits = EXP_SHIFT + 1 - tail_zeros
    n_tiny_bits = max(0, n_fract_bits - bin_exp - 1)
    if MIN_SMALL_BIN_EXP <= bin_exp <= MAX_SMALL_BIN_EXP:
        if n_tiny_bits < LONG_5_POW_LENGTH and n_fract_bits + N_5_BITS[n_tiny_bits] < 64:
            if n_tiny_bits == 0:  # an integer below 2^63
                if bin_exp > n_significant_bits:
                    insignificant = _insignificant_digits_for_pow2(bin_exp - n_significant_bits - 1)
                else:
                    insignificant = 0
                if bin_exp >= EXP_SHIFT:
                    fract_bits <<= bin_exp - EXP_SHIFT
                else:
                    fract_bits >>= EXP_SHIFT - bin_exp
                return _develop_long_digits(fract_bits, insignificant)

    dec_exp = _estimate_dec_exp(fract_bits, bin_exp)
    b5 = max(0, -dec_exp)
    b2 = b5 + n_tiny_bits + bin_exp
    s5 = max(0, dec_exp)
    s2 = s5 + n_tiny_bits
    m5 = b5
    m2 = b2 - n_significant_bits

    fract_bits >>= tail_zeros
    b2 -= n_fract_bits - 1
    common2 = min(b2, s2)
    b2 -= common2
    s2 -= common2
    m2 -= common2
    if n_fract_bits == 1:  # an exact power of two: the next value down is half as far
        m2 -= 1
    if m2 < 0:
        b2 -= m2
        s2 -= m2
        m2 = 0

    b_bits = n_fract_bits + b2 + (N_5_BITS[b5] if b5 < len(N_5_BITS) else b5 * 3)
    ten_s_bits = s2 + 1 + (N_5_BITS[s5 + 1] if s5 + 1 < len(N_5_BITS) else (s5 + 1) * 3)
    if b_bits < 64 and ten_s_bits < 64:
        wrap = _i32 if (b_bits < 32 and ten_s_bits < 32) else _i64
        digits, dec_exp, low, high, b, tens = _digit_loop_fixed(
            wrap, fract_bits, b5, b2, s5, s2, m5, m2, dec_exp)
        low_digit_difference = wrap((b << 1) - tens)
    else:
        digits, dec_exp, low, high, low_digit_difference = _digit_loop_big(
            fract_bits, b5, b2, s5, s2, m5, m2, dec_exp)

    dec_exponent = dec_exp + 1
    if high:
        if low:
            if low_digit_difference == 0:
                if ord(digits[-1]) & 1:
                    return _roundup(digits, dec_exponent)
            elif low_digit_difference > 0:
                return _roundup(digits, dec_exponent)
        else:
            return _roundup(digits, dec_exponent)
    return "".join(digits), dec_exponent


def _stop_early(dec_exp: int) -> bool:
    """The E-form needs a second digit: the stopping test is ignored after the first."""
    return dec_exp < -3 or dec_exp >= 8


def _digit_loop_fixed(wrap, fract_bits, b5, b2, s5, s2, m5, m2, dec_exp):
    """dtoa's int (``wrap=_i32``) or long (``wrap=_i64``) digit loop."""
    b = wrap(wrap(fract_bits * 5 ** b5) << b2)
    s = wrap(5 ** s5 << s2)
    m = wrap(5 ** m5 << m2)
    tens = wrap(s * 10)
    digits: list[str] = []
    q = _jdiv(b, s)
    b = wrap(10 * _jrem(b, s))
    m = wrap(m * 10)
    low = b < m
    high = wrap(b + m) > tens
    if q == 0 and not high:
        dec_exp -= 1
    else:
        digits.append(chr(48 + q))
    if _stop_early(dec_exp):
        low = high = False
    while not low and not high:
        q = _jdiv(b, s)
        b = wrap(10 * _jrem(b, s))
        m = wrap(m * 10)
        if m > 0:
            low = b < m
            high = wrap(b + m) > tens
        else:  # m overflowed
            low = high = True
        digits.append(chr(48 + q))
    return digits, dec_exp, low, high, b, tens


def _digit_loop_big(fract_bits, b5, b2, s5, s2, m5, m2, dec_exp):
    """dtoa's ``FDBigInteger`` digit loop (exact; ``high`` is ``10·S <= B + M`` here)."""
    s = 5 ** s5 << s2
    b = fract_bits * 5 ** b5 << b2
    m = 5 ** (m5 + 1) << (m2 + 1)  # already ×10 for the first comparison
    ten_s = 5 ** (s5 + 1) << (s2 + 1)
    digits: list[str] = []
    q, b = divmod(b, s)
    b *= 10
    low = b < m
    high = ten_s <= b + m
    if q == 0 and not high:
        dec_exp -= 1
    else:
        digits.append(chr(48 + q))
    if _stop_early(dec_exp):
        low = high = False
    while not low and not high:
        q, b = divmod(b, s)
        b *= 10
        m *= 10
        low = b < m
        high = ten_s <= b + m
        digits.append(chr(48 + q))
    if high and low:
        b <<= 1
        low_digit_difference = (b > ten_s) - (b < ten_s)
    else:
        low_digit_difference = 0
    return digits, dec_exp, low, high, low_digit_difference


def _roundup(digits: list[str], dec_exponent: int) -> tuple[str, int]:
    """``roundup()``: add one to the last digit; all nines become ``1`` then zeros (kept)."""
    i = len(digits) - 1
    q = digits[i]
    if q == "9":
        while q == "9" and i > 0:
            digits[i] = "0"
            i -= 1
            q = digits[i]
        if q == "9":
            digits[0] = "1"
            return "".join(digits), dec_exponent + 1
    digits[i] = chr(ord(q) + 1)
    return "".join(digits), dec_exponent


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
    n = 1
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


def _floor_log10(significand: int, e: int) -> int:
    """floor(log10(significand · 2^e)), exactly."""
    num, den = significand << max(e, 0), 1 << max(-e, 0)
    t = len(str(num)) - len(str(den))
    if t >= 0:
        return t if num >= den * 10 ** t else t - 1
    return t if num * 10 ** -t >= den else t - 1
