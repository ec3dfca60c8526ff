"""The local engine: N fuzz workers (:class:`~harness.engine.fuzz.worker.FuzzWorker`) in
threads of this process, each driving its own warm judge and implementation processes.

The work is in the child processes, so threads suffice; within a batch every worker takes
the next case as soon as it is free, and the result lines come back in the cases' order.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor, wait

from harness.engine.fuzz.worker import FuzzWorker, Side


class LocalEngine:
    """``workers`` pairs of ``judge`` and ``impl`` processes on this machine (started on their
    first case, restarted after a crash; :meth:`close` stops them)."""

    name = "local"

    def __init__(self, judge: Side, impl: Side, workers: int = 1, jvm: int | None = None, policy: str = "message"):
        self.pool = [FuzzWorker(judge, impl, jvm, policy) for _ in range(workers)]
        self._threads = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="fuzz-worker")
        self._closing = threading.Event()  # set by close(): the threads take no further case
        self._running: list = []  # the current batch's threads (a Ctrl-C leaves them running)

    @property
    def workers(self) -> int:
        return len(self.pool)

    def run(self, cases: list[dict]) -> list[dict]:
        """The result line of every case, in the cases' order."""
        results: list = [None] * len(cases)
        queue = iter(enumerate(cases))
        lock = threading.Lock()

        def drain(worker: FuzzWorker) -> None:
            while not self._closing.is_set():
                with lock:
                    item = next(queue, None)
                if item is None:
                    return
                results[item[0]] = worker.run_case(item[1])

        self._running = [self._threads.submit(drain, w) for w in self.pool]
        for done in self._running:
            done.result()
        return [r for r in results if r is not None]

    def caller(self):
        """``call(which, case)``: one side's answers, through the first worker (for the shrinker)."""
        return self.pool[0].answer

    def close(self) -> None:
        """Stop every worker's processes before waiting on its thread: after Ctrl-C or SIGTERM
        in :meth:`run`, a thread blocked on a hung process is unblocked by the process's end
        (its case fails, or its read raises: the exception stays in its future), and takes no
        further case. Until the threads are done, any process one of them started again
        meanwhile is ended too."""
        self._closing.set()
        started: list = []
        while True:
            for worker in self.pool:
                started += [side for side in worker.processes() if side not in started]
                worker.close()
            for side in started:
                side.close()
            if not wait(self._running, timeout=0.5).not_done:
                break
        self._threads.shutdown(wait=True)
