"""The Tiny Duel engine as fwlab's registry sees it (``tinyduel``): two seats, a deck each.

``ENGINE`` is an :class:`fwlab.rules.engines.Engine`: the facts of the game (seats come from the
ruleset, end reasons, the per-turn track, the bots, the rule options, the deck rules) and the
functions that start, play out, summarise and replay a game and read and print its positions.
fwlab imports this module the first time the ruleset is asked for (``EngineInfo.module``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from fwlab.catalog import Catalog, load_catalog
from fwlab.rules.core import GameRecord, IllegalAction
from fwlab.rules.engines import DeckCache, Engine, GameSummary, two_decks

from .cards import compile_deck
from .deckrules import DECK_RULES
from .game import DECK_SIZE, END_REASONS, HAND_SIZE, MAX_COPIES, OPTIONS, Game, play_out
from .game import new_game as _new_game
from .position import load_position, position_of, render_position

RULESET = "tinyduel"

#: a deck's card definitions, checked against the catalog and compiled once per catalog
compiled_deck = DeckCache(compile_deck)


def deck_problem(names: Sequence[str]) -> str | None:
    """Why a deck breaks TD-DECK-1 (exactly 20 cards, at most 3 of a name), or None. The engine
    refuses such a setup whoever calls it (RULINGS "Every game, setups")."""
    if len(names) != DECK_SIZE:
        return f"a tinyduel deck has exactly {DECK_SIZE} cards, not {len(names)}"
    over = sorted(n for n, k in Counter(names).items() if k > MAX_COPIES)
    if over:
        return f"a tinyduel deck holds at most {MAX_COPIES} copies of a name: {', '.join(over)}"
    return None


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             hand_size: int = HAND_SIZE) -> Game:
    """A game of ``tinyduel`` between two decks given as card names; seat ``first`` plays first.
    The options arrive checked and parsed (``fwlab.rules.engines.check_rule_options``)."""
    if ruleset != RULESET:
        raise ValueError(f"the tinyduel engine plays {RULESET}, not {ruleset!r}")
    decks = two_decks(ruleset, setups, first)
    for s, names in enumerate(decks):
        why = deck_problem(names)
        if why:
            raise ValueError(f"seat {'ab'[s]}: {why}")
    cat = catalog or load_catalog(ruleset)
    da, db = compiled_deck(cat, decks[0]), compiled_deck(cat, decks[1])
    return _new_game(da, db, seed, first, ruleset=ruleset, deck_names=decks, log_cards=log_cards, record=record,
                     hand_size=hand_size)


def summary(g: Game) -> GameSummary:
    """Card events, each seat's Life after every turn, and each seat's Life at the end."""
    return GameSummary(g.card_events() if g.log_cards else [], list(g.track), (g.seats[0].life, g.seats[1].life))


def replay(record: GameRecord, catalog: Any = None) -> Game:
    """Rebuild a game from its record: the same decks, seed and options (or the same starting
    position, for a game set up from one), then every recorded action in order."""
    options = dict(record.options)
    start = options.pop("position", None)
    if start is not None:
        g = load_position(start, catalog or load_catalog(RULESET))
        g.record.actions.clear()
    else:
        setups = [list(s) if s is not None else None for s in record.setups]
        g = new_game(record.ruleset, setups, record.seed, record.first, catalog=catalog, **options)
    for seat, action in record.actions:
        if g.current_player() != seat:
            raise IllegalAction(f"replay diverged: the record says seat {seat} acts, the game says "
                                f"{g.current_player()}")
        g.apply(action)
    return g


ENGINE = Engine(
    name="tinyduel",
    rulesets=(RULESET,),
    end_reasons=END_REASONS,
    track="life",
    bots={"heuristic": "tinyduel.bots.HeuristicBot"},
    default_bot="heuristic",
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
    load_position=load_position,
    position_of=position_of,
    render_position=render_position,
    reusable_bots=("heuristic",),
    options={RULESET: OPTIONS},
    deck_rules=DECK_RULES,
)
