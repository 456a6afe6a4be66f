"""The Conquest engine as the registry sees it (``conquest``): 3 to 5 seats, one shared deck.

Setups are ``None`` per seat (nobody brings a deck); the shared deck is the whole catalog, each
card ``copies`` times, compiled once per catalog. Rule options (declared as data in
:mod:`.rule_options`): ``board_radius`` (default 2), ``difficulties`` (the fields' difficulty
multiset, default the ruled 19), ``turn_order`` (``reverse-first-round`` as 003 writes it, or
``clockwise``), ``idle_end`` (``every-player``, the ruling, or ``turns-in-a-row``) and ``idle_turns``
(the count of ``turns-in-a-row``, 0: as many turns as players) and ``finish_round`` (false, CQ-END-1:
the game ends the moment the last field is taken; true, CQ-END-3: at the end of that round). Positions as text:
:mod:`.position`. Not compiled itself: it only wires the compiled modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...catalog import Catalog, load_catalog
from ..core import GameRecord
from ..engines import Engine, GameSummary
from . import health as _health
from .cards import shared_deck
from .game import DIFFICULTIES, END_REASONS, EVERY_PLAYER, RADIUS, REVERSE_FIRST, Game, play_out
from .game import new_game as _new_game
from .game import replay as _replay
from .position import load_position, position_of, render_position
from .rule_options import KNOWN, OPTIONS


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             board_radius: int = RADIUS, difficulties: Sequence[int] | None = None,
             turn_order: str = REVERSE_FIRST, idle_end: str = EVERY_PLAYER, idle_turns: int = 0,
             finish_round: bool = False, **options: Any) -> Game:
    """A game of ``conquest`` for ``len(setups)`` players (every setup None); seat ``first`` starts."""
    if ruleset != "conquest":
        raise ValueError(f"the conquest engine plays conquest, not {ruleset!r}")
    if options:
        raise ValueError(f"unknown conquest option(s): {', '.join(sorted(options))}; known: {KNOWN}")
    for s, names in enumerate(setups):
        if names is not None:
            raise ValueError(f"conquest is played with one shared deck: seat {'abcde'[s]} brings no deck")
    cat = catalog or load_catalog(ruleset)
    diffs = None if difficulties is None or (board_radius == RADIUS and tuple(difficulties) == DIFFICULTIES) \
        else list(difficulties)
    return _new_game(shared_deck(cat), len(setups), seed, first, log_cards=log_cards, record=record,
                     radius=board_radius, difficulties=diffs, turn_order=turn_order, idle_end=idle_end,
                     idle_turns=idle_turns, finish_round=finish_round)


def replay(record: GameRecord, catalog: Any) -> Game:
    """Rebuild a game from its record: from its seats, seed and options, or, for a game set up from
    a position, from that position (``record.options["position"]``); then every recorded action."""
    start = record.options.get("position")
    if start is None:
        return _replay(record, catalog)
    from ..core import IllegalAction

    g = load_position(start, catalog)
    for player, action in record.actions:
        if g.current_player() != player:
            raise IllegalAction(f"replay diverged: record says seat {player} acts, game says {g.current_player()}")
        g.apply(action)
    return g


def summary(g: Game) -> GameSummary:
    """Card events, each seat's coins at the end of every round, the final coins (the score) and
    the fields taken (board events)."""
    return GameSummary(g.card_events() if g.log_cards else [], list(g.track), tuple(s.coins for s in g.seats),
                       board_events=g.field_events() if g.log_cards else [])


from .deckrules import DECK_RULES  # noqa: E402  (the deck rules, beside the engine they belong to)

ENGINE = Engine(
    name="conquest",
    deck_rules=DECK_RULES,
    rulesets=("conquest",),
    end_reasons=END_REASONS,
    track="coins",
    bots={"heuristic": "fwlab.bots.conquest.HeuristicBot", "lookahead": "fwlab.bots.conquest.LookaheadBot"},
    default_bot="heuristic",
    search="fwlab.bots.conquest.search.HOOKS",
    faces="fwlab.rules.conquest.faces.card_face",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
    load_position=load_position,
    position_of=position_of,
    render_position=render_position,
    options={"conquest": OPTIONS},
    health=_health.health, health_figures=_health.FIGURES, health_bands=_health.BANDS,
)
