"""The lab's unit of work: one batch of seeded games played once per matchup variant, returning each
game's result, and the loop that runs batches on any executor with progress and cancellation.

A job is plain data (any executor runs it, a Dask cluster's included)::

    (ruleset, bots, run seed, first game index, count, variants)

where each variant is ``(deck A card names, deck B card names, overrides or None[, rule options])``
(the rule options ``{name: value}``, already checked by
:func:`~fwlab.rules.engines.check_rule_options`; absent, None or empty: the ruleset's own rules,
exactly as before). Game ``i`` of
the batch has seed ``game_seed(run seed, start + i)`` and seat ``(start + i) mod 2`` plays
first, exactly as :func:`fwlab.sim.runner.run_batch` plays them, so a pairing's games here are
the games ``simulate_match`` plays for the same seed, whatever the batch size (the engine is called as
:func:`~fwlab.sim.play.play_match` calls it, without its per-game checks and summary). Every
variant plays the same games (seed and first seat): common random numbers. The result is one
``bytes`` per variant, one byte per game: twice seat A's win share (2 win, 1 draw, 0 loss).
:func:`play_block_games` plays the same games and also returns each game's end reason (its index
in the engine's ``end_reasons``) and its number of turns, for the what-if's health figures
(:func:`run_game_jobs` runs those).

A variant whose game is the same as an earlier variant's of the job is not played again: its
results are the earlier one's. Two variants play the same game when their decks and rule options
are equal and their overrides agree on every card of the two decks (a game reads the catalog only
through its decks' cards: each engine compiles a setup from its card names; a setup of None, a
game with no decks, depends on the whole catalog). So a what-if's pairings whose decks hold no
changed card cost one game, not two, and give exactly the results they would played twice.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from ..catalog.overrides import canonical_json, catalog_with_overrides
from ..rules.engines import engine_for
from ..sim.play import bot_seed, check_seats
from ..sim.runner import game_seed

Job = tuple[Any, ...]
Progress = Callable[[int, int], None]
ShouldStop = Callable[[], bool]
#: one variant's games of a job, from :func:`play_block_games`: (seat A's win share x2 per game as
#: bytes, end reason index per game as bytes (``NO_REASON`` when not one of the engine's), turns
#: per game as little-endian uint16 bytes)
GameBlock = tuple[bytes, bytes, bytes]
NO_REASON = 255
#: play a variant whose games equal an earlier variant's only once (:func:`same_games`); the tests
#: turn it off to show the results are the same either way
REUSE_GAMES = True
R = TypeVar("R")


class Cancelled(Exception):
    """A lab run stopped because ``should_stop()`` said so (between batches). ``partial`` holds what
    the run had found (the tuner: its swaps and decklist so far, not re-tested), else None."""

    def __init__(self, message: str = "stopped", partial: Any = None) -> None:
        super().__init__(message)
        self.partial = partial


def play_block(job: Job) -> list[bytes]:
    """Play one job (top level, so worker processes can run it); see the module docstring."""
    return [shares for shares, _, _ in _play(job, False)]


def play_block_games(job: Job) -> list[GameBlock]:
    """Play one job like :func:`play_block` (the same games) and return, per variant, the win shares,
    the end reasons and the turns of its games (see :data:`GameBlock`)."""
    return _play(job, True)


def _play(job: Job, detail: bool) -> list[GameBlock]:
    ruleset, bots, bseed, start, count, variants = job
    eng = engine_for(ruleset)
    check_seats(ruleset, 2)
    cats = [catalog_with_overrides(ruleset, v[2]) for v in variants]
    setups = [[tuple(v[0]), tuple(v[1])] for v in variants]
    opts: list[dict[str, Any]] = [dict(v[3] or {}) if len(v) > 3 else {} for v in variants]
    reason_code = {r: i for i, r in enumerate(eng.end_reasons)}
    same = same_games(variants) if REUSE_GAMES else list(range(len(variants)))
    out = [bytearray(count) for _ in variants]
    reasons = [bytearray(count) for _ in variants]
    turns = [bytearray(2 * count) for _ in variants]
    gc_was_on = gc.isenabled()
    gc.disable()  # as play_match does: a game makes no reference cycles
    try:
        for i in range(count):
            seed = game_seed(bseed, start + i)
            first = (start + i) % 2
            for k in range(len(variants)):
                if same[k] != k:  # the same game as an earlier variant's: its results
                    j = same[k]
                    out[k][i], reasons[k][i] = out[j][i], reasons[j][i]
                    turns[k][2 * i:2 * i + 2] = turns[j][2 * i:2 * i + 2]
                    continue
                # exactly play_match's game (same setup, bots and seeds), without its checks and summary
                g = eng.new_game(ruleset, setups[k], seed, first, log_cards=False, record=False, catalog=cats[k],
                                 **opts[k])
                eng.play_out(g, [eng.make_bot(bots[0], bot_seed(seed, 0)), eng.make_bot(bots[1], bot_seed(seed, 1))])
                outcome = g.outcome
                places = outcome.places
                out[k][i] = 1 if places[0] == places[1] else (2 if places[0] == 1 else 0)
                if detail:
                    reasons[k][i] = reason_code.get(outcome.end_reason, NO_REASON)
                    t = min(max(int(outcome.turns), 0), 0xFFFF)
                    turns[k][2 * i], turns[k][2 * i + 1] = t & 0xFF, t >> 8
    finally:
        if gc_was_on:
            gc.enable()
    return [(bytes(o), bytes(r), bytes(t)) for o, r, t in zip(out, reasons, turns)]


def game_key(variant: Sequence[Any]) -> str:
    """What decides a variant's games besides the seed: its decks, the overrides of their cards and
    its rule options (see the module docstring); variants with equal keys play the same games."""
    a, b, ov = variant[0], variant[1], variant[2] or {}
    opts = dict(variant[3] or {}) if len(variant) > 3 else {}
    if a is not None and b is not None:
        names = set(a) | set(b)
        ov = {k: v for k, v in ov.items() if k in names}
    return canonical_json({"decks": [a, b], "cards": ov, "rules": opts})


def same_games(variants: Sequence[Sequence[Any]]) -> list[int]:
    """For each variant, the first variant of the list that plays the same games (itself when none
    before it does)."""
    first: dict[str, int] = {}
    return [first.setdefault(game_key(v), k) for k, v in enumerate(variants)]


def job_games(job: Job) -> int:
    """Games a job plays (its count times its variants)."""
    return int(job[4]) * len(job[5])


def run_jobs(jobs: Sequence[Job], *, workers: int | None = 1, executor: Executor | None = None,
             progress: Progress | None = None, should_stop: ShouldStop | None = None,
             done_before: int = 0, total: int | None = None) -> list[list[bytes]]:
    """Run the jobs with :func:`play_block` and return their results in job order (whatever
    finished first).

    ``executor``: any :class:`concurrent.futures.Executor` (kept open: the caller owns it); else
    ``workers`` > 1 starts a process pool for this call (``None`` or 0: one per core) and 1 plays
    in this process. ``progress(done, total)`` is called after each job (in games, counting from
    ``done_before`` out of ``total``); ``should_stop()`` is asked before each job is submitted and
    after each one finishes, and a true answer cancels what has not started and raises
    :class:`Cancelled`.
    """
    return _run(play_block, jobs, workers, executor, progress, should_stop, done_before, total)


def run_game_jobs(jobs: Sequence[Job], *, workers: int | None = 1, executor: Executor | None = None,
                  progress: Progress | None = None, should_stop: ShouldStop | None = None,
                  done_before: int = 0, total: int | None = None) -> list[list[GameBlock]]:
    """:func:`run_jobs` with :func:`play_block_games`: per job and variant, the games' win shares,
    end reasons and turns."""
    return _run(play_block_games, jobs, workers, executor, progress, should_stop, done_before, total)


def _run(fn: Callable[[Job], R], jobs: Sequence[Job], workers: int | None, executor: Executor | None,
         progress: Progress | None, should_stop: ShouldStop | None, done_before: int,
         total: int | None) -> list[R]:
    total = total if total is not None else done_before + sum(job_games(j) for j in jobs)
    if executor is None:
        n = workers if workers else (os.cpu_count() or 1)
        if n > 1 and len(jobs) > 1:
            with ProcessPoolExecutor(max_workers=n) as pool:
                return _run_on(fn, pool, jobs, 3 * n, progress, should_stop, done_before, total)
        results = []
        done = done_before
        for job in jobs:
            if should_stop is not None and should_stop():
                raise Cancelled("stopped")
            results.append(fn(job))
            done += job_games(job)
            if progress:
                progress(done, total)
        return results
    # a local pool gets three jobs a worker in flight; another executor (a cluster's) up to 64
    local = getattr(executor, "_max_workers", None)
    return _run_on(fn, executor, jobs, 3 * local if local else 64, progress, should_stop, done_before, total)


def _run_on(fn: Callable[[Job], R], ex: Executor, jobs: Sequence[Job], window: int, progress: Progress | None,
            should_stop: ShouldStop | None, done_before: int, total: int) -> list[R]:
    # a window of jobs in flight keeps every worker busy and lets a cancel take effect quickly
    window = max(2, window)
    futures: list[Future[R] | None] = [None] * len(jobs)
    results: list[R | None] = [None] * len(jobs)
    nxt = 0
    done = done_before
    try:
        for i in range(len(jobs)):
            while nxt < len(jobs) and nxt < i + window:
                if should_stop is not None and should_stop():
                    raise Cancelled("stopped")
                futures[nxt] = ex.submit(fn, jobs[nxt])
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
