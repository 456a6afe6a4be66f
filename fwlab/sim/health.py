"""The games of a health report: every pairing of a field of decks (or every seat count of a game
without decks) played ``n`` times, each game's outcome and its engine's health figures kept.

A game's seed comes from the run seed, its pairing and its index alone
(``SeedSequence(seed, spawn_key=(pairing key, game))``), never from a batch, a worker or a chunk,
so the same inputs give the same games whatever runs them (1 or 2 workers, a Dask cluster, any
chunk size). The pairing key is a hash of the pairing's label (its decks' names, or the seat
count), so a pairing plays the same games alone or within a field.

Within a pairing, game ``g`` starts with seat ``g mod n`` (SIM-FIRST-1), and the decks move one
seat every ``n`` games (seat ``s`` holds deck ``(s + g // n) mod n``), so every deck plays every
seat first and not first equally often: a seat's win rate then shows an edge of the seat itself,
the first seat's one of the turn order.

The games are returned as a :class:`GameTable` (columns of numpy arrays, one row per game), the
same shape :mod:`fwlab.health` reads from a store, with the engine's per-game figures
(``Engine.health``) as :class:`FigureSums` per seat count. Asking for health costs nothing to the
normal simulator: only this module calls the hook.
"""

from __future__ import annotations

import gc
import os
import zlib
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..rulesets import MAX_SEATS, info
from .play import _names, bot_seed, check_seats

#: games per job sent to a worker (any size gives the same games)
CHUNK = 200


@dataclass
class FigureSums:
    """One figure over some games: how many games have it (``count``), the sum of its values and of
    their squares (a share's values are 0 or 1)."""

    count: float = 0.0
    total: float = 0.0
    squares: float = 0.0

    def add(self, other: FigureSums) -> None:
        self.count += other.count
        self.total += other.total
        self.squares += other.squares


@dataclass
class GameTable:
    """Games (or classes of alike games, ``weight`` of them) as columns: per row the seat count,
    the pairing (an index into ``pairings``), the seat that played first (0-based, -1 unknown),
    the place of every seat (``places[:, s]``, 0 past the seat count), the turns, the end reason (an
    index into ``reasons``) and the weight. ``figures[seats][name]`` are the engine's figures,
    summed per seat count."""

    ruleset: str
    seats: np.ndarray
    pairing: np.ndarray
    first: np.ndarray
    places: np.ndarray
    turns: np.ndarray
    reason: np.ndarray
    weight: np.ndarray
    pairings: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    figures: dict[int, dict[str, FigureSums]] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return int(self.weight.sum())

    @classmethod
    def empty(cls, ruleset: str) -> GameTable:
        z = np.zeros(0, np.int64)
        return cls(ruleset, z, z, z, np.zeros((0, MAX_SEATS), np.int64), z, z, z)


def pairing_key(label: str) -> int:
    """A pairing's part of its games' seeds: a hash of its label (stable across runs and machines)."""
    return zlib.crc32(label.encode("utf-8"))


def game_seed(seed: int, key: int, game: int) -> int:
    """The 63-bit seed of game ``game`` of the pairing with key ``key`` in a run seeded ``seed``.

    >>> game_seed(1, 7, 0) == game_seed(1, 7, 0) != game_seed(1, 7, 1)
    True
    """
    state = np.random.SeedSequence(seed, spawn_key=(key, game)).generate_state(2, np.uint32)
    return (int(state[0]) << 31) ^ int(state[1])


def play_chunk(args: tuple[Any, ...]) -> dict[str, Any]:
    """Play games ``start``..``start+count-1`` of one pairing (top level and plain data in and out,
    so worker processes and Dask run it): ``args`` is ``(ruleset, setups, bots, seed, key, start,
    count, options)``, setups as card-name tuples or None per seat. Returns per game its first seat,
    places, turns, end reason, and the engine's figures (name -> value)."""
    from ..rules.engines import engine_for
    from .play import _start

    ruleset, setups, bots, seed, key, start, count, options = args
    eng = engine_for(ruleset)
    hook = eng.health
    n = len(setups)
    out: dict[str, list[Any]] = {"first": [], "places": [], "turns": [], "reason": [], "figures": []}
    gc_was_on = gc.isenabled()
    gc.disable()  # as play_match: a game makes no reference cycles
    try:
        for g in range(start, start + count):
            first = g % n
            shift = (g // n) % n
            seats = [setups[(s + shift) % n] for s in range(n)]
            gseed = game_seed(seed, key, g)
            game = _start(eng, ruleset, seats, gseed, first, True, False, None, dict(options))
            players = eng.game_bots(bots, [bot_seed(gseed, s) for s in range(n)])
            eng.play_out(game, players)
            o = game.outcome
            assert o is not None
            out["first"].append(first)
            out["places"].append(tuple(o.places))
            out["turns"].append(o.turns)
            out["reason"].append(o.end_reason)
            out["figures"].append(dict(hook(game)) if hook is not None else {})
    finally:
        if gc_was_on:
            gc.enable()
    return out


@dataclass(frozen=True)
class Pairing:
    """One pairing of the field: its label, one setup per seat (card names, or None per seat)."""

    label: str
    setups: tuple[tuple[str, ...] | None, ...]


def field_pairings(ruleset: str, decks: Sequence[Any] | None = None,
                   players: Sequence[int] | None = None) -> list[Pairing]:
    """The pairings of a health run: for a game with decks, every unordered pair of ``decks``
    (default: the ruleset's starter decks), mirrors included, as ``"A vs B"``; for a game without
    decks, one per seat count in ``players`` (default: its fewest seats; Conquest 4), as ``"4 players"``."""
    r = info(ruleset)
    lo, hi = r.seats
    if not r.uses_decks:
        counts = list(players) if players else [min(max(lo, 4), hi)]
        for k in counts:
            check_seats(ruleset, k)
        return [Pairing(f"{k} players", (None,) * k) for k in counts]
    if players and any(k != 2 for k in players):
        raise ValueError(f"{ruleset}: a health field of decks is played in pairs (2 seats), not {list(players)}")
    if lo > 2 or hi < 2:
        raise ValueError(f"{ruleset} is played by {lo} to {hi} seats: a health field of decks needs 2-seat games")
    if decks is None:
        from ..decks.starters import starter_decks

        decks = starter_decks(ruleset)
    if not decks:
        raise ValueError(f"{ruleset} has no decks to play a field of")
    named = [(getattr(d, "name", None) or f"deck {i + 1}", _names(d)) for i, d in enumerate(decks)]
    out = []
    for i, (na, a) in enumerate(named):
        for nb, b in named[i:]:
            out.append(Pairing(f"{na} vs {nb}", (a, b)))
    return out


def play_field(ruleset: str, pairings: Sequence[Pairing], n: int, seed: int = 0,
               bots: Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
               workers: int | None = 1, executor: Executor | None = None,
               progress: Callable[[int, int], None] | None = None, chunk: int = CHUNK) -> GameTable:
    """Play ``n`` games of every pairing and return them as a :class:`GameTable` (the engine's
    figures summed per seat count). ``bots``: one name for every seat (or one per seat of a
    2-seat game; default the engine's default bot); ``options`` the rule options (checked here).
    ``workers`` > 1 uses a local process pool, ``executor`` (a Dask cluster's) replaces it; the
    games are the same either way."""
    from ..rules.engines import engine_for

    if n < 1:
        raise ValueError("-n must be at least 1 game a pairing")
    jobs = field_jobs(ruleset, pairings, 0, n, seed, bots, options, chunk)
    results = _run(jobs, len(pairings) * n, workers, executor, progress)
    return _table(ruleset, pairings, jobs, results, engine_for(ruleset).end_reasons)


def _run(jobs: list[tuple[int, tuple[Any, ...]]], total: int, workers: int | None, executor: Executor | None,
         progress: Callable[[int, int], None] | None, offset: int = 0) -> list[dict[str, Any]]:
    """The results of ``jobs`` in job order (``progress`` counts ``offset`` + the games done, of ``total``)."""
    def tick(done: int, _total: int) -> None:
        if progress:
            progress(offset + done, total)

    if executor is None and (workers or os.cpu_count() or 1) > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
            return _collect(pool, jobs, total, tick)
    if executor is not None:
        return _collect(executor, jobs, total, tick)
    results = []
    done = 0
    for _p, job in jobs:
        results.append(play_chunk(job))
        done += job[6]
        tick(done, total)
    return results


def field_jobs(ruleset: str, pairings: Sequence[Pairing], first: int, n: int, seed: int,
               bots: Sequence[str] | None, options: Mapping[str, Any] | None,
               chunk: int = CHUNK) -> list[tuple[int, tuple[Any, ...]]]:
    """The jobs that play games ``first``..``n - 1`` of every pairing (bots and options checked):
    ``(pairing index, play_chunk args)``, pairing by pairing, in game order."""
    from ..rules.engines import check_rule_options, engine_for

    eng = engine_for(ruleset)
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    opts = check_rule_options(ruleset, options)
    check_bot = getattr(eng, "check_bot", None)  # bot specs with parameters, where the registry has them
    for b in bots or ():
        if check_bot is not None:
            check_bot(b)
        elif b not in eng.bot_names():
            raise ValueError(f"unknown bot {b!r} for {ruleset}; expected one of {', '.join(eng.bot_names())}")
    jobs: list[tuple[int, tuple[Any, ...]]] = []
    for p_index, p in enumerate(pairings):
        k = len(p.setups)
        names = list(bots) if bots else [eng.default_bot]
        if len(names) == 1:
            names = names * k
        if len(names) != k:
            raise ValueError(f"{k} seats need 1 or {k} bots, not {len(names)}")
        key = pairing_key(f"{ruleset}|{p.label}")
        for start in range(first, n, chunk):
            jobs.append((p_index, (ruleset, p.setups, names, seed, key, start, min(chunk, n - start), opts)))
    return jobs


def first_seat_half_width(t: GameTable) -> float:
    """The half width of the widest 95% Wilson interval of the first seat's win rate (a shared
    first place split), per seat count: the headline figure of a health run (0.5 before any game)."""
    from ..stats import wilson

    widest = 0.5 if not t.games else 0.0
    for k in np.unique(t.seats):
        rows = t.seats == k
        places = t.places[rows]
        first = t.first[rows]
        firsts = places[np.arange(len(first)), first]
        ties = (places[:, :int(k)] == 1).sum(axis=1)
        share = np.where(firsts == 1, 1.0 / np.maximum(ties, 1), 0.0)
        w = t.weight[rows].astype(np.float64)
        lo, hi = wilson(min(float((share * w).sum()), float(w.sum())), float(w.sum()))
        widest = max(widest, (hi - lo) / 2.0)
    return widest


def play_field_until(ruleset: str, pairings: Sequence[Pairing], half_width: float, max_games: int, seed: int = 0,
                     bots: Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
                     workers: int | None = 1, executor: Executor | None = None,
                     progress: Callable[[int, int], None] | None = None, step: int = CHUNK,
                     min_games: int = 100) -> tuple[GameTable, int, float]:
    """Play ``step`` more games of every pairing at a time, in game order, until the first seat's
    95% interval of every seat count (:func:`first_seat_half_width`) is at most ``±half_width``
    (after at least ``min_games`` a pairing), or ``max_games`` a pairing. Returns the table (the
    same as :func:`play_field` with ``n`` = the games a pairing it took), those games, and the
    half width reached."""
    from ..rules.engines import engine_for

    if max_games < 1 or step < 1:
        raise ValueError("--max-games and the step must be at least 1")
    reasons = engine_for(ruleset).end_reasons
    done: list[tuple[tuple[int, tuple[Any, ...]], dict[str, Any]]] = []
    n = 0
    while True:
        upto = min(max_games, max(n + step, min(min_games, max_games)))
        jobs = field_jobs(ruleset, pairings, n, upto, seed, bots, options, min(step, CHUNK))
        results = _run(jobs, len(pairings) * max_games, workers, executor, progress, len(pairings) * n)
        done += list(zip(jobs, results))
        n = upto
        done.sort(key=lambda jr: (jr[0][0], jr[0][1][5]))   # pairing, first game: play_field's order
        table = _table(ruleset, pairings, [j for j, _r in done], [r for _j, r in done], reasons)
        half = first_seat_half_width(table)
        if n >= max_games or half <= half_width:
            return table, n, half


def _collect(ex: Executor, jobs: list[tuple[int, tuple[Any, ...]]], total: int,
             progress: Callable[[int, int], None] | None) -> list[dict[str, Any]]:
    futures = [ex.submit(play_chunk, job) for _p, job in jobs]
    out = []
    done = 0
    for f, (_p, job) in zip(futures, jobs):  # in job order: the table does not depend on who finished first
        out.append(f.result())
        done += job[6]
        if progress:
            progress(done, total)
    return out


def _table(ruleset: str, pairings: Sequence[Pairing], jobs: list[tuple[int, tuple[Any, ...]]],
           results: list[dict[str, Any]], end_reasons: Sequence[str]) -> GameTable:
    reasons = list(end_reasons)
    code = {r: i for i, r in enumerate(reasons)}
    rows_seats, rows_pair, rows_first, rows_places, rows_turns, rows_reason = [], [], [], [], [], []
    figures: dict[int, dict[str, FigureSums]] = {}
    for (p_index, job), res in zip(jobs, results):
        k = len(job[1])
        sums = figures.setdefault(k, {})
        for first, places, turns, reason, figs in zip(res["first"], res["places"], res["turns"], res["reason"],
                                                      res["figures"]):
            if reason not in code:
                code[reason] = len(reasons)
                reasons.append(reason)
            rows_seats.append(k)
            rows_pair.append(p_index)
            rows_first.append(first)
            rows_places.append(tuple(places) + (0,) * (MAX_SEATS - len(places)))
            rows_turns.append(turns)
            rows_reason.append(code[reason])
            for name, value in figs.items():
                v = float(value)
                if v != v:  # NaN: undefined for this game
                    continue
                s = sums.get(name)
                if s is None:
                    s = sums[name] = FigureSums()
                s.count += 1
                s.total += v
                s.squares += v * v
    n = len(rows_seats)
    return GameTable(
        ruleset, np.array(rows_seats, np.int64), np.array(rows_pair, np.int64), np.array(rows_first, np.int64),
        np.array(rows_places, np.int64).reshape(n, MAX_SEATS), np.array(rows_turns, np.int64),
        np.array(rows_reason, np.int64), np.ones(n, np.int64), [p.label for p in pairings], reasons, figures)


__all__ = ["CHUNK", "FigureSums", "GameTable", "Pairing", "field_jobs", "field_pairings", "first_seat_half_width",
           "game_seed", "pairing_key", "play_chunk", "play_field", "play_field_until"]
