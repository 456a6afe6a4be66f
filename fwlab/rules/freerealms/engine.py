"""The Free Realms engine as the registry sees it (``fr``): two seats, a deck each.

Decks arrive as card names; each distinct deck is compiled once per catalog (a simulation plays the
same decks thousands of times), then :func:`new_game` starts a :class:`~fwlab.rules.freerealms.game.Game`.
Not compiled itself: it only wires the compiled modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...catalog import Catalog, load_catalog
from ..engines import DeckCache, Engine, GameSummary, two_decks
from .cards import compile_deck
from .game import END_REASONS, TURN_CAP, Game, play_out, replay
from .game import new_game as _new_game

#: a deck's card definitions, checked and compiled once per catalog
compiled_deck = DeckCache(compile_deck)


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             turn_cap: int = TURN_CAP, mulligans: bool = True, **options: Any) -> Game:
    """A game of ``fr`` between two decks given as card names; seat ``first`` plays first."""
    if ruleset != "fr":
        raise ValueError(f"the freerealms engine plays fr, not {ruleset!r}")
    if options:
        raise ValueError(f"unknown fr option(s): {', '.join(sorted(options))}; known: turn_cap, mulligans")
    decks = two_decks(ruleset, setups, first)
    cat = catalog or load_catalog(ruleset)
    da, db = compiled_deck(cat, decks[0]), compiled_deck(cat, decks[1])
    return _new_game(da, db, seed, first=first, log_cards=log_cards, record=record, deck_names=decks,
                     turn_cap=turn_cap, mulligans=mulligans)


def summary(g: Game) -> GameSummary:
    """Card events, scored cards per seat after each turn, and each seat's scored cards at the end."""
    return GameSummary(g.card_events() if g.log_cards else [], list(g.track),
                       (g.seats[0].scored, g.seats[1].scored))


ENGINE = Engine(
    name="freerealms",
    rulesets=("fr",),
    end_reasons=END_REASONS,
    track="scored",
    bots={"heuristic": "fwlab.bots.freerealms.HeuristicBot", "lookahead": "fwlab.bots.freerealms.LookaheadBot"},
    default_bot="heuristic",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
)
