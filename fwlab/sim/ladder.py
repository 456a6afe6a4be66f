"""The games of a bot ladder: a round robin of bots over a ruleset's starter field, in seeded
batches any executor can play (a process pool, a Dask cluster), with each bot's thinking time.

Two-seat rulesets: every pair of bots plays ``n`` games (rounded up to a multiple of 4) over the
starter decks' pairings (every pair of decks, mirrors included), in blocks of four games per
pairing: each bot on each of the two decks, each going first once per deck. N-seat rulesets
(Conquest, ``seats`` players, no decks): every ordered pair (A, B) plays ``n`` games (rounded up to
a multiple of ``seats``) of one A against ``seats - 1`` B's, A in every seat in turn (the first
player fixed, so A also takes every place in the turn order).

Chance is shared (common random numbers): the ``k``-th block of every pair of bots uses the same
game seed, so the bots of every pairing meet the same deals; each game's seed and the seed of each
seat's bot (:func:`~fwlab.sim.play.bot_seed`) are fixed before any batch runs, so the ladder is the
same game for game for any worker count and on a cluster. Only the time figures vary.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..decks import Deck
from ..rules.engines import engine_for
from ..rulesets import info
from .play import _names, bot_seed, check_setups, start_match

#: games per batch (a batch is a unit of work for a worker)
LADDER_BATCH = 8


@dataclass(frozen=True)
class LadderGame:
    """One scheduled game: the bot of each seat (indexes into the ladder's bots), the deck of each
    seat (indexes into its decks, or None without decks), the game seed and the first seat, and the
    bot pairing it belongs to (``pair``: the two bot indexes, the lone bot first in N-seat games)."""

    index: int
    pair: tuple[int, int]
    bots: tuple[int, ...]
    decks: tuple[int | None, ...]
    seed: int
    first: int


def deck_pairings(k: int) -> list[tuple[int, int]]:
    """Every pair of ``k`` decks, mirrors included: ``k (k + 1) / 2``.

    >>> deck_pairings(3)
    [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]
    """
    return [(i, j) for i in range(k) for j in range(i, k)]


def block_seeds(seed: int, blocks: int) -> list[int]:
    """One 63-bit game seed per block, from ``numpy.random.SeedSequence(seed)``."""
    if blocks <= 0:
        return []
    states = np.random.SeedSequence([seed, 0x1ADDE2]).generate_state(blocks, np.uint64)
    return [int(s >> np.uint64(1)) for s in states]


def games_per_pair(n: int, seats: int) -> int:
    """``n`` rounded up to whole blocks (4 games a block with two seats, ``seats`` otherwise).

    >>> games_per_pair(10, 2), games_per_pair(10, 4), games_per_pair(9, 3)
    (12, 12, 9)
    """
    unit = 4 if seats == 2 else seats
    return max(unit, -(-n // unit) * unit)


def schedule(n_bots: int, n_decks: int, n: int, seed: int, seats: int = 2) -> list[LadderGame]:
    """Every game of the ladder, in order (see the module docstring); ``n_decks`` 0: no decks.

    >>> gs = schedule(3, 2, 4, seed=1)
    >>> len(gs), sorted({g.pair for g in gs})
    (12, [(0, 1), (0, 2), (1, 2)])
    >>> [(g.bots, g.decks, g.first) for g in gs[:4]]
    [((0, 1), (0, 0), 0), ((1, 0), (0, 0), 0), ((0, 1), (0, 0), 1), ((1, 0), (0, 0), 1)]
    >>> gs[0].seed == gs[4].seed == gs[8].seed   # the same deal for every pair of bots
    True
    >>> [(g.bots, g.first) for g in schedule(2, 0, 3, seed=1, seats=3)[:3]]
    [((0, 1, 1), 0), ((1, 0, 1), 0), ((1, 1, 0), 0)]
    """
    if n_bots < 2:
        raise ValueError("a ladder needs at least 2 bots")
    if n < 1:
        raise ValueError("a ladder needs at least 1 game per pairing (-n)")
    per = games_per_pair(n, seats)
    out: list[LadderGame] = []
    if seats == 2:
        pairings = deck_pairings(n_decks) if n_decks else [(-1, -1)]
        seeds = block_seeds(seed, per // 4)
        for a in range(n_bots):
            for b in range(a + 1, n_bots):
                for g in range(per):
                    block, o = divmod(g, 4)
                    x, y = pairings[block % len(pairings)]
                    swap, first = o & 1, o >> 1
                    seat_bots: tuple[int, ...] = (b, a) if swap else (a, b)
                    decks: tuple[int | None, ...] = (x, y) if n_decks else (None, None)
                    out.append(LadderGame(len(out), (a, b), seat_bots, decks, seeds[block], first))
        return out
    seeds = block_seeds(seed, per // seats)
    for a in range(n_bots):
        for b in range(n_bots):
            if a == b:
                continue
            for g in range(per):
                block, pos = divmod(g, seats)
                bots = tuple(a if s == pos else b for s in range(seats))
                out.append(LadderGame(len(out), (a, b), bots, (None,) * seats, seeds[block], 0))
    return out


def play_ladder_batch(ruleset: str, bots: Sequence[str], setups: Sequence[Sequence[str] | None],
                      games: Sequence[tuple[tuple[int, ...], tuple[int | None, ...], int, int]],
                      options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Play some ladder games (top level and plain data, so a worker process or a Dask worker runs
    it): ``bots`` the bot specs, ``setups`` the card names of each deck, each game ``(bot per seat,
    deck per seat, seed, first)``. Per game: the places, turns and end reason, and per seat the
    decisions its bot took, the seconds it thought and (for a search bot) its iterations."""
    eng = engine_for(ruleset)
    opts = options or {}
    out: list[dict[str, Any]] = []
    clock = time.perf_counter
    for seat_bots, seat_decks, seed, first in games:
        g = start_match(ruleset, [None if d is None else setups[d] for d in seat_decks], seed, first,
                        log_cards=False, record=False, **opts)
        players = [eng.make_bot(bots[b], bot_seed(seed, s)) for s, b in enumerate(seat_bots)]
        n = len(players)
        decisions = [0] * n
        seconds = [0.0] * n
        while not g.is_terminal():
            p = g.current_player()
            t0 = clock()
            a = players[p].choose(g)
            seconds[p] += clock() - t0
            decisions[p] += 1
            g.apply(a)
        o = g.outcome
        assert o is not None
        out.append({"places": list(o.places), "turns": o.turns, "end_reason": o.end_reason,
                    "decisions": decisions, "seconds": seconds,
                    "iterations": [int(getattr(b, "total_iterations", 0)) for b in players]})
    return out


def _run(args: tuple[Any, ...]) -> list[dict[str, Any]]:
    return play_ladder_batch(*args)


def ladder_field(ruleset: str, seats: int | None = None) -> tuple[list[Deck], int]:
    """The starter decks a ladder of ``ruleset`` plays over (none for a game without decks) and its
    seats (``seats``, default: two-seat games 2, N-seat games 4 or the ruleset's nearest)."""
    r = info(ruleset)
    lo, hi = r.seats
    k = seats if seats is not None else (2 if lo <= 2 <= hi else min(max(4, lo), hi))
    if not lo <= k <= hi:
        raise ValueError(f"{ruleset} is played by {lo if lo == hi else f'{lo} to {hi}'} seats, not {k}")
    if not r.uses_decks:
        return [], k
    from ..decks.starters import starter_decks

    decks = starter_decks(ruleset)
    if not decks:
        raise ValueError(f"no starter decks for {ruleset} (data/decks/{ruleset}/)")
    return decks, k


def play_ladder(ruleset: str, bots: Sequence[str], n: int, seed: int, *, seats: int | None = None,
                workers: int | None = 1, executor: Executor | None = None, batch_size: int = LADDER_BATCH,
                options: dict[str, Any] | None = None,
                progress: Callable[[int, int], None] | None = None) -> tuple[list[LadderGame], list[dict[str, Any]],
                                                                             list[Deck], int]:
    """Schedule and play a ladder; returns the schedule, each game's result (in schedule order),
    the decks and the seats. Every bot spec is checked first (a ``ValueError`` naming it)."""
    eng = engine_for(ruleset)
    for b in bots:
        eng.check_bot(b)
    if len(set(bots)) != len(bots):
        raise ValueError(f"a bot is named twice in the ladder: {', '.join(bots)}")
    from ..rules.engines import check_rule_options

    opts = check_rule_options(ruleset, options)
    decks, k = ladder_field(ruleset, seats)
    if decks:
        check_setups(ruleset, decks)
    setups = [_names(d) for d in decks]
    games = schedule(len(bots), len(decks), n, seed, k)
    jobs: list[tuple[Any, ...]] = []
    for i in range(0, len(games), batch_size):
        chunk = [(g.bots, g.decks, g.seed, g.first) for g in games[i:i + batch_size]]
        jobs.append((ruleset, list(bots), setups, chunk, opts))
    results: list[dict[str, Any]] = []
    done = 0

    def collect(ex: Executor | None) -> None:
        nonlocal done
        if ex is None:
            for j in jobs:
                results.extend(_run(j))
                done += len(j[3])
                if progress:
                    progress(done, len(games))
            return
        futures = [ex.submit(_run, j) for j in jobs]
        for f, j in zip(futures, jobs):   # merged in schedule order, whoever finished first
            results.extend(f.result())
            done += len(j[3])
            if progress:
                progress(done, len(games))

    if executor is not None:
        collect(executor)
    elif (w := workers if workers is not None else (os.cpu_count() or 1)) > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=w) as pool:
            collect(pool)
    else:
        collect(None)
    return games, results, decks, k
