"""The balance report's figures as data (:class:`BalanceData`), below both the queries that compute
them (:mod:`.balance`) and the page that draws them (:mod:`.render`), so neither imports the other
to know the report's shape: :class:`~fwlab.reports.balance.BalanceReport` adds ``to_html`` on top.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

if TYPE_CHECKING:
    from ..health.report import HealthReport

#: The mean seat win rate of a two-seat game (draws counted as half a win).
SEAT_MEAN = 0.5


@dataclass
class BalanceData:
    """What a balance report holds (:class:`~fwlab.reports.balance.BalanceReport` is one): tables are
    pandas DataFrames, the rest plain values."""

    ruleset: str | None
    min_games: int
    shrink: bool
    matches: int
    draws: int
    cards: pd.DataFrame
    decks: pd.DataFrame
    matchups: pd.DataFrame
    first_player: dict[str, Any]
    game_length: dict[str, Any]
    length_histogram: pd.DataFrame
    end_reasons: pd.DataFrame
    notes: list[str] = field(default_factory=list)
    #: win rate per seat count and turn-order position (1 = played first), with its fair share 1/seats
    turn_order: pd.DataFrame = field(default_factory=pd.DataFrame)
    #: per ruleset, the mean seat win rate (matches / seats: 0.5 with two seats)
    seat_means: dict[str, float] = field(default_factory=dict)
    #: per character (games whose card events have ``picked``): picks and survive / die win rates;
    #: empty for games without characters
    characters: pd.DataFrame = field(default_factory=pd.DataFrame)
    #: per card of games of more than two seats or with fields taken: the win rate of the seats that
    #: played it (the winner's share of its plays) against those that drew it but did not; else empty
    plays: pd.DataFrame = field(default_factory=pd.DataFrame)
    #: per ruleset and field difficulty (``field_events``): when fields are taken, how, and the
    #: taker's win rate; empty for games without fields
    fields: pd.DataFrame = field(default_factory=pd.DataFrame)
    #: per ruleset with an engine, the game-health report of its matches (fwlab.health, from the
    #: stored tables: figures that need a simulation are listed, not shown)
    health: list[HealthReport] = field(default_factory=list)
    #: per ruleset and card, the 17lands-style figures (:mod:`fwlab.reports.card_figures`: OH WR, GD WR,
    #: GIH WR, GND WR, IWD with sample sizes and intervals) over every stored match; empty without card events
    card_figures: pd.DataFrame = field(default_factory=pd.DataFrame)

    @property
    def seat_mean(self) -> float | None:
        """The mean seat win rate when every ruleset of the report shares one (0.5 for two seats), else None."""
        means = set(self.seat_means.values())
        if not means:
            return SEAT_MEAN
        return means.pop() if len(means) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        def records(df: pd.DataFrame) -> list[dict[str, Any]]:
            return [{str(k): _plain(v) for k, v in row.items()} for row in df.to_dict("records")]

        return {
            "ruleset": self.ruleset,
            "min_games": self.min_games,
            "shrink": self.shrink,
            "matches": self.matches,
            "draws": self.draws,
            "seat_mean": self.seat_mean,
            "seat_means": dict(self.seat_means),
            "first_player": {k: _plain(v) for k, v in self.first_player.items()},
            "turn_order": records(self.turn_order),
            "game_length": {
                **{k: _plain(v) for k, v in self.game_length.items()},
                "histogram": records(self.length_histogram),
            },
            "end_reasons": records(self.end_reasons),
            "decks": records(self.decks),
            "matchups": records(self.matchups),
            "cards": records(self.cards),
            "characters": records(self.characters),
            "plays": records(self.plays),
            "fields": records(self.fields),
            "card_figures": records(self.card_figures),
            "health": [h.to_dict() for h in self.health],
            "notes": self.notes,
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The report as JSON (NaN becomes null)."""
        return json.dumps(self.to_dict(), indent=indent)


def _plain(v: Any) -> Any:
    """A JSON-ready Python value (numpy scalars unwrapped, NaN/NA as None)."""
    if v is None or v is pd.NA:
        return None
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float) and math.isnan(v):
        return None
    return v
