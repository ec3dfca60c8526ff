"""``NbtAccounter``: the byte quota and depth limit the game applies while reading NBT.

Two styles, chosen by ``version.nbt.accounter_style`` (GAME_FACTS.md 3.2, confirmed by the
recorded ``depth-*``, ``list-depth-*`` and ``network-quota-*`` answers):

- ``"legacy"`` (1.20.1): each compound/list load gets a depth argument (root 0) and, after
  charging the container, fails when it is above ``max_depth`` (``RuntimeException``), so 513
  nested containers fit. ``accountBytes`` adds first and then fails when usage > quota:
  "Tried to read NBT tag that was too big; tried to allocate: <usage>bytes where max allowed:
  <quota>". ``NbtAccounter.UNLIMITED`` (files) charges nothing, but the depth check stays.
- ``"push"`` (1.20.2 on): ``pushDepth()`` before each container fails when the depth already
  is ``max_depth`` (512 fit); ``accountBytes`` fails before adding when usage + n > quota:
  "... tried to allocate: <usage> + <n> bytes where max allowed: <quota>"
  (``NbtAccounterException``). With ``refuse_negative_size`` (26.x) a negative charge is an
  ``IllegalArgumentException`` "Tried to account NBT tag with negative size: <n>".

Charges in bytes (per tag, all versions except the list): End 8, Byte 9, Short 10, Int 12,
Long 16, Float 12, Double 16, String 36 + 2·chars, arrays 24 then n·width, List
``list_charge`` then 4·n, Compound 48, per key 28 + 2·chars, per new key 36.
"""

from __future__ import annotations

from harness.formats.errors import GameError

UNLIMITED_HEAP = (1 << 63) - 1  # NbtAccounter.unlimitedHeap(): Long.MAX_VALUE
DEFAULT_QUOTA = 2_097_152  # NbtAccounter.defaultQuota() / the network's 2 MiB
UNCOMPRESSED_QUOTA = 104_857_600  # NbtAccounter.uncompressedQuota() (level.dat)

# bytes charged per tag id on load (1.20.1 .. 26.x; the list's own charge is per version)
TAG_CHARGE = {0: 8, 1: 9, 2: 10, 3: 12, 4: 16, 5: 12, 6: 16, 7: 24, 8: 36, 10: 48, 11: 24, 12: 24}
ARRAY_WIDTH = {7: 1, 11: 4, 12: 8}
KEY_CHARGE = 28
NEW_KEY_CHARGE = 36


def depth_limit(rules) -> int:
    """The depth at which opening one more container fails (legacy checks "depth > max", push "depth >= max")."""
    return rules.max_depth + 1 if rules.accounter_style == "legacy" else rules.max_depth


class NbtAccounter:
    """The accounter of one read. ``quota`` ``None`` is 1.20.1's ``UNLIMITED`` (charges nothing).

    ``rules`` is a :class:`harness.formats.versions.NbtRules`.
    """

    __slots__ = ("rules", "quota", "usage", "depth", "depth_limit", "_legacy")

    def __init__(self, rules, quota: int | None):
        self.rules = rules
        self.quota = quota
        self.usage = 0
        self.depth = 0
        self._legacy = rules.accounter_style == "legacy"
        self.depth_limit = depth_limit(rules)

    @classmethod
    def for_file(cls, rules) -> "NbtAccounter":
        """``NbtIo.read(DataInput)``'s accounter: ``UNLIMITED`` (1.20.1) or ``unlimitedHeap()``."""
        return cls(rules, None if rules.accounter_style == "legacy" else UNLIMITED_HEAP)

    def account(self, n: int) -> None:
        """``accountBytes(n)``: charge ``n`` bytes or raise the version's quota error."""
        quota = self.quota
        if quota is None:
            return
        if self._legacy:
            self.usage += n
            if self.usage > quota:
                raise GameError(self.rules.accounter_error,
                                f"Tried to read NBT tag that was too big; tried to allocate: {self.usage}bytes "
                                f"where max allowed: {quota}")
            return
        if n < 0 and self.rules.refuse_negative_size:
            raise GameError("IllegalArgumentException", f"Tried to account NBT tag with negative size: {n}")
        if self.usage + n > quota:
            raise GameError(self.rules.accounter_error,
                            f"Tried to read NBT tag that was too big; tried to allocate: {self.usage} + {n} bytes "
                            f"where max allowed: {quota}")
        self.usage += n

    def account_key(self, chars: int) -> None:
        """A compound key of ``chars`` UTF-16 units: 28 + 2·chars, one charge (1.20.1) or two."""
        if self._legacy:
            self.account(KEY_CHARGE + 2 * chars)
        else:
            self.account(KEY_CHARGE)
            self.account(2 * chars)

    def open_container(self, charge: int) -> None:
        """Enter a compound or list: depth check and its charge, in the version's order."""
        if self._legacy:
            self.account(charge)
            if self.depth > self.rules.max_depth:
                self._too_deep()
            self.depth += 1
        else:
            if self.depth >= self.rules.max_depth:
                self._too_deep()
            self.depth += 1
            self.account(charge)

    def close_container(self) -> None:
        """Leave a compound or list (``popDepth``)."""
        if self.depth <= 0:
            raise GameError(self.rules.accounter_error, "NBT-Accounter tried to pop stack-depth at top-level")
        self.depth -= 1

    def _too_deep(self):
        raise GameError(self.rules.accounter_error,
                        f"Tried to read NBT tag with too high complexity, depth > {self.rules.max_depth}")
