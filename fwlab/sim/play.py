"""One game of any engine: one setup and one bot per seat, a seed and the first seat.

:func:`play_match` is the engine-neutral entry point (any number of seats, through the registry in
:mod:`fwlab.rules.engines`); :func:`play_game` is the two-deck form the first round's callers use.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..catalog import Catalog
from ..decks import Deck
from ..rules.core import GameRecord, GameState, Outcome
from ..rules.deckrules import SetupError
from ..rules.engines import Engine, check_setup, engine_for
from ..rulesets import SEAT_LABELS, info

Setup = Deck | Sequence[str] | None


@dataclass
class GameResult:
    """How one game went: a place per seat (1 = best), end reason, turns, the first seat, and logs.

    ``winner`` is the sole winner's seat label (``a``..``e``) or ``draw``; ``capital`` is the
    engine's per-turn track ``(turn, seat 0, seat 1, ...)``; ``scores`` each seat's score at the end;
    ``track2`` the engine's second per-turn figure in the same shape (empty when it has none);
    ``board_events`` the board places taken (Conquest: one row per field), empty for other games.
    """

    places: tuple[int, ...]
    end_reason: str
    turns: int
    first_seat: int
    card_events: list[dict[str, Any]] = field(default_factory=list)
    capital: list[tuple[int, ...]] = field(default_factory=list)
    record: GameRecord | None = None
    scores: tuple[int, ...] | None = None
    track2: list[tuple[int, ...]] = field(default_factory=list)
    board_events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.places, self.end_reason, self.turns)

    @property
    def winner(self) -> str:
        return self.outcome.winner

    @property
    def first(self) -> str:
        """The label of the seat that played first."""
        return SEAT_LABELS[self.first_seat]

    @property
    def num_seats(self) -> int:
        return len(self.places)


#: id(deck) -> (the deck, its card names): a simulation asks for the same frozen decks every game
_DECK_NAMES: dict[int, tuple[Deck, tuple[str, ...]]] = {}


def _names(setup: Setup) -> tuple[str, ...] | None:
    if setup is None:
        return None
    if isinstance(setup, Deck):
        hit = _DECK_NAMES.get(id(setup))
        if hit is not None and hit[0] is setup:
            return hit[1]
        names: list[str] = []
        for e in setup.entries:
            names.extend([e.name] * e.count)
        if len(_DECK_NAMES) > 1024:
            _DECK_NAMES.clear()
        _DECK_NAMES[id(setup)] = (setup, tuple(names))
        return _DECK_NAMES[id(setup)][1]
    if isinstance(setup, tuple):
        return setup
    return tuple(setup)


def check_seats(ruleset: str, seats: int) -> None:
    """A clear error when ``ruleset`` is not played with ``seats`` seats."""
    lo, hi = info(ruleset).seats
    if not lo <= seats <= hi:
        allowed = str(lo) if lo == hi else f"{lo} to {hi}"
        raise ValueError(f"{ruleset} is played by {allowed} seats, not {seats}")


def start_match(ruleset: str, setups: Sequence[Setup], seed: int, first: int = 0, log_cards: bool = True,
                record: bool = True, catalog: Catalog | None = None, **options: Any) -> GameState:
    """A new game of ``ruleset`` from one setup per seat (a deck, card names, or None)."""
    return _start(engine_for(ruleset), ruleset, setups, seed, first, log_cards, record, catalog, options)


def _start(eng: Engine, ruleset: str, setups: Sequence[Setup], seed: int, first: int, log_cards: bool,
           record: bool, catalog: Catalog | None, options: dict[str, Any]) -> GameState:
    """:func:`start_match` on the engine ``eng`` of ``ruleset``."""
    r = info(ruleset)
    lo, hi = r.seats
    if not lo <= len(setups) <= hi:
        check_seats(ruleset, len(setups))  # raises, naming the seats the game is played by
    if not 0 <= first < len(setups):
        raise ValueError(f"first seat {first} is not one of the {len(setups)} seats")
    uses_decks = r.uses_decks
    for s, d in enumerate(setups):
        if isinstance(d, Deck) and d.ruleset not in eng.rulesets:
            raise ValueError(f"deck {d.name!r} is a {d.ruleset} deck, not playable under {ruleset}")
        if uses_decks and d is None:
            raise ValueError(f"{ruleset} needs a deck for seat {SEAT_LABELS[s]}")
        if not uses_decks and d is not None:
            raise ValueError(f"{ruleset} is played without decks (seat {SEAT_LABELS[s]} was given one)")
    names = [_names(d) for d in setups]
    try:
        return eng.new_game(ruleset, names, seed, first, log_cards=log_cards, record=record,  # type: ignore[no-any-return]
                            catalog=catalog, **options)
    except SetupError as exc:  # the engine knows seats, not decks: name the deck the caller gave
        d = setups[exc.seat] if 0 <= exc.seat < len(setups) else None
        if isinstance(d, Deck) and exc.deck is None:
            raise exc.named(d.name) from None
        raise


def check_setups(ruleset: str, setups: Sequence[Setup], catalog: Catalog | None = None) -> None:
    """Each seat's setup checked against the ruleset's deck rules, as its engine checks it
    (:func:`fwlab.rules.engines.check_setup`), but up front and once per distinct deck: what a
    simulation, a league or the lab calls before it hands out any work, so an illegal deck is a
    :class:`~fwlab.rules.deckrules.SetupError` naming the deck (its name when it is a
    :class:`~fwlab.decks.Deck`) and every problem, before a game is played. ``catalog``: the one
    the games are played over (default: the ruleset's own)."""
    seen: set[tuple[str, ...] | None] = set()
    for s, d in enumerate(setups):
        names = _names(d)
        if names in seen:
            continue
        seen.add(names)
        check_setup(ruleset, s, names, catalog, d.name if isinstance(d, Deck) else None)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` (seats 0 and 1 keep the first round's ``seed*2+1``, ``seed*2+2``)."""
    return seed * 2 + 1 + seat if seat < 2 else seed * 8 + seat


def play_match(ruleset: str, setups: Sequence[Setup], bots: Sequence[str] | None = None, seed: int = 0,
               first: int = 0, log_cards: bool = True, record: bool = False, catalog: Catalog | None = None,
               **options: Any) -> GameResult:
    """Play one complete game of any engine. The same arguments always give the same game.

    ``bots`` names one bot per seat (default: the engine's default bot everywhere).

    >>> from fwlab.decks.starters import starter_decks
    >>> a, b = starter_decks("fw")[:2]
    >>> r = play_match("fw", [a, b], ["heuristic", "random"], seed=3)
    >>> r.winner in ("a", "b", "draw") and len(r.places) == 2
    True
    """
    eng = engine_for(ruleset)
    # A game makes no reference cycles, so the cyclic collector is off from its set-up to its
    # result: its objects are freed by their counts before a scan would see them (the scans cost
    # about 6% of a short game, set-up included).
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        g = _start(eng, ruleset, setups, seed, first, log_cards, record, catalog, options)
        names = list(bots) if bots is not None else [eng.default_bot] * len(setups)
        if len(names) != len(setups):
            raise ValueError(f"{len(setups)} seats need {len(setups)} bots, not {len(names)}")
        players = eng.game_bots(names, [bot_seed(seed, s) for s in range(len(names))])
        eng.play_out(g, players)
        out = g.outcome
        assert out is not None
        s = eng.summary(g)
        return GameResult(out.places, out.end_reason, out.turns, first,
                          s.card_events if log_cards else [], s.track if log_cards else [],
                          g.record if record else None, s.scores, s.track2 if log_cards else [],
                          s.board_events if log_cards else [])
    finally:
        if gc_was_on:
            gc.enable()


def play_matches(ruleset: str, games: Sequence[tuple[Sequence[Setup], Sequence[str], int, int]],
                 log_cards: bool = True, options: dict[str, Any] | None = None) -> list[GameResult]:
    """Several complete games in one call, each ``(setups, bots, seed, first)``: a league's batch,
    plain data in and out, so any executor (a process pool, a Dask worker) can run it; ``options``
    are the rule options (checked) every game is played under."""
    opts = options or {}
    return [play_match(ruleset, setups, bots, seed=seed, first=first, log_cards=log_cards, **opts)
            for setups, bots, seed, first in games]


def start_game(deck_a: Setup, deck_b: Setup, ruleset: str, seed: int, first: str = "a", log_cards: bool = True,
               record: bool = True, catalog: Catalog | None = None, **overrides: Any) -> GameState:
    """A new 2-seat game (the first round's signature; ``first`` is ``a`` or ``b``)."""
    return start_match(ruleset, [deck_a, deck_b], seed, "ab".index(first), log_cards, record, catalog, **overrides)


def play_game(deck_a: Setup, deck_b: Setup, ruleset: str = "fw", bot_a: str = "heuristic", bot_b: str = "heuristic",
              seed: int = 0, first: str = "a", log_cards: bool = True, record: bool = False,
              catalog: Catalog | None = None, **overrides: Any) -> GameResult:
    """Play one complete 2-seat game. The same arguments always give the same game.

    >>> from fwlab.decks.starters import starter_decks
    >>> a, b = starter_decks("fw")[:2]
    >>> r = play_game(a, b, seed=7)
    >>> r.winner in ("a", "b", "draw") and r.turns > 0
    True
    >>> play_game(a, b, seed=7).turns == r.turns
    True
    """
    if first not in ("a", "b"):
        raise ValueError(f"first must be 'a' or 'b', not {first!r}")
    return play_match(ruleset, [deck_a, deck_b], [bot_a, bot_b], seed, "ab".index(first), log_cards, record,
                      catalog, **overrides)
