"""The Free Realms engine as the registry sees it (``fr``): two seats, a deck each.

Decks arrive as card names; each distinct deck is compiled once per catalog (a simulation plays the
same decks thousands of times), then :func:`new_game` starts a :class:`~fwlab.rules.freerealms.game.Game`
under the rule options of :mod:`~fwlab.rules.freerealms.options`. Positions as text come from
:mod:`~fwlab.rules.freerealms.position`. Not compiled itself: it only wires the compiled modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...catalog import Catalog, load_catalog
from ..core import GameRecord, IllegalAction
from ..engines import DeckCache, Engine, GameSummary, two_decks
from . import health as _health
from .cards import compile_deck
from .game import END_REASONS, Game, play_out
from .game import new_game as _new_game
from .game import replay as _replay
from .options import DEFAULTS, OPTIONS
from .position import load_position, position_of, render_position

#: a deck's card definitions, checked and compiled once per catalog
compiled_deck = DeckCache(compile_deck)


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             **options: Any) -> Game:
    """A game of ``fr`` between two decks given as card names; seat ``first`` plays first; ``options``
    are rule options by name (:data:`~fwlab.rules.freerealms.options.OPTIONS`; the rest keep their
    defaults)."""
    if ruleset != "fr":
        raise ValueError(f"the freerealms engine plays fr, not {ruleset!r}")
    unknown = sorted(k for k in options if k not in DEFAULTS)
    if unknown:
        raise ValueError(f"unknown fr option(s): {', '.join(unknown)}; known: {', '.join(DEFAULTS)}")
    decks = two_decks(ruleset, setups, first)
    cat = catalog or load_catalog(ruleset)
    # each deck checked against the ruleset's deck rules once (a SetupError naming the seat otherwise)
    da, db = compiled_deck(cat, decks[0], ruleset, 0), compiled_deck(cat, decks[1], ruleset, 1)
    return _new_game(da, db, seed, first=first, log_cards=log_cards, record=record, deck_names=decks, **options)


def replay(record: GameRecord, catalog: Any) -> Game:
    """Rebuild a game from its record: from the position it was set up from (``options["position"]``)
    when it has one, else from its decks and seed, then every recorded action in order."""
    start = record.options.get("position")
    if start is None:
        return _replay(record, catalog)
    g = load_position(start, catalog)
    for player, action in record.actions:
        if g.current_player() != player:
            raise IllegalAction(f"replay diverged: record says player {player} acts, game says {g.current_player()}")
        g.apply(action)
    return g


def summary(g: Game) -> GameSummary:
    """Card events, scored cards per seat after each turn, and each seat's scored cards at the end."""
    return GameSummary(g.card_events() if g.log_cards else [], list(g.track),
                       (g.seats[0].scored, g.seats[1].scored))


from .deckrules import DECK_RULES  # noqa: E402  (the deck rules, beside the engine they belong to)

ENGINE = Engine(
    name="freerealms",
    deck_rules=DECK_RULES,
    rulesets=("fr",),
    end_reasons=END_REASONS,
    track="scored",
    bots={"heuristic": "fwlab.bots.freerealms.HeuristicBot", "lookahead": "fwlab.bots.freerealms.LookaheadBot"},
    default_bot="heuristic",
    search="fwlab.bots.freerealms.search.HOOKS",
    faces="fwlab.rules.freerealms.faces.card_face",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
    load_position=load_position,
    position_of=position_of,
    render_position=render_position,
    options={"fr": OPTIONS},
    health=_health.health, health_figures=_health.FIGURES, health_bands=_health.BANDS,
)
