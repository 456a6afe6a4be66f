"""Conquest turn plans and the draw lookup (issue 15, item 5): the field check plans a whole turn
(fortifications, Boost and steal-support magic, refreshes, a conquest next to the target first)
with the followers as one budget, and :func:`conquer_chance` gives the chance that the hand plus
the next draws conquers a field. The plans are checked against the ``conquest`` engine: a plan's
plays, made in the engine, conquer the field; where the calculator finds no plan, no sequence of
the hand's plays in the engine reaches a legal conquest of it."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from fwlab.calc.conquest import (
    Board,
    board_fields,
    conquer_chance,
    conquerable,
    plan_turn,
    remaining_deck,
)
from fwlab.catalog import load_catalog
from fwlab.rules.conquest.game import DIFFICULTIES, HIRE, TASKS, Game
from fwlab.rules.conquest.position import seat_of_turn
from fwlab.rules.core import Action, PositionError
from fwlab.rules.engines import load_position

CAT = load_catalog("conquest")
FIELDS = board_fields()
CENTRE = FIELDS[9]
W, C, M = "warrior", "craftsman", "mage"


KINDS = ("warrior", "craftsman", "mage")


def position(hands: Mapping[int, Sequence[str]], *, diff: Mapping[int, int] | Sequence[int],
             fields: Mapping[int, tuple[int, str | None, str | None]], followers: Mapping[int, tuple[int, int, int]],
             coins: Mapping[int, int] | None = None, decision: str = "tasks", seed: int = 0) -> Game:
    """Seat a's turn in a game of 4 (docs/positions.md, section "Conquest"), loaded through the
    registry: ``followers`` are the unexpended ones (seat a holds at least the 2 free ones: any
    missing are written as expended), the other seats two warriors; ``diff``: some fields over a
    board of 6s, or all 19; ``fields``: field -> (seat, troop, fortification or None). The round is
    the first one in which the followers can have been hired (one a turn); with no field taken, seat
    d claimed field 18 in the turn before (else the game would have ended, CQ-END-2)."""
    free = tuple(followers[0])
    extra = max(0, 2 - sum(free))
    fol = (free[0] + extra, free[1], free[2])
    rnd = max(3, sum(fol) - 2 + (decision == "hire"))
    turn = (rnd - 1) * 4 + 1
    fields = dict(fields)
    if not fields:
        fields[18] = (3, None, None)
    diffs = list(diff) if not isinstance(diff, Mapping) else [diff.get(f, 6) for f in range(19)]
    board = []
    for f in range(19):
        e: dict[str, Any] = {"difficulty": diffs[f]}
        if f in fields:
            seat, tr, fort = fields[f]
            e["owner"] = seat
            if tr is not None:
                e["troop"] = tr
            if fort is not None:
                e["fortification"] = fort
        board.append(e)
    assert seat_of_turn(turn, 4, 3) == 0
    seats = []
    for p in range(4):
        f3 = fol if p == 0 else (2, 0, 0)
        earned = sum(diffs[f] for f, v in fields.items() if v[0] == p and v[1] is not None)
        seat: dict[str, Any] = {"coins": (coins or {}).get(p, max(25, 25 + earned - 5 * (sum(f3) - 2))),
                                "followers": dict(zip(KINDS, f3)), "hand": list(hands.get(p, []))}
        if p == 0 and extra:
            seat["expended"] = {"warrior": extra}
        seats.append(seat)
    pos: dict[str, Any] = {"ruleset": "conquest", "turn": turn, "active": 0, "decision": decision, "seats": seats,
                           "board": board, "seed": seed}
    if Counter(diffs) != Counter(DIFFICULTIES):
        pos["options"] = {"difficulties": sorted(diffs)}
    return load_position(pos, CAT)


def troop(name, attack, support=0, **need):
    return {"name": name, "type": "troop", "attack": attack, "support": support, "followers": need}


def fort(name, support, **need):
    return {"name": name, "type": "fortification", "support": support, "followers": need}


def magic(name, effects, **need):
    return {"name": name, "type": "magic", "effects": effects, "followers": need}


def flat(d: int = 6) -> Board:
    return Board.new({h: d for h in FIELDS})


def board_with(diff: dict, claims: Sequence[tuple] = ()) -> Board:
    b = Board.new({h: diff.get(h, 6) for h in FIELDS})
    for h, owner, sup, fsup in claims:
        b = b.claim(h, owner, support=sup, fortification=fsup)
    return b


# ---- plans on hand-made boards ----------------------------------------------------------------------

def test_a_fortification_on_a_field_next_to_the_target_makes_the_difference_within_the_budget():
    b = board_with({CENTRE: 7}, [((1, 0), "me", 0, 0)])
    hand = [troop("Spears", 3, warrior=1), fort("Keep", 4, craftsman=2)]
    assert CENTRE not in {o.field for o in conquerable(b, "me", hand, {W: 1, C: 2})}
    p = plan_turn(b, "me", hand, {W: 1, C: 2})[CENTRE]
    assert p.describe() == "Keep on (1, 0) -> Spears on (0, 0)"
    assert (p.followers_spent, dict(p.spent), p.reward, p.support) == (3, {W: 1, C: 2, M: 0}, 7, 4)
    # the followers are one budget: one craftsman short, the Keep cannot be paid
    assert CENTRE not in plan_turn(b, "me", hand, {W: 1, C: 1})
    # a fortified field takes no second fortification, a Claim chip none at all
    for claimed in (board_with({CENTRE: 7}, [((1, 0), "me", 0, 1)]),
                    Board.new({h: 7 if h == CENTRE else 6 for h in FIELDS}).claim((1, 0), "me", troop=False)):
        assert CENTRE not in plan_turn(claimed, "me", hand, {W: 1, C: 2})


def test_boost_magic_adds_to_the_next_troop_and_costs_its_mages():
    b = Board.new({h: 9 if h == CENTRE else 12 for h in FIELDS})
    hand = [troop("Pikes", 5, warrior=2), magic("Siege", [{"do": "boost", "n": 4}], craftsman=1, mage=1),
            magic("Small", [{"do": "boost", "n": 1}], mage=1)]
    plans = plan_turn(b, "me", hand, {W: 2, C: 1, M: 1})
    assert list(plans) == [CENTRE]
    p = plans[CENTRE]
    assert p.cards == ["Siege", "Pikes"] and (p.attack, p.boost, p.followers_spent) == (5, 4, 4)
    assert plan_turn(b, "me", hand, {W: 2, C: 0, M: 1}) == {}          # Small alone: 5 + 1 < 9
    # two boosts add up: 5 + 4 + 1 on a 10
    b10 = Board.new({h: 10 if h == CENTRE else 12 for h in FIELDS})
    assert plan_turn(b10, "me", hand, {W: 2, C: 1, M: 2})[CENTRE].boost == 5
    row = conquerable(b, "me", hand, {W: 2, C: 1, M: 1}, plan=True)[0]
    assert (row.troop, row.attack, row.boost, row.plan.cards) == ("Pikes", 5, 4, ["Siege", "Pikes"])


def test_steal_support_counts_the_opponents_support_for_the_next_conquest():
    b = board_with({CENTRE: 9}, [((1, 0), "them", 3, 0), ((0, 1), "them", 2, 1)])
    hand = [troop("Spears", 3, warrior=1), magic("Turncoats", [{"do": "steal_support"}], mage=1)]
    assert conquerable(b, "me", hand, {W: 1, M: 1}) == []
    p = plan_turn(b, "me", hand, {W: 1, M: 1})[CENTRE]
    assert p.cards == ["Turncoats", "Spears"] and p.support == 6
    assert plan_turn(b, "me", hand, {W: 1}) == {}


def test_a_conquest_next_to_the_target_first_gives_its_support_and_a_field_to_fortify():
    b = board_with({CENTRE: 10, (1, 0): 2})
    hand = [troop("Militia", 2, warrior=1), fort("Keep", 4, craftsman=2), troop("Lancers", 6, warrior=2)]
    p = plan_turn(b, "me", hand, {W: 3, C: 2})[CENTRE]
    assert p.describe() == "Militia on (1, 0) -> Keep on (1, 0) -> Lancers on (0, 0)"
    assert p.reward == 12 and p.followers_spent == 5
    assert CENTRE not in plan_turn(b, "me", hand, {W: 2, C: 2})


def test_refresh_restores_a_follower_for_a_second_play():
    b = board_with({CENTRE: 9}, [((1, 0), "me", 0, 0), ((-1, 0), "me", 0, 0)])
    hand = [fort("Palisade", 1, craftsman=1), fort("Garrison", 2, craftsman=1), troop("Lancers", 6, warrior=2),
            magic("Second Wind", [{"do": "refresh", "n": 1}], mage=1)]
    p = plan_turn(b, "me", hand, {W: 2, C: 1, M: 1})[CENTRE]
    assert sorted(p.cards) == ["Garrison", "Lancers", "Palisade", "Second Wind"]
    assert any(s.refresh == (C,) for s in p.steps)
    assert p.spent[C] == 1 and p.followers_spent == 4
    assert CENTRE not in plan_turn(b, "me", [c for c in hand if c["name"] != "Second Wind"], {W: 2, C: 1, M: 1})


def test_the_cheapest_plan_is_chosen_and_a_hire_only_when_needed():
    b = board_with({CENTRE: 8}, [((1, 0), "me", 1, 0)])
    hand = [troop("Pikes", 5, warrior=2), fort("Wall", 2, craftsman=1), fort("Castle", 5, warrior=1, craftsman=2),
            magic("Storm", [{"do": "boost", "n": 5}], mage=2)]
    p = plan_turn(b, "me", hand, {W: 3, C: 2, M: 2})[CENTRE]
    assert p.cards == ["Wall", "Pikes"] and p.followers_spent == 3
    assert CENTRE not in plan_turn(b, "me", hand, {W: 2})
    hired = plan_turn(b, "me", hand, {W: 2}, coins=5)[CENTRE]
    assert hired.hire == C and hired.steps[0].kind == "hire" and hired.cards == ["Wall", "Pikes"]
    assert CENTRE not in plan_turn(b, "me", hand, {W: 2}, coins=4)
    rows = conquerable(b, "me", hand, {W: 2}, plan=True, coins=5)
    assert rows[0].to_dict()["plan"] == "hire a craftsman -> Wall on (1, 0) -> Pikes on (0, 0)"


def test_the_old_check_is_unchanged_and_plans_include_every_direct_conquest():
    b = board_with({CENTRE: 9}, [((1, 0), "me", 2, 0)])
    hand = [troop("Halberdiers", 6, 1, warrior=2, craftsman=1), troop("Scouts", 1, warrior=1)]
    direct = conquerable(b, "me", hand, {W: 2, C: 1})
    planned = conquerable(b, "me", hand, {W: 2, C: 1}, plan=True)
    assert {o.field for o in direct} == {o.field for o in planned}
    assert all(o.plan is None for o in direct) and all(o.plan is not None for o in planned)
    assert all(len(o.plan.cards) == 1 for o in planned)


# ---- the chance lookup ----------------------------------------------------------------------------------

def _brute(board, hand, followers, field, draws, deck, coins=None):
    """Every ordered set of positions of the deck: the exact chance by brute force."""
    good = total = 0
    for combo in itertools.combinations(range(len(deck)), draws):
        total += 1
        if field in plan_turn(board, "me", list(hand) + [deck[i] for i in combo], followers, coins=coins,
                              fields=[field]):
            good += 1
    return good / total


def test_exact_chance_matches_brute_force_over_a_small_deck():
    b = board_with({CENTRE: 9}, [((1, 0), "me", 0, 0), ((0, 1), "them", 4, 0)])
    hand = [troop("Pikes", 5, warrior=2)]
    deck = ([magic("Fury", [{"do": "boost", "n": 2}], mage=1)] * 3 + [fort("Keep", 4, craftsman=1)] * 2
            + [magic("Turncoats", [{"do": "steal_support"}], mage=1)] * 2
            + [magic("Gold", [{"do": "coins", "n": 3}], mage=1)] * 4 + [troop("Scouts", 1, 1, warrior=1)] * 3)
    fol = {W: 2, C: 1, M: 1}
    for n in (1, 2, 3):
        c = conquer_chance(b, "me", hand, fol, CENTRE, draws=n, deck=deck)
        assert c.method == "exact" and c.low == c.p == c.high
        assert c.p == pytest.approx(_brute(b, hand, fol, CENTRE, n, deck))
    # two Fury add up to 4: 5 + 4 >= 9 needs two mages
    two = conquer_chance(b, "me", hand, {W: 2, M: 2}, CENTRE, draws=2, deck=deck)
    assert two.p == pytest.approx(_brute(b, hand, {W: 2, M: 2}, CENTRE, 2, deck))
    assert conquer_chance(b, "me", hand, fol, CENTRE, draws=0, deck=deck).p == 0.0
    hire = conquer_chance(b, "me", hand, {W: 2, M: 1}, CENTRE, draws=2, deck=deck, coins=5)
    assert hire.hire and hire.p == pytest.approx(_brute(b, hand, {W: 2, M: 1}, CENTRE, 2, deck, coins=5))


def test_monte_carlo_agrees_with_the_exact_chance_within_its_interval():
    b = Board.new({h: 9 if h == CENTRE else 7 for h in FIELDS}).claim((1, 0), "me", support=1)
    hand = [CAT["Pikemen"], CAT["Spearmen"], CAT["Palisade"]]
    fol = {W: 3, C: 1, M: 1}
    exact = conquer_chance(b, "me", hand, fol, CENTRE, draws=2)
    mc = conquer_chance(b, "me", hand, fol, CENTRE, draws=2, max_exact=0, samples=4000, seed=5)
    assert exact.method == "exact" and mc.method == "monte carlo" and mc.samples == 4000
    assert 0 < exact.p < 1 and mc.low <= exact.p <= mc.high
    assert mc.high - mc.low < 0.05
    assert exact.deck_size == 129 - 3
    # more draws never lower the chance
    assert conquer_chance(b, "me", hand, fol, CENTRE, draws=3, samples=2000).p >= exact.p - 0.02
    # a hand that conquers already is certain
    sure = conquer_chance(b, "me", hand + [CAT["Battle Fury"]], fol, CENTRE, draws=2)
    assert (sure.p, sure.method, sure.outcomes) == (1.0, "exact", 1)


def test_the_default_deck_is_the_catalog_less_the_known_cards():
    deck = remaining_deck([CAT["Militia"]], exclude=["Militia", "Claim"])
    names = [c.name for c in deck]
    assert len(deck) == 126 and names.count("Militia") == 2 and names.count("Claim") == 2
    with pytest.raises(ValueError, match="no copy"):
        remaining_deck(exclude=["Royal Charter", "Royal Charter"])
    b = flat()
    with pytest.raises(ValueError, match="cannot draw"):
        conquer_chance(b, "me", [], {W: 1}, CENTRE, draws=3, deck=[CAT["Militia"]])
    taken = b.claim(CENTRE, "them")
    with pytest.raises(ValueError, match="already taken"):
        conquer_chance(taken, "me", [], {W: 1}, CENTRE)


# ---- the engine agrees ------------------------------------------------------------------------------------

def engine_board(g: Game, player: int = 0) -> Board:
    b = Board.new({FIELDS[f]: g.diff[f] for f in range(g.nf)})
    for f in range(g.nf):
        o = g.owner[f]
        if o >= 0:
            ts = g.defs[g.troop[f]].support if g.troop[f] >= 0 else 0
            fs = g.defs[g.fort[f]].support if g.fort[f] >= 0 else 0
            b = b.claim(FIELDS[f], "me" if o == player else f"seat{o}", support=ts, fortification=fs,
                        troop=g.troop[f] >= 0, fortified=g.fort[f] >= 0)
    return b


def engine_hand(g: Game, seat: int = 0) -> list:
    return [CAT[g.defs[i].name] for i in g.seats[seat].hand]


def engine_followers(g: Game, seat: int = 0) -> dict[str, int]:
    s = g.seats[seat]
    return {k: s.fol[i] - s.exp[i] for i, k in enumerate((W, C, M))}


def play_plan(g: Game, plan) -> None:
    """Make the plan's plays in the engine (the seat's first copy of each card)."""
    kinds = {W: 0, C: 1, M: 2}
    for step in plan.steps:
        if step.kind == "hire":
            assert g.decision == HIRE and g.decider == 0
            g.apply(Action("hire", kinds[step.card]))
            continue
        assert g.decision == TASKS and g.decider == 0
        iid = next(i for i in g.seats[0].hand if g.defs[i].name == step.card)
        if step.kind == "magic":
            targets = [kinds[k] for k in step.refresh] + [-1, -1]
            g.apply(Action("magic", iid, targets[0], targets[1]))
        else:
            g.apply(Action(step.kind, iid, FIELDS.index(step.field)))


def engine_can_conquer(g: Game, target: int, seen: set | None = None) -> bool:
    """Whether any sequence of the active seat's plays reaches a legal conquest of ``target``."""
    seen = set() if seen is None else seen
    key = g.fingerprint()
    if key in seen:
        return False
    seen.add(key)
    for a in g.legal_actions():
        if a.kind == "conquer" and a.b == target:
            return True
        if a.kind in ("conquer", "fortify", "magic"):
            c = g.clone()
            c.apply(a)
            if c.decision == TASKS and c.decider == 0 and engine_can_conquer(c, target, seen):
                return True
    return False


CASES = [
    # fortification: Keep on the Militia's field 10, then Spearmen 3 + 4 on the centre's 7
    dict(hands={0: ["Spearmen", "Keep"]}, diff={9: 7}, fields={10: (0, "Militia", None)}, fol=(1, 2, 0), short=(1, 1, 0)),
    # boost: Siege Magic +4 on Pikemen 5 against 9
    dict(hands={0: ["Pikemen", "Siege Magic"]}, diff={9: 9}, fields={}, fol=(2, 1, 1), short=(2, 0, 1)),
    # steal support: two opposing Shieldbearers (3 each) next to the centre
    dict(hands={0: ["Spearmen", "Turncoats"]}, diff={9: 9},
         fields={4: (1, "Shieldbearers", None), 5: (1, "Shieldbearers", None)}, fol=(1, 0, 1), short=(1, 0, 0)),
    # a conquest next to the target first, fortified: Militia on 10 (difficulty 2), Keep, Mounted Lancers 6 + 4
    dict(hands={0: ["Militia", "Keep", "Mounted Lancers"]}, diff={9: 10, 10: 2}, fields={}, fol=(3, 2, 0), short=(2, 2, 0)),
    # refresh: Palisade and Garrison on two Militia fields with one craftsman and Second Wind
    dict(hands={0: ["Palisade", "Garrison", "Mounted Lancers", "Second Wind"]}, diff={9: 9},
         fields={10: (0, "Militia", None), 8: (0, "Militia", None)}, fol=(2, 1, 1), short=(2, 1, 0)),
    # Borrowed Banners: steal and +1 together
    dict(hands={0: ["Spearmen", "Borrowed Banners"]}, diff={9: 8},
         fields={4: (1, "Shieldbearers", None), 13: (2, "Sappers", "Palisade")}, fol=(2, 0, 1), short=(1, 0, 1)),
]


@pytest.mark.parametrize("case", CASES, ids=["fortify", "boost", "steal", "conquer-first", "refresh", "banners"])
def test_engine_plays_the_plan_and_finds_nothing_when_the_budget_forbids(case):
    target = 9
    g = position(case["hands"], diff=case["diff"], fields=case["fields"], followers={0: case["fol"]})
    board = engine_board(g)
    assert target not in {FIELDS.index(o.field) for o in conquerable(board, "me", engine_hand(g), engine_followers(g))}
    assert not any(a.kind == "conquer" and a.b == target for a in g.legal_actions())
    plan = plan_turn(board, "me", engine_hand(g), engine_followers(g))[FIELDS[target]]
    assert engine_can_conquer(g, target)
    coins = g.seats[0].coins
    play_plan(g, plan)
    assert g.owner[target] == 0
    assert g.seats[0].coins == coins + plan.reward
    shortf = dict(zip((W, C, M), case["short"]))
    assert FIELDS[target] not in plan_turn(board, "me", engine_hand(position(case["hands"], diff=case["diff"],
                                                                              fields=case["fields"],
                                                                              followers={0: case["fol"]})), shortf)
    try:
        short = position(case["hands"], diff=case["diff"], fields=case["fields"], followers={0: case["short"]})
    except PositionError as exc:   # no card of the hand can be played: the engine does not stop in Complete Tasks
        assert "can play no card" in str(exc)
        return
    assert engine_followers(short) == shortf and engine_board(short) == board
    assert not engine_can_conquer(short, target)


def test_engine_hires_the_follower_the_plan_names():
    hands, diff, fields = {0: ["Pikemen", "Garrison"]}, {9: 7}, {10: (0, "Militia", None)}
    # five coins after conquering the Militia's field: seat a has hired six followers (mages, of no use here)
    g = position(hands, diff=diff, fields=fields, followers={0: (2, 0, 6)}, coins={0: 5}, decision="hire")
    board, hand = engine_board(g), engine_hand(g)
    assert FIELDS[9] not in plan_turn(board, "me", hand, engine_followers(g))
    plan = plan_turn(board, "me", hand, engine_followers(g), coins=g.seats[0].coins)[FIELDS[9]]
    assert plan.hire == C and plan.cards == ["Garrison", "Pikemen"]
    play_plan(g, plan)
    assert g.owner[9] == 0 and g.seats[0].coins == 5 - 5 + 7
    # with 4 coins there is no hire (the engine would not even ask): the same board and hand have no plan
    assert FIELDS[9] not in plan_turn(board, "me", hand, {W: 2, C: 0, M: 6}, coins=4)


NO_DRAW = sorted(c.name for c in CAT if c.type != "magic"
                 or not any(e["do"] in ("draw", "claim") for e in c.fields["effects"]))


def test_random_small_positions_calculator_and_engine_agree_on_every_field():
    rng = random.Random(15)
    checked = agree_yes = 0
    for case in range(60):
        hand = rng.sample(NO_DRAW, 4)
        if sum(CAT[n].type == "troop" for n in hand) > 2:
            continue
        fol = (rng.randint(1, 3), rng.randint(0, 2), rng.randint(0, 2))
        diff = [rng.randint(3, 11) for _ in range(19)]
        fields = {}
        troops = rng.sample([n for n in ("Militia", "Sappers", "Shieldbearers", "Scouts", "Crossbowmen", "Wardens")
                             if n not in hand], 4)
        forts = rng.sample([n for n in ("Palisade", "Moat", "Outpost", "Watchtower") if n not in hand], 2)
        for k, f in enumerate(rng.sample(range(19), 4)):
            fields[f] = (rng.choice((0, 1)), troops[k], forts[k] if k < 2 and rng.random() < 0.5 else None)
        try:
            g = position({0: hand}, diff=diff, fields=fields, followers={0: fol}, seed=case)
        except PositionError as exc:   # the engine does not stop in a Complete Tasks with no card to play
            assert "can play no card" in str(exc)
            bare = position({0: hand + ["Alchemy"]}, diff=diff, fields=fields, followers={0: (fol[0], fol[1], fol[2] + 1)},
                            seed=case)
            assert not plan_turn(engine_board(bare), "me", engine_hand(bare)[:-1], {W: fol[0], C: fol[1], M: fol[2]})
            checked += 19 - len(fields)
            continue
        plans = plan_turn(engine_board(g), "me", engine_hand(g), engine_followers(g))
        for f in range(19):
            if g.owner[f] >= 0:
                continue
            says = FIELDS[f] in plans
            assert says == engine_can_conquer(g, f), (hand, fol, f)
            checked += 1
            if says:
                agree_yes += 1
                c = g.clone()
                play_plan(c, plans[FIELDS[f]])
                assert c.owner[f] == 0
    assert checked > 400 and agree_yes > 50
