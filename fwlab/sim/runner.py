"""Matchup simulation for any number of seats, in seeded batches merged into one result.

Batch ``i`` always gets seed ``SeedSequence(seed).spawn(n_batches)[i]``, whatever runs it, so the
same ``(setups, bots, ruleset, seed, n)`` give the same result with 1, 2 or 20 workers. The
executor is a parameter (any :class:`concurrent.futures.Executor`), so a cluster engine can
replace the local process pool.

Seats rotate who plays first (SIM-FIRST-1): game ``g`` starts with seat ``g mod seats``, so each
seat starts equally often. A seat's win rate counts an outright win as 1 and a shared win as its
share (1/k among k tied seats), so a 2-seat draw is half a win.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..catalog import load_catalog
from ..catalog.overrides import catalog_with_overrides
from ..decks import Deck
from ..rulesets import SEAT_LABELS, info
from ..stats import wilson
from .play import Setup, _names, check_seats, check_setups, play_match

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


def _zeros(n: int) -> list[Any]:
    return [0] * n


@dataclass
class SimResult:
    """Mergeable totals of a batch of games between fixed seats (2 to 5).

    Per seat: outright ``wins``, ``shared`` wins, ``win_share`` (wins plus each shared win's share),
    ``place_sum`` (for the mean place) and ``first_games`` (games it played first). Per position in
    the turn order (0 = played first): ``pos_wins`` and ``pos_share`` the same way. ``draws`` counts
    the games whose win was shared (in a 2-seat game: draws).
    """

    seats: int = 2
    games: int = 0
    draws: int = 0
    wins: list[int] = field(default_factory=lambda: _zeros(2))
    shared: list[int] = field(default_factory=lambda: _zeros(2))
    win_share: list[float] = field(default_factory=lambda: [0.0, 0.0])
    place_sum: list[int] = field(default_factory=lambda: _zeros(2))
    first_games: list[int] = field(default_factory=lambda: _zeros(2))
    pos_wins: list[int] = field(default_factory=lambda: _zeros(2))
    pos_share: list[float] = field(default_factory=lambda: [0.0, 0.0])
    turns: Counter[int] = field(default_factory=Counter)
    end_reasons: Counter[str] = field(default_factory=Counter)
    cards: dict[tuple[str, str], CardStats] = field(default_factory=dict)   # (seat label, card) -> stats

    @classmethod
    def empty(cls, seats: int) -> SimResult:
        return cls(seats, 0, 0, _zeros(seats), _zeros(seats), [0.0] * seats, _zeros(seats), _zeros(seats),
                   _zeros(seats), [0.0] * seats)

    def merge(self, o: SimResult) -> SimResult:
        if o.seats != self.seats:
            raise ValueError(f"cannot merge a {o.seats}-seat result into a {self.seats}-seat one")
        self.games += o.games
        self.draws += o.draws
        for name in ("wins", "shared", "win_share", "place_sum", "first_games", "pos_wins", "pos_share"):
            mine, theirs = getattr(self, name), getattr(o, name)
            for i in range(self.seats):
                mine[i] += theirs[i]
        self.turns.update(o.turns)
        self.end_reasons.update(o.end_reasons)
        for k, v in o.cards.items():
            self.cards.setdefault(k, CardStats()).merge(v)
        return self

    # ---------------------------------------------------------------- 2-seat view (first round API)
    @property
    def wins_a(self) -> int:
        return self.wins[0]

    @property
    def wins_b(self) -> int:
        return self.wins[1]

    @property
    def a_first_games(self) -> int:
        return self.first_games[0]

    @property
    def first_wins(self) -> int:
        """Games won outright by whoever played first."""
        return self.pos_wins[0]

    @property
    def win_rate_a(self) -> float:
        """Seat A's share of games, a draw counting half."""
        return self.win_rate(0)

    @property
    def ci95_a(self) -> tuple[float, float]:
        return self.ci95(0)

    @property
    def first_player_win_rate(self) -> float:
        """Share of decided games (not drawn) won by whoever played first."""
        decided = self.games - self.draws
        return self.first_wins / decided if decided else 0.0

    # ---------------------------------------------------------------- any number of seats
    def win_rate(self, seat: int) -> float:
        return self.win_share[seat] / self.games if self.games else 0.0

    def ci95(self, seat: int) -> tuple[float, float]:
        return wilson(min(self.win_share[seat], self.games), self.games)

    def mean_place(self, seat: int) -> float:
        return self.place_sum[seat] / self.games if self.games else 0.0

    @property
    def mean_turns(self) -> float:
        n = sum(self.turns.values())
        return sum(t * c for t, c in self.turns.items()) / n if n else 0.0

    def _common(self) -> dict[str, Any]:
        return {"mean_turns": self.mean_turns, "turns": {str(k): v for k, v in sorted(self.turns.items())},
                "end_reasons": dict(self.end_reasons),
                "cards": [{"seat": seat, "card": card, **vars(st)} for (seat, card), st in sorted(self.cards.items())]}

    def to_dict(self) -> dict[str, Any]:
        """The 2-seat JSON of ``fwlab simulate`` (first round's keys)."""
        lo, hi = self.ci95_a
        decided = self.games - self.draws
        return {
            "games": self.games, "wins_a": self.wins_a, "wins_b": self.wins_b, "draws": self.draws,
            "win_rate_a": self.win_rate_a, "ci95_a": [lo, hi],
            "first_player_win_rate": self.first_player_win_rate,
            "first_player_ci95": list(wilson(self.first_wins, decided)),
            **self._common(),
        }

    def to_seats_dict(self, decks: Sequence[str | None] | None = None,
                      bots: Sequence[str] | None = None) -> dict[str, Any]:
        """The N-seat JSON: per seat and per position in the turn order."""
        seats = []
        for s in range(self.seats):
            seats.append({"seat": SEAT_LABELS[s], "deck": decks[s] if decks else None,
                          "bot": bots[s] if bots else None, "wins": self.wins[s], "shared": self.shared[s],
                          "win_rate": self.win_rate(s), "ci95": list(self.ci95(s)),
                          "mean_place": self.mean_place(s)})
        order = []
        for p in range(self.seats):
            rate = self.pos_share[p] / self.games if self.games else 0.0
            order.append({"position": p + 1, "win_rate": rate,
                          "ci95": list(wilson(min(self.pos_share[p], self.games), self.games))})
        return {"games": self.games, "draws": self.draws, **self._common(), "seats": seats, "seat_order": order}


_MASK64 = (1 << 64) - 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: a 63-bit mix (splitmix64) of the two
    alone, so a game is the same whatever batch, worker, process pool or cluster plays it.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    z = ((seed & _MASK64) * 0x9E3779B97F4A7C15 + index + 1) & _MASK64
    for _ in range(2):
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
    return z >> 1


def batch_seeds(seed: int, n_batches: int) -> list[int]:
    """One 63-bit seed per batch index from ``numpy.random.SeedSequence(seed).spawn``."""
    return [int(s.generate_state(1, np.uint64)[0] >> np.uint64(1)) for s in np.random.SeedSequence(seed).spawn(n_batches)]


def run_batch(args: tuple[Any, ...]) -> SimResult:
    """Play one batch (top level, so worker processes can run it).

    ``args`` is plain data: ``(setups, ruleset, bots, run seed, first game index, count, log_cards)``;
    game ``g`` of the run has seed :func:`game_seed` ``(run seed, g)`` and seat ``g mod seats`` plays first,
    and optionally ``overrides`` (``{card: {field: value}}``, see :mod:`fwlab.catalog.overrides`;
    the worker builds the changed catalog once per distinct overrides) and ``options`` (the rule
    options, ``{name: value}``, already checked). Without overrides (absent, None or empty) the
    games are exactly those of the ruleset's own catalog; without options, its own rules.
    """
    setups, ruleset, bots, bseed, start, count, log_cards = args[:7]
    overrides = args[7] if len(args) > 7 else None
    options: Mapping[str, Any] = (args[8] if len(args) > 8 else None) or {}
    n = len(setups)
    res = SimResult.empty(n)
    fam = info(ruleset).family
    catalog = (catalog_with_overrides(ruleset, overrides) if overrides else load_catalog(ruleset)) if fam else None
    for i in range(count):
        gi = start + i
        first = gi % n   # SIM-FIRST-1: seats take turns to play first
        r = play_match(ruleset, setups, bots, seed=game_seed(bseed, gi), first=first,
                       log_cards=log_cards, catalog=catalog, **options)
        places = r.places
        winners = [s for s in range(n) if places[s] == 1]
        share = 1.0 / len(winners)
        res.games += 1
        res.first_games[first] += 1
        res.turns[r.turns] += 1
        res.end_reasons[r.end_reason] += 1
        if len(winners) > 1:
            res.draws += 1
        for s in range(n):
            res.place_sum[s] += places[s]
        for s in winners:
            pos = (s - first) % n
            if len(winners) == 1:
                res.wins[s] += 1
                res.pos_wins[pos] += 1
            else:
                res.shared[s] += 1
            res.win_share[s] += share
            res.pos_share[pos] += share
        for ev in r.card_events:
            label = ev["seat"]
            seat = SEAT_LABELS.index(label)
            won = share if places[seat] == 1 else 0.0
            st = res.cards.get((label, ev["card"]))
            if st is None:
                st = res.cards[(label, ev["card"])] = CardStats()
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


def _plan(setups: Sequence[Setup], ruleset: str, bots: Sequence[str] | None,
          overrides: Mapping[str, Mapping[str, Any]] | None,
          options: Mapping[str, Any] | None) -> tuple[list[Any], list[str], tuple[Any, ...]]:
    """Check seats, bots, overrides, options and decks once, before any batch goes to a worker, and
    return the plain data every batch carries: card names per seat, bot names, ``(overrides, options)``."""
    from ..rules.engines import check_rule_options, engine_for

    eng = engine_for(ruleset)
    check_seats(ruleset, len(setups))
    names = [_names(s) for s in setups]
    bot_names = list(bots) if bots is not None else [eng.default_bot] * len(setups)
    if len(bot_names) != len(setups):
        raise ValueError(f"{len(setups)} seats need {len(setups)} bots, not {len(bot_names)}")
    for b in bot_names:
        eng.check_bot(b)  # a name or a spec (ismcts:iters=400): a ValueError naming the bad bot or key
    if overrides:
        from ..catalog.overrides import normalize_overrides

        ov: dict[str, dict[str, Any]] | None = normalize_overrides(load_catalog(ruleset), overrides)
    else:
        ov = None
    opts = check_rule_options(ruleset, options)
    # every deck checked once here, over the catalog the games use (a SetupError naming the deck),
    # before any batch goes to a worker; the engine checks it again in each worker, once per deck
    fam = info(ruleset).family
    check_setups(ruleset, setups, (catalog_with_overrides(ruleset, ov) if ov else load_catalog(ruleset)) if fam
                 else None)
    extra: tuple[Any, ...] = (ov, opts) if opts else (ov,) if ov else ()
    return names, bot_names, extra


def simulate_match(setups: Sequence[Setup], ruleset: str, n: int = 1000, seed: int = 0,
                   bots: Sequence[str] | None = None, workers: int | None = 1,
                   progress: Callable[[int, int], None] | None = None, executor: Executor | None = None,
                   log_cards: bool = False, batch_size: int = BATCH,
                   overrides: Mapping[str, Mapping[str, Any]] | None = None,
                   options: Mapping[str, Any] | None = None) -> SimResult:
    """Play ``n`` games of ``ruleset`` from one setup per seat (a deck, card names, or None for a game
    with a shared deck), one bot per seat, and merge the results.

    ``workers`` > 1 uses a local process pool (``None``: one per core); ``executor`` replaces it.
    ``progress(done, total)`` is called after every batch. ``overrides`` (``{card: {field: value}}``,
    checked here) plays the games over the ruleset's catalog with those cards changed; ``options``
    (``{name: value or text}``, the engine's rule options, checked here) plays them under those
    rules. Each batch carries both as plain data.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    n_batches = (n + batch_size - 1) // batch_size
    names, bot_names, extra = _plan(setups, ruleset, bots, overrides, options)
    jobs: list[tuple[Any, ...]] = [
        (names, ruleset, bot_names, seed, i * batch_size, min(batch_size, n - i * batch_size), log_cards)
        + extra for i in range(n_batches)]
    total = SimResult.empty(len(setups))
    if executor is None and (workers or os.cpu_count() or 1) > 1 and n_batches > 1:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
            return _collect(pool, jobs, total, n, progress)
    if executor is not None:
        return _collect(executor, jobs, total, n, progress)
    done = 0
    for job in jobs:
        total.merge(run_batch(job))
        done += job[5]
        if progress:
            progress(done, n)
    return total


def simulate(deck_a: Deck | Sequence[str], deck_b: Deck | Sequence[str], n: int = 1000, seed: int = 0,
             ruleset: str | None = None, bots: tuple[str, str] = ("heuristic", "heuristic"),
             workers: int | None = 1, progress: Callable[[int, int], None] | None = None,
             executor: Executor | None = None, log_cards: bool = False, batch_size: int = BATCH,
             overrides: Mapping[str, Mapping[str, Any]] | None = None,
             options: Mapping[str, Any] | None = None) -> SimResult:
    """Play ``n`` games of deck A against deck B (who goes first alternates) and merge the results.

    The 2-seat form of :func:`simulate_match`; ``ruleset`` defaults to deck A's.
    """
    if ruleset is None:
        ruleset = deck_a.ruleset if isinstance(deck_a, Deck) else "fw"
    return simulate_match([deck_a, deck_b], ruleset, n, seed, bots, workers, progress, executor, log_cards,
                          batch_size, overrides, options)


# ---------------------------------------------------------------- until the interval is narrow enough

#: The fewest games a run that stops on its interval plays before it may stop (a few games at an
#: extreme rate give a deceptively narrow interval).
UNTIL_MIN_GAMES = 100


def karsten_games(half_width: float) -> int:
    """Frank Karsten's rule of thumb: a 95% interval of a win rate no wider than ``L`` needs about
    ``4 / L**2`` games, so one of ``±half_width`` (``L = 2 * half_width``) about ``1 / half_width**2``.

    It is the worst case, a rate near 50%: ``1.96**2 * 0.25 / h**2`` = 9604 games at ``h = 0.01``,
    rounded up; a rate further from 50% needs fewer.

    >>> karsten_games(0.01), karsten_games(0.05), karsten_games(0.025)
    (10000, 400, 1600)
    """
    if not 0 < half_width < 0.5:
        raise ValueError(f"the interval's half width must be between 0 and 0.5, not {half_width}")
    return math.ceil(round(4.0 / (2.0 * half_width) ** 2, 6))


def interval_half_width(low: float, high: float) -> float:
    """Half the width of an interval ``[low, high]`` (the ``±`` of its figure)."""
    return (high - low) / 2.0


def headline_half_width(res: SimResult) -> float:
    """The half width of the headline figure's 95% Wilson interval: seat A's win rate with two seats;
    with more, the widest of the seats' win rates (each must be known that well). 0.5 before any game.
    """
    if not res.games:
        return 0.5
    return max(interval_half_width(*res.ci95(s)) for s in range(res.seats))


@dataclass
class UntilResult:
    """A run that stopped on its interval: the merged ``result`` of its first ``games`` games (exactly
    those of ``simulate_match(..., n=games)`` with the same seed), the ``half_width`` its headline
    interval reached, the ``target`` and the cap ``max_games``, and whether it ``reached`` the target
    (False: it stopped at the cap)."""

    result: SimResult
    target: float
    max_games: int
    half_width: float
    reached: bool

    @property
    def games(self) -> int:
        return self.result.games

    def summary(self) -> dict[str, Any]:
        """The stopping figures as JSON-ready data."""
        return {"until_ci": self.target, "max_games": self.max_games, "games": self.games,
                "half_width": self.half_width, "reached": self.reached,
                "karsten_games": karsten_games(self.target)}

    def sentence(self) -> str:
        """What the run did, in words (the CLI's and the page's line)."""
        if self.reached:
            return (f"stopped after {self.games} games: the 95% interval is ±{self.half_width:.4f}, within the "
                    f"±{self.target:g} asked (Karsten's rule of thumb: about {karsten_games(self.target)} games)")
        return (f"stopped at the cap of {self.max_games} games: the 95% interval is ±{self.half_width:.4f}, wider "
                f"than the ±{self.target:g} asked (raise --max-games; Karsten's rule of thumb: about "
                f"{karsten_games(self.target)} games)")


def simulate_until(setups: Sequence[Setup], ruleset: str, half_width: float, max_games: int | None = None,
                   seed: int = 0, bots: Sequence[str] | None = None, workers: int | None = 1,
                   progress: Callable[[int, int, float], None] | None = None, executor: Executor | None = None,
                   log_cards: bool = False, batch_size: int = BATCH,
                   overrides: Mapping[str, Mapping[str, Any]] | None = None,
                   options: Mapping[str, Any] | None = None, min_games: int = UNTIL_MIN_GAMES,
                   stop: Callable[[SimResult], float] = headline_half_width) -> UntilResult:
    """Play batches of ``batch_size`` games in their fixed order until the headline figure's 95%
    interval (``stop(result)``, by default :func:`headline_half_width`) is at most ``±half_width``,
    after at least ``min_games`` games, or until ``max_games`` (default :func:`karsten_games`, enough
    for any one win rate).

    Game ``g`` is the same game as in :func:`simulate_match` (its seed is ``game_seed(seed, g)``), and
    the decision to stop is taken on the batches merged in order, so a run that stops after ``k``
    games has exactly the result of ``simulate_match(..., n=k, seed=seed)``, whatever the number of
    workers (batches played ahead by a pool are thrown away). ``progress(done, cap, half_width)`` is
    called after every batch.
    """
    cap = karsten_games(half_width) if max_games is None else int(max_games)
    if cap < 1:
        raise ValueError("--max-games must be at least 1")
    if batch_size < 1:
        raise ValueError("the batch size must be at least 1")
    names, bot_names, extra = _plan(setups, ruleset, bots, overrides, options)

    def job(i: int) -> tuple[Any, ...]:
        return (names, ruleset, bot_names, seed, i * batch_size, min(batch_size, cap - i * batch_size),
                log_cards) + extra

    n_batches = (cap + batch_size - 1) // batch_size
    total = SimResult.empty(len(setups))
    width = stop(total)

    def add(part: SimResult) -> bool:
        nonlocal width
        total.merge(part)
        width = stop(total)
        if progress:
            progress(total.games, cap, width)
        return total.games >= cap or (total.games >= min_games and width <= half_width)

    pool: Executor | None = None
    ex = executor
    if ex is None and (workers or os.cpu_count() or 1) > 1 and n_batches > 1:
        ex = pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count())
    try:
        if ex is None:
            for i in range(n_batches):
                if add(run_batch(job(i))):
                    break
        else:
            # a window of batches ahead (two per worker), merged strictly in order
            ahead = 2 * max(1, workers or os.cpu_count() or 1) if executor is None else 16
            futures: dict[int, Future[SimResult]] = {}
            nxt = 0
            for i in range(n_batches):
                while nxt < n_batches and nxt < i + ahead:
                    futures[nxt] = ex.submit(run_batch, job(nxt))
                    nxt += 1
                if add(futures.pop(i).result()):
                    break
            for f in futures.values():
                f.cancel()
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    return UntilResult(total, half_width, cap, width, width <= half_width)


def _collect(ex: Executor, jobs: list[tuple[Any, ...]], total: SimResult, n: int,
             progress: Callable[[int, int], None] | None) -> SimResult:
    # results are merged in batch order, so the totals do not depend on which worker finished first
    futures = [ex.submit(run_batch, j) for j in jobs]
    done = 0
    for f, job in zip(futures, jobs):
        total.merge(f.result())
        done += job[5]
        if progress:
            progress(done, n)
    return total
