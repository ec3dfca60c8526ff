"""The cluster engine: the campaign's workers as Dask actors, one warm judge per actor.

Why Dask (``distributed``) rather than Ray: it is pure Python (one ``pip install`` of a
few MB, no native object store or raylet per machine), a scheduler and workers start in
this process in about a second (what the tests on two cores need), and worker
*resources* say which releases a machine can judge: a worker started with
``--resources "mc-26.3=1"`` holds a 26.3 jar. Each
:class:`~harness.engine.fuzz.worker.FuzzWorker` becomes an actor placed on a worker that has
the campaign release's resource (:func:`resource`), so its JVM stays warm for the whole
campaign; actors are spread over those workers round-robin.

The driver generates and shards: each batch is cut into two shards per actor, each actor
answers its shards as JSON lines (one :func:`~harness.engine.fuzz.worker.result_line` a
line), and the driver collects them keyed by case hash and version. Shrinking stays on the
driver; each candidate is answered through the first actor.

Optional: ``pip install '.[cluster]'``. Without an address a local cluster runs in this
process (``cpus`` worker threads); with ``address`` (``tcp://host:8786``) the campaign uses
a running scheduler, whose workers need the harness installed, the jar at the path the
command names, and the release's resource.
"""

from __future__ import annotations

import json

from harness.engine.fuzz.worker import FuzzWorker, Side

RESOURCE_PREFIX = "mc-"


def resource(version: str) -> str:
    """The worker resource that says a worker can judge ``version``: ``mc-<version>``."""
    return RESOURCE_PREFIX + version


class ClusterUnavailable(Exception):
    """Dask is not installed, the scheduler cannot be reached, or no worker has the release's resource."""


class _ShardWorker(FuzzWorker):
    """A fuzz worker answering a shard as JSON lines (what travels back to the driver)."""

    def run_lines(self, cases: list[dict]) -> str:
        return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in self.run(cases))


class DaskEngine:
    """``workers`` actors of ``judge`` and ``impl`` for ``version`` on a Dask cluster (module docstring)."""

    name = "dask"

    def __init__(self, judge: Side, impl: Side, version: str, workers: int = 1, jvm: int | None = None,
                 policy: str = "message", address: str | None = None, cpus: int = 2):
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ClusterUnavailable("the cluster engine needs Dask's distributed: pip install '.[cluster]'") from None
        self.version = version
        self.cluster = None
        try:
            if address:
                self.client = Client(address, timeout=30)
            else:
                self.cluster = LocalCluster(n_workers=cpus, threads_per_worker=1, processes=False,
                                            resources={resource(version): 1}, dashboard_address=None)
                self.client = Client(self.cluster)
        except (OSError, TimeoutError) as e:
            raise ClusterUnavailable(f"cannot reach the Dask scheduler {address}: {e}") from None
        info = self.client.scheduler_info()["workers"]
        hosts = sorted(a for a, w in info.items() if w.get("resources", {}).get(resource(version)))
        if not hosts:
            self.close()
            raise ClusterUnavailable(f"no worker of the cluster has the resource {resource(version)!r} "
                                     f"(start workers with --resources '{resource(version)}=1')")
        self.actors = [self.client.submit(_ShardWorker, judge, impl, jvm, policy, actor=True, pure=False,
                                          workers=[hosts[i % len(hosts)]], allow_other_workers=False).result()
                       for i in range(workers)]

    @property
    def workers(self) -> int:
        return len(self.actors)

    def run(self, cases: list[dict]) -> list[dict]:
        """The result line of every case, in the cases' order (collected by hash and version)."""
        n = max(1, min(len(cases), 2 * len(self.actors)))
        shards = [cases[i::n] for i in range(n)]
        futures = [self.actors[i % len(self.actors)].run_lines(shard) for i, shard in enumerate(shards)]
        lines = {}
        for future in futures:
            for text in future.result().splitlines():
                line = json.loads(text)
                lines[(line["hash"], line["version"])] = line
        aborted = [line for line in lines.values() if line["status"] == "aborted"]
        if aborted:
            return aborted[:1]
        return [lines[(c["hash"], c["version"])] for c in cases if (c["hash"], c["version"]) in lines]

    def caller(self):
        """``call(which, case)`` through the first actor (for the shrinker on the driver)."""
        actor = self.actors[0]
        return lambda which, case: actor.answer(which, case).result()

    def close(self) -> None:
        for actor in getattr(self, "actors", ()):
            try:
                actor.close().result()
            except Exception:  # an actor whose worker went away has nothing left to stop
                pass
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
