"""The Daemornia engine as the registry sees it (``fw``, ``fw-epic``, ``bg``): two seats, a deck each.

Decks arrive as card names; each distinct deck is checked against the catalog and compiled once
per catalog (a simulation plays the same decks thousands of times), then :func:`new_game` starts a
:class:`~fwlab.rules.daemornia.game.Game`. Not compiled itself: it only wires the compiled modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...catalog import Catalog, load_catalog
from ..engines import DeckCache, Engine, GameSummary, two_decks
from .cards import compile_deck
from .game import Game, play_out, replay
from .game import new_game as _new_game
from .position import load_position, position_of

#: a deck's card definitions, checked and compiled once per catalog
compiled_deck = DeckCache(compile_deck)


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             **options: Any) -> Game:
    """A game of ``ruleset`` between two decks given as card names; seat ``first`` plays first."""
    decks = two_decks(ruleset, setups, first)
    cat = catalog or load_catalog(ruleset)
    da, db = compiled_deck(cat, decks[0]), compiled_deck(cat, decks[1])
    return _new_game(ruleset, da, db, seed, first=first, log_cards=log_cards, record=record,
                     deck_names=decks, **options)


def summary(g: Game) -> GameSummary:
    """Card events, Capital after each turn, and each seat's Capital at the end."""
    track: list[tuple[int, ...]] = list(g.capital_log)
    return GameSummary(g.card_events() if g.log_cards else [], track,
                       (g.seats[0].capital, g.seats[1].capital))


ENGINE = Engine(
    name="daemornia",
    rulesets=("fw", "fw-epic", "bg"),
    end_reasons=("capital", "deck-out", "turn-cap"),
    track="capital",
    bots={"heuristic": "fwlab.bots.daemornia.HeuristicBot", "lookahead": "fwlab.bots.daemornia.LookaheadBot"},
    default_bot="heuristic",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
    load_position=load_position,
    position_of=position_of,
)
