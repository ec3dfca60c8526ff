"""Long values in messages, shortened in the middle: the one helper every message uses.

A case id, a path, a version string or a reason may be anything a file or a program gave,
50 MB included; a message shows its head and its tail (where ids and paths differ most)
around a middle ellipsis that says how long the whole was.

>>> shorten("storage/p/fill-5")
'storage/p/fill-5'
>>> shorten("x" * 1000 + "-tail", 40)
'xxxxxxxxxxxxx…(1005 chars)…xxxxxxxx-tail'
"""

from __future__ import annotations

MESSAGE_CHARS = 200  # the longest value shown whole in a message
ID_CHARS = 120  # the longest case id, version or path shown whole


def shorten(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` if at most ``limit`` characters, else its head and tail around
    ``…(N chars)…`` (N: the whole length), ``limit`` characters in all (at least the marker)."""
    if len(text) <= limit:
        return text
    marker = f"…({len(text)} chars)…"
    room = max(limit - len(marker), 2)
    head = (room + 1) // 2
    return text[:head] + marker + text[len(text) - (room - head):]


def window(text: str, at: int, limit: int = MESSAGE_CHARS) -> str:
    """``text`` if at most ``limit`` characters, else ``limit`` of them around index ``at``
    (the first difference), ``…`` marking each cut side and the whole length said once.

    >>> window("a" * 50 + "B" + "c" * 50, 50, 21)
    '…aaaaaaaaaaBcccccccccc…(101 chars)'
    """
    if len(text) <= limit:
        return text
    lo = max(0, min(at - limit // 2, len(text) - limit))
    hi = lo + limit
    return ("…" if lo else "") + text[lo:hi] + ("…" if hi < len(text) else "") + f"({len(text)} chars)"
