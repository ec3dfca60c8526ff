"""The token tables of the 26.x ``SnbtGrammar``, stated once: its rules
(:mod:`harness.formats.nbt.snbt_grammar`) and its plain fast path
(:mod:`harness.formats.nbt.snbt_plain_scanner`) both read them.

- :data:`NUMBER_START`: a literal starting with one of these is a number; an unquoted string
  may not start with one (``snbt.parser.invalid_unquoted_start``).
- :data:`INTEGER_TYPES` and :data:`INTEGER_WIDTHS`: an integer suffix's type letter (written
  in either case) and its tag and width in bits; without a suffix an integer is an ``i``.
- :data:`ARRAYS`: an array's prefix, its tag, the element type of an entry without a suffix,
  and the element types it takes.
- :data:`SIMPLE_ESCAPES`: the one-letter escapes of a quoted string and what each stands for.

The characters of an unquoted string are Brigadier's
(:data:`harness.formats.nbt.string_reader.UNQUOTED_CHARS`).

>>> INTEGER_TYPES["b"].__name__, INTEGER_WIDTHS["l"], ARRAYS["I"][1:], SIMPLE_ESCAPES["s"]
('ByteTag', 64, ('i', 'bsi'), ' ')
"""

from __future__ import annotations

from harness.formats.nbt import tags as t

NUMBER_START = "+-.0123456789"
INTEGER_TYPES = {"b": t.ByteTag, "s": t.ShortTag, "i": t.IntTag, "l": t.LongTag}
INTEGER_WIDTHS = {"b": 8, "s": 16, "i": 32, "l": 64}
ARRAYS = {  # prefix -> (tag class, element type without a suffix, element types allowed)
    "B": (t.ByteArrayTag, "b", "b"),
    "I": (t.IntArrayTag, "i", "bsi"),
    "L": (t.LongArrayTag, "l", "bsil"),
}
SIMPLE_ESCAPES = {"b": "\b", "s": " ", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "\\": "\\", "'": "'", '"': '"'}
