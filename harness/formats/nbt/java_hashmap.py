"""Java ``java.util.HashMap`` iteration order, which is the order the game writes a compound.

Every ``CompoundTag`` is a ``HashMap<String, Tag>`` (all versions), so ``NbtIo`` writes the
entries in HashMap iteration order: slots from 0 up, each slot's chain from its oldest entry.
The slot of a key is ``(h ^ (h >>> 16)) & (length - 1)`` with ``h = String.hashCode()``; the
table starts at 16 slots (or at ``table_size``), doubles when the entry count exceeds 0.75 ×
its length, and a resize splits each chain into a low and a high chain keeping relative order.
A chain that reaches 9 entries makes a table smaller than 64 resize, and in a table of 64 or
more turns into a red-black tree bin, whose order is then the tree's linked order (new entries
go after their tree parent, the root moves to the front). All of that is simulated here, so
the order is exact for any key set, colliding ones included (JDK 17 ``HashMap``).

>>> java_string_hash("Aa") == java_string_hash("BB") == 2112
True
>>> iteration_order(["b", "a", "c"])
['a', 'b', 'c']
"""

from __future__ import annotations

import math

from harness.formats.nbt.mutf8 import utf16_units

DEFAULT_CAPACITY = 16
LOAD_FACTOR = 0.75
TREEIFY_THRESHOLD = 8
UNTREEIFY_THRESHOLD = 6
MIN_TREEIFY_CAPACITY = 64
MAXIMUM_CAPACITY = 1 << 30

_hash_cache: dict[str, int] = {}


def java_string_hash(key: str) -> int:
    """``String.hashCode()``: ``h = 31·h + c`` over the UTF-16 code units, as a signed 32-bit int."""
    h = _hash_cache.get(key)
    if h is not None:
        return h
    h = 0
    units = key if key.isascii() else utf16_units(key)
    for ch in units:
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    if h >= 0x80000000:
        h -= 0x100000000
    if len(_hash_cache) < 100_000:
        _hash_cache[key] = h
    return h


def spread(h: int) -> int:
    """``HashMap.hash``: ``h ^ (h >>> 16)`` as a signed 32-bit int."""
    u = h & 0xFFFFFFFF
    u ^= u >> 16
    return u - 0x100000000 if u >= 0x80000000 else u


def table_size_for(cap: int) -> int:
    """``HashMap.tableSizeFor``: the smallest power of two ≥ ``cap`` (1 for cap ≤ 1)."""
    if cap <= 1:
        return 1
    return min(1 << (cap - 1).bit_length(), MAXIMUM_CAPACITY)


def copy_table_size(entries: int, jdk: int) -> int:
    """The table length of ``new HashMap(other)`` for a map of ``entries`` entries (``putMapEntries``)
    on JDK ``jdk`` (a release's own is its ``GameVersion.java_version``).

    JDK 17 (the Java up to 1.20.4, the JVM their references were recorded on) sizes it
    ``tableSizeFor(s / 0.75 + 1)``; JDK 19 and later (the Java 21 that 1.20.5 on needs, the
    Java 25 of 26.x and of the later references) ``tableSizeFor(ceil(s / 0.75))``: 12 entries
    give 32 slots on JDK 17 and 16 on JDK 21.
    """
    if entries == 0:
        return DEFAULT_CAPACITY  # an empty copy allocates the default table on its first put
    if jdk >= 19:
        return table_size_for(math.ceil(entries / LOAD_FACTOR))
    return table_size_for(int(entries / LOAD_FACTOR + 1.0))


def iteration_order(keys: list, table_size: int | None = None) -> list:
    """The keys (distinct, in the order they were put) in Java HashMap iteration order.

    ``table_size``: the table length the map started with (default 16, as ``new HashMap()``
    gets on its first put; ``copy_table_size(n, jdk)`` for a ``new HashMap(other)``).
    """
    n = len(keys)
    cap = table_size or DEFAULT_CAPACITY
    if n <= 1:
        return list(keys)
    hashes = [spread(java_string_hash(k)) for k in keys]
    if _chains_stay_short(hashes, cap):
        while n > cap * LOAD_FACTOR and cap < MAXIMUM_CAPACITY:
            cap <<= 1
        mask = cap - 1
        order = sorted(range(n), key=lambda i: (hashes[i] & mask, i))
        return [keys[i] for i in order]
    return _HashMapModel(cap).put_all(keys, hashes)


def _chains_stay_short(hashes: list[int], cap: int) -> bool:
    """True when no chain ever reaches 9 entries while the keys are put (then no tree, no early resize)."""
    n = len(hashes)
    if n <= TREEIFY_THRESHOLD:
        return True
    while True:
        held = min(n, int(cap * LOAD_FACTOR) + 1)  # entries the table holds before it doubles
        counts: dict[int, int] = {}
        mask = cap - 1
        for h in hashes[:held]:
            slot = h & mask
            c = counts.get(slot, 0) + 1
            if c > TREEIFY_THRESHOLD:
                return False
            counts[slot] = c
        if held >= n:
            return True
        cap <<= 1


class _Node:
    __slots__ = ("hash", "key", "parent", "left", "right", "red")

    def __init__(self, h: int, key: str):
        self.hash, self.key = h, key
        self.parent = self.left = self.right = None
        self.red = False


class _TreeBin:
    """A tree bin: the red-black tree plus its linked (iteration) order."""

    __slots__ = ("root", "order")

    def __init__(self, nodes: list[_Node]):
        self.order = list(nodes)
        self.root = None
        for x in nodes:  # TreeNode.treeify
            x.left = x.right = x.parent = None
            if self.root is None:
                x.red = False
                self.root = x
                continue
            p = self.root
            while True:
                d = _direction(p, x.hash, x.key)
                child = p.left if d <= 0 else p.right
                if child is None:
                    x.parent = p
                    if d <= 0:
                        p.left = x
                    else:
                        p.right = x
                    self.root = _balance_insertion(self.root, x)
                    break
                p = child
        self._root_to_front()

    def _root_to_front(self) -> None:
        if self.order[0] is not self.root:
            self.order.remove(self.root)
            self.order.insert(0, self.root)

    def put(self, x: _Node) -> None:
        """``TreeNode.putTreeVal`` for a new key: linked in right after its tree parent."""
        p = self.root
        while True:
            d = _direction(p, x.hash, x.key)
            child = p.left if d <= 0 else p.right
            if child is None:
                x.parent = p
                x.red = False
                if d <= 0:
                    p.left = x
                else:
                    p.right = x
                self.order.insert(self.order.index(p) + 1, x)
                self.root = _balance_insertion(self.root, x)
                self._root_to_front()
                return
            p = child


def _java_compare(a: str, b: str) -> int:
    ua, ub = utf16_units(a), utf16_units(b)
    return (ua > ub) - (ua < ub)


def _direction(p: _Node, h: int, key: str) -> int:
    if p.hash > h:
        return -1
    if p.hash < h:
        return 1
    return _java_compare(key, p.key)  # String.compareTo (distinct keys never compare equal)


def _rotate_left(root, p):
    r = p.right
    if r is not None:
        rl = p.right = r.left
        if rl is not None:
            rl.parent = p
        pp = r.parent = p.parent
        if pp is None:
            root = r
            r.red = False
        elif pp.left is p:
            pp.left = r
        else:
            pp.right = r
        r.left = p
        p.parent = r
    return root


def _rotate_right(root, p):
    lf = p.left
    if lf is not None:
        lr = p.left = lf.right
        if lr is not None:
            lr.parent = p
        pp = lf.parent = p.parent
        if pp is None:
            root = lf
            lf.red = False
        elif pp.right is p:
            pp.right = lf
        else:
            pp.left = lf
        lf.right = p
        p.parent = lf
    return root


def _balance_insertion(root, x):
    """``HashMap.TreeNode.balanceInsertion`` (JDK 17), returning the new root."""
    x.red = True
    while True:
        xp = x.parent
        if xp is None:
            x.red = False
            return x
        xpp = xp.parent
        if not xp.red or xpp is None:
            return root
        xppl = xpp.left
        if xp is xppl:
            xppr = xpp.right
            if xppr is not None and xppr.red:
                xppr.red = False
                xp.red = False
                xpp.red = True
                x = xpp
            else:
                if x is xp.right:
                    x = xp
                    root = _rotate_left(root, x)
                    xp = x.parent
                    xpp = None if xp is None else xp.parent
                if xp is not None:
                    xp.red = False
                    if xpp is not None:
                        xpp.red = True
                        root = _rotate_right(root, xpp)
        else:
            if xppl is not None and xppl.red:
                xppl.red = False
                xp.red = False
                xpp.red = True
                x = xpp
            else:
                if x is xp.left:
                    x = xp
                    root = _rotate_right(root, x)
                    xp = x.parent
                    xpp = None if xp is None else xp.parent
                if xp is not None:
                    xp.red = False
                    if xpp is not None:
                        xpp.red = True
                        root = _rotate_left(root, xpp)


class _HashMapModel:
    """``HashMap.putVal`` / ``resize`` / ``treeifyBin`` with chains as Python lists of nodes."""

    def __init__(self, cap: int):
        self.cap = cap
        self.threshold = int(cap * LOAD_FACTOR)
        self.bins: list = [None] * cap
        self.size = 0

    def put_all(self, keys: list, hashes: list[int]) -> list:
        for key, h in zip(keys, hashes):
            self._put(_Node(h, key))
        out = []
        for b in self.bins:
            if b is None:
                continue
            out.extend(n.key for n in (b.order if isinstance(b, _TreeBin) else b))
        return out

    def _put(self, node: _Node) -> None:
        i = node.hash & (self.cap - 1)
        b = self.bins[i]
        if b is None:
            self.bins[i] = [node]
        elif isinstance(b, _TreeBin):
            b.put(node)
        else:
            b.append(node)
            if len(b) > TREEIFY_THRESHOLD:
                self._treeify_bin(i)
        self.size += 1
        if self.size > self.threshold:
            self._resize()

    def _treeify_bin(self, i: int) -> None:
        if self.cap < MIN_TREEIFY_CAPACITY:
            self._resize()
        else:
            self.bins[i] = _TreeBin(self.bins[i])

    def _resize(self) -> None:
        old, old_cap = self.bins, self.cap
        if old_cap >= MAXIMUM_CAPACITY:
            return
        self.cap = old_cap << 1
        self.threshold = int(self.cap * LOAD_FACTOR)
        self.bins = [None] * self.cap
        for j, b in enumerate(old):
            if b is None:
                continue
            nodes = b.order if isinstance(b, _TreeBin) else b
            lo = [n for n in nodes if not n.hash & old_cap]
            hi = [n for n in nodes if n.hash & old_cap]
            for index, part in ((j, lo), (j + old_cap, hi)):
                if not part:
                    continue
                if isinstance(b, _TreeBin) and len(part) > UNTREEIFY_THRESHOLD:
                    # TreeNode.split: the untouched half keeps its tree; a real split re-treeifies
                    self.bins[index] = b if len(part) == len(nodes) else _TreeBin(part)
                else:
                    self.bins[index] = part
