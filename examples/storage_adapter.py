#!/usr/bin/env python3
"""A minimal adapter for `harness check --impl`: the storage area in full, the rest declined.

    harness check --impl 'python3 examples/storage_adapter.py' --version 26.3 --area storage

It speaks the line protocol of rig/PROTOCOL.md on stdin/stdout with nothing but the
standard library: one case per line in, one answer line out, flushed. Storage cases get
SimpleBitStorage's answers (ZeroBitStorage for 0 bits); every operation of another area is
answered {"unsupported": "..."}, so those cases are reported partial, not failed.
A hello line (sent only with --longs-as-strings) turns longs into decimal strings.
"""

import json
import sys


class GameError(Exception):
    """A refusal as the game words it: the Java exception's short name and its message."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.answer = {"error": kind, "message": message}


def inclusive_between(lo, hi, value):
    # commons-lang Validate.inclusiveBetween, as the game calls it
    if not lo <= value <= hi:
        raise GameError("IllegalArgumentException",
                        f"The value {value} is not in the specified inclusive range of {lo} to {hi}")


def java_int(n):
    n &= 0xFFFFFFFF
    return n - (1 << 32) if n >= 1 << 31 else n


def java_div(a, b):  # Java's int division rounds toward zero
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class Storage:
    """SimpleBitStorage (bits 1..32) or, with bits 0 from `new`, ZeroBitStorage."""

    def __init__(self, bits, size, longs=None):
        self.bits, self.size = bits, size
        if bits == 0 and longs is None:  # ZeroBitStorage: no longs at all
            self.mask, self.per_long, self.words = 0, 0, []
            return
        inclusive_between(1, 32, bits)
        self.mask = (1 << bits) - 1
        self.per_long = 64 // bits
        expected = java_div(java_int(size + self.per_long - 1), self.per_long)
        if longs is None:
            if expected < 0:
                raise GameError("NegativeArraySizeException", str(expected))
            self.words = [0] * expected
        else:
            if len(longs) != expected:
                raise GameError("SimpleBitStorage.InitializationException",
                                f"Invalid length given for storage, got: {len(longs)} but expected: {expected}")
            self.words = [x & 0xFFFFFFFFFFFFFFFF for x in longs]  # kept as given, padding and all

    def _place(self, i):
        cell = i // self.per_long
        return cell, (i - cell * self.per_long) * self.bits

    def get(self, i):
        inclusive_between(0, self.size - 1, i)
        if not self.bits:
            return 0
        cell, shift = self._place(i)
        return java_int((self.words[cell] >> shift) & self.mask)

    def get_and_set(self, i, v):
        inclusive_between(0, self.size - 1, i)
        inclusive_between(0, self.mask, v)
        if not self.bits:
            return 0
        cell, shift = self._place(i)
        word = self.words[cell]
        self.words[cell] = word & ~(self.mask << shift) | v << shift
        return java_int((word >> shift) & self.mask)

    def fill(self, v):  # 26.3: the value spread by doubling, padding included
        inclusive_between(0, self.mask, v)
        pattern, shift = v, self.bits
        while self.bits and shift < 64:
            pattern = (pattern | pattern << shift) & 0xFFFFFFFFFFFFFFFF
            shift <<= 1
        self.words = [pattern] * len(self.words)

    def values(self):
        if self.size < 0:
            raise GameError("NegativeArraySizeException", str(self.size))
        return [self.get(i) for i in range(self.size)] if self.bits else [0] * self.size

    def longs(self):
        return [w - (1 << 64) if w >= 1 << 63 else w for w in self.words]


def storage_answers(setup, ops):
    storage, answers = None, []
    for op in ops:
        name, args = op[0], op[1:]
        try:
            if name == "new":
                storage = Storage(setup["bits"], setup["size"])
                answer = None
            elif name == "from_longs":
                storage = Storage(setup["bits"], setup["size"], args[0])
                answer = None
            elif storage is None:
                answer = {"unsupported": f"{name}: no storage was made"}
            elif name == "get":
                answer = storage.get(args[0])
            elif name == "set":
                storage.get_and_set(args[0], args[1])
                answer = None
            elif name == "get_and_set":
                answer = storage.get_and_set(args[0], args[1])
            elif name == "fill":
                storage.fill(args[0])
                answer = None
            elif name == "values":
                answer = storage.values()
            elif name == "longs":
                answer = storage.longs()
            else:
                answer = {"unsupported": f"unknown storage operation {name}"}
        except GameError as e:
            answer = e.answer
        answers.append(answer)
    return answers


def main():
    longs_as_strings = False
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        if "hello" in case and "id" not in case:  # the harness's hello line: no answer
            longs_as_strings = case.get("longs_as_strings") is True
            continue
        ops = case["ops"]
        if case["area"] == "storage":
            if longs_as_strings:
                ops = [[op[0], [int(x) for x in op[1]]] if op[0] == "from_longs" else op for op in ops]
            answers = storage_answers(case["setup"], ops)
            if longs_as_strings:
                answers = [[str(x) for x in a] if op[0] == "longs" and isinstance(a, list) else a
                           for op, a in zip(ops, answers)]
        else:
            answers = [{"unsupported": f"this adapter does only storage, not {case['area']}"} for _ in ops]
        # json.dumps escapes non-ASCII (ensure_ascii): a lone surrogate goes as \udXXX
        print(json.dumps({"id": case["id"], "answers": answers}), flush=True)


if __name__ == "__main__":
    main()
