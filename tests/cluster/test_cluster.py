"""The cluster path (fwlab/cluster.py) on a real local Dask cluster: a scheduler and two worker
processes started by ``fwlab cluster local --workers 2``, as a user would.

Each test names the behaviour of issue 18 it holds: the same results with and without
``--cluster`` (2-seat and multi-seat), a worker killed mid-run changing nothing, the unreachable
scheduler's error and exit status, and the per-worker engine report.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from fwlab.cli import main  # noqa: E402
from fwlab.cluster import ClusterError, ClusterExecutor, python_worker_note  # noqa: E402
from fwlab.decks.starters import starter_decks  # noqa: E402
from fwlab.sim.runner import simulate_match  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "data" / "decks" / "fw"


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict:
    assert main(argv) == 0
    d = json.loads(capsys.readouterr().out)
    d.pop("seconds")
    return d


def test_simulate_json_identical_with_and_without_cluster_two_seats(cluster, capsys):  # type: ignore[no-untyped-def]
    """CLUSTER-SAME-1: `fwlab simulate A B --json` gives the same JSON on the cluster (plus the
    workers that ran it), with per-card statistics, several batches over both workers."""
    argv = ["simulate", str(DECKS / "ashfang-raid.txt"), str(DECKS / "grave-tide.txt"), "-n", "1300",
            "--seed", "11", "--json", "--cards"]
    local = _json(capsys, argv)
    remote = _json(capsys, [*argv, "--cluster", cluster])
    workers = remote.pop("workers")
    assert remote == local
    assert sum(w["batches"] for w in workers) == 6          # 1300 games in batches of 250
    assert {w["engine"] for w in workers} <= {"compiled", "python"}
    assert all(w["address"].startswith("tcp://") for w in workers)


def test_simulate_json_identical_with_and_without_cluster_multi_seat(cluster, capsys, monkeypatch):  # type: ignore[no-untyped-def]
    """CLUSTER-SAME-1 for a multi-seat ruleset (conquest, 4 seats), the scheduler given by
    $FWLAB_CLUSTER instead of --cluster."""
    argv = ["simulate", "--ruleset", "conquest", "--players", "4", "-n", "600", "--seed", "5", "--json"]
    local = _json(capsys, argv)
    monkeypatch.setenv("FWLAB_CLUSTER", cluster)
    remote = _json(capsys, argv)
    assert remote.pop("workers")
    assert remote == local
    assert remote["seats"][0]["wins"] + remote["seats"][1]["wins"] > 0


def _pids(address: str) -> dict[str, int]:
    from distributed import Client

    with Client(address, set_as_default=False) as c:
        return c.run(os.getpid)  # type: ignore[no-any-return]


def test_worker_killed_mid_run_changes_nothing(cluster):  # type: ignore[no-untyped-def]
    """CLUSTER-FAIL-1: a worker killed (SIGKILL) while the run is under way: its batches are run
    again elsewhere and the merged result equals the local one."""
    a, b = starter_decks("fw")[:2]
    n, seed = 6000, 21
    local = simulate_match([a, b], "fw", n=n, seed=seed, workers=1)
    pids = _pids(cluster)
    victim_addr, victim = sorted(pids.items())[0]
    done_batches: list[int] = []
    killed = threading.Event()

    def progress(done: int, total: int) -> None:
        done_batches.append(done)
        if not killed.is_set() and done >= 250:   # the first batch is in: the run is under way
            os.kill(victim, signal.SIGKILL)
            killed.set()

    with ClusterExecutor(cluster, "daemornia") as ex:
        remote = simulate_match([a, b], "fw", n=n, seed=seed, executor=ex, progress=progress)
        workers = ex.workers()
    assert killed.is_set() and done_batches[-1] == n
    assert done_batches.index(250) < len(done_batches) - 1, "the kill came after the last batch"
    assert remote.to_dict() == local.to_dict()
    assert sum(w["batches"] for w in workers) == n // 250
    deadline = time.monotonic() + 30   # the nanny restarts the killed worker as a new process
    while victim in _pids(cluster).values() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert victim not in _pids(cluster).values()
    assert victim_addr.startswith("tcp://")


def test_unreachable_scheduler_is_a_clear_error_exit_2(capsys, monkeypatch):  # type: ignore[no-untyped-def]
    """CLUSTER-FAIL-2: no scheduler at the address: one line naming it, exit status 2."""
    monkeypatch.setenv("FWLAB_CLUSTER_TIMEOUT", "2")
    rc = main(["simulate", str(DECKS / "ashfang-raid.txt"), str(DECKS / "grave-tide.txt"), "-n", "10",
               "--cluster", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    with pytest.raises(ClusterError, match="bad Dask scheduler address|cannot reach"):
        ClusterExecutor("nonsense://nowhere:1", timeout=2)


@contextlib.contextmanager
def _one_worker_cluster(env: dict[str, str]) -> Iterator[str]:
    """A scheduler in this process and one `dask worker` process started with ``env``."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=0, processes=True, dashboard_address=None, host="127.0.0.1") as lc:
        worker = subprocess.Popen([str(Path(sys.executable).parent / "dask"), "worker", lc.scheduler_address,
                                   "--nthreads", "1", "--no-dashboard"], env={**os.environ, **env},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            yield lc.scheduler_address
        finally:
            worker.terminate()
            worker.wait(timeout=30)


def test_worker_on_the_pure_python_engine_is_reported():  # type: ignore[no-untyped-def]
    """CLUSTER-ENGINE-1: a worker without the compiled build for these sources (here: FWLAB_NATIVE=0)
    is named in the report as "python", the CLI prints a note for it, and its games are the same."""
    a, b = starter_decks("fw")[:2]
    local = simulate_match([a, b], "fw", n=300, seed=3, workers=1)
    with _one_worker_cluster({"FWLAB_NATIVE": "0"}) as address:
        notes: list[dict[str, str]] = []
        with ClusterExecutor(address, "daemornia", timeout=60, on_worker=notes.append) as ex:
            remote = simulate_match([a, b], "fw", n=300, seed=3, executor=ex)
            workers = ex.workers()
    assert [w["engine"] for w in workers] == ["python"]
    assert notes and notes[0]["engine"] == "python"
    assert remote.to_dict() == local.to_dict()
    note = python_worker_note(workers[0], "daemornia")
    assert note is not None and workers[0]["address"] in note and "fwlab native build" in note


def test_worker_with_another_catalog_is_refused(tmp_path):  # type: ignore[no-untyped-def]
    """CLUSTER-ENGINE-2: a worker reading a different catalog (its own FWLAB_DATA, one card changed)
    would play other games: the run fails with a message naming that worker instead."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "catalogs", data / "catalogs")
    one = sorted((data / "catalogs").rglob("*.toml"))[0]
    one.write_text(one.read_text() + "\n# changed on this worker\n")
    a, b = starter_decks("fw")[:2]
    with _one_worker_cluster({"FWLAB_DATA": str(data)}) as address, \
            ClusterExecutor(address, "daemornia", timeout=60) as ex, \
            pytest.raises(ClusterError, match=r"worker tcp://\S+ runs fwlab code or catalogs that differ"):
        simulate_match([a, b], "fw", n=20, seed=3, executor=ex)


def test_no_call_is_merged_by_dasks_cache(cluster):  # type: ignore[no-untyped-def]
    """CLUSTER-SAME-2: two identical submissions run twice (pure=False), never served from a cache."""
    with ClusterExecutor(cluster) as ex:
        futs = [ex.submit(time.time_ns) for _ in range(2)]
        t1, t2 = (f.result() for f in futs)
        assert sum(w["batches"] for w in ex.workers()) == 2
    assert isinstance(t1, int) and isinstance(t2, int)


def _league_rows(db: Path) -> dict[str, list[tuple]]:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        return {t: con.execute(f"SELECT * FROM {t} ORDER BY ALL").fetchall()
                for t in ("matches", "match_seats", "card_events", "turn_snapshots", "players")}
    finally:
        con.close()


def test_league_on_the_cluster_writes_the_same_matches(cluster, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """CLUSTER-SAME-3: `fwlab league --cluster` (and `--workers 2`) write the same league, match for
    match, as the league played in this process; only the client writes to the store."""
    dbs = {}
    empty = tmp_path / "empty.duckdb"
    assert main(["init", "--db", str(empty), "--no-league"]) == 0
    for how, extra in (("here", []), ("cluster", ["--cluster", cluster]), ("pool", ["--workers", "2"])):
        db = tmp_path / f"{how}.duckdb"
        shutil.copy(empty, db)
        assert main(["league", "--db", str(db), "--ruleset", "eredan", "--players", "6", "--matches", "60",
                     "--seed", "4", *extra]) == 0
        dbs[how] = _league_rows(db)
    capsys.readouterr()
    assert len(dbs["here"]["matches"]) == 60 and dbs["here"]["card_events"]
    assert dbs["cluster"] == dbs["here"]
    assert dbs["pool"] == dbs["here"]


def test_whatif_and_tune_on_the_cluster_equal_the_local_runs(cluster, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """CLUSTER-SAME-4: `fwlab whatif --cluster` gives the local what-if's JSON (the catalog change
    travels to the workers as plain data), and `fwlab tune --cluster` the local tuner's."""
    ch = tmp_path / "nerf.toml"
    ch.write_text('["Ashfang Raider"]\natt = 1\nhp = 2\n')
    argv = ["whatif", "--ruleset", "fw", "--changes", str(ch), "--decks", "fw/ashfang-raid", "fw/iron-tide",
            "fw/grave-tide", "-n", "120", "--seed", "8", "--json", "--no-store"]
    local = _json(capsys, argv)
    remote = _json(capsys, [*argv, "--cluster", cluster])
    assert sum(w["batches"] for w in remote.pop("workers")) > 1
    assert remote == local
    assert any(d["delta"] != 0 for d in local["decks"])   # the change did change games
    argv = ["tune", "fw/iron-tide", "--ruleset", "fw", "--gauntlet", "fw/ashfang-raid", "fw/grave-tide",
            "--budget", "3000", "--seed", "2", "--json", "--no-store"]
    local = _json(capsys, argv)
    remote = _json(capsys, [*argv, "--cluster", cluster])
    assert remote.pop("workers")
    assert remote == local


def test_a_cancelled_run_stops_its_batches_on_the_cluster(cluster):  # type: ignore[no-untyped-def]
    """CLUSTER-FAIL-3: a what-if cancelled after its first batch (as the app's Cancel does, through
    ``should_stop``) raises Cancelled, and the batches still queued on the cluster are dropped: the
    scheduler holds no task of the run a moment later."""
    from distributed import Client

    from fwlab.lab import Cancelled, whatif

    seen: list[int] = []
    with ClusterExecutor(cluster, "daemornia") as ex:
        with pytest.raises(Cancelled):
            whatif("fw", {"Ashfang Raider": {"att": 1}}, n=2000, seed=1, executor=ex,
                   progress=lambda done, total: seen.append(total), should_stop=lambda: bool(seen))
        client = ex.client
        deadline = time.monotonic() + 2   # cancelling takes milliseconds; the queued batches would take seconds
        while time.monotonic() < deadline:
            left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
            if left == 0:
                break
            time.sleep(0.2)
        assert left == 0
        ran = sum(w["batches"] for w in ex.workers())
    assert seen and ran < seen[0] // 250 // 4   # a small share of the run's batches ever finished
    with Client(cluster, set_as_default=False) as c:
        assert c.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0
