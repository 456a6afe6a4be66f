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
from ..core import GameRecord, IllegalAction
from ..engines import DeckCache, Engine, GameSummary, two_decks
from . import health as _health
from .cards import CLASS_BITS, CardDef, compile_card, compile_deck
from .game import DECK_OUT, END_REASONS, MERCENARY, TURN_CAP, Game, deck_guild, play_out, why_not_for
from .game import new_game as _new_game
from .game import replay as _replay
from .position import load_position, position_of, render_position
from .rule_options import OPTIONS

#: a setup's card definitions, checked and compiled once per catalog
compiled_deck = DeckCache(compile_deck)


_KNOWN = ", ".join(o.name for o in OPTIONS)


def new_game(ruleset: str, setups: Sequence[Sequence[str] | None], seed: int, first: int = 0, *,
             log_cards: bool = True, record: bool = True, catalog: Catalog | None = None,
             turn_cap: int = TURN_CAP, deck_out: str = DECK_OUT[0], zero_life_strikes: bool = True,
             score_overkill: bool = False, **options: Any) -> Game:
    """A game of ``eredan`` between two setups given as card names; seat ``first`` wins the initiative.
    The rule options (:data:`OPTIONS`) come by name, already checked (``check_rule_options``)."""
    if ruleset != "eredan":
        raise ValueError(f"the eredan engine plays eredan, not {ruleset!r}")
    if options:
        raise ValueError(f"unknown eredan option(s): {', '.join(sorted(options))}; known: {_KNOWN}")
    if deck_out not in DECK_OUT:
        raise ValueError(f"eredan option deck_out must be one of {', '.join(DECK_OUT)}, not {deck_out!r}")
    decks = two_decks(ruleset, setups, first)
    cat = catalog or load_catalog(ruleset)
    # each setup checked against the deck rules once (ER-DECK-1..5: a SetupError naming the seat otherwise)
    da, db = compiled_deck(cat, decks[0], ruleset, 0), compiled_deck(cat, decks[1], ruleset, 1)
    # positional: a compiled call
    return _new_game(da, db, seed, record, decks, turn_cap, first, log_cards, deck_out == DECK_OUT[1],
                     bool(zero_life_strikes), bool(score_overkill))


def replay(record: GameRecord, catalog: Any) -> Game:
    """Rebuild a game from its record: from its setups, seed and rule options (the compiled
    :func:`~fwlab.rules.eredan.game.replay`), or, for a game set up from a position, from that
    position (``record.options["position"]``); then every recorded action in order."""
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
    """Card and character events, each side's total Life after each turn (the track) and its score
    (the second track), and each side's score at the end."""
    return GameSummary(g.card_events() if g.log_cards else [], list(g.track),
                       (g.seats[0].score, g.seats[1].score), list(g.track2))


def deck_notes(names: Sequence[str], catalog: Any) -> dict[str, Any]:
    """For the deck builder: the characters, the deck's guild and why, and for every other card of
    the deck which of the characters may play it (``None``) or why not (the engine's own reason).

    >>> from fwlab.catalog import load_catalog
    >>> n = deck_notes(["Grask Bonecrusher", "Vekra Nightclaw", "Pip Quickfingers", "Soul Siphon", "Cleave"],
    ...                load_catalog("eredan"))
    >>> n["guild"], n["cards"][0]["card"], n["cards"][0]["nobody"]
    ('Ashen Pact', 'Soul Siphon', True)
    >>> n["cards"][1]["by"]["Grask Bonecrusher"] is None
    True
    """
    cards = catalog.cards if hasattr(catalog, "cards") else catalog
    chars: list[CardDef] = []
    others: dict[str, int] = {}
    for name in names:
        card = cards.get(name)
        if card is None:
            continue  # the deck check names unknown cards
        if card.type == "character":
            if all(c.name != name for c in chars):
                chars.append(compile_card(card))
        else:
            others[name] = others.get(name, 0) + 1
    guild = deck_guild(chars)
    members = [c.name for c in chars if c.guild != MERCENARY]
    mercs = [c.name for c in chars if c.guild == MERCENARY]
    if guild:
        why = f"{guild}: {', '.join(members)} {'is' if len(members) == 1 else 'are'} of it"
        if mercs:
            why += f"; {', '.join(mercs)} {'is a Mercenary' if len(mercs) == 1 else 'are Mercenaries'}"
    else:
        why = "no guild: Mercenaries only, so only unaffiliated cards fit"
    rows = []
    for name, n in others.items():
        d = compile_card(cards[name])
        by = {c.name: why_not_for(d, c, guild) for c in chars}
        rows.append({"card": name, "copies": n, "type": cards[name].type, "by": by,
                     "nobody": bool(chars) and all(v is not None for v in by.values())})
    return {
        "characters": [{"name": c.name, "guild": c.guild, "classes": [k for k, b in CLASS_BITS.items() if c.classes & b],
                        "race": c.race, "caste": c.caste or None, "element": c.element or None,
                        "golem": c.golem} for c in chars],
        "guild": guild or None,
        "guild_reason": why,
        "cards": rows,
    }


from .deckrules import DECK_RULES  # noqa: E402  (the deck rules, beside the engine they belong to)

ENGINE = Engine(
    name="eredan",
    deck_rules=DECK_RULES,
    rulesets=("eredan",),
    end_reasons=END_REASONS,
    track="life",
    track2="score",
    bots={"heuristic": "fwlab.bots.eredan.HeuristicBot", "lookahead": "fwlab.bots.eredan.LookaheadBot"},
    default_bot="heuristic",
    search="fwlab.bots.eredan.search.HOOKS",
    faces="fwlab.rules.eredan.faces.card_face",
    reusable_bots=("heuristic",),
    new_game=new_game,
    play_out=play_out,
    summary=summary,
    replay=replay,
    deck_notes=deck_notes,
    load_position=load_position,
    position_of=position_of,
    render_position=render_position,
    options={"eredan": OPTIONS},
    health=_health.health, health_figures=_health.FIGURES, health_bands=_health.BANDS,
)
