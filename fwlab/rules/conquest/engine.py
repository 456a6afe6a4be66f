"""The Conquest engine as the registry sees it (``conquest``): 3 to 5 seats, one shared deck.

Setups are ``None`` per seat (nobody brings a deck); the shared deck is the whole catalog, each
card ``copies`` times, compiled once per catalog. Options: ``radius`` (board radius, default 2) and
``difficulties`` (the fields' difficulty multiset, default the ruled 19). Not compiled itself: it
only wires the compiled modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...catalog import Catalog, load_catalog
from ..engines import Engine, GameSummary
from .cards import shared_deck
from .game import END_REASONS, RADIUS, Game, play_out, replay
from .game import new_game as _new_game


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             radius: int = RADIUS, difficulties: Sequence[int] | None = None, **options: Any) -> Game:
    """A game of ``conquest`` for ``len(setups)`` players (every setup None); seat ``first`` starts."""
    if ruleset != "conquest":
        raise ValueError(f"the conquest engine plays conquest, not {ruleset!r}")
    if options:
        raise ValueError(f"unknown conquest option(s): {', '.join(sorted(options))}; known: radius, difficulties")
    for s, names in enumerate(setups):
        if names is not None:
            raise ValueError(f"conquest is played with one shared deck: seat {'abcde'[s]} brings no deck")
    cat = catalog or load_catalog(ruleset)
    return _new_game(shared_deck(cat), len(setups), seed, first, log_cards=log_cards, record=record,
                     radius=radius, difficulties=difficulties)


def summary(g: Game) -> GameSummary:
    """Card events, each seat's coins at the end of every round, the final coins (the score) and
    the fields taken (board events)."""
    return GameSummary(g.card_events() if g.log_cards else [], list(g.track), tuple(s.coins for s in g.seats),
                       board_events=g.field_events() if g.log_cards else [])


ENGINE = Engine(
    name="conquest",
    rulesets=("conquest",),
    end_reasons=END_REASONS,
    track="coins",
    bots={"heuristic": "fwlab.bots.conquest.HeuristicBot", "lookahead": "fwlab.bots.conquest.LookaheadBot"},
    default_bot="heuristic",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
)
