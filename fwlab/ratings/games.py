"""Turning a match log into the arrays the rating loops walk: rated games in order, players as ints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from .fw_elo import RATED_MIN_TURNS

#: Columns of ``matches`` that rating needs.
NEEDED = ("match_id", "played_at", "player_a", "player_b", "winner", "turns")

#: outcome codes in :class:`RatedGames`
A_WON, B_WON, DRAW = 1, -1, 0


@dataclass(frozen=True)
class RatedGames:
    """The games that change ratings, in ``played_at`` then ``match_id`` order.

    ``a``/``b`` index into ``players`` (every player of the log, rated games or not);
    ``outcome`` is ``A_WON``, ``B_WON`` or ``DRAW``.
    """

    match_id: npt.NDArray[Any]
    played_at: npt.NDArray[Any]
    a: npt.NDArray[np.int64]
    b: npt.NDArray[np.int64]
    outcome: npt.NDArray[np.int8]
    players: list[str]

    def __len__(self) -> int:
        return len(self.a)


def to_frame(matches: Any) -> pd.DataFrame:
    """Accept a pandas or polars DataFrame, a pyarrow Table or a DuckDB relation."""
    if isinstance(matches, pd.DataFrame):
        return matches
    if hasattr(matches, "df") and hasattr(matches, "columns") and not hasattr(matches, "to_pandas"):
        return matches.df()  # DuckDB relation
    if hasattr(matches, "to_pandas"):
        return matches.to_pandas()
    raise TypeError(f"cannot rate {type(matches).__name__}: pass a DataFrame, Arrow table or DuckDB relation")


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


def rated_games(matches: Any, min_turns: int = RATED_MIN_TURNS) -> RatedGames:
    """Validate a match log and keep the games with at least ``min_turns`` turns, in rating order.

    Rows are taken by ``played_at`` then ``match_id`` (a missing ``played_at`` sorts last).
    A bad row raises ``ValueError`` naming the match and the field.
    """
    df = to_frame(matches)
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
    keep = (turns >= min_turns).to_numpy()
    outcome = np.where(winner == "a", A_WON, np.where(winner == "b", B_WON, DRAW)).astype(np.int8)
    return RatedGames(
        match_id=df["match_id"].to_numpy(dtype=object)[keep],
        played_at=played_at.to_numpy()[keep],
        a=codes[:n][keep].astype(np.int64),
        b=codes[n:][keep].astype(np.int64),
        outcome=outcome[keep],
        players=[str(p) for p in uniques],
    )
