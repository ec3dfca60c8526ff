"""A pipe is read into one growing buffer: its peak memory is about what it holds (the limit at
most), never the pieces and a joined copy of them (2x). Counted with ``tracemalloc``."""

from __future__ import annotations

import os
import threading
import tracemalloc

import pytest

from harness.engine.limits import LimitExceeded, read_capped

LIMIT = 16 << 20


def _peak_reading(total: int) -> tuple[int, object]:
    r, w = os.pipe()

    def feed():
        block = bytes(1 << 16)
        with open(w, "wb") as f:
            sent = 0
            try:
                while sent < total:
                    f.write(block)
                    sent += len(block)
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=feed)
    tracemalloc.start()
    writer.start()
    try:
        try:
            result = read_capped(f"/dev/fd/{r}", LIMIT, pipes=True)
        except LimitExceeded as e:
            result = e
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        os.close(r)
        writer.join()
    return peak, result


@pytest.mark.parametrize("total", [LIMIT - (1 << 20), 2 * LIMIT])
def test_a_pipe_read_peaks_at_about_its_size(total):
    peak, result = _peak_reading(total)
    if total > LIMIT:
        assert isinstance(result, LimitExceeded) and f"longer than the limit of {LIMIT} bytes" in str(result)
    else:
        assert len(result) == total and not any(result[:: 1 << 16])
    assert peak < 1.3 * min(total, LIMIT), peak  # one buffer (grown in place, 1/8 spare) and a 1 MiB piece
