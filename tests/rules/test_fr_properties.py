"""Free Realms properties over random decks and seeds (hypothesis): cards conserved across zones,
score piles only grow, only legal actions, every game ends, replay reproduces the record
(CORE-CONSERVE-1, FR-SCORE-2, CORE-LEGAL-1, CORE-END-1, CORE-REPLAY-1 for ``fr``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fwlab.bots import RandomBot
from fwlab.bots.freerealms import HeuristicBot
from fwlab.catalog import load_catalog
from fwlab.rules.core import Action, GameRecord, IllegalAction
from fwlab.rules.freerealms import compile_deck, new_game, replay

REAL = load_catalog("fr")
NAMES = sorted(c.name for c in REAL)


@st.composite
def decks(draw):  # type: ignore[no-untyped-def]
    """A random deck of 40 to 44 real catalog cards, at most 3 of a name."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=14, max_size=20, unique=True))
    counts = draw(st.lists(st.integers(1, 3), min_size=len(names), max_size=len(names)))
    deck: list[str] = []
    for n, c in zip(names, counts):
        deck += [n] * c
    i = 0
    while len(deck) < 40:
        if deck.count(NAMES[i % len(NAMES)]) < 3:
            deck.append(NAMES[i % len(NAMES)])
        i += 1
    return deck[:44]


def piles(g):  # type: ignore[no-untyped-def]
    return [[list(p) for p in s.piles] for s in g.seats]


def play(deck_a, deck_b, seed, bots, turn_cap=200):  # type: ignore[no-untyped-def]
    g = new_game(compile_deck(deck_a, REAL), compile_deck(deck_b, REAL), seed, first=seed % 2, turn_cap=turn_cap)
    sizes = (len(deck_a), len(deck_b))
    steps = 0
    while not g.is_terminal():
        legal = g.legal_actions()
        act = bots[g.current_player()].choose(g)
        assert act in legal, f"bot chose {act} not in {legal}"       # CORE-LEGAL-1
        before = piles(g)
        g.apply(act)
        after = piles(g)
        for q in (0, 1):
            assert g.zone_count(q) == sizes[q]                       # CORE-CONSERVE-1
            for col in range(3):                                     # FR-SCORE-2: piles only grow
                assert after[q][col][:len(before[q][col])] == before[q][col]
            assert g.seats[q].scored == sum(len(p) for p in after[q])
        steps += 1
        assert steps < 20000                                         # CORE-END-1
    assert g.outcome is not None and g.outcome.turns <= turn_cap
    if g.outcome.end_reason == "score":
        assert max(s.scored for s in g.seats) >= 12
    return g


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**31))
def test_CORE_CONSERVE_1_CORE_LEGAL_1_CORE_END_1_fr_random_bots_on_random_decks(deck_a, deck_b, seed):
    play(deck_a, deck_b, seed, (RandomBot(seed), RandomBot(seed + 1)))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**31))
def test_CORE_LEGAL_1_FR_SCORE_2_fr_heuristic_bot_only_chooses_legal_actions(deck_a, deck_b, seed):
    play(deck_a, deck_b, seed, (HeuristicBot(seed), RandomBot(seed)))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**31))
def test_CORE_REPLAY_1_fr_replay_rebuilds_the_identical_final_state(deck_a, deck_b, seed):
    rng = random.Random(seed)
    g = new_game(compile_deck(deck_a, REAL), compile_deck(deck_b, REAL), seed, first=seed % 2)
    bots = (HeuristicBot(seed), RandomBot(seed))
    while not g.is_terminal():
        g.apply(bots[g.current_player()].choose(g) if rng.random() < 0.9 else rng.choice(g.legal_actions()))
    rec = GameRecord.from_dict(g.record.to_dict())   # through its text form
    g2 = replay(rec, REAL)
    assert g2.fingerprint() == g.fingerprint()
    assert g2.outcome == g.outcome


def test_CORE_REPLAY_1_fr_replay_detects_a_tampered_record():
    deck = NAMES[:20] * 2
    g = new_game(compile_deck(deck, REAL), compile_deck(deck, REAL), 4)
    bots = (HeuristicBot(1), HeuristicBot(2))
    for _ in range(8):
        g.apply(bots[g.current_player()].choose(g))
    rec = GameRecord.from_dict(g.record.to_dict())
    rec.actions[3] = (rec.actions[3][0], Action("attack", 12345))
    with pytest.raises(IllegalAction):
        replay(rec, REAL)


def test_CORE_CLONE_1_an_fr_clone_plays_on_without_touching_the_original():
    deck = compile_deck(NAMES[:20] * 2, REAL)
    g = new_game(deck, deck, 8)
    bots = (HeuristicBot(1), HeuristicBot(2))
    for _ in range(30):
        g.apply(bots[g.current_player()].choose(g))
    before = g.fingerprint()
    c = g.clone()
    assert c.fingerprint() == before
    cb = (HeuristicBot(1), HeuristicBot(2))
    while not c.is_terminal():
        c.apply(cb[c.current_player()].choose(c))
    assert g.fingerprint() == before
