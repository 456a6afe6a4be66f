"""Turning a match log into the arrays the rating loops walk: rated games in order, as seat-rows.

Two formats of match log are accepted, told apart by their columns:

- **wide** (two seats; the ``matches`` table's columns): ``match_id, played_at, player_a,
  player_b, winner, turns`` with ``winner`` ``a``, ``b`` or ``draw``;
- **long** (one row per seat, any number of seats): ``match_id, played_at, seat, player, place,
  turns``; ``seat`` is a number from 1 or a label ``a``..``e``, ``place`` is 1 for the best seat and
  tied seats share the better place (1, 1, 3). A log with ``place``, ``seat`` and ``player``
  columns is long; other columns (``ruleset``, ``deck``, ``score``, ...) are ignored.

Both become :class:`RatedGames`: one seat-row (player, place) per seat of each game that changes
ratings, games in ``played_at`` then ``match_id`` order, seats in seat order within a game. A
two-seat game reads the same in either format and rates to the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from .fw_elo import RATED_MIN_TURNS

#: Columns of ``matches`` that rating needs (the wide format).
NEEDED = ("match_id", "played_at", "player_a", "player_b", "winner", "turns")
#: Columns of a long (one row per seat) match log that rating needs.
NEEDED_LONG = ("match_id", "played_at", "seat", "player", "place", "turns")
#: The columns that make a log long.
LONG_MARKERS = ("place", "seat", "player")
#: Seat labels, seat 1 first.
SEAT_LABELS = "abcde"

#: outcome codes of :meth:`RatedGames.pairs`
A_WON, B_WON, DRAW = 1, -1, 0


@dataclass(frozen=True)
class RatedGames:
    """The games that change ratings, in ``played_at`` then ``match_id`` order, as seat-rows.

    Per game: ``match_id``, ``played_at``; the game's seat-rows are ``offsets[i]:offsets[i + 1]``
    (seat order). Per seat-row: ``player`` (an index into ``players``, every player of the log,
    rated games or not) and ``place`` (1 = best, tied seats share the better place).
    ``multi_seat``: matches of the log with more than two seats (rated or not); ``first_multi_seat``
    names the first of them in rating order. ``skipped``: how many of them were left out
    (``rated_games(..., drop_multi_seat=True)``).
    """

    match_id: npt.NDArray[Any]
    played_at: npt.NDArray[Any]
    offsets: npt.NDArray[np.int64]
    player: npt.NDArray[np.int64]
    place: npt.NDArray[np.int64]
    players: list[str]
    multi_seat: int = 0
    first_multi_seat: tuple[str, int] | None = None  #: (match_id, seats)
    skipped: int = 0

    def __len__(self) -> int:
        return len(self.match_id)

    @property
    def seats(self) -> npt.NDArray[np.int64]:
        """Seats per game."""
        return np.diff(self.offsets)

    def head(self, limit: int) -> RatedGames:
        """The first ``limit`` games."""
        if limit >= len(self):
            return self
        end = int(self.offsets[limit])
        return replace(
            self, match_id=self.match_id[:limit], played_at=self.played_at[:limit],
            offsets=self.offsets[: limit + 1], player=self.player[:end], place=self.place[:end],
        )  # fmt: skip

    def pairs(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int8]]:
        """Seat 1's player, seat 2's player and the outcome (``A_WON``, ``B_WON``, ``DRAW``) of each
        game, for the two-seat systems; every game must have two seats."""
        if len(self.player) != 2 * len(self):
            raise ValueError("pairs() needs games of two seats only")
        place_a, place_b = self.place[0::2], self.place[1::2]
        outcome = np.sign(place_b - place_a).astype(np.int8)  # A_WON = 1 when seat 1 placed better
        return self.player[0::2], self.player[1::2], outcome


def to_frame(matches: Any) -> pd.DataFrame:
    """Accept a pandas or polars DataFrame, a pyarrow Table or a DuckDB relation."""
    if isinstance(matches, pd.DataFrame):
        return matches
    if hasattr(matches, "df") and hasattr(matches, "columns") and not hasattr(matches, "to_pandas"):
        return matches.df()  # DuckDB relation
    if hasattr(matches, "to_pandas"):
        return matches.to_pandas()
    raise TypeError(f"cannot rate {type(matches).__name__}: pass a DataFrame, Arrow table or DuckDB relation")


def is_long(columns: Any) -> bool:
    """Whether a log with these columns is in the long (one row per seat) format."""
    return all(c in columns for c in LONG_MARKERS)


def _is_ordered(played_at: pd.Series, match_id: pd.Series) -> bool:
    """True when rows already run in ``played_at`` then ``match_id`` order (saves a sort)."""
    if played_at.isna().any():
        return False
    t = played_at.to_numpy()
    if len(t) < 2:
        return True
    step = t[1:] - t[:-1]
    zero = np.zeros((), dtype=step.dtype)
    if (step < zero).any():
        return False
    ties = np.flatnonzero(step == zero)
    if len(ties) == 0:
        return True
    ids = match_id.to_numpy(dtype=object)
    return bool(all(ids[i] <= ids[i + 1] for i in ties.tolist()))


@dataclass(frozen=True)
class _Log:
    """Every game of a log (rated or not) as seat-rows, in rating order."""

    match_id: npt.NDArray[Any]
    played_at: npt.NDArray[Any]
    turns: npt.NDArray[np.float64]
    offsets: npt.NDArray[np.int64]
    player: npt.NDArray[np.int64]
    place: npt.NDArray[np.int64]
    players: list[str]


def _wide_log(df: pd.DataFrame) -> _Log:
    missing = [c for c in NEEDED if c not in df.columns]
    if missing:
        raise ValueError(f"match log lacks column(s) {', '.join(missing)}; need {', '.join(NEEDED)}")
    df = df.loc[:, list(NEEDED)]
    played_at = pd.to_datetime(df["played_at"])
    if not _is_ordered(played_at, df["match_id"]):
        df = df.assign(_played_at=played_at).sort_values(
            ["_played_at", "match_id"], kind="stable", na_position="last"
        )
        played_at = df.pop("_played_at")

    winner = df["winner"]
    bad = ~winner.isin(("a", "b", "draw"))
    if bad.any():
        row = df[bad].iloc[0]
        raise ValueError(f"match {row['match_id']!r}: field winner is {row['winner']!r}; expected a, b or draw")
    turns = pd.to_numeric(df["turns"], errors="coerce")
    if turns.isna().any():
        row = df[turns.isna()].iloc[0]
        raise ValueError(f"match {row['match_id']!r}: field turns is {row['turns']!r}; expected an integer")
    for seat in ("player_a", "player_b"):
        empty = df[seat].isna() | (df[seat].astype(str) == "")
        if empty.any():
            raise ValueError(f"match {df[empty].iloc[0]['match_id']!r}: field {seat} is empty")
    same = df["player_a"] == df["player_b"]
    if same.any():
        raise ValueError(f"match {df[same].iloc[0]['match_id']!r}: player_a and player_b are the same player")

    codes, uniques = pd.factorize(pd.concat([df["player_a"], df["player_b"]], ignore_index=True), sort=True)
    n = len(df)
    a_won = (winner == "a").to_numpy()
    b_won = (winner == "b").to_numpy()
    player = np.empty(2 * n, dtype=np.int64)
    player[0::2] = codes[:n]
    player[1::2] = codes[n:]
    place = np.empty(2 * n, dtype=np.int64)
    place[0::2] = 1 + b_won
    place[1::2] = 1 + a_won
    return _Log(
        match_id=df["match_id"].to_numpy(dtype=object),
        played_at=played_at.to_numpy(),
        turns=turns.to_numpy(dtype=np.float64),
        offsets=np.arange(0, 2 * n + 1, 2, dtype=np.int64),
        player=player,
        place=place,
        players=[str(p) for p in uniques],
    )


def long_from_wide(df: pd.DataFrame) -> pd.DataFrame:
    """A wide (two-player) log as a long one: seat 1 is ``player_a``, seat 2 ``player_b``.

    >>> wide = pd.DataFrame({"match_id": ["m1"], "played_at": [pd.Timestamp("2025-01-01")],
    ...     "player_a": ["ann"], "player_b": ["bob"], "winner": ["b"], "turns": [7]})
    >>> long_from_wide(wide)[["match_id", "seat", "player", "place", "turns"]].values.tolist()
    [['m1', 1, 'ann', 2, 7], ['m1', 2, 'bob', 1, 7]]
    """
    log = _wide_log(df)
    seats = np.tile(np.array([1, 2], dtype=np.int64), len(log.match_id))
    return pd.DataFrame(
        {
            "match_id": np.repeat(log.match_id, 2),
            "played_at": np.repeat(log.played_at, 2),
            "seat": seats,
            "player": np.asarray(log.players, dtype=object)[log.player],
            "place": log.place,
            "turns": np.repeat(log.turns, 2).astype(np.int64),
        }
    )


def _arrow(values: pd.Series) -> pa.Array:
    """A column as one Arrow array (text compared and hashed in C, not object by object)."""
    try:
        arr = pa.array(values)
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError):  # mixed types: compare as text
        arr = pa.array(values.astype(str))
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if pa.types.is_dictionary(arr.type):
        arr = arr.cast(arr.type.value_type)
    return arr


def _bools(arr: Any) -> npt.NDArray[np.bool_]:
    return np.asarray(arr.to_numpy(zero_copy_only=False), dtype=bool)


def _fail(ids: Any, bad: npt.NDArray[np.bool_], message: str) -> None:
    """Raise ``ValueError`` naming the match of the first bad row, if any (``ids``: per row)."""
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"match {_shown(_id(ids, i))!r}: {message}")


def _id(ids: Any, i: int) -> Any:
    return ids[i].as_py() if isinstance(ids, pa.Array) else ids.iloc[i]


def _shown(value: Any) -> Any:
    """A cell as a message shows it: ``0``, not ``np.int64(0)``."""
    return value.item() if isinstance(value, np.generic) else value


def _seat_numbers(seat: pd.Series, ids: pd.Series) -> npt.NDArray[np.int64]:
    """Seats as numbers from 1: numbers as they are, labels ``a``..``e`` as 1..5."""
    number = pd.to_numeric(seat, errors="coerce")
    if number.isna().any():
        labels = seat.map({label: i + 1 for i, label in enumerate(SEAT_LABELS)})
        number = number.fillna(labels)
    values = number.to_numpy(dtype=np.float64, na_value=np.nan)
    bad = np.isnan(values) | (values < 1) | (values != np.floor(values))
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(
            f"match {_shown(ids.iloc[i])!r}: field seat is {_shown(seat.iloc[i])!r}; expected a number from 1 "
            "or a label a..e"
        )
    return values.astype(np.int64)


def _whole(column: pd.Series, ids: pd.Series, field: str, low: float) -> npt.NDArray[np.float64]:
    """A column of whole numbers >= ``low`` (as floats), or ``ValueError`` naming the first bad row."""
    values = pd.to_numeric(column, errors="coerce").to_numpy(dtype=np.float64, na_value=np.nan)
    bad = np.isnan(values) | (values < low) | (values != np.floor(values))
    if bad.any():
        i = int(np.argmax(bad))
        expected = "an integer" if low == -np.inf else f"a whole number >= {low:g}"
        raise ValueError(
            f"match {_shown(ids.iloc[i])!r}: field {field} is {_shown(column.iloc[i])!r}; expected {expected}"
        )
    return values


def _long_log(df: pd.DataFrame) -> _Log:
    missing = [c for c in NEEDED_LONG if c not in df.columns]
    if missing:
        raise ValueError(
            f"match log (one row per seat) lacks column(s) {', '.join(missing)}; need {', '.join(NEEDED_LONG)}"
        )
    df = df.loc[:, list(NEEDED_LONG)]
    id_col = df["match_id"]
    no_id = id_col.isna().to_numpy()
    if no_id.any():
        raise ValueError(f"row {int(np.argmax(no_id)) + 1}: field match_id is empty")
    played_at = pd.to_datetime(df["played_at"])
    if isinstance(played_at.dtype, pd.DatetimeTZDtype):  # e.g. JSON with "Z": compare in UTC
        played_at = played_at.dt.tz_convert("UTC").dt.tz_localize(None)
    seat = _seat_numbers(df["seat"], id_col)
    place_num = _whole(df["place"], id_col, "place", 1)
    turns_num = _whole(df["turns"], id_col, "turns", -np.inf)
    player_col = df["player"]
    _fail(id_col, (player_col.isna() | (player_col == "")).to_numpy(dtype=bool), "field player is empty")

    # rating order: played_at, match_id, seat (a missing played_at sorts last)
    ids = _arrow(id_col)
    t = played_at.to_numpy().view(np.int64)  # NaT is the smallest int64: equal to itself
    if played_at.isna().any() or not _long_is_ordered(t, ids, seat):
        frame = pd.DataFrame({"t": played_at.to_numpy(), "id": ids.to_pandas(), "seat": seat})
        order = frame.sort_values(["t", "id", "seat"], kind="stable", na_position="last").index.to_numpy()
        ids, t, seat = ids.take(pa.array(order)), t[order], seat[order]
        place_num, turns_num = place_num[order], turns_num[order]
        played_at = played_at.iloc[order]
        player_col = player_col.iloc[order]
    place = place_num.astype(np.int64)
    players = _arrow(player_col)
    encoded = pc.dictionary_encode(players)
    by_name = pc.sort_indices(encoded.dictionary).to_numpy()
    code_of = np.empty(len(by_name), dtype=np.int64)
    code_of[by_name] = np.arange(len(by_name))
    codes = code_of[encoded.indices.to_numpy(zero_copy_only=False)]
    names = [str(p) for p in encoded.dictionary.take(pa.array(by_name)).to_pylist()]

    m = len(t)
    new = np.ones(m, dtype=bool)  # the first seat-row of a game
    if m > 1:
        new[1:] = ~_bools(pc.equal(ids[1:], ids[:-1])) | (t[1:] != t[:-1])
    starts = np.flatnonzero(new)
    offsets = np.append(starts, m).astype(np.int64)
    game_ids = ids.take(pa.array(starts))
    match_id = np.asarray(game_ids.to_numpy(zero_copy_only=False), dtype=object)
    distinct = pd.Index(match_id, dtype=object)  # hashes Python strings: far faster than Arrow here
    if not distinct.is_unique:
        _fail(game_ids, distinct.duplicated(), "field played_at differs between its seats' rows")
    seats = np.diff(offsets)
    _fail(game_ids, seats < 2, "has one seat; a game needs two or more")
    run = np.cumsum(new) - 1  # game index per seat-row
    same_game = ~new[1:]
    later = ids[1:]
    _fail(later, same_game & (seat[1:] == seat[:-1]), "a seat appears twice")
    _fail(later, same_game & (turns_num[1:] != turns_num[:-1]), "field turns differs between its seats' rows")
    # within a game: players distinct; each place = 1 + the seats placed strictly better
    ahead = np.zeros(m, dtype=np.int64)
    for k in range(1, int(seats.max()) if m else 1):
        same = run[k:] == run[:-k]
        _fail(ids[k:], same & (codes[k:] == codes[:-k]), "a player holds two seats")
        ahead[k:] += same & (place[:-k] < place[k:])
        ahead[:-k] += same & (place[k:] < place[:-k])
    bad_place = place != 1 + ahead
    if bad_place.any():
        g = int(run[int(np.argmax(bad_place))])
        shown = place[offsets[g] : offsets[g + 1]].tolist()
        raise ValueError(
            f"match {game_ids[g].as_py()!r}: places {shown} do not fit (1 = best; tied seats share the better "
            "place, e.g. 1, 1, 3)"
        )
    return _Log(
        match_id=match_id,
        played_at=played_at.to_numpy()[starts],
        turns=turns_num[starts],
        offsets=offsets,
        player=codes,
        place=place,
        players=names,
    )


def _long_is_ordered(t: npt.NDArray[np.int64], ids: pa.Array, seat: npt.NDArray[np.int64]) -> bool:
    """True when seat-rows already run in ``played_at``, ``match_id``, ``seat`` order."""
    if len(t) < 2:
        return True
    step = t[1:] - t[:-1]
    if (step < 0).any():
        return False
    ties = np.flatnonzero(step == 0)
    if len(ties) == 0:
        return True
    a, b = ids.take(pa.array(ties)), ids.take(pa.array(ties + 1))
    if not pc.all(pc.less_equal(a, b)).as_py():
        return False
    same = ties[_bools(pc.equal(a, b))]
    return bool(np.all(seat[same] <= seat[same + 1]))


def _select(log: _Log, keep: npt.NDArray[np.bool_]) -> _Log:
    """The games where ``keep`` is true."""
    if keep.all():
        return log
    if len(log.player) == 2 * len(keep):  # two seats each (every wide log): no per-game counts needed
        rows = np.repeat(keep, 2)
        offsets = np.arange(0, 2 * int(keep.sum()) + 1, 2, dtype=np.int64)
    else:
        seats = np.diff(log.offsets)
        rows = np.repeat(keep, seats)
        offsets = np.concatenate(([0], np.cumsum(seats[keep]))).astype(np.int64)
    return replace(
        log, match_id=log.match_id[keep], played_at=log.played_at[keep], turns=log.turns[keep],
        offsets=offsets, player=log.player[rows], place=log.place[rows],
    )  # fmt: skip


def rated_games(matches: Any, min_turns: int = RATED_MIN_TURNS, drop_multi_seat: bool = False) -> RatedGames:
    """Validate a match log (wide or long) and keep the games with at least ``min_turns`` turns, in
    rating order.

    Rows are taken by ``played_at`` then ``match_id`` (a missing ``played_at`` sorts last).
    A bad row raises ``ValueError`` naming the match and the field. ``drop_multi_seat``: leave
    out the matches of more than two seats entirely (for the two-seat systems reading a store that
    mixes games): their players do not appear unless they also played a two-seat match.
    """
    df = to_frame(matches)
    log = _long_log(df) if is_long(df.columns) else _wide_log(df)
    multi = np.diff(log.offsets) > 2
    n_multi = int(multi.sum())
    first = None
    if n_multi:
        i = int(np.argmax(multi))
        first = (str(log.match_id[i]), int(log.offsets[i + 1] - log.offsets[i]))
    skipped = 0
    if drop_multi_seat and n_multi:
        log = _select(log, ~multi)
        skipped = n_multi
        used = np.unique(log.player)
        remap = np.full(len(log.players), -1, dtype=np.int64)
        remap[used] = np.arange(len(used))
        log = replace(log, player=remap[log.player], players=[log.players[i] for i in used.tolist()])
    log = _select(log, log.turns >= min_turns)
    return RatedGames(
        match_id=log.match_id,
        played_at=log.played_at,
        offsets=log.offsets,
        player=log.player,
        place=log.place,
        players=log.players,
        multi_seat=n_multi,
        first_multi_seat=first,
        skipped=skipped,
    )
