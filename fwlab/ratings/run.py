"""``rate()``: a rating history and a leaderboard from a match log; ``write_history()`` into the store."""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .games import A_WON, B_WON, DRAW, RatedGames, rated_games
from .systems import LOOPS, START, SYSTEMS

HISTORY_COLUMNS = ["system", "match_id", "played_at", "game_no", "player", "rating_before", "rating_after"]


@dataclass(frozen=True)
class RatingRun:
    """One system's ratings over a match log.

    ``history``: two rows per rated game (seat A's player, then seat B's), with the player's own
    1-based count of rated games in ``game_no``. ``leaderboard``: every player of the log, best
    first, with rated games, wins, losses and draws (a player with no rated game keeps the start).
    """

    system: str
    history: pd.DataFrame
    leaderboard: pd.DataFrame
    rated: int  #: games that changed (or could change) ratings
    limit: int | None = None

    def ratings(self) -> dict[str, float]:
        """Final rating per player."""
        return dict(zip(self.leaderboard["player"], self.leaderboard["rating"].tolist()))


def _replay_changes(
    seats: np.ndarray, changes: np.ndarray, start: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ratings before/after and the player's game number for each seat-row, from the rating changes.

    Vectorised with pandas' grouped running sums (hash grouping, no sort): the rating after a game
    is the player's start plus the running sum of its changes; the rating before is the previous
    rating after of the same player (so the two agree exactly), or its start for its first game.

    >>> b, a, g = _replay_changes(np.array([0, 1, 0]), np.array([10.0, -10.0, 5.0]), np.array([1000.0, 1000.0]))
    >>> b.tolist(), a.tolist(), g.tolist()
    ([1000.0, 1000.0, 1010.0], [1010.0, 990.0, 1015.0], [1, 1, 2])
    """
    if len(seats) == 0:
        empty = np.empty(0, dtype=np.float64)
        return empty, empty, np.empty(0, dtype=np.int64)
    own_start = start[seats]
    grouped = pd.Series(changes).groupby(seats, sort=False)
    after = own_start + grouped.cumsum().to_numpy()
    before = pd.Series(after).groupby(seats, sort=False).shift(1).to_numpy(dtype=np.float64, copy=True)
    first = np.isnan(before)
    before[first] = own_start[first]
    game_no = pd.Series(np.ones(len(seats), dtype=np.int64)).groupby(seats, sort=False).cumsum().to_numpy()
    return before, after, game_no


def _leaderboard(games: RatedGames, final: np.ndarray) -> pd.DataFrame:
    n = len(games.players)
    a, b, out = games.a, games.b, games.outcome
    wins = np.bincount(a[out == A_WON], minlength=n) + np.bincount(b[out == B_WON], minlength=n)
    losses = np.bincount(a[out == B_WON], minlength=n) + np.bincount(b[out == A_WON], minlength=n)
    draws = np.bincount(a[out == DRAW], minlength=n) + np.bincount(b[out == DRAW], minlength=n)
    board = pd.DataFrame(
        {
            "player": games.players,
            "rating": final,
            "games": wins + losses + draws,
            "wins": wins,
            "losses": losses,
            "draws": draws,
        }
    )
    return board.sort_values(["rating", "player"], ascending=[False, True], kind="stable").reset_index(drop=True)


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector: the rating loop allocates no cycles, and in a process
    holding many objects (a notebook, the app) collections during the loop cost up to a quarter."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def rate(
    matches: Any, system: str = "fw", limit: int | None = None, initial: Mapping[str, float] | None = None
) -> RatingRun:
    """Rate a match log (DataFrame, Arrow table or DuckDB relation with the ``matches`` columns).

    ``system``: ``fw`` (the game's rule), ``elo`` (logistic, K=32) or ``openskill`` (Plackett-Luce
    ordinal). All three rate the same games: those with at least 4 turns. ``limit`` rates only the
    first ``limit`` rated games (useful for the slow OpenSkill library on large logs). ``initial``
    gives some players a starting rating other than the system's start (e.g. carried over from an
    earlier season; not for openskill).

    >>> log = pd.DataFrame({"match_id": ["m1", "m2"], "played_at": pd.to_datetime(["2024-01-01", "2024-01-02"]),
    ...     "player_a": ["ann", "ann"], "player_b": ["bob", "bob"], "winner": ["a", "b"], "turns": [9, 9]})
    >>> rate(log).ratings()
    {'ann': 1000.0, 'bob': 1000.0}
    >>> rate(log).history[["player", "game_no", "rating_before", "rating_after"]].values.tolist()
    [['ann', 1, 1000.0, 1010.0], ['bob', 1, 1000.0, 990.0], ['ann', 2, 1010.0, 1000.0], ['bob', 2, 990.0, 1000.0]]
    """
    if system not in LOOPS:
        raise ValueError(f"unknown rating system {system!r}; expected one of {', '.join(SYSTEMS)}")
    with _gc_paused():
        return _rate(matches, system, limit, initial)


def _rate(matches: Any, system: str, limit: int | None, initial: Mapping[str, float] | None) -> RatingRun:
    games = rated_games(matches)
    if limit is not None and limit < len(games):
        games = RatedGames(
            games.match_id[:limit], games.played_at[:limit], games.a[:limit], games.b[:limit],
            games.outcome[:limit], games.players,
        )  # fmt: skip
    start = np.full(len(games.players), START[system])
    if initial:
        index = {p: i for i, p in enumerate(games.players)}
        for player, value in initial.items():
            if player in index:
                start[index[player]] = value
    trace = LOOPS[system](games, start.tolist() if initial else None)
    n = len(games)
    seats = np.empty(2 * n, dtype=np.int64)
    seats[0::2] = games.a
    seats[1::2] = games.b
    changes = np.empty(2 * n, dtype=np.float64)
    changes[0::2] = trace.change_a
    changes[1::2] = trace.change_b
    before, after, game_no = _replay_changes(seats, changes, start)
    players = np.asarray(games.players, dtype=object)
    history = pd.DataFrame(
        {
            "system": pd.Categorical.from_codes(np.zeros(2 * n, dtype=np.int8), categories=pd.Index([system])),
            "match_id": pd.Series(np.repeat(games.match_id, 2), dtype=object),
            "played_at": np.repeat(games.played_at, 2),
            "game_no": game_no,
            "player": pd.Series(players[seats], dtype=object),
            "rating_before": before,
            "rating_after": after,
        },
        columns=HISTORY_COLUMNS,
    )
    return RatingRun(system, history, _leaderboard(games, trace.final), rated=n, limit=limit)


def read_matches(con: Any) -> pd.DataFrame:
    """The ``matches`` columns rating needs, already in rating order, from a DuckDB connection."""
    return con.execute(
        "SELECT match_id, played_at, player_a, player_b, winner, turns FROM matches "
        "ORDER BY played_at NULLS LAST, match_id"
    ).df()


def write_history(
    db_path: str | Path, systems: Iterable[str] = SYSTEMS, openskill_limit: int | None = None
) -> dict[str, int]:
    """Recompute ``rating_history`` for ``systems`` in the store, in one transaction.

    The rows of the named systems are replaced; a failure leaves the table as it was.
    Returns the number of history rows written per system.
    """
    from fwlab.store import connect

    systems = tuple(systems)
    for s in systems:
        if s not in LOOPS:
            raise ValueError(f"unknown rating system {s!r}; expected one of {', '.join(SYSTEMS)}")
    con = connect(db_path)
    try:
        con.execute("SET enable_progress_bar = false")  # a library call should not draw on the terminal
        matches = read_matches(con)
        runs = [rate(matches, s, limit=openskill_limit if s == "openskill" else None) for s in systems]
        con.execute("BEGIN TRANSACTION")
        try:
            for run in runs:
                con.execute("DELETE FROM rating_history WHERE system = ?", [run.system])
                con.register("_fwlab_history", run.history)
                con.execute(
                    "INSERT INTO rating_history (system, match_id, played_at, game_no, player, rating_before, "
                    "rating_after) SELECT system, match_id, played_at, game_no, player, rating_before, "
                    "rating_after FROM _fwlab_history"
                )
                con.unregister("_fwlab_history")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    finally:
        con.close()
    return {run.system: len(run.history) for run in runs}
