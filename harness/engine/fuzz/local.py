"""The local engine: N fuzz workers (:class:`~harness.engine.fuzz.worker.FuzzWorker`) in
threads of this process, each driving its own warm judge and implementation processes.

The work is in the child processes, so threads suffice; within a batch every worker takes
the next case as soon as it is free, and the result lines come back in the cases' order.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from harness.engine.fuzz.worker import FuzzWorker, Side


class LocalEngine:
    """``workers`` pairs of ``judge`` and ``impl`` processes on this machine (started on their
    first case, restarted after a crash; :meth:`close` stops them)."""

    name = "local"

    def __init__(self, judge: Side, impl: Side, workers: int = 1, jvm: int | None = None, policy: str = "message"):
        self.pool = [FuzzWorker(judge, impl, jvm, policy) for _ in range(workers)]
        self._threads = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="fuzz-worker")

    @property
    def workers(self) -> int:
        return len(self.pool)

    def run(self, cases: list[dict]) -> list[dict]:
        """The result line of every case, in the cases' order."""
        results: list = [None] * len(cases)
        queue = iter(enumerate(cases))
        lock = threading.Lock()

        def drain(worker: FuzzWorker) -> None:
            while True:
                with lock:
                    item = next(queue, None)
                if item is None:
                    return
                results[item[0]] = worker.run_case(item[1])

        for done in [self._threads.submit(drain, w) for w in self.pool]:
            done.result()
        return [r for r in results if r is not None]

    def caller(self):
        """``call(which, case)``: one side's answers, through the first worker (for the shrinker)."""
        return self.pool[0].answer

    def close(self) -> None:
        for worker in self.pool:
            worker.close()
        self._threads.shutdown(wait=True)
