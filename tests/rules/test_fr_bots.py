"""The Free Realms bots: the heuristic's battle odds are calc/gems.py's exact odds, it beats random,
and the lookahead plays whole games with legal actions only (CORE-LEGAL-1)."""

from __future__ import annotations

import pytest

from fwlab.bots.freerealms import HeuristicBot, LookaheadBot
from fwlab.bots.random_bot import RandomBot
from fwlab.calc.gems import FlipDeck, PowerUp, battle_odds
from fwlab.catalog import load_catalog
from fwlab.decks.starters import starter_decks
from fwlab.rules.freerealms.cards import compile_deck
from fwlab.rules.freerealms.game import new_game
from fwlab.rules.freerealms.state import Creature

CAT = load_catalog("fr")
FR = {d.name: d for d in starter_decks("fr")}


def names(deck):
    return [n for n, k in deck.counts().items() for _ in range(k)]


def _flip_deck(g, cards):
    return FlipDeck.from_cards((CAT[g.defs[i].name], 1) for i in cards)


def _expected(g, a_def, d_def, bonus_a, bonus_d, flips):
    pus = [[PowerUp(p["sphere"], p["do"], p.get("n", 0)) for p in CAT[d.name].fields["powerups"]]
           for d in (a_def, d_def)]
    return battle_odds(a_def.attack + bonus_a, d_def.defense + bonus_d, *flips,
                       attacker_powerups=pus[0], defender_powerups=pus[1])


@pytest.mark.parametrize("att_name, def_name", [("Magma Hound", "Grove Warden"), ("Ember Imp", "Moss Sprite"),
                                                 ("Glade Ranger", "Boiler Golem"), ("Rift Jackal", "Iron Juggernaut")])
def test_CORE_LEGAL_1_heuristic_odds_are_the_exact_odds_of_calc_gems(att_name, def_name):
    # decks without Heroes: calc/gems.py does not model a Hero's gems matching every sphere
    da = [n for n in names(FR["Blazing Gears"]) if not CAT[n].fields.get("hero")]
    db = [n for n in names(FR["Wild Oath"]) if not CAT[n].fields.get("hero")]
    g = new_game(compile_deck(da, CAT), compile_deck(db, CAT), 1)
    a_def, d_def = compile_deck([att_name, def_name], CAT)
    att = Creature(0, a_def, 0, 0, 1)
    dfn = Creature(len(da), d_def, 1, 0, 1)
    bot = HeuristicBot()
    for bonus_a, bonus_d in ((0, 0), (2, 0), (0, 3)):
        w, t = bot.battle(g, att, dfn, bonus_a, bonus_d)
        # FR-FLIP-1: the flip is the top card of what is left of each deck (the opening hands drawn)
        flips = [_flip_deck(g, g.seats[p].deck) for p in (0, 1)]
        exp = _expected(g, a_def, d_def, bonus_a, bonus_d, flips)
        assert w == pytest.approx(exp.p_win) and t == pytest.approx(exp.p_tie)


def test_FR_DECK_1_heuristic_odds_follow_the_cards_left_to_flip():
    """The odds use the deck as it is now; with the deck empty, the discard pile that becomes it
    (FR-DECK-1); with both empty, a flip of 0 gems (FR-DECK-2). Not the whole decklist."""
    da = [n for n in names(FR["Blazing Gears"]) if not CAT[n].fields.get("hero")]
    db = [n for n in names(FR["Wild Oath"]) if not CAT[n].fields.get("hero")]
    g = new_game(compile_deck(da, CAT), compile_deck(db, CAT), 3)
    a_def, d_def = compile_deck(["Magma Hound", "Grove Warden"], CAT)
    att = Creature(0, a_def, 0, 0, 1)
    dfn = Creature(len(da), d_def, 1, 0, 1)
    bot = HeuristicBot()
    whole = bot.battle(g, att, dfn, 0, 0)
    sa, sb = g.seats
    # seat a's deck keeps only its 1-gem cards: its odds fall, and are those of that deck
    low = [i for i in sa.deck if g.defs[i].gems <= 1]
    sa.deck[:] = low
    w, t = bot.battle(g, att, dfn, 0, 0)
    exp = _expected(g, a_def, d_def, 0, 0, [_flip_deck(g, low), _flip_deck(g, sb.deck)])
    assert (w, t) == (pytest.approx(exp.p_win), pytest.approx(exp.p_tie))
    assert w < whole[0]
    # the deck empty: the discard pile is what will be flipped
    four = [i for i in sa.hand + sa.deck if g.defs[i].gems >= 3][:5]
    sa.deck[:] = []
    sa.discard[:] = four
    w, t = bot.battle(g, att, dfn, 0, 0)
    exp = _expected(g, a_def, d_def, 0, 0, [_flip_deck(g, four), _flip_deck(g, sb.deck)])
    assert (w, t) == (pytest.approx(exp.p_win), pytest.approx(exp.p_tie))
    # both empty: 0 gems and nothing fires (FR-DECK-2)
    sa.discard[:] = []
    w, t = bot.battle(g, att, dfn, 0, 0)
    exp = _expected(g, a_def, d_def, 0, 0, [FlipDeck.from_gem_lists([[]]), _flip_deck(g, sb.deck)])
    assert (w, t) == (pytest.approx(exp.p_win), pytest.approx(exp.p_tie))


def play(bots, deck_a, deck_b, seed):
    g = new_game(compile_deck(names(deck_a), CAT), compile_deck(names(deck_b), CAT), seed, first=seed % 2)
    while not g.is_terminal():
        a = bots[g.decider].choose(g)
        assert a in g.legal_actions(), a
        g.apply(a)
    return g


def test_CORE_LEGAL_1_heuristic_beats_random_on_the_starter_decks():
    decks = list(FR.values())
    wins = 0
    for i in range(24):
        heur = i % 2
        bots = [RandomBot(i), RandomBot(i)]
        bots[heur] = HeuristicBot(i)
        g = play(bots, decks[i % len(decks)], decks[(i + 1) % len(decks)], i)
        wins += g.outcome.places[heur] == 1 and g.outcome.winner != "draw"
    assert wins >= 21


def test_CORE_LEGAL_1_lookahead_plays_legal_whole_games():
    g = play((LookaheadBot(1, rollouts=2, horizon=2), HeuristicBot(2)), FR["Blazing Gears"], FR["Wild Oath"], 4)
    assert g.outcome is not None
