"""A health report from a :class:`~fwlab.sim.health.GameTable`: every figure with its 95% interval,
its band (the engine's ``health_bands``) and a flag when it lies outside.

Conventions (docs/game-health.md):

* Figures are computed per seat count (a Conquest run of 3, 4 and 5 players gives three groups).
* A **win rate** (by seat, by position in the turn order, the first player's in a pairing) counts
  an outright win as 1 and a shared first place as its share (1/k among k tied seats; a 2-seat
  draw is half a win), over every game, with a 95% Wilson interval.
* A **share** (end reasons, turn cap, draws, the engine's share figures) is the share of games,
  with a 95% Wilson interval; a **mean** (turns, rounds = turns / seats, the engine's mean figures)
  is the mean per game over the games where it is defined, with a 95% normal interval
  (mean ± 1.96 sd / √n).
* A figure is **flagged** ``above`` / ``below`` when its value lies outside its band; ``clear`` says
  the whole interval does (so noise alone is unlikely to explain it).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..rules.health import COMMON, MEAN, SHARE, Band, HealthFigure, band_for, figure_doc
from ..rulesets import SEAT_LABELS
from ..sim.health import FigureSums, GameTable
from ..stats import Z95, wilson

#: The end reason of a game stopped by an engine's turn cap (the ``turn_cap`` figure).
TURN_CAP_REASON = "turn-cap"
#: The prefixes of the figures a 2-seat group has once per pairing: the first player's win rate and
#: the turn-cap share (its band is ``turn_cap``'s)
PER_PAIRING = ("pairing.", "turn_cap.")


def per_pairing(name: str) -> bool:
    """Whether ``name`` is a figure of one pairing (``pairing.<A vs B>``, ``turn_cap.<A vs B>``)."""
    return name.startswith(PER_PAIRING)


@dataclass
class Figure:
    """One figure of a group: its value, interval, sample, band and flag."""

    figure: str
    kind: str            # "common" or "engine"
    aggregate: str       # "rate", "share" or "mean"
    value: float | None
    low: float | None
    high: float | None
    n: float
    doc: str = ""
    band: Band | None = None
    seats: int = 2
    flag: str | None = None
    clear: bool = False

    def to_dict(self) -> dict[str, Any]:
        band = None
        if self.band is not None:
            lo, hi = self.band.bounds(self.seats)
            band = {"low": lo, "high": hi, "text": self.band.text(self.seats), "reason": self.band.reason}
        return {"figure": self.figure, "kind": self.kind, "aggregate": self.aggregate, "value": _num(self.value),
                "low": _num(self.low), "high": _num(self.high), "n": _num(self.n), "doc": self.doc, "band": band,
                "flag": self.flag, "clear": self.clear}


@dataclass
class Group:
    """The figures of the games of one seat count."""

    seats: int
    games: int
    figures: list[Figure] = field(default_factory=list)
    #: turns -> games (weighted counts)
    turns_histogram: dict[int, int] = field(default_factory=dict)
    end_reasons: dict[str, int] = field(default_factory=dict)

    def figure(self, name: str) -> Figure | None:
        for f in self.figures:
            if f.figure == name:
                return f
        return None

    def flagged(self) -> list[Figure]:
        return [f for f in self.figures if f.flag]

    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats, "games": self.games, "figures": [f.to_dict() for f in self.figures],
                "end_reasons": dict(self.end_reasons),
                "turns_histogram": {str(k): v for k, v in sorted(self.turns_histogram.items())},
                "rounds_histogram": {str(k): v for k, v in sorted(rounds_histogram(self.turns_histogram,
                                                                                   self.seats).items())}}


@dataclass
class HealthReport:
    """A whole health report: its source, the groups (one per seat count) and notes."""

    ruleset: str
    source: str                     # "simulation", "store", "parquet" or "log"
    groups: list[Group]
    params: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: the engine's figures the source cannot give (the stored logs lack them): simulations only
    needs_simulation: list[str] = field(default_factory=list)
    #: seconds the games (or the query) took
    seconds: float | None = None

    @property
    def games(self) -> int:
        return sum(g.games for g in self.groups)

    def flags(self) -> list[dict[str, Any]]:
        """Every figure outside its band: ``{seats, figure, value, band, flag, clear}``."""
        return [{"seats": g.seats, "figure": f.figure, "value": _num(f.value),
                 "band": f.band.text(g.seats) if f.band else None, "flag": f.flag, "clear": f.clear}
                for g in self.groups for f in g.flagged()]

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "source": self.source, "games": self.games, **self.params,
                "seconds": self.seconds, "groups": [g.to_dict() for g in self.groups], "flags": self.flags(),
                "needs_simulation": list(self.needs_simulation), "notes": list(self.notes)}

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def _num(x: Any) -> Any:
    """A figure as printed: 12 significant digits, so a sum taken in another order (DuckDB sums
    in parallel; a log and a store add the same games in different orders) prints the same."""
    if x is None:
        return None
    x = float(x)
    if math.isnan(x):
        return None
    if x.is_integer() and abs(x) < 2**53:
        return int(x)
    return float(f"{x:.12g}")


def rounds_histogram(turns: Mapping[int, int], seats: int) -> dict[int, int]:
    """Games by rounds (turns / seats, rounded up: a round begun counts)."""
    out: dict[int, int] = {}
    for t, c in turns.items():
        r = -(-int(t) // seats)
        out[r] = out.get(r, 0) + int(c)
    return out


def _rate(name: str, kind: str, successes: float, n: float, doc: str, aggregate: str = "rate") -> Figure:
    if n <= 0:
        return Figure(name, kind, aggregate, None, None, None, 0.0, doc)
    lo, hi = wilson(min(max(successes, 0.0), n), n)
    return Figure(name, kind, aggregate, successes / n, lo, hi, n, doc)


def _mean(name: str, kind: str, s: FigureSums, doc: str) -> Figure:
    if s.count <= 0:
        return Figure(name, kind, MEAN, None, None, None, 0.0, doc)
    mean = s.total / s.count
    var = (s.squares - s.total * s.total / s.count) / (s.count - 1) if s.count > 1 else 0.0
    half = Z95 * math.sqrt(max(var, 0.0) / s.count)
    return Figure(name, kind, MEAN, mean, mean - half, mean + half, s.count, doc)


def _weighted_sums(values: np.ndarray, weight: np.ndarray) -> FigureSums:
    w = weight.astype(np.float64)
    v = values.astype(np.float64)
    return FigureSums(float(w.sum()), float((w * v).sum()), float((w * v * v).sum()))


def group_figures(t: GameTable, seats: int, own: Sequence[HealthFigure], end_reasons: Sequence[str]) -> Group:
    """The common figures of the games of ``t`` with ``seats`` seats, then the engine's (``own``)."""
    rows = t.seats == seats
    w = t.weight[rows].astype(np.float64)
    places = t.places[rows, :seats]
    first = t.first[rows]
    games = float(w.sum())
    firsts = places == 1
    winners = np.maximum(firsts.sum(axis=1), 1)
    share = firsts / winners[:, None]          # each seat's share of the win
    g = Group(seats, int(round(games)))
    known = first >= 0
    for p in range(seats):
        seat_of = (first[known] + p) % seats
        got = share[known][np.arange(int(known.sum())), seat_of]
        g.figures.append(_rate(f"position.{p + 1}", "common", float((w[known] * got).sum()), float(w[known].sum()),
                               "win rate of the first player" if p == 0 else
                               f"win rate of the {_ordinal(p + 1)} seat from the first player, in seat order"))
    for s in range(seats):
        g.figures.append(_rate(f"seat.{SEAT_LABELS[s]}", "common", float((w * share[:, s]).sum()), games,
                               f"win rate of seat {SEAT_LABELS[s]}"))
    reasons = t.reason[rows]
    names = list(t.reasons)
    for code, reason in enumerate(names):
        c = float(w[reasons == code].sum())
        if c or reason in end_reasons:
            g.end_reasons[reason] = int(round(c))
            g.figures.append(_rate(f"end.{reason}", "common", c, games, f"share of games ending by {reason}", SHARE))
    if TURN_CAP_REASON in end_reasons:
        c = float(w[reasons == names.index(TURN_CAP_REASON)].sum()) if TURN_CAP_REASON in names else 0.0
        g.figures.append(_rate("turn_cap", "common", c, games, COMMON["turn_cap"], SHARE))
    g.figures.append(_rate("draws", "common", float(w[winners > 1].sum()), games, COMMON["draws"], SHARE))
    length = t.turns[rows] >= 0      # a stored match may not say how long it was
    turns, wl = t.turns[rows][length], w[length]
    g.figures.append(_mean("turns", "common", _weighted_sums(turns, wl), COMMON["turns"]))
    g.figures.append(_mean("rounds", "common", _weighted_sums(turns / seats, wl), COMMON["rounds"]))
    for tv in np.unique(turns):
        g.turns_histogram[int(tv)] = int(round(float(wl[turns == tv].sum())))
    pair = t.pairing[rows]
    for pcode in np.unique(pair[known]) if seats == 2 else ():
        sel = known & (pair == pcode)
        got = share[sel][np.arange(int(sel.sum())), first[sel]]
        label = t.pairings[int(pcode)] if 0 <= pcode < len(t.pairings) else str(pcode)
        g.figures.append(_rate(f"pairing.{label}", "common", float((w[sel] * got).sum()), float(w[sel].sum()),
                               f"the first player's win rate in {label}"))
    if seats == 2 and TURN_CAP_REASON in end_reasons:
        capped = reasons == names.index(TURN_CAP_REASON) if TURN_CAP_REASON in names else np.zeros(len(w), bool)
        for pcode in np.unique(pair):
            sel = pair == pcode
            label = t.pairings[int(pcode)] if 0 <= pcode < len(t.pairings) else str(pcode)
            g.figures.append(_rate(f"turn_cap.{label}", "common", float(w[sel & capped].sum()), float(w[sel].sum()),
                                   f"share of the games of {label} stopped by the turn cap", SHARE))
    sums = t.figures.get(seats, {})
    for spec in own:
        fs = sums.get(spec.name, FigureSums())
        if spec.aggregate == SHARE:
            g.figures.append(_rate(spec.name, "engine", fs.total, fs.count, spec.doc, SHARE))
        else:
            g.figures.append(_mean(spec.name, "engine", fs, spec.doc))
    return g


def _ordinal(k: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(k, f"{k}th")


def apply_bands(group: Group, bands: Sequence[Band]) -> None:
    """Give each figure of ``group`` its band and flag (in place)."""
    for f in group.figures:
        f.seats = group.seats
        f.band = band_for(bands, f.figure, group.seats)
        if f.band is None or f.value is None:
            continue
        f.flag = f.band.flag(f.value, group.seats)
        if f.flag:
            lo, hi = f.band.bounds(group.seats)
            f.clear = bool((f.flag == "above" and hi is not None and f.low is not None and f.low > hi)
                           or (f.flag == "below" and lo is not None and f.high is not None and f.high < lo))


def build_report(t: GameTable, source: str, params: Mapping[str, Any] | None = None,
                 stored_only: bool = False) -> HealthReport:
    """The health report of the games in ``t`` (a simulation's or a store's). ``stored_only``: the
    engine's figures without a :class:`~fwlab.rules.health.Stored` recipe are left out and listed
    in ``needs_simulation``."""
    from ..rules.engines import engine_for

    eng = engine_for(t.ruleset)
    own = list(eng.health_figures)
    needs: list[str] = []
    if stored_only:
        needs = [f.name for f in own if f.stored is None]
        own = [f for f in own if f.stored is not None]
    bands = eng.health_bands.get(t.ruleset, ())
    groups = []
    for k in sorted(int(x) for x in np.unique(t.seats)):
        g = group_figures(t, k, own, eng.end_reasons)
        apply_bands(g, bands)
        groups.append(g)
    docs = {f.name: f for f in eng.health_figures}
    for g in groups:
        for f in g.figures:
            f.doc = f.doc or figure_doc(f.figure, docs)
    return HealthReport(t.ruleset, source, groups, dict(params or {}), needs_simulation=needs)


__all__ = ["PER_PAIRING", "Figure", "Group", "HealthReport", "TURN_CAP_REASON", "apply_bands", "per_pairing", "build_report", "group_figures",
           "rounds_histogram"]
