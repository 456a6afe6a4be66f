"""Conquest properties over random seeds, seat counts, first players and bots (hypothesis): coins
only change by rewards, hiring and card effects (CQ-COINS-1); a field is taken at most once and
keeps its owner (CQ-CONQUER-2); cards are conserved between the deck, the hands, the board and the
discard pile (CORE-CONSERVE-1); only legal actions are applied and every illegal one is refused
(CORE-LEGAL-1); every game ends (CORE-END-1); replay reproduces the record (CORE-REPLAY-1)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fwlab.bots import RandomBot
from fwlab.bots.conquest import HeuristicBot
from fwlab.catalog import load_catalog
from fwlab.rules.conquest import new_game, replay, shared_deck
from fwlab.rules.conquest.game import HIRE_COST, MAGIC, Game
from fwlab.rules.core import Action, GameRecord, IllegalAction

CAT = load_catalog("conquest")
DEFS = shared_deck(CAT)
DECK = len(DEFS)
#: an upper bound on decisions: at most 19 turns take a field and fewer than n idle turns lie
#: between two of them, and a turn's decisions are bounded by the cards a hand can hold
MAX_STEPS = 20000


def expected_coins(g: Game, a: Action) -> int:
    """What ``a`` changes the acting seat's coins by: -5 to hire, the difficulty to conquer, a
    magic card's ``coins``; nothing else moves coins."""
    if a.kind == "hire":
        return -HIRE_COST
    if a.kind == "conquer":
        return g.diff[a.b]
    if a.kind == "magic" and g.defs[a.a].type == MAGIC:
        return g.defs[a.a].coins
    return 0


def play(seats: int, seed: int, first: int, kinds: list[str], check_illegal: bool = False) -> Game:
    g = new_game(DEFS, seats, seed, first)
    bots = [RandomBot(seed * 7 + i) if k == "random" else HeuristicBot(seed) for i, k in enumerate(kinds)]
    rng = random.Random(seed)
    owners = list(g.owner)
    steps = 0
    while not g.is_terminal():
        p = g.current_player()
        legal = g.legal_actions()
        act = bots[p].choose(g)
        assert act in legal, f"bot chose {act} not in {legal}"                          # CORE-LEGAL-1
        assert all(g.why_illegal(a) is None for a in legal)
        if check_illegal:   # a few actions that are not legal now are refused, and change nothing
            for probe in (Action("conquer", rng.randrange(DECK), rng.randrange(19)), Action("hire", 1),
                          Action("magic", rng.randrange(DECK)), Action("done"), Action("end"),
                          Action("exchange", rng.randrange(DECK), rng.randrange(DECK)), Action("keep")):
                if probe not in legal:
                    before = g.fingerprint()
                    try:
                        g.apply(probe)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{probe} is not in {legal} but was applied")
                    assert g.fingerprint() == before
        coins = g.coins
        delta = expected_coins(g, act)
        g.apply(act)
        after = g.coins
        for q in range(seats):                                                          # CQ-COINS-1
            assert after[q] - coins[q] == (delta if q == p else 0), (act, coins, after)
            assert after[q] >= 0
        for f in range(g.nf):                                                           # CQ-CONQUER-2
            if owners[f] >= 0:
                assert g.owner[f] == owners[f]
        owners = list(g.owner)
        assert g.card_count() == DECK                                                   # CORE-CONSERVE-1
        assert sum(1 for o in g.owner if o >= 0) == g.taken == sum(s.fields for s in g.seats)
        steps += 1
        assert steps < MAX_STEPS                                                        # CORE-END-1
    out = g.outcome
    assert out is not None and out.end_reason in ("all-taken", "idle")
    if out.end_reason == "all-taken":
        assert g.taken == g.nf
    return g


BOTS = st.lists(st.sampled_from(["random", "heuristic"]), min_size=5, max_size=5)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(3, 5), seed=st.integers(0, 2**31), first=st.integers(0, 4), bots=BOTS)
def test_CORE_CONSERVE_1_CQ_COINS_1_coins_fields_and_cards_hold_over_whole_games(seats, seed, first, bots):
    play(seats, seed, first % seats, bots[:seats])


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(3, 5), seed=st.integers(0, 2**31), first=st.integers(0, 4), bots=BOTS)
def test_CORE_LEGAL_1_only_legal_actions_and_illegal_ones_change_nothing_in_conquest(seats, seed, first, bots):
    play(seats, seed, first % seats, bots[:seats], check_illegal=True)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(3, 5), seed=st.integers(0, 2**31), first=st.integers(0, 4), bots=BOTS)
def test_CORE_REPLAY_1_CORE_END_1_every_conquest_game_ends_and_its_record_replays_it(seats, seed, first, bots):
    g = play(seats, seed, first % seats, bots[:seats])
    rec = GameRecord.from_dict(g.record.to_dict())
    again = replay(rec, CAT)
    assert again.fingerprint() == g.fingerprint() and again.outcome == g.outcome
    assert again.track == g.track and again.card_events() == g.card_events()


@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(3, 5))
def test_CORE_REPLAY_1_a_clone_plays_on_exactly_like_the_game(seed, n):
    g = new_game(DEFS, n, seed, seed % n)
    bots = [HeuristicBot(seed) for _ in range(n)]
    for _ in range(seed % 40):
        if g.is_terminal():
            break
        g.apply(bots[g.decider].choose(g))
    c = g.clone()
    assert c.fingerprint() == g.fingerprint()
    while not g.is_terminal():
        a = bots[g.decider].choose(g)
        g.apply(a)
        c.apply(a)
        assert c.fingerprint() == g.fingerprint()
