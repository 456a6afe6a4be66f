"""Run fwlab's seeded batches on a Dask distributed cluster, with results identical to a local run.

The simulator, leagues, the what-if lab and the tuner cut their work into batches that carry their
own seed and plain data only (deck card names, bot names, the ruleset, catalog overrides), and take
any :class:`concurrent.futures.Executor`. :class:`ClusterExecutor` is one that sends each batch to a
Dask scheduler (``--cluster ADDRESS`` or ``$FWLAB_CLUSTER``):

- every batch is submitted with ``pure=False``, so Dask never merges two calls that look alike;
- each batch reports the worker that ran it and whether that worker played the compiled rules
  core (``"compiled"``) or the pure-Python one (``"python"``), and a hash of the worker's fwlab
  sources: a worker whose sources differ from the client's would play other rules, so its batch
  fails the run with a message naming it;
- a worker that dies mid-run loses nothing: Dask runs its batches again elsewhere, from the same
  seeds, so the merged result is the same;
- only the process that submitted the batches writes to the store.

``fwlab cluster local --workers N`` starts a scheduler and N single-threaded worker processes on
this machine for trying it. Dask is the optional ``cluster`` extra (``pip install 'fwlab[cluster]'``).
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import os
import sys
import threading
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

#: the environment variable that sets the scheduler when ``--cluster`` is not given
ENV = "FWLAB_CLUSTER"
PACKAGE_DIR = Path(__file__).resolve().parent


class ClusterError(ValueError):
    """The cluster cannot run the work (unreachable scheduler, no workers, mismatched sources)."""


def cluster_address(arg: str | None = None) -> str | None:
    """The scheduler to use: ``arg`` (``--cluster``), else ``$FWLAB_CLUSTER``, else None (run locally)."""
    address = (arg or os.environ.get(ENV) or "").strip()
    return address or None


#: what a batch runs: the rules engines, bots, simulator, catalogs and decks code, the lab's batches
PLAYED_CODE = ("rules", "bots", "sim", "catalog", "decks", "lab", "rulesets.py", "stats.py", "cluster.py",
               "native")


@lru_cache(maxsize=1)
def sources_key() -> str:
    """A hash of the code a batch runs (:data:`PLAYED_CODE`) and of the catalog files it reads: two
    processes with the same key play the same games from the same seeds."""
    from .paths import catalogs_dir

    h = hashlib.sha256()
    files: list[tuple[str, Path]] = []
    for part in PLAYED_CODE:
        p = PACKAGE_DIR / part
        files += [(f"fwlab/{f.relative_to(PACKAGE_DIR)}", f) for f in (sorted(p.rglob("*.py")) if p.is_dir() else [p])
                  if f.exists()]
    cat = Path(catalogs_dir())
    files += [(f"catalogs/{f.relative_to(cat)}", f) for f in sorted(cat.rglob("*.toml"))]
    for name, f in files:
        h.update(name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _engine_of_worker(engine: str | None) -> str:
    from . import native

    if engine is None or engine not in native.builds():
        return "python"
    return "compiled" if native.engine_compiled(engine) else "python"


def run_on_worker(fn: Callable[..., Any], args: tuple[Any, ...], engine: str | None) -> tuple[Any, dict[str, str]]:
    """Run one batch on a worker and say where and how it ran (top level, so workers import it)."""
    try:
        from distributed import get_worker

        address = get_worker().address
    except (ImportError, ValueError):  # not inside a Dask worker (e.g. a test calling it directly)
        address = "local"
    return fn(*args), {"address": address, "engine": _engine_of_worker(engine), "sources": sources_key()}


def default_timeout() -> float:
    """Seconds to wait for the scheduler and its first worker: ``$FWLAB_CLUSTER_TIMEOUT`` or 10."""
    raw = os.environ.get("FWLAB_CLUSTER_TIMEOUT", "10")
    try:
        t = float(raw)
    except ValueError:
        raise ClusterError(f"FWLAB_CLUSTER_TIMEOUT must be a number of seconds, not {raw!r}") from None
    if t <= 0:
        raise ClusterError(f"FWLAB_CLUSTER_TIMEOUT must be positive, not {raw!r}")
    return t


def connect(address: str, timeout: float | None = None) -> Any:
    """A Dask client of the scheduler at ``address``; :class:`ClusterError` when it cannot be reached
    within ``timeout`` seconds (default :func:`default_timeout`)."""
    if timeout is None:
        timeout = default_timeout()
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs Dask distributed: pip install 'fwlab[cluster]' "
                           "(on this machine and on every worker)") from None
    try:
        return Client(address, timeout=f"{timeout}s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}. Start one with "
                           "`dask scheduler` (and `dask worker ADDRESS` on each machine) or "
                           "`fwlab cluster local`, or check the address") from None
    except ValueError as exc:  # a malformed address
        raise ClusterError(f"bad Dask scheduler address {address!r}: {exc}") from None


class ClusterExecutor(cf.Executor):
    """A :class:`concurrent.futures.Executor` over a Dask scheduler that records, per worker, the
    batches it ran and the engine it ran them with.

    ``engine``: the rules engine the batches play (``fw`` games run the ``daemornia`` engine), to
    report whether each worker runs it compiled. ``on_worker(info)`` is called once per new worker
    (the CLI prints a note for a worker on the pure-Python engine).
    """

    def __init__(self, address: str, engine: str | None = None, timeout: float | None = None,
                 on_worker: Callable[[dict[str, str]], None] | None = None) -> None:
        if timeout is None:
            timeout = default_timeout()
        self.address = address
        self.engine = engine
        self.client = connect(address, timeout)
        self._on_worker = on_worker
        self._lock = threading.Lock()
        self._workers: dict[str, dict[str, Any]] = {}
        self._pending: set[Any] = set()
        self._closed = False
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, OSError):
            self.client.close()
            raise ClusterError(f"the Dask scheduler at {address} has no workers; start `dask worker {address}` "
                               "on each machine") from None

    # ------------------------------------------------------------------ Executor API
    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        if self._closed:
            raise RuntimeError("cannot submit to a closed ClusterExecutor")
        if kwargs:
            raise TypeError("ClusterExecutor.submit takes positional arguments only (plain data)")
        dfut = self.client.submit(run_on_worker, fn, args, self.engine, pure=False)
        out: cf.Future[Any] = cf.Future()
        with self._lock:
            self._pending.add(dfut)

        def cancel_remote(f: cf.Future[Any]) -> None:
            if f.cancelled():
                dfut.cancel()

        out.add_done_callback(cancel_remote)

        def finished(df: Any) -> None:
            with self._lock:
                self._pending.discard(df)
            if out.cancelled():
                return
            try:
                result, info = df.result()
            except BaseException as exc:  # noqa: BLE001 - passed on to whoever waits on the future
                if not out.done():
                    out.set_exception(exc)
                return
            if info["sources"] != sources_key():
                out.set_exception(ClusterError(
                    f"worker {info['address']} runs fwlab code or catalogs that differ from this client's "
                    f"({info['sources']} != {sources_key()}): install the same fwlab and data/catalogs on every worker"))
                return
            self._record(info)
            if not out.done():
                out.set_result(result)

        dfut.add_done_callback(finished)
        return out

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._closed:
            return
        self._closed = True
        with self._lock:
            pending = list(self._pending)
        if cancel_futures or not wait:
            for f in pending:
                f.cancel()
        self.client.close()

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        # leaving on an error (or a cancelled run) stops the batches still queued on the cluster
        self.shutdown(wait=exc_type is None, cancel_futures=exc_type is not None)

    # ------------------------------------------------------------------ reports
    def _record(self, info: dict[str, str]) -> None:
        with self._lock:
            w = self._workers.get(info["address"])
            new = w is None
            if w is None:
                w = self._workers[info["address"]] = {"address": info["address"], "engine": info["engine"],
                                                      "batches": 0}
            w["batches"] += 1
        if new and self._on_worker is not None:
            self._on_worker(dict(w))

    def workers(self) -> list[dict[str, Any]]:
        """``[{"address", "engine": "compiled"|"python", "batches"}]`` for every worker that ran a batch."""
        with self._lock:
            return [dict(self._workers[a]) for a in sorted(self._workers)]


def python_worker_note(info: dict[str, Any], engine: str | None) -> str | None:
    """The note printed for a worker that plays on the pure-Python engine (slower, same results)."""
    if info.get("engine") != "python" or engine is None:
        return None
    from . import native

    if engine not in native.builds():
        return None
    return (f"fwlab: note: worker {info['address']} plays the {engine} engine as pure Python (slower, same "
            "results): no compiled build of these sources there; run `fwlab native build` on it")


def executor_for(address: str | None, engine: str | None, quiet: bool = False) -> ClusterExecutor | None:
    """A :class:`ClusterExecutor` for ``address`` (None: None, run locally), printing a note to
    stderr for each worker on the pure-Python engine unless ``quiet``."""
    if address is None:
        return None

    def note(info: dict[str, str]) -> None:
        msg = python_worker_note(info, engine)
        if msg and not quiet:
            print(msg, file=sys.stderr)

    return ClusterExecutor(address, engine, on_worker=note)


# ---------------------------------------------------------------------- fwlab cluster local
def register(sub: Any) -> None:
    p = sub.add_parser("cluster", help="start a local Dask cluster for trying --cluster",
                       description="Dask distributed for simulations, leagues, what-ifs and tuning.")
    csub = p.add_subparsers(dest="cluster_command", metavar="ACTION")
    csub.required = True
    loc = csub.add_parser("local", help="start a scheduler and N workers on this machine until Ctrl-C",
                          description="Start a Dask scheduler and N single-threaded worker processes here, "
                                      "print the scheduler's address (pass it as --cluster ADDRESS or "
                                      "FWLAB_CLUSTER), and stop them all on Ctrl-C.")
    loc.add_argument("--workers", type=int, default=max(1, os.cpu_count() or 1),
                     help="worker processes (default: one per core)")
    loc.add_argument("--port", type=int, default=0, help="scheduler port (default: any free port)")
    loc.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    loc.set_defaults(func=_run_local)


def _run_local(args: Any) -> int:
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    try:
        from distributed import LocalCluster
    except ImportError:
        raise ClusterError("fwlab cluster needs Dask distributed: pip install 'fwlab[cluster]'") from None
    import signal

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host=args.host,
                           scheduler_port=args.port, dashboard_address=None)
    try:
        print(cluster.scheduler_address, flush=True)
        print(f"fwlab: a Dask scheduler with {args.workers} worker(s) at {cluster.scheduler_address}; use "
              f"--cluster {cluster.scheduler_address} (or FWLAB_CLUSTER). Ctrl-C stops it.", file=sys.stderr,
              flush=True)
        while True:
            time.sleep(0.5)
    except KeyboardInterrupt:
        print("fwlab: stopping the local cluster", file=sys.stderr)
    finally:
        cluster.close()
    return 0
