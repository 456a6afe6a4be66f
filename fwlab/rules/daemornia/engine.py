"""The Daemornia engine as the registry sees it (``fw``, ``fw-epic``, ``bg``): two seats, a deck each.

Decks arrive as card names; each distinct deck is checked against the catalog and compiled once
per catalog (a simulation plays the same decks thousands of times), then :func:`new_game` starts a
:class:`~fwlab.rules.daemornia.game.Game`. Not compiled itself: it only wires the compiled modules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ...catalog import Catalog, load_catalog
from ..engines import DeckCache, Engine, GameSummary, two_decks
from ..options import RuleOption
from . import health as _health
from .cards import compile_deck
from .config import CONFIGS
from .game import Game, play_out, replay
from .game import new_game as _new_game
from .position import load_position, position_of

#: a deck's card definitions, checked and compiled once per catalog
compiled_deck = DeckCache(compile_deck)


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             **options: Any) -> Game:
    """A game of ``ruleset`` between two decks given as card names; seat ``first`` plays first."""
    if options and not options.get("bg_resources", CONFIGS[ruleset].bg_resources) \
            and not options.get("cycle", CONFIGS[ruleset].cycle):
        raise ValueError(f"{ruleset}: resources come from the cycle when bg_resources is false, and the cycle is "
                         "empty: give --rule cycle=1,2,3 (FW-RES-1) with --rule bg_resources=false")
    decks = two_decks(ruleset, setups, first)
    cat = catalog or load_catalog(ruleset)
    # each deck checked against the ruleset's deck rules once (a SetupError naming the seat otherwise)
    da, db = compiled_deck(cat, decks[0], ruleset, 0), compiled_deck(cat, decks[1], ruleset, 1)
    return _new_game(ruleset, da, db, seed, first=first, log_cards=log_cards, record=record,
                     deck_names=decks, **options)


#: RulesConfig field -> (rule ID, one line of doc): every switch of the Daemornia rulesets
_DOCS: dict[str, tuple[str, str]] = {
    "capital": ("FW-SETUP-1", "Capital each seat starts with (fw 20, bg 40)"),
    "cycle": ("FW-RES-1", "Res gained on each own turn, cycling (fw 1,2,3; fw-epic 1..6; empty for bg's dice)"),
    "bg_resources": ("BG-RES-1", "resources by rolling 2D6 and adding the higher die (bg) instead of the cycle"),
    "scenario_res": ("FW-RES-2", "extra Res per Scenario in play each turn (fw 1, bg 0)"),
    "opening_hand": ("FW-SETUP-3", "cards in the opening hand"),
    "hand_limit": ("FW-HAND-1", "hand size kept at the end of a turn (discard down to it)"),
    "bg_hand": ("BG-HAND-1", "bg's hand rule: with 8 in hand a drawn card is discarded; one may be discarded"),
    "heal_scenarios": ("BG-HEAL-1", "Scenarios heal in the healing step too (fw: they do not)"),
    "exp_loss": ("BG-EXP-1", "a killed or destroyed card costs its owner Capital equal to its Exp"),
    "interrupts_first": ("BG-EVENT-2", "only Interrupts resolve before the events they answer"),
    "turn_cap": ("SIM-CAP-1", "a game still going after this many turns is a draw"),
    "literal_two": ("BG-HIT-2", "a natural 2 always misses (the literal reading)"),
    "scenario_delay": ("BG-SCEN-2", "a Scenario's card effects wait a turn after it is deployed"),
    "locking": ("FW-LOCK-1", "declaring an attacker locks it, and a locked creature cannot block"),
    "one_scenario": ("FW-DEPLOY-2", "at most one Scenario deployed per turn"),
    "curses": ("FW-ATTACH-2", "Curses go on an enemy creature"),
    "first_player_draw": ("FW-DRAW-3", "the first player draws in the Draw phase of turn 1 (as ruled: both players "
                          "draw from their first turn on); false: it skips that one draw, as Free Realms and "
                          "Eredan rule"),
}


def _options(ruleset: str) -> tuple[RuleOption, ...]:
    cfg = CONFIGS[ruleset]
    out = []
    for f in dataclasses.fields(cfg):
        if f.name == "ruleset":
            continue
        rule, doc = _DOCS[f.name]
        value = getattr(cfg, f.name)
        kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "ints"
        lo = 1 if f.name in ("turn_cap", "capital") else 0 if kind != "bool" else None
        out.append(RuleOption(f.name, kind, value, doc, rule, min=lo))
    return tuple(out)


def summary(g: Game) -> GameSummary:
    """Card events, Capital after each turn, and each seat's Capital at the end."""
    track: list[tuple[int, ...]] = list(g.capital_log)
    return GameSummary(g.card_events() if g.log_cards else [], track,
                       (g.seats[0].capital, g.seats[1].capital))


from .deckrules import DECK_RULES  # noqa: E402  (the deck rules, beside the engine they belong to)

ENGINE = Engine(
    name="daemornia",
    deck_rules=DECK_RULES,
    rulesets=("fw", "fw-epic", "bg"),
    end_reasons=("capital", "deck-out", "turn-cap"),
    track="capital",
    bots={"heuristic": "fwlab.bots.daemornia.HeuristicBot", "lookahead": "fwlab.bots.daemornia.LookaheadBot"},
    default_bot="heuristic",
    search="fwlab.bots.daemornia.search.HOOKS",
    faces="fwlab.rules.daemornia.faces.card_face",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
    load_position=load_position,
    position_of=position_of,
    options={r: _options(r) for r in ("fw", "fw-epic", "bg")},
    health=_health.health, health_figures=_health.FIGURES, health_bands=_health.BANDS,
)
