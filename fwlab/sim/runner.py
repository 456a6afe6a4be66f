"""Matchup simulation in seeded batches, merged into one result.

Batch ``i`` always gets seed ``SeedSequence(seed).spawn(n_batches)[i]``, whatever runs it, so the
same ``(decks, bots, ruleset, seed, n)`` give the same result with 1, 2 or 20 workers. The executor
is a parameter (any :class:`concurrent.futures.Executor`), so a cluster engine can replace the
local process pool.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..catalog import load_catalog
from ..decks import Deck
from ..stats import wilson
from .play import check_engine, play_game

BATCH = 250


@dataclass
class CardStats:
    games: int = 0
    drawn: int = 0
    wins_drawn: float = 0.0
    deployed: int = 0
    wins_deployed: float = 0.0
    not_drawn: int = 0
    wins_not_drawn: float = 0.0
    damage: int = 0

    def merge(self, o: CardStats) -> None:
        for k in self.__dataclass_fields__:
            setattr(self, k, getattr(self, k) + getattr(o, k))


@dataclass
class SimResult:
    """Mergeable totals of a batch of games between deck A and deck B."""

    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    first_wins: int = 0           # games won by whoever went first
    a_first_games: int = 0
    turns: Counter[int] = field(default_factory=Counter)
    end_reasons: Counter[str] = field(default_factory=Counter)
    cards: dict[tuple[str, str], CardStats] = field(default_factory=dict)   # (seat, card) -> stats

    def merge(self, o: SimResult) -> SimResult:
        self.games += o.games
        self.wins_a += o.wins_a
        self.wins_b += o.wins_b
        self.draws += o.draws
        self.first_wins += o.first_wins
        self.a_first_games += o.a_first_games
        self.turns.update(o.turns)
        self.end_reasons.update(o.end_reasons)
        for k, v in o.cards.items():
            self.cards.setdefault(k, CardStats()).merge(v)
        return self

    @property
    def win_rate_a(self) -> float:
        """Deck A's share of games, a draw counting half."""
        return (self.wins_a + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def ci95_a(self) -> tuple[float, float]:
        return wilson(self.wins_a + 0.5 * self.draws, self.games)

    @property
    def first_player_win_rate(self) -> float:
        decided = self.games - self.draws
        return self.first_wins / decided if decided else 0.0

    @property
    def mean_turns(self) -> float:
        n = sum(self.turns.values())
        return sum(t * c for t, c in self.turns.items()) / n if n else 0.0

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci95_a
        decided = self.games - self.draws
        return {
            "games": self.games, "wins_a": self.wins_a, "wins_b": self.wins_b, "draws": self.draws,
            "win_rate_a": self.win_rate_a, "ci95_a": [lo, hi],
            "first_player_win_rate": self.first_player_win_rate,
            "first_player_ci95": list(wilson(self.first_wins, decided)),
            "mean_turns": self.mean_turns,
            "turns": {str(k): v for k, v in sorted(self.turns.items())},
            "end_reasons": dict(self.end_reasons),
            "cards": [
                {"seat": seat, "card": card, **vars(st)} for (seat, card), st in sorted(self.cards.items())
            ],
        }


def batch_seeds(seed: int, n_batches: int) -> list[int]:
    """One 63-bit seed per batch index from ``numpy.random.SeedSequence(seed).spawn``."""
    return [int(s.generate_state(1, np.uint64)[0] >> np.uint64(1)) for s in np.random.SeedSequence(seed).spawn(n_batches)]


def run_batch(args: tuple[Any, ...]) -> SimResult:
    """Play one batch (top level, so worker processes can run it)."""
    names_a, names_b, ruleset, bot_a, bot_b, bseed, start, count, log_cards = args
    res = SimResult()
    catalog = load_catalog(ruleset)
    for i in range(count):
        gi = start + i
        first = "a" if gi % 2 == 0 else "b"   # SIM-FIRST-1: alternate who goes first
        r = play_game(names_a, names_b, ruleset, bot_a, bot_b, seed=(bseed + i * 7919) % (2**63),
                      first=first, log_cards=log_cards, catalog=catalog)
        res.games += 1
        res.a_first_games += first == "a"
        res.turns[r.turns] += 1
        res.end_reasons[r.end_reason] += 1
        if r.winner == "draw":
            res.draws += 1
        else:
            if r.winner == "a":
                res.wins_a += 1
            else:
                res.wins_b += 1
            res.first_wins += r.winner == first
        for ev in r.card_events:
            seat = ev["seat"]
            won = 1.0 if r.winner == seat else 0.5 if r.winner == "draw" else 0.0
            st = res.cards.get((seat, ev["card"]))
            if st is None:
                st = res.cards[(seat, ev["card"])] = CardStats()
            st.games += 1
            if ev["drawn_turn"] is not None:
                st.drawn += 1
                st.wins_drawn += won
            else:
                st.not_drawn += 1
                st.wins_not_drawn += won
            if ev["deployed_turn"] is not None:
                st.deployed += 1
                st.wins_deployed += won
            st.damage += int(ev["damage_dealt"])
    return res


def simulate(deck_a: Deck | Sequence[str], deck_b: Deck | Sequence[str], n: int = 1000, seed: int = 0,
             ruleset: str | None = None, bots: tuple[str, str] = ("heuristic", "heuristic"),
             workers: int | None = 1, progress: Callable[[int, int], None] | None = None,
             executor: Executor | None = None, log_cards: bool = False, batch_size: int = BATCH) -> SimResult:
    """Play ``n`` games of deck A against deck B and merge the results.

    ``workers`` > 1 uses a local process pool (``None``: one per core); ``executor`` replaces it.
    ``progress(done, total)`` is called after every batch.
    """
    if ruleset is None:
        ruleset = deck_a.ruleset if isinstance(deck_a, Deck) else "fw"
    check_engine(ruleset)
    if n < 1:
        raise ValueError("n must be at least 1")
    na = list(deck_a.cards()) if isinstance(deck_a, Deck) else list(deck_a)
    nb = list(deck_b.cards()) if isinstance(deck_b, Deck) else list(deck_b)
    n_batches = (n + batch_size - 1) // batch_size
    seeds = batch_seeds(seed, n_batches)
    jobs = [(na, nb, ruleset, bots[0], bots[1], seeds[i], i * batch_size, min(batch_size, n - i * batch_size), log_cards)
            for i in range(n_batches)]
    total = SimResult()
    done = 0
    if executor is None and (workers or os.cpu_count() or 1) > 1 and n_batches > 1:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
            return _collect(pool, jobs, total, n, progress)
    if executor is not None:
        return _collect(executor, jobs, total, n, progress)
    for job in jobs:
        total.merge(run_batch(job))
        done += job[7]
        if progress:
            progress(done, n)
    return total


def _collect(ex: Executor, jobs: list[tuple[Any, ...]], total: SimResult, n: int,
             progress: Callable[[int, int], None] | None) -> SimResult:
    # results are merged in batch order, so the totals do not depend on which worker finished first
    futures = [ex.submit(run_batch, j) for j in jobs]
    done = 0
    for f, job in zip(futures, jobs):
        total.merge(f.result())
        done += job[7]
        if progress:
            progress(done, n)
    return total
