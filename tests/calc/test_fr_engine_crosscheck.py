"""The exact battle odds of ``fwlab.calc.gems`` agree with the Free Realms engine (issue 13 item 6):
battles played by the engine (seeded, many times) land within sampling error of ``battle_odds``
(FR-FLIP-1, FR-POWERUP-1, FR-BATTLE-2).

The cases the calculator models, and so the ones checked here: each side flips a uniformly random card
of its whole deck (the engine flips the top card of a shuffled deck holding every card of the deck
list; the battling creatures are extra copies in play), no tricks or star actions (empty
inventories, so no stars), no collect text, and no Hero card in either deck (a flipped Hero's gems
match every sphere in the engine, FR-POWERUP-2, which the calculator does not model). Power-ups that
score, draw or stun fire in the engine but do not change the totals, so creatures with them are
fine; attack and defense power-ups add to the totals in both.
"""

from __future__ import annotations

import math

import pytest

from fwlab.calc.gems import FlipDeck, PowerUp, battle_odds
from fwlab.catalog import load_catalog
from fwlab.decks.starters import starter_decks
from fwlab.rules.core import Action
from fwlab.rules.freerealms.cards import compile_deck
from fwlab.rules.freerealms.game import GO, new_game
from fwlab.rules.freerealms.state import Creature

CAT = load_catalog("fr")
DECKS = {d.name: d for d in starter_decks("fr")}


def no_heroes(deck_name: str) -> list[str]:
    return [n for n, k in DECKS[deck_name].counts().items() for _ in range(k) if not CAT[n].fields.get("hero")]


def within(p_exact: float, hits: int, n: int, k: float = 4.5) -> bool:
    se = math.sqrt(max(p_exact * (1 - p_exact), 1e-9) / n)
    return abs(hits / n - p_exact) <= k * se + 1e-9


def battle(deck_a: list[str], deck_b: list[str], attacker: str, defender: str, seed: int) -> str:
    """One battle: ``attacker`` (seat a) attacks ``defender`` (seat b); each deck shuffled by the seed."""
    da = compile_deck(deck_a + [attacker], CAT)
    db = compile_deck(deck_b + [defender], CAT)
    g = new_game(da, db, seed, first=0, log_cards=False, record=False, mulligans=False)
    na = len(da)
    for p, (lo, hi) in enumerate(((0, na - 1), (na, na + len(db) - 1))):
        s = g.seats[p]
        s.hand, s.discard, s.inventory = [], [], []
        s.piles = [[], [], []]
        s.scored = 0
        deck = list(range(lo, hi))          # every card of the deck list, shuffled by the game
        g._shuffle(deck)
        s.deck = deck
        s.spaces = [Creature(hi, g.defs[hi], p, 0, 1), None, None]
    g.turn, g.active, g.decider, g.decision = 3, 0, 0, GO
    g.apply(Action("attack", na - 1))
    a_alive = g.seats[0].spaces[0] is not None
    b_alive = g.seats[1].spaces[0] is not None
    return "win" if a_alive and not b_alive else "lose" if b_alive and not a_alive else "tie"


@pytest.mark.parametrize("deck_a, deck_b, attacker, defender", [
    ("Blazing Gears", "Wild Oath", "Magma Hound", "Grove Warden"),      # +2 attack on chaos vs +2 defense on nature
    ("Blazing Gears", "Wild Oath", "Piston Walker", "Thornback Bear"),   # a machine power-up in a mixed deck
    ("Wild Oath", "Blazing Gears", "Glade Ranger", "Boiler Golem"),
    ("Wild Oath", "Blazing Gears", "Moss Sprite", "Rift Jackal"),        # a defense power-up on an attacker: no effect
])
def test_FR_BATTLE_2_engine_battles_agree_with_the_exact_gem_odds(deck_a, deck_b, attacker, defender):
    a_names, b_names = no_heroes(deck_a), no_heroes(deck_b)
    flips = [FlipDeck.from_cards((CAT[n], 1) for n in names) for names in (a_names, b_names)]
    pus = [[PowerUp(p["sphere"], p["do"], p.get("n", 0)) for p in CAT[n].fields["powerups"]]
           for n in (attacker, defender)]
    exact = battle_odds(CAT[attacker].fields["attack"], CAT[defender].fields["defense"], *flips,
                        attacker_powerups=pus[0], defender_powerups=pus[1])
    n = 2000
    counts = {"win": 0, "tie": 0, "lose": 0}
    for seed in range(n):
        counts[battle(a_names, b_names, attacker, defender, seed)] += 1
    assert within(exact.p_win, counts["win"], n), (counts, exact.p_win)
    assert within(exact.p_tie, counts["tie"], n), (counts, exact.p_tie)
    assert within(exact.p_lose, counts["lose"], n), (counts, exact.p_lose)
