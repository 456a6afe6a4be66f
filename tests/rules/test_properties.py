"""Property tests over random decks and seeds (hypothesis): conservation, Capital, legality,
termination and replay (CORE-CONSERVE-1, CORE-CAP-1, CORE-LEGAL-1, CORE-END-1, CORE-REPLAY-1)."""

from __future__ import annotations

import random

from harness import CATALOG
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fwlab.bots import RandomBot
from fwlab.bots.daemornia import HeuristicBot
from fwlab.catalog import load_catalog
from fwlab.rules.core import Action, GameRecord
from fwlab.rules.daemornia import Game, compile_deck, new_game, replay

REAL = load_catalog("fw")
NAMES = sorted(c.name for c in REAL if not c.special)
SPECIALS = sorted(c.name for c in REAL if c.special)


@st.composite
def decks(draw):  # type: ignore[no-untyped-def]
    """A random deck of 40 real catalog cards, at most 4 of a name and 1 of each Special."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=10, max_size=14, unique=True))
    counts = draw(st.lists(st.integers(1, 4), min_size=len(names), max_size=len(names)))
    deck: list[str] = []
    for n, c in zip(names, counts):
        deck += [n] * c
    deck += draw(st.lists(st.sampled_from(SPECIALS), max_size=2, unique=True))
    while len(deck) < 40:
        deck.append(NAMES[len(deck) % len(NAMES)])
    return deck


def play(ruleset, deck_a, deck_b, seed, bots):  # type: ignore[no-untyped-def]
    g = new_game(ruleset, compile_deck(deck_a, REAL), compile_deck(deck_b, REAL), seed, first=seed % 2,
                 turn_cap=200)
    sizes = (len(deck_a), len(deck_b))
    steps = 0
    while not g.is_terminal():
        p = g.current_player()
        legal = g.legal_actions()
        act = bots[p].choose(g)
        assert act in legal, f"bot chose {act} not in {legal}"   # CORE-LEGAL-1
        caps = [s.capital for s in g.seats]
        gained = list(g.capital_gained)
        g.apply(act)
        for q in (0, 1):
            assert g.zone_count(q) == sizes[q]              # CORE-CONSERVE-1
            # CORE-CAP-1: Capital rises only by what a gain_capital effect just gave
            assert g.seats[q].capital - caps[q] <= g.capital_gained[q] - gained[q]
        steps += 1
        assert steps < 20000                                 # CORE-END-1
    return g


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**31), ruleset=st.sampled_from(["fw", "fw-epic", "bg"]))
def test_CORE_CONSERVE_1_CORE_LEGAL_1_CORE_END_1_random_bots_on_random_decks(deck_a, deck_b, seed, ruleset):
    if ruleset == "bg":
        deck_a, deck_b = deck_a[:40], deck_b[:40]
    g = play(ruleset, deck_a, deck_b, seed, (RandomBot(seed), RandomBot(seed + 1)))
    assert g.outcome is not None and g.outcome.turns <= 200


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**31))
def test_CORE_LEGAL_1_heuristic_bot_only_chooses_legal_actions(deck_a, deck_b, seed):
    g = play("fw", deck_a, deck_b, seed, (HeuristicBot(seed), RandomBot(seed)))
    assert g.outcome is not None


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**31), ruleset=st.sampled_from(["fw", "bg"]))
def test_CORE_REPLAY_1_replay_rebuilds_the_identical_final_state(deck_a, deck_b, seed, ruleset):
    rng = random.Random(seed)
    g = new_game(ruleset, compile_deck(deck_a[:40], REAL), compile_deck(deck_b[:40], REAL), seed)
    bots = (HeuristicBot(seed), RandomBot(seed))
    while not g.is_terminal():
        g.apply(bots[g.current_player()].choose(g) if rng.random() < 0.9 else rng.choice(g.legal_actions()))
    rec = GameRecord.from_dict(g.record.to_dict())   # through its text form
    g2 = replay(rec, REAL)
    assert g2.fingerprint() == g.fingerprint()
    assert g2.record.dice == g.record.dice
    assert g2.outcome == g.outcome


def test_CORE_REPLAY_1_replay_detects_a_tampered_record():
    deck = compile_deck(["Filler"] * 40, CATALOG)
    g = new_game("fw", deck, deck, 4)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    rec = GameRecord.from_dict(g.record.to_dict())
    rec.actions[0] = (rec.actions[0][0], Action("attack", 12345))
    import pytest

    from fwlab.rules.core import IllegalAction
    with pytest.raises(IllegalAction):
        replay(rec, CATALOG)


def _game_after(actions: int) -> Game:
    """A mirror fw game between heuristic bots, ``actions`` decisions in."""
    deck = compile_deck(NAMES[:10] * 4, REAL)
    g = new_game("fw", deck, deck, 8)
    bots = (HeuristicBot(1), HeuristicBot(2))
    for _ in range(actions):
        g.apply(bots[g.current_player()].choose(g))
    return g


def test_CORE_CLONE_1_a_clone_plays_on_without_touching_the_original():
    g = _game_after(60)
    before = g.fingerprint()
    c = g.clone()
    assert c.fingerprint() == before
    cb = (HeuristicBot(1), HeuristicBot(2))
    while not c.is_terminal():
        c.apply(cb[c.current_player()].choose(c))
    assert g.fingerprint() == before


def _slots(cls_name: str) -> list[str]:
    """The __slots__ written in state.py (read from the source: a compiled class has none to read)."""
    import ast
    from pathlib import Path

    import fwlab

    tree = ast.parse((Path(fwlab.__file__).parent / "rules/daemornia/state.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls_name:
            for st in node.body:
                if isinstance(st, ast.Assign) and getattr(st.targets[0], "id", "") == "__slots__":
                    return list(ast.literal_eval(st.value))
    raise AssertionError(cls_name)


def test_CORE_CLONE_1_copies_carry_every_attribute_and_share_no_mutable_state():
    g = _game_after(80)
    u = next(iter(g.units.values()))
    u.used_turn[3] = 2
    cu = u.copy()
    for name in _slots("Unit"):
        assert getattr(cu, name) == getattr(u, name), name
        if isinstance(getattr(u, name), (list, dict)):
            assert getattr(cu, name) is not getattr(u, name), name
    units = {iid: x.copy() for iid, x in g.units.items()}
    s = g.seats[0]
    cs = s.copy(units)
    for name in _slots("Seat"):
        if name in ("units", "scenarios"):
            assert [x.iid for x in getattr(cs, name)] == [x.iid for x in getattr(s, name)]
            continue
        assert getattr(cs, name) == getattr(s, name), name
        if isinstance(getattr(s, name), (list, dict)):
            assert getattr(cs, name) is not getattr(s, name), name
