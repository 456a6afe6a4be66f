"""The lab's unit of work: one batch of seeded games played once per matchup variant, returning each
game's result, and the loop that runs batches on any executor with progress and cancellation.

A job is plain data (any executor runs it, a Dask cluster's included)::

    (ruleset, bots, batch seed, first game index, count, variants)

where each variant is ``(deck A card names, deck B card names, overrides or None)``. Game ``i`` of
the batch has seed ``(batch seed + i * 7919) mod 2**63`` and seat ``(start + i) mod 2`` plays
first, exactly as :func:`fwlab.sim.runner.run_batch` plays them, so a pairing's games here are
the games ``simulate_match`` plays for the same seed and batch size (the engine is called as
:func:`~fwlab.sim.play.play_match` calls it, without its per-game checks and summary). Every
variant plays the same games (seed and first seat): common random numbers. The result is one
``bytes`` per variant, one byte per game: twice seat A's win share (2 win, 1 draw, 0 loss).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from ..catalog.overrides import catalog_with_overrides
from ..rules.engines import engine_for
from ..sim.play import bot_seed, check_seats

Job = tuple[Any, ...]
Progress = Callable[[int, int], None]
ShouldStop = Callable[[], bool]


class Cancelled(Exception):
    """A lab run stopped because ``should_stop()`` said so (between batches). ``partial`` holds what
    the run had found (the tuner: its swaps and decklist so far, not re-tested), else None."""

    def __init__(self, message: str = "stopped", partial: Any = None) -> None:
        super().__init__(message)
        self.partial = partial


def play_block(job: Job) -> list[bytes]:
    """Play one job (top level, so worker processes can run it); see the module docstring."""
    ruleset, bots, bseed, start, count, variants = job
    eng = engine_for(ruleset)
    check_seats(ruleset, 2)
    cats = [catalog_with_overrides(ruleset, ov) for _, _, ov in variants]
    setups = [[tuple(a), tuple(b)] for a, b, _ in variants]
    out = [bytearray(count) for _ in variants]
    gc_was_on = gc.isenabled()
    gc.disable()  # as play_match does: a game makes no reference cycles
    try:
        for i in range(count):
            seed = (bseed + i * 7919) % (2**63)
            first = (start + i) % 2
            for k in range(len(variants)):
                # exactly play_match's game (same setup, bots and seeds), without its checks and summary
                g = eng.new_game(ruleset, setups[k], seed, first, log_cards=False, record=False, catalog=cats[k])
                eng.play_out(g, [eng.make_bot(bots[0], bot_seed(seed, 0)), eng.make_bot(bots[1], bot_seed(seed, 1))])
                places = g.outcome.places
                out[k][i] = 1 if places[0] == places[1] else (2 if places[0] == 1 else 0)
    finally:
        if gc_was_on:
            gc.enable()
    return [bytes(o) for o in out]


def job_games(job: Job) -> int:
    """Games a job plays (its count times its variants)."""
    return int(job[4]) * len(job[5])


def run_jobs(jobs: Sequence[Job], *, workers: int | None = 1, executor: Executor | None = None,
             progress: Progress | None = None, should_stop: ShouldStop | None = None,
             done_before: int = 0, total: int | None = None) -> list[list[bytes]]:
    """Run the jobs and return their results in job order (whatever finished first).

    ``executor``: any :class:`concurrent.futures.Executor` (kept open: the caller owns it); else
    ``workers`` > 1 starts a process pool for this call (``None`` or 0: one per core) and 1 plays
    in this process. ``progress(done, total)`` is called after each job (in games, counting from
    ``done_before`` out of ``total``); ``should_stop()`` is asked before each job is submitted and
    after each one finishes, and a true answer cancels what has not started and raises
    :class:`Cancelled`.
    """
    total = total if total is not None else done_before + sum(job_games(j) for j in jobs)
    if executor is None:
        n = workers if workers else (os.cpu_count() or 1)
        if n > 1 and len(jobs) > 1:
            with ProcessPoolExecutor(max_workers=n) as pool:
                return _run_on(pool, jobs, 3 * n, progress, should_stop, done_before, total)
        results = []
        done = done_before
        for job in jobs:
            if should_stop is not None and should_stop():
                raise Cancelled("stopped")
            results.append(play_block(job))
            done += job_games(job)
            if progress:
                progress(done, total)
        return results
    # a local pool gets three jobs a worker in flight; another executor (a cluster's) up to 64
    local = getattr(executor, "_max_workers", None)
    return _run_on(executor, jobs, 3 * local if local else 64, progress, should_stop, done_before, total)


def _run_on(ex: Executor, jobs: Sequence[Job], window: int, progress: Progress | None,
            should_stop: ShouldStop | None, done_before: int, total: int) -> list[list[bytes]]:
    # a window of jobs in flight keeps every worker busy and lets a cancel take effect quickly
    window = max(2, window)
    futures: list[Future[list[bytes]] | None] = [None] * len(jobs)
    results: list[list[bytes] | None] = [None] * len(jobs)
    nxt = 0
    done = done_before
    try:
        for i in range(len(jobs)):
            while nxt < len(jobs) and nxt < i + window:
                if should_stop is not None and should_stop():
                    raise Cancelled("stopped")
                futures[nxt] = ex.submit(play_block, jobs[nxt])
                nxt += 1
            f = futures[i]
            assert f is not None
            results[i] = f.result()
            futures[i] = None
            done += job_games(jobs[i])
            if progress:
                progress(done, total)
            if should_stop is not None and should_stop():
                raise Cancelled("stopped")
    except BaseException:
        for f in futures:
            if f is not None:
                f.cancel()
        raise
    return [r for r in results if r is not None]
