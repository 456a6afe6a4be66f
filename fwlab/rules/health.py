"""Game health as data: the figures a health report shows for a game, and the band each should lie in.

A health report (``fwlab health``, :mod:`fwlab.health`) asks whether the games a ruleset's engine and
bots play are the games its text describes: the ways they end, how long they last, whether a seat or
a place in the turn order wins far beyond its share. Some figures are the same for every game and
are computed from outcomes alone (:data:`COMMON`: the end-reason mix, length, win rates by seat and
by position, the turn-cap share, the first player's win rate per pairing); the others are a game's
own, read by its engine from each finished game (``Engine.health``, e.g. characters killed in
Eredan). Both are described here as plain data, so the report, the doc and the app need no
knowledge of any game:

- :class:`HealthFigure`: one figure of one game (a name, a line of doc, how games are pooled:
  the **mean** per game or the **share** of games, and :class:`Stored`, how the stored match logs
  give it, or None when only a simulation can);
- :class:`Band`: the range a figure of a ruleset should lie in, with the reason (from the source
  texts and RULINGS.md "game health"), so a figure outside is flagged ``above`` or ``below``.

Figure names are dotted where one figure has a value per thing: ``end.<reason>`` (share of games
ending so), ``seat.<label>`` (win rate of seat ``a``..), ``position.<k>`` (win rate of the ``k``-th
seat from the one that played first, in seat order: 1 = the first player), ``pairing.<deck> vs
<deck>`` (first player's win rate in that pairing). A band on ``position`` holds for every ``position.<k>``; one on ``position.1`` for
that one only (the most specific band wins).

>>> b = Band("position", -0.08, 0.08, "fair share", relative=True)
>>> b.bounds(4), b.flag(0.36, 4), b.flag(0.25, 4)
((0.17, 0.33), 'above', None)
>>> band_for((b, Band("position.1", 0.42, 0.58, "x")), "position.1").low
0.42
>>> band_for((b,), "positions") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["AGGREGATES", "COMMON", "Band", "HealthFigure", "STORED_KINDS", "Stored", "band_for", "figure_doc"]

#: how a figure is pooled over games: the mean per game (games where it is undefined left out), or
#: the share of games where it holds (a per-game value of 1 or 0)
MEAN = "mean"
SHARE = "share"
AGGREGATES = (MEAN, SHARE)

#: What a :class:`Stored` recipe computes per match from the stored logs (docs/match-logs.md), by kind.
STORED_KINDS: dict[str, str] = {
    "killed": "the cards of catalog type ARG0 in the match's card events with killed_turn set",
    "card_sum": "the sum of the card-events column ARG0 over the match",
    "card_diff": "the sum of the card-events column ARG0 minus that of ARG1 over the match",
    "open_fields": "ARG0 fields on the board minus the fields the match's field events took",
    "open_difficulty": "the mean difficulty of the fields left open: ARG1 (the board's total difficulty) "
                       "minus that of the fields taken, over ARG0 minus the fields taken (none open: undefined)",
    "start_share": "ARG0 starting points a seat, times the seats, over the sum of the seats' final scores",
    "score_spread": "the best seat's final score minus the worst seat's",
}


@dataclass(frozen=True)
class Stored:
    """How a figure is computed from the stored match logs, one value per match: ``kind`` is one of
    :data:`STORED_KINDS` and ``args`` its arguments. Computed only for matches played under the
    ruleset's own rules (``matches.rules`` NULL) when ``own_rules`` (a board size, say)."""

    kind: str
    args: tuple[str | int, ...] = ()
    own_rules: bool = False

    def __post_init__(self) -> None:
        if self.kind not in STORED_KINDS:
            raise ValueError(f"unknown stored figure kind {self.kind!r}; expected one of {', '.join(STORED_KINDS)}")


@dataclass(frozen=True)
class HealthFigure:
    """One figure of a game: ``name`` (the key of ``Engine.health(game)``'s dict), one line of
    ``doc``, ``aggregate`` (:data:`MEAN` per game or :data:`SHARE` of games), ``unit`` (what is
    counted, for the text) and ``stored`` (how the match logs give it; None: simulations only)."""

    name: str
    doc: str
    aggregate: str = MEAN
    unit: str = ""
    stored: Stored | None = None

    def __post_init__(self) -> None:
        if self.aggregate not in AGGREGATES:
            raise ValueError(f"figure {self.name!r}: aggregate must be one of {', '.join(AGGREGATES)}")


#: The figures every game has, from outcomes alone (name or dotted prefix -> doc).
COMMON: dict[str, str] = {
    "position": "win rate of the k-th seat from the first player, in seat order (position.1 = the first "
                "player; in Conquest's reversed first round position.2 plays last in round 1, twice in a row); "
                "a shared first place splits the win",
    "seat": "win rate of each seat (a, b, ...); decks change seats within a pairing, so a seat's own edge shows",
    "pairing": "the first player's win rate in each pairing of decks (2-seat games)",
    "end": "share of games ending for each reason the engine gives",
    "turn_cap": "share of games stopped by the turn cap (a draw no text describes); turn_cap.<A vs B> per pairing",
    "draws": "share of games whose first place is shared",
    "turns": "game length in turns (each player's turn counts one)",
    "rounds": "game length in rounds (turns / seats)",
}


@dataclass(frozen=True)
class Band:
    """The range a figure of a ruleset should lie in: ``low``..``high`` (None: unbounded), with
    ``reason``. ``relative``: the bounds are offsets from the fair share 1/seats (win rates of
    positions in an n-seat game). ``seats``: only for games of that many seats (None: any)."""

    figure: str
    low: float | None
    high: float | None
    reason: str
    relative: bool = False
    seats: int | None = None

    def bounds(self, seats: int) -> tuple[float | None, float | None]:
        """The band's (low, high) for a game of ``seats`` seats (rounded to 6 places)."""
        if not self.relative:
            return self.low, self.high
        fair = 1.0 / seats
        return (None if self.low is None else round(fair + self.low, 6),
                None if self.high is None else round(fair + self.high, 6))

    def flag(self, value: float | None, seats: int) -> str | None:
        """``"above"`` or ``"below"`` when ``value`` lies outside the band, else None (also for None)."""
        if value is None or value != value:  # NaN: nothing measured
            return None
        low, high = self.bounds(seats)
        if high is not None and value > high + 1e-12:
            return "above"
        if low is not None and value < low - 1e-12:
            return "below"
        return None

    def text(self, seats: int | None = None) -> str:
        """The band in words: ``0.42-0.58``, ``<= 0.02``, ``>= 0.25``, ``1/n ± 0.08``, ``± 1.5`` (about 0),
        ``-1 to 2``."""
        if self.relative and seats is None:
            lo, hi = self.low, self.high
            if lo is not None and hi is not None and lo == -hi:
                return f"1/n ± {hi:g}"
            return f"1/n{'' if lo is None else f' {lo:+g}'} to 1/n{'' if hi is None else f' {hi:+g}'}"
        low, high = self.bounds(seats or 2)
        lo, hi = (None if low is None else round(low, 3)), (None if high is None else round(high, 3))
        if lo is not None and hi is not None:
            if lo == -hi:
                return f"± {hi:g}"
            return f"{lo:g} to {hi:g}" if lo < 0 else f"{lo:g}-{hi:g}"
        if hi is not None:
            return f"<= {hi:g}"
        if lo is not None:
            return f">= {lo:g}"
        return "any"


def band_for(bands: Sequence[Band], figure: str, seats: int | None = None) -> Band | None:
    """The band of ``figure`` among ``bands``: the one naming it, else the one naming its dotted
    prefix (``position`` for ``position.2``); a band for a seat count beats one for any."""
    best: Band | None = None
    best_rank = -1
    for b in bands:
        if b.seats is not None and b.seats != seats:
            continue
        if b.figure == figure:
            rank = 2
        elif figure.startswith(b.figure + "."):
            rank = 0
        else:
            continue
        rank = rank * 2 + (b.seats is not None)
        if rank > best_rank:
            best, best_rank = b, rank
    return best


def figure_doc(figure: str, own: Mapping[str, HealthFigure]) -> str:
    """The doc line of a figure name (common or the engine's own ``own``)."""
    if figure in own:
        return own[figure].doc
    head = figure.split(".", 1)[0]
    return COMMON.get(figure, COMMON.get(head, ""))
