"""The Eredan engine as the registry sees it (``eredan``): two seats, three characters and a
20-card deck each.

Setups arrive as card names (the three characters and the deck, in any order); each distinct setup
is compiled once per catalog, then :func:`new_game` starts a :class:`~fwlab.rules.eredan.game.Game`.
Not compiled itself: it only wires the compiled modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...catalog import Catalog, load_catalog
from ..engines import DeckCache, Engine, GameSummary
from .cards import compile_deck
from .game import END_REASONS, TURN_CAP, Game, play_out, replay
from .game import new_game as _new_game

#: a setup's card definitions, checked and compiled once per catalog
compiled_deck = DeckCache(compile_deck)


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             turn_cap: int = TURN_CAP, **options: Any) -> Game:
    """A game of ``eredan`` between two setups given as card names; seat ``first`` wins the initiative."""
    if ruleset != "eredan":
        raise ValueError(f"the eredan engine plays eredan, not {ruleset!r}")
    if options:
        raise ValueError(f"unknown eredan option(s): {', '.join(sorted(options))}; known: turn_cap")
    if len(setups) != 2:
        raise ValueError(f"{ruleset} is a game for 2 seats, not {len(setups)}")
    if first not in (0, 1):
        raise ValueError(f"first seat must be 0 or 1 in a 2-seat game, not {first}")
    decks: list[tuple[str, ...]] = []
    for s, names in enumerate(setups):
        if names is None:
            raise ValueError(f"{ruleset} needs a deck for seat {'ab'[s]}")
        decks.append(tuple(names))
    cat = catalog or load_catalog(ruleset)
    da, db = compiled_deck(cat, decks[0]), compiled_deck(cat, decks[1])
    return _new_game(da, db, seed, record=record, deck_names=decks, turn_cap=turn_cap, first=first,
                     log_cards=log_cards)


def summary(g: Game) -> GameSummary:
    """Card and character events, each side's total Life after each turn (the track) and its score
    (the second track), and each side's score at the end."""
    out = GameSummary(g.card_events() if g.log_cards else [], list(g.track),
                      (g.seats[0].score, g.seats[1].score))
    if hasattr(out, "track2"):
        out.track2 = list(g.track2)
    return out


ENGINE = Engine(
    name="eredan",
    rulesets=("eredan",),
    end_reasons=END_REASONS,
    track="life",
    bots={},
    default_bot="random",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
)
