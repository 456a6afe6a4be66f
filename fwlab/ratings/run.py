"""``rate()``: a rating history and a leaderboard from a match log; ``write_history()`` into the store.

A match log is wide (two seats: ``player_a``, ``player_b``, ``winner``) or long (one row per seat:
``seat``, ``player``, ``place``), see :mod:`fwlab.ratings.games`; a two-seat game rates the same
either way.

**Games of more than two seats.** ``openskill`` rates every game from its places. ``fw`` (the
game's own Elo rule) and ``elo`` (logistic) are defined for two players, so:

- ``rate(log, "fw")`` on a log that holds a game of three or more seats raises ``ValueError``
  naming the first such match (in rating order) and pointing to ``--system openskill``
  (``fwlab elo replay FILE`` exits with status 2);
- reading a **store** (``fwlab elo``, ``fwlab elo --write``, :func:`write_history`), which may mix
  rulesets, they rate the two-seat matches only (``rate(..., skip_multi_seat=True)``): the other
  matches and the players who only played those are left out, and ``RatingRun.skipped`` counts
  the matches left out. ``openskill`` rates them all.

**Which rulesets.** ``fw`` is the Elo rule of Fallen Worlds Online (seed ``000_…``, "Elo
Ranking"): it rates Fallen Worlds matches only, rulesets :data:`FW_RULESETS` (``fw`` and
``fw-epic``; Battlegrounds' text ``002_…`` has no rating rule, so ``bg`` is not rated by it). A log
with a ``ruleset`` column (every store and export, through :func:`read_matches`) has its other
matches left out of ``fw``, and the players who only played those; ``RatingRun.other_rulesets``
counts them. A match whose ruleset is missing (NULL), and any log without a ``ruleset`` column, is
taken as Fallen Worlds: ``rate(log, "fw")`` on such a log rates every game as before. ``elo`` and
``openskill`` rate every ruleset.

Leaderboard counts for any number of seats: a win is first place alone, a draw a shared first
place, a loss any other place (for two seats: the usual win, draw, loss).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from .games import RatedGames, is_long, long_from_wide, rated_games, to_frame
from .systems import LOOPS, RULESETS_OF, START, SYSTEMS, TWO_SEAT

HISTORY_COLUMNS = ["system", "match_id", "played_at", "game_no", "player", "rating_before", "rating_after"]


@dataclass(frozen=True)
class RatingRun:
    """One system's ratings over a match log.

    ``history``: one row per seat of each rated game (seat order: seat A's player, then seat B's,
    ...), with the player's own 1-based count of rated games in ``game_no``. ``leaderboard``:
    every player of the log, best first, with rated games, wins, losses and draws (a player with
    no rated game keeps the start).
    """

    system: str
    history: pd.DataFrame
    leaderboard: pd.DataFrame
    rated: int  #: games that changed (or could change) ratings
    limit: int | None = None
    skipped: int = 0  #: matches of more than two seats left out (two-seat systems, skip_multi_seat)
    other_rulesets: int = 0  #: matches of rulesets the system does not rate, left out (``fw``: not Fallen Worlds)

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
    player, first = games.player, games.place == 1
    game = np.repeat(np.arange(len(games), dtype=np.int64), games.seats)
    shared = np.bincount(game[first], minlength=len(games))[game] > 1  # first place held by several
    wins = np.bincount(player[first & ~shared], minlength=n)
    draws = np.bincount(player[first & shared], minlength=n)
    losses = np.bincount(player[~first], minlength=n)
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
    matches: Any,
    system: str = "fw",
    limit: int | None = None,
    initial: Mapping[str, float] | None = None,
    skip_multi_seat: bool = False,
) -> RatingRun:
    """Rate a match log (DataFrame, Arrow table or DuckDB relation; wide ``matches`` columns or one
    row per seat, see :mod:`fwlab.ratings.games`).

    ``system``: ``fw`` (the game's rule), ``elo`` (logistic, K=32) or ``openskill`` (Plackett-Luce
    ordinal). All three rate games with at least 4 turns; ``fw`` only those of the Fallen Worlds
    rulesets when the log has a ``ruleset`` column (:data:`FW_RULESETS`). ``fw`` and ``elo`` rate
    two-seat games: a log with a game of more seats raises ``ValueError``, unless
    ``skip_multi_seat`` leaves such matches out (what the store readers do; openskill ignores it).
    ``limit`` rates only the first ``limit`` rated games (useful for the slow OpenSkill library on
    large logs). ``initial`` gives some players a starting rating other than the system's start
    (e.g. carried over from an earlier season; not for openskill).

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
        return _rate(matches, system, limit, initial, skip_multi_seat)


def _rate(
    matches: Any, system: str, limit: int | None, initial: Mapping[str, float] | None, skip_multi_seat: bool
) -> RatingRun:
    two_seat = system in TWO_SEAT
    matches, other = _only_rated_rulesets(matches, system, refuse_multi_seat=two_seat and not skip_multi_seat)
    games = rated_games(matches, drop_multi_seat=two_seat and skip_multi_seat)
    if two_seat and games.first_multi_seat is not None and not skip_multi_seat:
        match_id, n_seats = games.first_multi_seat
        raise ValueError(
            f"match {match_id!r} has {n_seats} seats, but {system} rates 2-seat games only "
            f"({games.multi_seat} such match(es) in the log); use --system openskill"
        )
    if limit is not None and limit < len(games):
        games = games.head(limit)
    start = np.full(len(games.players), START[system])
    if initial:
        index = {p: i for i, p in enumerate(games.players)}
        for player, value in initial.items():
            if player in index:
                start[index[player]] = value
    trace = LOOPS[system](games, start.tolist() if initial else None)
    seats = games.player
    before, after, game_no = _replay_changes(seats, trace.change, start)
    players = np.asarray(games.players, dtype=object)
    rows = len(seats)
    per_game: int | np.ndarray = 2 if rows == 2 * len(games) else games.seats
    history = pd.DataFrame(
        {
            "system": pd.Categorical.from_codes(np.zeros(rows, dtype=np.int8), categories=pd.Index([system])),
            "match_id": pd.Series(np.repeat(games.match_id, per_game), dtype=object),
            "played_at": np.repeat(games.played_at, per_game),
            "game_no": game_no,
            "player": pd.Series(players[seats], dtype=object),
            "rating_before": before,
            "rating_after": after,
        },
        columns=HISTORY_COLUMNS,
    )
    board = _leaderboard(games, trace.final)
    return RatingRun(system, history, board, rated=len(games), limit=limit, skipped=games.skipped,
                     other_rulesets=other)


def _only_rated_rulesets(matches: Any, system: str, refuse_multi_seat: bool = False) -> tuple[Any, int]:
    """The log without the matches of rulesets ``system`` does not rate, and how many matches those
    were. Only a log with a ``ruleset`` column is filtered; a missing ruleset counts as rated.
    ``refuse_multi_seat``: a log holding a match of more than two seats is returned whole, so that
    the two-seat systems refuse it as they always have."""
    rated = RULESETS_OF.get(system)
    if rated is None:
        return matches, 0
    frame = to_frame(matches)
    if "ruleset" not in frame.columns:
        return frame, 0
    if refuse_multi_seat and is_long(frame.columns) and int(frame["match_id"].value_counts().max()) > 2:
        return frame, 0
    ruleset = frame["ruleset"]
    keep = (ruleset.isna() | ruleset.isin(rated)).to_numpy(dtype=bool)
    if keep.all():
        return frame, 0
    other = int(frame["match_id"][~keep].nunique())
    return frame[keep].reset_index(drop=True), other


WIDE_SQL = "SELECT match_id, played_at, player_a, player_b, winner, turns{ruleset} FROM matches"
ORDER_SQL = " ORDER BY played_at NULLS LAST, match_id"
#: Every match of a store whose matches all have two seats, in the wide shape (the fast path of
#: :func:`rate`): players and places from match_seats, a match without seat rows from its own wide
#: columns. Places that do not fit two seats come out as a winner that names them (refused by rate).
PAIRS_SQL = """SELECT m.match_id, m.played_at,
    coalesce(s1.player, m.player_a) AS player_a, coalesce(s2.player, m.player_b) AS player_b,
    CASE WHEN s1.match_id IS NULL AND s2.match_id IS NULL THEN m.winner
         WHEN s1.place = 1 AND s2.place = 2 THEN 'a' WHEN s1.place = 2 AND s2.place = 1 THEN 'b'
         WHEN s1.place = 1 AND s2.place = 1 THEN 'draw'
         ELSE 'places ' || coalesce(s1.place::VARCHAR, '-') || ', ' || coalesce(s2.place::VARCHAR, '-')
    END AS winner,
    m.turns{ruleset}
FROM matches m
LEFT JOIN match_seats s1 ON s1.match_id = m.match_id AND s1.seat = 1
LEFT JOIN match_seats s2 ON s2.match_id = m.match_id AND s2.seat = 2
ORDER BY m.played_at NULLS LAST, m.match_id"""
SEATS_SQL = (
    "SELECT m.match_id, m.played_at, s.seat, s.player, s.place, m.turns{ruleset} "
    "FROM matches m JOIN match_seats s ON s.match_id = m.match_id "
    "ORDER BY m.played_at NULLS LAST, m.match_id, s.seat"
)


def _has_relation(con: Any, name: str) -> bool:
    """Whether a table or view ``name`` can be queried on ``con`` (the result is fetched, so the
    connection is free for the next query)."""
    import duckdb

    try:
        con.execute(f"SELECT 1 FROM {name} LIMIT 0").fetchall()
    except duckdb.Error:
        return False
    return True


def _arrow_table(con: Any, sql: str) -> pa.Table:
    """A query's rows as Arrow (several times faster than ``.df()`` for text columns)."""
    rel = con.sql(sql)
    return rel.to_arrow_table() if hasattr(rel, "to_arrow_table") else rel.fetch_arrow_table()


def _matches_in(seats: pa.Table) -> int:
    """Distinct matches among seat-rows sorted by match (each match's rows are contiguous)."""
    if seats.num_rows == 0:
        return 0
    ids = seats.column("match_id").combine_chunks()
    return 1 + int(pc.sum(pc.not_equal(ids[1:], ids[:-1])).as_py() or 0)


def _has_ruleset(con: Any) -> bool:
    """Whether the source's ``matches`` has a ``ruleset`` column (every store does)."""
    cols = con.execute("SELECT * FROM matches LIMIT 0").description
    return any(c[0] == "ruleset" for c in cols)


def _to_pandas(table: pa.Table) -> pd.DataFrame:
    """Arrow to pandas, the ruleset column as a category (a handful of values over many rows)."""
    if "ruleset" in table.column_names:
        i = table.column_names.index("ruleset")
        table = table.set_column(i, "ruleset", pc.dictionary_encode(table.column(i)))
    return table.to_pandas()


def read_matches(con: Any, ruleset: str | None = None) -> pd.DataFrame:
    """The match log rating needs, already in rating order, from a DuckDB connection (a store or
    :func:`fwlab.store.open_source`); ``ruleset``: only that ruleset's matches.

    Players and places come from ``match_seats`` joined to ``matches``; a match with no seat rows
    (written by a tool that fills ``matches`` only) gets its two seats from ``player_a``,
    ``player_b`` and ``winner``. When no match has more than two seats the log has the wide shape
    (``match_id, played_at, player_a, player_b, winner, turns``: the fast path of :func:`rate`),
    otherwise one row per seat (``match_id, played_at, seat, player, place, turns``). A source
    without ``match_seats`` (an older export) gives the wide ``matches`` columns. Each shape ends
    with the match's ``ruleset`` when ``matches`` has one (for ``fw``, which rates Fallen Worlds only).
    """
    log = _read_matches(con)
    if ruleset is None:
        return log
    if "ruleset" not in log.columns:
        raise ValueError("this match log does not say each match's ruleset, so it cannot be rated per ruleset")
    return log[log["ruleset"] == ruleset].reset_index(drop=True)


def _read_matches(con: Any) -> pd.DataFrame:
    rs = _has_ruleset(con)
    wide_sql = WIDE_SQL.format(ruleset=", ruleset" if rs else "")
    if not _has_relation(con, "match_seats"):
        return _to_pandas(_arrow_table(con, wide_sql + ORDER_SQL))
    [(more,)] = con.execute("SELECT count(*) FROM match_seats WHERE seat > 2").fetchall()
    if not more:
        return _to_pandas(_arrow_table(con, PAIRS_SQL.format(ruleset=", m.ruleset" if rs else "")))
    seats = _arrow_table(con, SEATS_SQL.format(ruleset=", m.ruleset" if rs else ""))
    [(count,)] = con.execute("SELECT count(*) FROM matches").fetchall()  # fetchall: frees the connection
    if _matches_in(seats) == int(count):
        return _to_pandas(seats)
    seatless = _arrow_table(
        con, wide_sql + " m WHERE NOT EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = m.match_id)" + ORDER_SQL
    ).to_pandas()
    extra = long_from_wide(seatless)
    if rs:
        extra["ruleset"] = extra["match_id"].map(dict(zip(seatless["match_id"], seatless["ruleset"])))
    both = pd.concat([seats.to_pandas(), extra], ignore_index=True)
    both = both.sort_values(["played_at", "match_id", "seat"], kind="stable", na_position="last", ignore_index=True)
    if rs:
        both["ruleset"] = both["ruleset"].astype("category")
    return both


def write_history(
    db_path: str | Path, systems: Iterable[str] = SYSTEMS, openskill_limit: int | None = None
) -> dict[str, int]:
    """Recompute ``rating_history`` for ``systems`` in the store, in one transaction.

    The rows of the named systems are replaced; a failure leaves the table as it was. ``fw`` rates
    the store's Fallen Worlds matches (:data:`FW_RULESETS`), ``elo`` its two-seat matches of every
    ruleset (``skip_multi_seat``), ``openskill`` every match.
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
        runs = [
            rate(matches, s, limit=openskill_limit if s == "openskill" else None, skip_multi_seat=True)
            for s in systems
        ]
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
