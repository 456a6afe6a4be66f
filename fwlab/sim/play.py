"""One game between two decks and two bots, with the facts the match logs need."""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..catalog import Catalog, CatalogError, load_catalog
from ..decks import Deck
from ..rules.core import GameRecord
from ..rules.daemornia import CardDef, compile_deck, new_game
from ..rules.daemornia.game import Game, play_out

ENGINES = ("fw", "fw-epic", "bg")


@dataclass
class GameResult:
    """How one game went: winner ('a', 'b' or 'draw'), end reason, turns, who went first, and logs."""

    winner: str
    end_reason: str
    turns: int
    first: str
    card_events: list[dict[str, Any]] = field(default_factory=list)
    capital: list[tuple[int, int, int]] = field(default_factory=list)
    record: GameRecord | None = None


def _names(deck: Deck | list[str] | tuple[str, ...]) -> list[str]:
    if isinstance(deck, Deck):
        return [e.name for e in deck.entries for _ in range(e.count)]  # deck.cards(), without a generator
    return list(deck)


def check_engine(ruleset: str) -> None:
    if ruleset not in ENGINES:
        raise ValueError(f"no rules engine for ruleset {ruleset!r} yet; simulations run for {', '.join(ENGINES)}")


def start_game(deck_a: Deck | list[str], deck_b: Deck | list[str], ruleset: str, seed: int,
               first: str = "a", log_cards: bool = True, record: bool = True,
               catalog: Catalog | None = None, **overrides: Any) -> Game:
    check_engine(ruleset)
    for d in (deck_a, deck_b):
        if isinstance(d, Deck) and d.ruleset not in ENGINES:
            raise ValueError(f"deck {d.name!r} is a {d.ruleset} deck, not playable under {ruleset}")
    cat = catalog or load_catalog(ruleset)
    na, nb = _names(deck_a), _names(deck_b)
    da, db = _compiled(cat, tuple(na)), _compiled(cat, tuple(nb))
    return new_game(ruleset, da, db, seed, first="ab".index(first), log_cards=log_cards, record=record,
                    deck_names=(na, nb), **overrides)


_DECKS: dict[tuple[int, tuple[str, ...]], tuple[Catalog, list[CardDef]]] = {}


def _compiled(cat: Catalog, names: tuple[str, ...]) -> list[CardDef]:
    """A deck's card definitions, checked and compiled once per catalog (a simulation plays the same
    two decks thousands of times; the catalog is kept with them so its ``id`` is never reused)."""
    key = (id(cat), names)
    hit = _DECKS.get(key)
    if hit is not None and hit[0] is cat:
        return hit[1]
    for n in names:
        if n not in cat:
            raise CatalogError(f"unknown card: not in the {cat.family} catalog", card=n)
    defs = compile_deck(names, cat)
    if len(_DECKS) > 256:
        _DECKS.clear()
    _DECKS[key] = (cat, defs)
    return defs


def play_game(deck_a: Deck | list[str], deck_b: Deck | list[str], ruleset: str = "fw",
              bot_a: str = "heuristic", bot_b: str = "heuristic", seed: int = 0, first: str = "a",
              log_cards: bool = True, record: bool = False, catalog: Catalog | None = None,
              **overrides: Any) -> GameResult:
    """Play one complete game. The same arguments always give the same game.

    >>> from fwlab.decks.starters import starter_decks
    >>> a, b = starter_decks("fw")[:2]
    >>> r = play_game(a, b, seed=7)
    >>> r.winner in ("a", "b", "draw") and r.turns > 0
    True
    >>> play_game(a, b, seed=7).turns == r.turns
    True
    """
    g = start_game(deck_a, deck_b, ruleset, seed, first, log_cards, record, catalog, **overrides)
    bots = (make_bot(bot_a, seed * 2 + 1), make_bot(bot_b, seed * 2 + 2))
    gc_was_on = gc.isenabled()
    gc.disable()  # a game makes no reference cycles; the collector's scans only cost time
    try:
        play_out(g, bots)
    finally:
        if gc_was_on:
            gc.enable()
    out = g.outcome
    assert out is not None
    return GameResult(out.winner, out.end_reason, out.turns, first,
                      g.card_events() if log_cards else [],
                      list(g.capital_log) if log_cards else [],
                      g.record if record else None)
