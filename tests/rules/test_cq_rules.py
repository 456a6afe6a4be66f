"""Conquest of the Fallen Lands (ruleset ``conquest``): one test or more per rule of docs/rules.md,
section "Conquest", each built so that the other reading of the rule fails it. Situations are set
up as positions (docs/positions.md, section "Conquest"): :func:`cq` builds the position's dict, and
``fwlab.rules.engines.load_position`` sets the game up from it, checking that the engine could
reach it. No test writes an engine attribute.

Field numbers are :func:`fwlab.rules.hexgrid.board_fields` order on the radius-2 board: the centre
is field 9, its neighbours 4, 5, 8, 10, 13, 14; field 0 is a corner with neighbours 1, 3, 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from fwlab.catalog import Card, Catalog, CatalogError, load_catalog
from fwlab.rules.conquest import compile_card, new_game, replay, shared_deck
from fwlab.rules.conquest.game import DIFFICULTIES, Game
from fwlab.rules.conquest.position import seat_of_turn
from fwlab.rules.core import Action, IllegalAction
from fwlab.rules.engines import engine_for, load_position, position_of
from fwlab.rules.hexgrid import board_fields, field_count

W, C, M = 0, 1, 2
CAT = load_catalog("conquest")
DEFS = shared_deck(CAT)
CENTRE = 9
CENTRE_NEIGHBOURS = (4, 5, 8, 10, 13, 14)
FLAT = 6
KINDS = ("warrior", "craftsman", "mage")
#: three cards no troop or claim can make use of: fillers for the hands a position must hold
FILL = ["Alchemy", "Moat", "Palisade", "Outpost", "Divination", "Watchtower", "Garrison", "Tribute"]

Field = tuple[Any, ...]   # (seat, troop or None for a Claim, fortification or None[, turn taken])


def cq(hands: Mapping[int, Sequence[str]] | None = None, *, n: int = 4, active: int = 0, round: int = 3,
       decision: str = "tasks", followers: Mapping[int, tuple[int, int, int]] | None = None,
       expended: Mapping[int, tuple[int, int, int]] | None = None, coins: Mapping[int, int] | None = None,
       diff: Mapping[int, int] | Sequence[int] | None = None, fields: Mapping[int, Field] | None = None,
       deck: Sequence[str] | None = None, discard: Sequence[str] | None = None, recent: int | None = 18,
       **top: Any) -> dict[str, Any]:
    """A position of ``n`` seats: ``active``'s turn, the first of its ``round`` (round 1: turn 1),
    at ``decision``.

    ``hands``: card names per seat (others empty); ``followers``/``expended``: (warriors,
    craftsmen, mages) per seat (default two warriors, none expended); ``coins`` per seat (default
    25, or the least the seat's conquests and hires allow); ``diff``: every field's difficulty (a
    list of 19) or some of them over a board of 6s (``options.difficulties`` then names the
    multiset); ``fields``: field -> (seat, troop or None for a Claim, fortification or None[, the
    turn it was taken]); ``deck``: the top cards, top first, over the rest of the shared deck
    (only those when it ends with "!"; left out: the rest of the shared deck shuffled by the seed);
    ``discard``: the discard pile. When no field is taken, field ``recent`` is marked as claimed by
    the seat that played the turn before (a game where nobody took a field for a whole round is
    over, CQ-END-2). The round is raised as far as the followers need (one hire a turn)."""
    fol = {s: tuple((followers or {}).get(s, (2, 0, 0))) for s in range(n)}
    fields = dict(fields or {})
    at_hire = decision == "hire"
    if round > 1:   # active plays the first turn of each round from 2 on: `round` turns, the others one less
        need = max([sum(fol[active]) - 2 + at_hire] + [sum(fol[s]) - 2 + 1 for s in range(n) if s != active])
        round = max(round, need, 2)
    turn = 1 if round == 1 else (round - 1) * n + 1
    first = active if round == 1 else (active - 1) % n
    if not fields and recent is not None and turn > 1:
        prev = next(t for t in range(turn - 1, 0, -1) if seat_of_turn(t, n, first) != active)
        fields[recent] = (seat_of_turn(prev, n, first), None, None, prev)
    if isinstance(diff, Mapping) or diff is None:
        diffs = [FLAT] * 19
        for f, d in (diff or {}).items():
            diffs[f] = d
    else:
        diffs = list(diff)
    board = []
    for f in range(19):
        e: dict[str, Any] = {"difficulty": diffs[f]}
        if f in fields:
            seat, troop, fort, *when = fields[f]
            e["owner"] = seat
            if when:
                e["turn"] = when[0]
            if troop is not None:
                e["troop"] = troop
            if fort is not None:
                e["fortification"] = fort
        board.append(e)
    seats = []
    for s in range(n):
        hires = sum(fol[s]) - 2
        earned = sum(diffs[f] for f, v in fields.items() if v[0] == s and v[1] is not None)
        seat: dict[str, Any] = {"coins": (coins or {}).get(s, max(25, 25 + earned - 5 * hires)),
                                "followers": dict(zip(KINDS, fol[s])), "hand": list((hands or {}).get(s, []))}
        if expended and s in expended:
            seat["expended"] = dict(zip(KINDS, expended[s]))
        seats.append(seat)
    pos: dict[str, Any] = {"ruleset": "conquest", "turn": turn, "active": active, "decision": decision,
                           "seats": seats, "board": board, "discard": list(discard or [])}
    options = dict(top.pop("options", {}))
    if sorted(diffs) != sorted(DIFFICULTIES):
        options["difficulties"] = sorted(diffs)
    if options:
        pos["options"] = options
    if deck is not None:
        top_cards = [c for c in deck if c != "!"]
        if deck and deck[-1] == "!":
            pos["deck"] = top_cards
        else:
            used = Counter(top_cards + list(discard or []) + [c for h in (hands or {}).values() for c in h]
                           + [x for v in fields.values() for x in v[1:3] if x is not None])
            rest = []
            for d in DEFS:
                if used[d.name] > 0:
                    used[d.name] -= 1
                else:
                    rest.append(d.name)
            pos["deck"] = top_cards + rest
    pos.update(top)
    return pos


def load(pos: Mapping[str, Any]) -> Game:
    return load_position(pos, CAT)


def show(g: Game) -> dict[str, Any]:
    return position_of("conquest", g)


def hand_names(g: Game, seat: int) -> list[str]:
    return [c["card"] for c in show(g)["seats"][seat]["hand"]]


def iid_of(g: Game, seat: int, name: str, nth: int = 0) -> int:
    """Instance id of the ``nth`` copy of ``name`` in ``seat``'s hand."""
    return [c["id"] for c in show(g)["seats"][seat]["hand"] if c["card"] == name][nth]


def names(g: Game, iids: Sequence[int]) -> list[str]:
    return [g.defs[i].name for i in iids]


def field(g: Game, f: int) -> dict[str, Any]:
    return show(g)["board"][f]  # type: ignore[no-any-return]


def fresh(n: int = 4, first: int = 0, seed: int = 1, **options: Any) -> Game:
    """A new game at its first decision (the free followers), through the registry."""
    return engine_for("conquest").new_game("conquest", [None] * n, seed, first, catalog=CAT, **options)  # type: ignore[no-any-return]


def pick_all(g: Game, kinds: tuple[int, int] = (W, W)) -> list[int]:
    """Every seat takes the same two free followers; returns the seats in the order they picked."""
    order = []
    while g.decision_name == "followers":
        order.append(g.current_player())
        g.apply(Action("follower", kinds[(len(order) - 1) % 2]))
    return order


def illegal(g: Game, action: str, *words: str) -> None:
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    for w in words:
        assert w in str(err.value), str(err.value)


def card(name: str, type_: str, **fields: object) -> Card:
    return Card("conquest", name, type_, None, "common", None, None, None, "",
                {"name": name, "type": type_, "copies": 1, **fields}, source="test.toml", line=3)


# ------------------------------------------------------------------ CQ-CARD-1
def test_CQ_CARD_1_every_shipped_card_compiles_and_the_deck_is_every_copy():
    deck = shared_deck(CAT)
    assert len(deck) == sum(c.fields["copies"] for c in CAT) == 129
    assert Counter(d.name for d in deck)["Militia"] == 4
    effects = {e.op for d in deck for e in d.effects}
    assert effects == {0, 1, 2, 3, 4, 5}   # claim, boost, draw, coins, steal_support, refresh all shipped


@pytest.mark.parametrize("c, field, words", [
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "teleport"}]), "effects[0]", "do='teleport'"),
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "draw", "n": 1, "twice": True}]), "effects[0]",
     "parameter 'twice'"),
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "draw"}]), "effects[0]", "needs 'n'"),
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "claim", "max": 4}, {"do": "refresh", "n": 2}]),
     "effects", "needs 3 targets"),
    (card("X", "troop", followers={"warrior": 1}, attack=2, support=0, range=3), "range", "field 'range'"),
    (card("X", "fortification", followers={"archer": 1}, support=1), "followers", "follower 'archer'"),
    (card("X", "magic", followers={"warrior": 1}, effects=[{"do": "draw", "n": 1}]), "followers", "at least one mage"),
])
def test_CQ_CARD_1_a_field_or_effect_the_engine_does_not_execute_is_a_load_error(c, field, words):
    with pytest.raises(CatalogError) as err:
        compile_card(c)
    assert err.value.field == field and err.value.card == "X" and err.value.file == "test.toml"
    assert words in str(err.value)


# ------------------------------------------------------------------ CQ-BOARD-1
def test_CQ_BOARD_1_nineteen_fields_with_the_ruled_difficulties_laid_out_by_the_seed():
    a, b, a2 = fresh(seed=1), fresh(seed=2), fresh(seed=1)
    board = show(a)["board"]
    assert len(board) == 19 == len(board_fields(2)) and sorted(e["difficulty"] for e in board) == list(DIFFICULTIES)
    assert sorted(DIFFICULTIES) == [1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12]
    assert show(a2)["board"] == board and show(b)["board"] != board          # the seed lays the board out
    layouts = {tuple(e["difficulty"] for e in show(fresh(seed=s))["board"]) for s in range(20)}
    assert len(layouts) == 20
    assert [e["at"] for e in board] == [list(h) for h in board_fields(2)] and board[CENTRE]["at"] == [0, 0]
    assert len(a.adj[CENTRE]) == 6 and sorted(a.adj[CENTRE]) == list(CENTRE_NEIGHBOURS) and len(a.adj[0]) == 3


def test_CQ_BOARD_1_radius_and_difficulties_are_parameters():
    g = fresh(board_radius=1, difficulties=(1, 2, 3, 4, 5, 6, 12))
    pos = show(g)
    assert len(pos["board"]) == 7 == field_count(1) and sorted(e["difficulty"] for e in pos["board"]) == [1, 2, 3, 4, 5, 6, 12]
    assert pos["options"] == {"board_radius": 1, "difficulties": [1, 2, 3, 4, 5, 6, 12]}
    assert g.record.options == {"board_radius": 1, "difficulties": [1, 2, 3, 4, 5, 6, 12]}
    assert fresh(difficulties=DIFFICULTIES).record.options == {}        # the default is not recorded
    with pytest.raises(ValueError, match="radius 1 has 7 fields: it needs 7 difficulties, not 19"):
        fresh(board_radius=1)
    with pytest.raises(ValueError, match="difficulty is 1 to 12, not 13"):
        fresh(difficulties=[13] * 19)


# ------------------------------------------------------------------ CQ-SETUP-1/2
@pytest.mark.parametrize("n", [3, 4, 5])
def test_CQ_SETUP_1_twenty_five_coins_and_eight_hidden_cards_each_from_one_shuffled_deck(n):
    g = fresh(n=n, seed=7)
    pos = show(g)
    assert [s["coins"] for s in pos["seats"]] == [25] * n
    assert [len(s["hand"]) for s in pos["seats"]] == [8] * n
    assert pos["deck_size"] == 129 - 8 * n and pos["discard"] == [] and g.card_count() == 129
    deck = engine_for("conquest").position_of(g, deck=True)["deck"]
    again = engine_for("conquest").position_of(fresh(n=n, seed=7), deck=True)["deck"]
    other = engine_for("conquest").position_of(fresh(n=n, seed=8), deck=True)["deck"]
    assert [c["id"] for c in deck] != sorted(c["id"] for c in deck) and again == deck and other != deck
    assert [s["followers"] for s in pos["seats"]] == [{"warrior": 0, "craftsman": 0, "mage": 0}] * n
    with pytest.raises(ValueError, match="3 to 5 seats, not 2"):
        fresh(n=2)


def test_CQ_SETUP_2_two_free_followers_of_any_kind_each_in_round_one_order():
    g = fresh(n=4, first=1)
    assert g.decision_name == "followers" and g.legal_actions() == [Action("follower", k) for k in range(3)]
    deciders = []
    kinds = [(M, M), (W, C), (C, C), (W, M)]
    for i in range(8):
        deciders.append(g.current_player())
        g.apply(Action("follower", kinds[i // 2][i % 2]))
    assert deciders == [1, 1, 0, 0, 3, 3, 2, 2]           # after seeing their 8 cards, in turn order
    assert [tuple(s["followers"].values()) for s in show(g)["seats"]] == [(1, 1, 0), (0, 0, 2), (1, 0, 1), (0, 2, 0)]
    assert g.decision_name != "followers" and show(g)["active"] == 1 and show(g)["turn"] == 1
    illegal(fresh(), "follower 3", "K is 0 (warrior), 1 (craftsman) or 2 (mage)")


# ------------------------------------------------------------------ CQ-ORDER-1
def _turn_order(n: int, first: int, seed: int = 3, **options: Any) -> list[int]:
    """The seat of every turn of a whole game of heuristic bots."""
    eng = engine_for("conquest")
    g = eng.new_game("conquest", [None] * n, seed, first, catalog=CAT, **options)
    bots = [eng.make_bot("heuristic", seed + s) for s in range(n)]
    seen: list[int] = []
    while not g.is_terminal():
        if g.turn != len(seen) and g.turn > 0:
            seen.append(g.active)
        g.apply(bots[g.current_player()].choose(g))
    assert len(seen) >= 3 * n
    return seen


def test_CQ_ORDER_1_round_one_counter_clockwise_then_clockwise_from_its_last_player():
    # seats are numbered clockwise: counter-clockwise from seat 1 is 1, 0, 3, 2
    for n, first, head in ((4, 1, [1, 0, 3, 2, 2, 3, 0, 1, 2, 3, 0, 1]), (3, 0, [0, 2, 1, 1, 2, 0, 1, 2, 0]),
                           (5, 3, [3, 2, 1, 0, 4, 4, 0, 1, 2, 3])):
        seen = _turn_order(n, first)
        assert seen[:len(head)] == head
        later = [(first + 1 + i) % n for i in range(n)]            # every round after the first
        assert all(seen[t] == later[(t - n) % n] for t in range(n, len(seen)))
        assert seen == [seat_of_turn(t, n, first) for t in range(1, len(seen) + 1)]


def test_CQ_ORDER_1_option_turn_order_clockwise_runs_clockwise_from_the_first_player_every_round():
    seen = _turn_order(4, 1, turn_order="clockwise")
    assert seen[:8] == [1, 2, 3, 0, 1, 2, 3, 0]                     # no reversed first round, no double turn
    assert all(seen[t] == (1 + t) % 4 for t in range(len(seen)))
    g = fresh(first=1, turn_order="clockwise")
    assert pick_all(g) == [1, 1, 2, 2, 3, 3, 0, 0]                  # the free followers in that order too
    assert g.record.options == {"turn_order": "clockwise"} and show(g)["options"] == {"turn_order": "clockwise"}
    # through a position: after seat a's turn in round 1 comes seat b, where 003 gives seat d
    for order, nxt in (("clockwise", 1), ("reverse-first-round", 3)):
        p = load(cq({0: ["Militia"] + FILL[:7], 1: FILL, 2: FILL, 3: FILL}, round=1, decision="exchange",
                    options={"turn_order": order}, recent=None))
        p.apply("done")
        assert show(p)["active"] == nxt and show(p)["turn"] == 2


# ------------------------------------------------------------------ CQ-HIRE-1
def test_CQ_HIRE_1_five_coins_one_follower_a_turn_available_at_once():
    g = load(cq({0: ["Pikemen"]}, followers={0: (1, 1, 0)}, diff={CENTRE: 5}, decision="hire"))
    assert g.legal_actions() == [Action("nohire"), Action("hire", 0), Action("hire", 1), Action("hire", 2)]
    g.apply("hire 0")
    s = show(g)["seats"][0]
    assert s["coins"] == 20 and s["followers"] == {"warrior": 2, "craftsman": 1, "mage": 0}
    assert g.decision_name == "tasks"                                # one hire a turn: on to Complete Tasks
    illegal(g, "hire 0", "start of your turn")
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")          # the new warrior works this turn
    assert show(g)["seats"][0]["coins"] == 25 and field(g, CENTRE)["owner"] == 0
    # without the hire, one warrior does not play Pikemen: the engine goes past Complete Tasks
    g = load(cq({0: ["Pikemen"]}, followers={0: (1, 1, 0)}, diff={CENTRE: 5}, decision="hire"))
    g.apply("nohire")
    assert g.decision_name != "tasks" and field(g, CENTRE).get("owner") is None


def test_CQ_HIRE_1_no_hire_decision_under_five_coins():
    # seat b has hired five followers (25 coins) and holds 4: it has had at least five turns
    hands = {0: ["Militia", "Scouts"], 1: ["Moat", "Palisade"]}
    g = load(cq(hands, followers={1: (7, 0, 0)}, coins={1: 4}, decision="exchange"))
    g.apply("done")
    s = show(g)
    assert s["active"] == 1 and s["decision"] == "exchange" and s["seats"][1]["coins"] == 4   # straight to the Draw step
    assert len(s["seats"][1]["hand"]) == 3
    g2 = load(cq(hands, followers={1: (7, 0, 0)}, coins={1: 5}, decision="exchange"))
    g2.apply("done")
    assert show(g2)["active"] == 1 and g2.decision_name == "hire"


# ------------------------------------------------------------------ CQ-FOLLOWERS-1
def test_CQ_FOLLOWERS_1_a_card_needs_exactly_its_followers_never_substitutes():
    g = load(cq({0: ["Pikemen", "Halberdiers", "Alchemy"]}, followers={0: (1, 2, 2)}, diff={CENTRE: 1, 0: 1}))
    illegal(g, f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}", "needs 2 warrior unexpended", "CQ-FOLLOWERS-1")
    assert not [a for a in g.legal_actions() if a.kind == "conquer"]
    g = load(cq({0: ["Halberdiers", "Militia"]}, followers={0: (2, 1, 0)}, diff={CENTRE: 1, 0: 1}))
    g.apply(f"conquer {iid_of(g, 0, 'Halberdiers')} {CENTRE}")
    assert show(g)["seats"][0]["expended"] == {"warrior": 2, "craftsman": 1, "mage": 0}
    assert g.decision_name == "exchange"                          # Militia's warrior is expended: nothing left


# ------------------------------------------------------------------ CQ-CONQUER-1..3, CQ-SUPPORT-1
def test_CQ_CONQUER_1_attack_plus_adjacent_own_support_at_least_the_difficulty():
    fields = {4: (0, "Sappers", None), 18: (0, "Shieldbearers", None)}   # support 2 next to the centre, 3 far
    g = load(cq({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 7, 10: 8}, fields=fields))
    before = show(g)["seats"][0]["coins"]
    illegal(g, f"conquer {iid_of(g, 0, 'Pikemen')} 10", "attack 5 + support 0 is less than the difficulty 8")
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")     # 5 + 2 == 7: equal is enough
    assert field(g, CENTRE)["owner"] == 0 and show(g)["seats"][0]["coins"] == before + 7


def test_CQ_CONQUER_1_equal_suffices_and_one_short_does_not():
    g = load(cq({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 6}, fields={4: (0, "Scouts", None)}))
    assert g.why_illegal(Action("conquer", iid_of(g, 0, "Pikemen"), CENTRE)) is None       # 5 + 1 = 6
    g = load(cq({0: ["Pikemen", "Militia"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 7, 0: 2},
                fields={4: (0, "Scouts", None)}))
    assert "less than the difficulty 7" in g.why_illegal(Action("conquer", iid_of(g, 0, "Pikemen"), CENTRE))


def test_CQ_SUPPORT_1_only_your_own_troops_and_fortifications_on_adjacent_fields():
    fields = {4: (1, "Shieldbearers", "Keep"), 5: (0, None, None), 8: (0, "Scouts", "Garrison"), 11: (0, "Sappers", None)}
    g = load(cq({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 9, 10: 6}, fields=fields))
    # own: Scouts 1 + Garrison 2 on field 8 count; seat b's 3 + 4 on field 4 and the claimed field 5 do not;
    # Sappers on 11 is not next to the centre
    assert g.support_for(0, CENTRE) == 3 and g.support_for(1, CENTRE) == 7
    illegal(g, f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}", "attack 5 + support 3 is less than the difficulty 9")
    assert g.support_for(0, 10) == 2                            # next to 11 (Sappers 2) and to the claimed 5 (0)
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} 10")
    assert field(g, 10)["owner"] == 0


def test_CQ_CONQUER_2_only_untaken_fields_and_one_troop_per_field():
    g = load(cq({0: ["Militia", "Militia"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 1, 4: 1, 0: 1},
                fields={4: (1, None, None)}))
    illegal(g, f"conquer {iid_of(g, 0, 'Militia')} 4", "already taken")              # claimed by seat b
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    illegal(g, f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}", "already taken")       # own field too
    assert field(g, CENTRE)["troop"]["card"] == "Militia" and field(g, 4)["owner"] == 1 and g.card_count() == 129


def test_CQ_CONQUER_3_the_reward_is_the_difficulty_and_the_troop_stays():
    g = load(cq({0: ["Heavy Infantry", "Militia"]}, followers={0: (4, 0, 0)}, diff={CENTRE: 8, 0: 2}))
    heavy = iid_of(g, 0, "Heavy Infantry")
    g.apply(f"conquer {heavy} {CENTRE}")
    pos = engine_for("conquest").position_of(g, deck=True)
    assert pos["seats"][0]["coins"] == 33 and pos["board"][CENTRE]["troop"] == {"id": heavy, "card": "Heavy Infantry"}
    assert heavy not in [c["id"] for c in pos["deck"] + pos["discard"]]
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} 0")
    assert show(g)["seats"][0]["coins"] == 35 and show(g)["seats"][0]["fields"] == 2


# ------------------------------------------------------------------ CQ-FORTIFY-1
def test_CQ_FORTIFY_1_own_conquered_fields_one_each_even_the_same_turn():
    g = load(cq({0: ["Militia", "Garrison", "Palisade", "Moat"]}, followers={0: (1, 3, 0)}, diff={CENTRE: 2, 10: 7},
                fields={4: (1, "Scouts", None), 5: (0, None, None), 18: (0, "Wardens", None)}))
    garrison, palisade, moat = (iid_of(g, 0, x) for x in ("Garrison", "Palisade", "Moat"))
    illegal(g, f"fortify {garrison} 4", "not yours with your troop")   # seat b's field
    illegal(g, f"fortify {garrison} 5", "not yours with your troop")   # claimed: no troop
    illegal(g, f"fortify {garrison} {CENTRE}", "not yours with your troop")   # not yet conquered
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    g.apply(f"fortify {garrison} {CENTRE}")                     # conquered earlier the same turn
    illegal(g, f"fortify {palisade} {CENTRE}", "one per field")
    assert field(g, CENTRE)["fortification"]["card"] == "Garrison"
    assert g.support_for(0, 10) == 2 and g.card_count() == 129
    g.apply(f"fortify {moat} 18")
    assert field(g, 18)["fortification"]["card"] == "Moat" and g.support_for(0, 17) == 1 + 1
    assert g.decision_name == "exchange"                        # the third craftsman has nothing left to fortify


# ------------------------------------------------------------------ CQ-MAGIC-1..3
def test_CQ_MAGIC_1_magic_needs_a_mage_and_only_in_your_own_complete_tasks():
    g = load(cq({0: ["Alchemy", "Alchemy", "Militia"], 1: ["Alchemy"]}, followers={0: (2, 0, 1), 1: (1, 0, 1)},
                diff={CENTRE: 1}))
    alch = iid_of(g, 0, "Alchemy")
    g.apply(f"magic {alch}")
    assert show(g)["seats"][0]["coins"] == 28 and show(g)["discard"][-1] == {"id": alch, "card": "Alchemy"}
    illegal(g, f"magic {iid_of(g, 0, 'Alchemy')}", "needs 1 mage unexpended")
    g = load(cq({0: ["Alchemy", "Militia"], 1: ["Alchemy"]}, followers={0: (1, 0, 1), 1: (1, 0, 1)},
                decision="exchange"))
    illegal(g, f"magic {iid_of(g, 0, 'Alchemy')}", "only in your own Complete Tasks")
    g.apply("done")
    assert g.current_player() == 1 and g.decision_name == "hire"
    illegal(g, f"magic {iid_of(g, 1, 'Alchemy')}", "only in your own Complete Tasks")


def test_CQ_MAGIC_1_boost_adds_to_the_next_troop_only_and_boosts_add_up():
    g = load(cq({0: ["Battle Fury", "Bloodlust", "Pikemen", "Spearmen", "Foresight"]}, followers={0: (3, 0, 3)},
                diff={CENTRE: 10, 10: 4, 0: 12}, deck=["Militia"]))
    pike, spear = iid_of(g, 0, "Pikemen"), iid_of(g, 0, "Spearmen")
    illegal(g, f"conquer {pike} {CENTRE}", "less than the difficulty 10")
    g.apply(f"magic {iid_of(g, 0, 'Battle Fury')}")
    g.apply(f"magic {iid_of(g, 0, 'Bloodlust')}")
    assert show(g)["boost"] == 5
    g.apply(f"conquer {pike} {CENTRE}")                          # 5 + 2 + 3 = 10
    assert "boost" not in show(g)
    illegal(g, f"conquer {spear} 10", "attack 3 + support 0 is less than the difficulty 4")   # used up
    g.apply(f"magic {iid_of(g, 0, 'Foresight')}")                # draw 1 and +1
    assert hand_names(g, 0)[-1] == "Militia" and show(g)["boost"] == 1
    g.apply(f"conquer {spear} 10")
    assert field(g, 10)["owner"] == 0


def test_CQ_MAGIC_1_an_unused_boost_ends_with_the_turn():
    g = load(cq({0: ["Battle Fury"], 1: ["Militia"]}, followers={0: (1, 0, 1), 1: (7, 0, 0)},
                diff={CENTRE: 4, 0: 2}, coins={1: 0}, fields={18: (1, None, None)}))
    g.apply(f"magic {iid_of(g, 0, 'Battle Fury')}")
    assert show(g)["active"] == 1 and "boost" not in show(g)
    illegal(g, f"conquer {iid_of(g, 1, 'Militia')} {CENTRE}", "attack 2 + support 0")


def test_CQ_MAGIC_1_draw_and_coins():
    g = load(cq({0: ["Divination", "Arcane Library", "Tribute", "Philosopher's Stone"]}, followers={0: (0, 1, 6)}))
    before = show(g)["deck_size"]
    coins = show(g)["seats"][0]["coins"]
    g.apply(f"magic {iid_of(g, 0, 'Divination')}")
    assert len(show(g)["seats"][0]["hand"]) == 3 + 2 and show(g)["deck_size"] == before - 2
    g.apply(f"magic {iid_of(g, 0, 'Arcane Library')}")
    assert len(show(g)["seats"][0]["hand"]) == 4 + 4
    g.apply(f"magic {iid_of(g, 0, 'Tribute')}")
    assert show(g)["seats"][0]["coins"] == coins + 4 and len(show(g)["seats"][0]["hand"]) == 7 + 1
    g.apply(f"magic {iid_of(g, 0, 'Philosopher' + chr(39) + 's Stone')}")
    assert show(g)["seats"][0]["coins"] == coins + 10 and g.seats[0].exp == [0, 1, 6]


def test_CQ_MAGIC_1_steal_support_counts_opponents_support_for_the_next_conquest_only():
    fields = {4: (1, "Shieldbearers", "Keep"), 14: (2, "Sappers", None), 3: (1, "Shieldbearers", None)}
    g = load(cq({0: ["Turncoats", "Pikemen", "Mounted Lancers"]}, followers={0: (4, 0, 1)},
                diff={CENTRE: 12, 8: 12}, fields=fields))
    pike, lancers = iid_of(g, 0, "Pikemen"), iid_of(g, 0, "Mounted Lancers")
    illegal(g, f"conquer {pike} {CENTRE}", "attack 5 + support 0")
    g.apply(f"magic {iid_of(g, 0, 'Turncoats')}")
    assert show(g)["steal"] is True and g.support_for(0, CENTRE) == 3 + 4 + 2   # both opponents' troops and the Keep
    g.apply(f"conquer {pike} {CENTRE}")                          # 5 + 9 >= 12
    assert "steal" not in show(g) and g.support_for(0, 8) == 0   # next to 3 and 4 (seat b) and the centre (mine: 0)
    illegal(g, f"conquer {lancers} 8", "attack 6 + support 0 is less than the difficulty 12")


def test_CQ_MAGIC_1_refresh_restores_expended_followers_of_the_kinds_named():
    g = load(cq({0: ["Pikemen", "Mounted Lancers", "Call to Arms", "Second Wind"]}, followers={0: (2, 0, 2)},
                diff={CENTRE: 5, 0: 6}))
    coins = show(g)["seats"][0]["coins"]
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")
    wind = iid_of(g, 0, "Second Wind")
    illegal(g, f"magic {wind} 1", "no expended craftsman")
    illegal(g, f"magic {wind}", "restores 1 expended follower(s): give the kind")
    call = iid_of(g, 0, "Call to Arms")
    assert Action("magic", call, 0, 0) in g.legal_actions() and Action("magic", call, 0, 2) in g.legal_actions()
    g.apply(f"magic {call} 0 0")
    assert show(g)["seats"][0]["expended"] == {"warrior": 0, "craftsman": 0, "mage": 1}
    g.apply(f"conquer {iid_of(g, 0, 'Mounted Lancers')} 0")
    assert show(g)["seats"][0]["coins"] == coins + 5 + 6


def test_CQ_MAGIC_1_effects_resolve_in_list_order_each_taking_its_targets_in_turn():
    """A card of the test's own (no shipped card is order-sensitive): claim, then refresh; its
    targets are the field, then the follower kind, in that order."""
    reclaim = card("Reclaim", "magic", followers={"mage": 1}, effects=[{"do": "claim", "max": 4}, {"do": "refresh", "n": 1}])
    cat = Catalog("conquest", {**CAT.cards, "Reclaim": reclaim})
    g = load_position(cq({0: ["Reclaim", "Moat"]}, followers={0: (1, 0, 2)}, expended={0: (1, 0, 0)}, diff={17: 4}), cat)
    g.apply(f"magic {iid_of(g, 0, 'Reclaim')} 17 0")
    pos = show(g)
    assert pos["board"][17]["owner"] == 0 and "troop" not in pos["board"][17]
    assert pos["seats"][0]["expended"] == {"warrior": 0, "craftsman": 0, "mage": 1}
    assert all(e.get("owner") is None for f, e in enumerate(pos["board"]) if f not in (17, 18))


def test_CQ_MAGIC_2_a_refresh_names_no_more_followers_than_are_expended():
    g = load(cq({0: ["Call to Arms", "Militia"]}, followers={0: (1, 0, 1)}, diff={CENTRE: 12}))
    call = iid_of(g, 0, "Call to Arms")
    illegal(g, f"magic {call} 2 2", "takes 1 target(s)")        # only the mage it costs is expended
    illegal(g, f"magic {call} 0", "no expended warrior")
    assert [a for a in g.legal_actions() if a.kind == "magic"] == [Action("magic", call, 2)]
    g.apply(f"magic {call} 2")
    assert show(g)["seats"][0]["expended"] == {"warrior": 0, "craftsman": 0, "mage": 0}


def test_CQ_MAGIC_3_claim_takes_a_field_up_to_its_maximum_without_troop_or_coins():
    g = load(cq({0: ["Claim", "Greater Claim", "Prospector's Luck", "Garrison"]}, followers={0: (0, 2, 4)},
                diff={CENTRE: 5, 4: 4, 0: 3, 10: 8}, fields={18: (1, "Militia", None)}))
    coins = show(g)["seats"][0]["coins"]
    claim = iid_of(g, 0, "Claim")
    illegal(g, f"magic {claim} {CENTRE}", "difficulty 4 or less; field 9 has 5")
    illegal(g, f"magic {claim}", "give the field")
    g.apply(f"magic {claim} 4")
    f4 = field(g, 4)
    assert f4["owner"] == 0 and "troop" not in f4 and f4["turn"] == show(g)["turn"]
    assert show(g)["seats"][0]["coins"] == coins and show(g)["seats"][0]["fields"] == 1
    illegal(g, f"magic {iid_of(g, 0, 'Greater Claim')} 4", "already taken")
    illegal(g, f"fortify {iid_of(g, 0, 'Garrison')} 4", "not yours with your troop")    # no troop on it
    g.apply(f"magic {iid_of(g, 0, 'Greater Claim')} 10")
    g.apply(f"magic {iid_of(g, 0, 'Prospector' + chr(39) + 's Luck')} 0")
    assert field(g, 0)["owner"] == 0 and show(g)["seats"][0]["coins"] == coins + 2 and g.support_for(0, 1) == 0


# ------------------------------------------------------------------ CQ-DRAW-1/2, CQ-RESTORE-1
def test_CQ_DRAW_1_draw_one_plus_one_per_unexpended_mage():
    g = load(cq({0: ["Hedge Wizards", "Militia"]}, followers={0: (0, 0, 3)}, diff={CENTRE: 3},
                deck=["Scouts", "Sappers", "Archers", "Moat"]))
    g.apply(f"conquer {iid_of(g, 0, 'Hedge Wizards')} {CENTRE}")    # one of three mages expended; nothing left
    assert hand_names(g, 0) == ["Militia", "Scouts", "Sappers", "Archers"] and g.decision_name == "exchange"
    g = load(cq({0: ["Militia", "Militia"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 2}, deck=["Scouts", "Sappers"]))
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")       # nothing left: the Draw step, no mage
    assert hand_names(g, 0) == ["Militia", "Scouts"] and g.decision_name == "exchange"


def test_CQ_DRAW_2_one_exchange_of_an_even_number_of_cards_chosen_at_once():
    g = load(cq({0: ["Militia", "Scouts", "Moat", "Claim", "Alchemy", "Archers"]}, decision="exchange",
                deck=["Keep", "Pikemen", "Sappers"]))
    hand, discard = hand_names(g, 0), show(g)["discard"]
    g.apply(f"exchange {iid_of(g, 0, 'Moat')} {iid_of(g, 0, 'Claim')}")
    # nothing is discarded or drawn until the whole exchange is chosen
    assert hand_names(g, 0) == hand and show(g)["discard"] == discard and g.decision_name == "exchange"
    assert [c["card"] for c in show(g)["exchanging"]] == ["Moat", "Claim"]
    illegal(g, f"exchange {iid_of(g, 0, 'Moat')} {iid_of(g, 0, 'Militia')}", "already chosen")
    illegal(g, f"exchange {iid_of(g, 0, 'Militia')} {iid_of(g, 0, 'Militia')}", "two different cards")
    g.apply(f"exchange {iid_of(g, 0, 'Archers')} {iid_of(g, 0, 'Alchemy')}")
    assert hand_names(g, 0) == hand and show(g)["discard"] == discard
    g.apply("done")                   # four discarded, two drawn (one for every two), and the turn is over
    pos = show(g)
    assert pos["active"] != 0 and hand_names(g, 0) == ["Militia", "Scouts", "Keep", "Pikemen"]
    assert [c["card"] for c in pos["discard"][-4:]] == ["Moat", "Claim", "Archers", "Alchemy"]
    assert "exchanging" not in pos and g.card_count() == 129


def test_CQ_DRAW_2_cards_drawn_by_the_exchange_cannot_be_exchanged_the_same_turn():
    g = load(cq({0: ["Militia", "Scouts", "Moat", "Claim"]}, decision="exchange", deck=["Keep", "Pikemen"]))
    keep = engine_for("conquest").position_of(g, deck=True)["deck"][0]["id"]
    g.apply(f"exchange {iid_of(g, 0, 'Moat')} {iid_of(g, 0, 'Claim')}")
    illegal(g, f"exchange {keep} {iid_of(g, 0, 'Militia')}", "must be in your hand")
    assert not any(str(keep) in a.split()[1:] for a in show(g)["legal_actions"])
    m, sc = iid_of(g, 0, "Militia"), iid_of(g, 0, "Scouts")
    assert show(g)["legal_actions"] == [f"exchange {m} {sc}", f"exchange {sc} {m}", "done"]
    g.apply("done")
    assert show(g)["active"] != 0 and hand_names(g, 0) == ["Militia", "Scouts", "Keep"]


def test_CQ_DRAW_2_the_exchange_is_made_at_once_when_no_two_cards_are_left_to_choose():
    g = load(cq({0: ["Militia", "Moat", "Claim"]}, decision="exchange", deck=["Keep", "Pikemen"]))
    m, o, c = (iid_of(g, 0, x) for x in ("Militia", "Moat", "Claim"))
    pairs = [(m, o), (m, c), (o, m), (o, c), (c, m), (c, o)]      # either order names a pair: both are listed
    assert show(g)["legal_actions"] == [f"exchange {x} {y}" for x, y in pairs] + ["done"]
    g.apply(f"exchange {c} {o}")      # one card left: nothing more to choose
    pos = show(g)
    assert pos["active"] != 0 and hand_names(g, 0) == ["Militia", "Keep"]
    assert [x["card"] for x in pos["discard"][-2:]] == ["Claim", "Moat"]


def test_CQ_DRAW_2_the_heuristic_bot_chooses_its_whole_exchange_before_anything_is_drawn():
    from fwlab.bots.conquest import HeuristicBot

    # a flat board of 6s: Claims (up to 4) and troops of attack 2 or less are dead; five of them
    hand = ["Claim", "Pikemen", "Scouts", "Militia", "Claim", "Swordsmen", "Wardens"]
    g = load(cq({0: hand}, decision="exchange", deck=["Sappers", "Skirmishers", "Pikemen"]))
    bot = HeuristicBot(0)
    chosen: list[str] = []
    while show(g)["active"] == 0:
        a = bot.choose(g)
        assert hand_names(g, 0) == hand                      # nothing drawn while it chooses
        if a.kind == "exchange":
            chosen += names(g, [a.a, a.b])
        g.apply(a)
    dead = {"Claim", "Scouts", "Militia", "Wardens"}
    assert len(chosen) == 4 and set(chosen) <= dead          # an even number of its five dead cards, at once
    # the two drawn come after the choice: the dead Sappers and Skirmishers stay for another turn
    assert Counter(hand_names(g, 0)) == Counter(hand) - Counter(chosen) + Counter(["Sappers", "Skirmishers"])


@pytest.mark.parametrize("reach", [True, False])
def test_CQ_MAGIC_1_CQ_FORTIFY_1_the_heuristic_reaches_a_hard_field_with_a_fortification_and_two_boosts(reach):
    from fwlab.bots.conquest import HeuristicBot

    # the centre (12) next to seat a's Militia (support 0): Pikemen 5 + Battle Fury 2 + Bloodlust 3
    # + a Garrison (2) on the Militia's field reach it only all together; every other field is a 6,
    # which Pikemen takes with one boost. The bot that combines them (its default) takes the 12;
    # without (reach=False) it takes a 6, as it did before issue 27
    hand = ["Pikemen", "Battle Fury", "Bloodlust", "Garrison"]
    g = load(cq({0: hand}, followers={0: (2, 1, 2)}, diff={CENTRE: 12}, fields={4: (0, "Militia", None)}))
    bot = HeuristicBot(0, reach=reach)
    played: list[str] = []
    while show(g)["active"] == 0 and g.decision_name == "tasks":
        a = bot.choose(g)
        if a.kind != "end":
            played += names(g, [a.a])
        g.apply(a)
    if reach:
        assert field(g, CENTRE)["owner"] == 0 and field(g, CENTRE)["troop"]["card"] == "Pikemen"
        assert field(g, 4)["fortification"]["card"] == "Garrison"
        assert set(played) == set(hand) and played[-1] == "Pikemen"      # the helpers first
    else:
        assert "owner" not in field(g, CENTRE) or field(g, CENTRE)["owner"] != 0
        assert "Pikemen" in played


def test_CQ_RESTORE_1_expended_followers_are_restored_and_kept_for_good():
    g = load(cq({0: ["Pikemen", "Militia"]}, followers={0: (2, 1, 0)}, diff={CENTRE: 5}))
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")
    assert show(g)["seats"][0]["expended"] == {"warrior": 2, "craftsman": 0, "mage": 0}
    while show(g)["active"] == 0:
        g.apply("done" if g.decision_name == "exchange" else "end")
    s = show(g)["seats"][0]
    assert s["expended"] == {"warrior": 0, "craftsman": 0, "mage": 0}
    assert s["followers"] == {"warrior": 2, "craftsman": 1, "mage": 0}


def test_CQ_TURN_1_hire_then_tasks_then_draw_and_exchange_then_the_next_player():
    g = load(cq({0: ["Militia", "Scouts"], 1: ["Scouts"]}, followers={0: (1, 1, 0)}, decision="hire",
                diff={CENTRE: 2}, deck=["Moat", "Keep"]))
    g.apply("nohire")
    assert g.decision_name == "tasks"
    illegal(g, f"exchange {iid_of(g, 0, 'Militia')} {iid_of(g, 0, 'Scouts')}", "after the Draw step")
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")      # nothing left to do: the Draw step runs
    assert g.decision_name == "exchange" and hand_names(g, 0) == ["Scouts", "Moat"]
    illegal(g, f"conquer {iid_of(g, 0, 'Scouts')} 0", "Complete Tasks")
    g.apply("done")
    assert show(g)["active"] == 1 and g.decision_name == "hire"


# ------------------------------------------------------------------ CQ-MULLIGAN-1
def _first_turn(hand: list[str], followers: tuple[int, int], diff: int = 5, hire: str = "nohire",
                deck: Sequence[str] | None = None) -> Game:
    """Seat a's first turn (turn 1 of 3 players), at its Hire: the hand made up to the 8 dealt
    with cards no troop is among; the others still hold their 8."""
    hand = hand + [c for c in FILL if c not in hand][:8 - len(hand)]
    others = FILL
    fol = (int(followers[0] == W) + int(followers[1] == W), int(followers[0] == C) + int(followers[1] == C),
           int(followers[0] == M) + int(followers[1] == M))
    g = load(cq({0: hand, 1: others, 2: others}, n=3, round=1, decision="hire", followers={0: fol},
                diff=[diff] * 19, deck=deck))
    assert show(g)["active"] == 0 and show(g)["seats"][0]["turns"] == 1
    g.apply(hire)
    return g


def test_CQ_MULLIGAN_1_first_turn_only_when_no_troop_can_conquer_discard_and_draw_eight():
    top = ["Militia", "Scouts", "Archers", "Keep", "Claim", "Bloodlust", "Sappers", "Wardens"]
    g = _first_turn(["Pikemen", "Alchemy", "Claim", "Moat"], (W, C), deck=top)   # Pikemen needs two warriors
    assert g.decision_name == "mulligan" and g.legal_actions() == [Action("keep"), Action("mulligan")]
    old = show(g)["seats"][0]["hand"]
    cards = g.card_count()
    g.apply("mulligan")
    pos = show(g)
    assert [c["card"] for c in pos["seats"][0]["hand"][:8]] == top and pos["discard"] == old
    assert g.card_count() == cards


def test_CQ_MULLIGAN_1_counts_the_followers_held_after_hiring():
    g = _first_turn(["Pikemen", "Alchemy"], (W, C), hire="hire 0")     # the hired warrior makes Pikemen work
    assert g.decision_name == "tasks" and any(a.kind == "conquer" for a in g.legal_actions())
    g = _first_turn(["Pikemen", "Alchemy"], (W, W))
    assert g.decision_name == "tasks" and any(a.kind == "conquer" for a in g.legal_actions())   # no mulligan
    g = _first_turn(["Pikemen", "Alchemy"], (W, C))
    assert g.decision_name == "mulligan"                                  # the same hand without the warrior


def test_CQ_MULLIGAN_1_not_after_the_first_turn_nor_after_a_task():
    g = load(cq({0: ["Alchemy", "Claim"]}, followers={0: (0, 0, 2)}, decision="hire"))
    g.apply("nohire")
    assert g.decision_name == "tasks"
    illegal(g, "mulligan", "first turn only")
    g = _first_turn(["Pikemen", "Alchemy"], (W, C))
    g.apply("keep")
    illegal(g, "mulligan", "first turn only")


# ------------------------------------------------------------------ CQ-DECK-1
def test_CQ_DECK_1_an_empty_deck_is_refilled_by_shuffling_the_discards():
    orders = set()
    for seed in range(12):
        g = load(cq({0: ["Militia", "Scouts"]}, decision="exchange", deck=["!"],
                    discard=["Moat", "Keep", "Claim", "Alchemy"], seed=seed))
        assert show(g)["deck_size"] == 0
        g.apply(f"exchange {iid_of(g, 0, 'Militia')} {iid_of(g, 0, 'Scouts')}")   # the deck is empty: refilled
        pos = engine_for("conquest").position_of(g, deck=True)
        assert pos["discard"] == [] and len(pos["deck"]) == 5 and len(pos["seats"][0]["hand"]) == 1
        drawn = [c["card"] for c in pos["seats"][0]["hand"] + pos["deck"]]
        assert sorted(drawn) == sorted(["Moat", "Keep", "Claim", "Alchemy", "Militia", "Scouts"])
        orders.add(tuple(drawn))
    # shuffled by the seed: the order of the refilled deck varies, it is not the discard pile's
    assert len(orders) >= 8 and ("Scouts", "Militia", "Alchemy", "Claim", "Keep", "Moat") not in orders


# ------------------------------------------------------------------ CQ-END-1/2
def test_CQ_END_1_the_game_ends_the_moment_every_field_is_taken():
    taken = {f: (1 + f % 3, None, None) for f in range(19) if f not in (CENTRE, 0)}
    g = load(cq({0: ["Militia", "Militia", "Alchemy"]}, followers={0: (2, 0, 1)}, diff={CENTRE: 2, 0: 1},
                fields=taken))
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    assert not g.is_terminal()
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} 0")
    pos = show(g)
    assert pos["terminal"] and pos["outcome"] == {"places": [1, 2, 2, 2], "end_reason": "all-taken"}
    assert g.current_player() == -1 and pos["legal_actions"] == [] and pos["decision"] == "terminal"
    illegal(g, "end", "the game is over")


def test_CQ_END_1_a_claim_can_take_the_last_field():
    taken = {f: (1, None, None) for f in range(19) if f != 0}
    g = load(cq({0: ["Claim"]}, followers={0: (0, 0, 2)}, diff={0: 3}, fields=taken))
    g.apply(f"magic {iid_of(g, 0, 'Claim')} 0")
    assert show(g)["outcome"]["end_reason"] == "all-taken"


def _last_field(**options: Any) -> dict[str, Any]:
    """Round 3 of 4 players, seat a's Complete Tasks (the round's first turn: a, b, c, d): every field
    but the centre (difficulty 2) claimed, a holds a Militia for it and a Moat, seat b an Alchemy (3
    coins) and a mage; a has 30 coins, b 30, c and d 25."""
    taken = {f: (1 + f % 3, None, None) for f in range(19) if f != CENTRE}
    return cq({0: ["Militia", "Moat"], 1: ["Alchemy", "Palisade"]}, followers={0: (2, 1, 0), 1: (2, 0, 1)},
              diff={CENTRE: 2}, fields=taken, coins={0: 30, 1: 30, 2: 25, 3: 25},
              **({"options": options} if options else {}))


def test_CQ_END_3_option_finish_round_plays_the_round_out_once_every_field_is_taken():
    """CQ-END-3 (option finish_round, default false = CQ-END-1): when the last field is taken the
    game ends at the end of that round, every seat having had as many turns; the seats after the
    taker still play (here seat b's Alchemy turns a's win into b's)."""
    # the rules as written (CQ-END-1): a takes the last field and wins at once, b never plays its Alchemy
    g = load(_last_field())
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    assert show(g)["outcome"] == {"places": [1, 2, 3, 3], "end_reason": "all-taken"}
    assert [s.own_turns for s in g.seats] == [3, 2, 2, 2]
    # finish_round: a's turn goes on (a Moat on the field just taken), then b, c and d play theirs
    g = load(_last_field(finish_round=True))
    assert show(g)["options"]["finish_round"] is True
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    assert not g.is_terminal() and g.decision_name == "tasks" and g.current_player() == 0
    g.apply(f"fortify {iid_of(g, 0, 'Moat')} {CENTRE}")
    while g.current_player() == 0:
        _idle_turn(g)
    assert (g.current_player(), show(g)["turn"], g.decision_name) == (1, 10, "hire")
    g.apply("nohire")
    g.apply(f"magic {iid_of(g, 1, 'Alchemy')}")          # b: 33 coins against a's 32
    for _ in range(3):                                   # the rest of b's turn, then c's and d's
        assert not g.is_terminal()
        _idle_turn(g)
    assert show(g)["outcome"] == {"places": [2, 1, 3, 3], "end_reason": "all-taken"}
    assert [s.own_turns for s in g.seats] == [3, 3, 3, 3] and show(g)["turn"] == 12
    # the idle end no longer applies once every field is taken: one idle turn would end this game
    g = load(_last_field(finish_round=True, idle_end="turns-in-a-row", idle_turns=1))
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    while not g.is_terminal():
        _idle_turn(g)
    assert show(g)["outcome"]["end_reason"] == "all-taken" and [s.own_turns for s in g.seats] == [3, 3, 3, 3]
    # a position of the round being played out loads; one a round later (the game over) is refused
    taken = {f: (1 + f % 3, None, None) for f in range(19) if f != CENTRE}
    full = {**taken, CENTRE: (0, "Militia", None, 9)}
    pos = cq({2: ["Alchemy"]}, active=2, followers={2: (2, 0, 1)}, diff={CENTRE: 2}, fields=full, round=3,
             options={"finish_round": True})
    pos["turn"], pos["active"] = 11, 2                  # seat c's turn in round 3 (turns 9-12)
    g = load(pos)
    assert show(g)["round"] == 3 and not g.is_terminal()
    with pytest.raises(ValueError, match="every field is taken: the game is over"):
        load({**pos, "options": {k: v for k, v in pos["options"].items() if k != "finish_round"}})
    with pytest.raises(ValueError, match=r"every field was taken by turn 12 \(round 3\): with finish_round the game ended"):
        load({**pos, "turn": 13, "active": 0})
    # the option travels in the record: the replay plays the round out too
    g = load(_last_field(finish_round=True))
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    while not g.is_terminal():
        _idle_turn(g)
    r = engine_for("conquest").replay(g.record, CAT)
    assert r.outcome == g.outcome and r.record.options["finish_round"] is True


FORTS = [["Palisade", "Moat"], ["Palisade", "Garrison"], ["Palisade", "Watchtower"], ["Palisade", "Outpost"],
         ["Moat", "Garrison"]]


def _idle_turn(g: Game) -> None:
    """One turn (the turn number changes; a seat may play two in a row) taking no field."""
    turn = show(g)["turn"]
    while show(g)["turn"] == turn and not g.is_terminal():
        g.apply({"hire": "nohire", "tasks": "end", "exchange": "done", "mulligan": "keep"}[g.decision_name])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_CQ_END_2_in_a_later_round_every_player_has_had_a_turn_after_as_many_idle_turns_as_players(n):
    hands = {s: FORTS[s] for s in range(n)}
    g = load(cq(hands, n=n, decision="exchange"))            # the turn before was the last one with a Claim
    assert show(g)["idle"] == 0 and show(g)["idle_seats"] == []
    for i in range(n - 1):
        _idle_turn(g)
        assert not g.is_terminal() and show(g)["idle"] == i + 1 and show(g)["idle_seats"] == sorted(range(i + 1))
    _idle_turn(g)
    assert show(g)["outcome"] == {"places": [1] * n, "end_reason": "idle"}


def test_CQ_END_2_a_claim_or_a_conquest_starts_the_count_again():
    hands = {0: ["Claim", *FORTS[0]], 1: ["Militia", *FORTS[1]], 2: FORTS[2], 3: FORTS[3]}
    g = load(cq(hands, followers={0: (0, 0, 2), 1: (2, 0, 0)}, diff={CENTRE: 2, 0: 4, 18: 12},
                fields={17: (3, None, None)}))
    assert show(g)["idle"] == 0
    g.apply(f"magic {iid_of(g, 0, 'Claim')} 0")               # seat a claims
    _idle_turn(g)
    assert show(g)["idle"] == 0
    g.apply("nohire")
    g.apply(f"conquer {iid_of(g, 1, 'Militia')} {CENTRE}")     # seat b conquers
    _idle_turn(g)
    assert show(g)["idle"] == 0 and not g.is_terminal()
    for _ in range(3):
        _idle_turn(g)
    assert not g.is_terminal() and show(g)["idle"] == 3
    _idle_turn(g)
    assert show(g)["outcome"]["end_reason"] == "idle"


@pytest.mark.parametrize("turns", [1, 2, 6])
def test_CQ_END_2_option_idle_turns_sets_how_many_idle_turns_in_a_row_end_the_game(turns):
    hands = {s: FORTS[s] for s in range(4)}
    opts = {"idle_end": "turns-in-a-row", "idle_turns": turns}
    g = load(cq(hands, decision="exchange", options=opts))
    assert show(g)["options"] | opts == show(g)["options"]
    for i in range(turns - 1):
        _idle_turn(g)
        assert not g.is_terminal() and show(g)["idle"] == i + 1
    _idle_turn(g)
    assert show(g)["outcome"]["end_reason"] == "idle"           # 4 by default (as many as players)
    # a position the option has already ended is refused
    if turns < 4:
        with pytest.raises(ValueError, match="the game ended after"):
            load(cq(hands, decision="exchange", options=opts, fields={18: (3, None, None, 1)}))
    # idle_turns counts the turns of turns-in-a-row only
    with pytest.raises(ValueError, match="idle_turns=2 counts the idle turns in a row of idle_end=turns-in-a-row"):
        load(cq(hands, decision="exchange", options={"idle_turns": 2}))


def _after_a_claim_in_turn_one(n: int, turn: int = 2, active: int | None = None, **top: Any) -> dict[str, Any]:
    """Turn ``turn`` (default 2) of ``n`` players that seat a started (round 1 runs a, then
    counter-clockwise): seat a claimed field 18 in turn 1, nobody took one since; the active seat
    (default the seat of turn 2) at its Draw/Exchange. Nobody can take a field
    (two warriors each, a board of 6s; the seats yet to play hold 8 cards no troop is among)."""
    hands = {s: FILL for s in range(n)}
    hands[0], hands[n - 1] = FORTS[0], FORTS[1]
    return cq(hands, n=n, round=1, turn=turn, active=n - 1 if active is None else active, decision="exchange",
              diff={18: 4}, fields={18: (0, None, None, 1)}, **top)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_CQ_END_2_every_player_must_have_had_a_turn_since_the_last_conquest_or_claim(n):
    """At the change of rounds the last player of round 1 plays twice in a row: the game goes on
    until the first player, who claimed in turn 1, has had a turn too (turn 2n), not n turns in a row."""
    g = load(_after_a_claim_in_turn_one(n))
    seen: set[int] = set()
    shown: list[tuple[list[int], int]] = []    # after each idle turn that does not end it: idle_seats, idle
    t = 2
    while not g.is_terminal():
        assert show(g)["turn"] == t and show(g)["active"] == seat_of_turn(t, n, 0)
        _idle_turn(g)
        seen.add(seat_of_turn(t, n, 0))
        if not g.is_terminal():
            assert seen != set(range(n)), f"every seat has had a turn since the Claim, but turn {t} did not end it"
            shown.append((show(g).get("idle_seats"), show(g)["idle"]))
            t += 1
    assert t == 2 * n, f"the game ended after turn {t}, {t - 1} idle turns in a row, with only seats {sorted(seen)} " \
                       "having had a turn since the Claim"
    assert show(g)["outcome"] == {"places": [1] * n, "end_reason": "idle"}
    # printed: the seats that have had a turn since, and the idle turns in a row
    assert shown == [(sorted({seat_of_turn(u, n, 0) for u in range(2, v + 1)}), v - 1) for v in range(2, 2 * n)]


def test_CQ_END_2_with_no_conquest_or_claim_since_the_start_the_game_ends_after_every_first_turn():
    g = load(cq({s: FILL for s in range(4)}, round=1, decision="hire", recent=None))
    for t in range(1, 4):
        _idle_turn(g)
        assert not g.is_terminal() and show(g)["turn"] == t + 1
    _idle_turn(g)
    assert show(g)["outcome"]["end_reason"] == "idle" and show(g)["turn"] == 4
    g = load(cq({s: FILL for s in range(4)}, round=1, decision="hire", recent=None))
    _idle_turn(g)
    _idle_turn(g)
    assert show(g)["idle_seats"] == [0, 3] and show(g)["idle"] == 2   # round 1 runs a, d, c, b


def test_CQ_END_2_a_position_is_over_only_once_every_player_has_had_a_turn_since():
    # turn 5 of 3 players: turns 2 (c), 3 and 4 (b, twice in a row) were idle; seat a has not played since
    g = load(_after_a_claim_in_turn_one(3, turn=5, active=2))
    assert show(g)["idle"] == 3 and show(g)["idle_seats"] == [1, 2]
    _idle_turn(g)
    assert not g.is_terminal()
    _idle_turn(g)                     # seat a's turn 6: every player has had one
    assert show(g)["outcome"]["end_reason"] == "idle"
    with pytest.raises(ValueError, match="every player has had a turn since turn 1") as err:
        load(_after_a_claim_in_turn_one(3, turn=7, active=1))
    assert err.value.field == "board"


@pytest.mark.parametrize("n", [3, 4, 5])
def test_CQ_END_2_option_idle_end_turns_in_a_row_ends_after_as_many_idle_turns_as_players(n):
    g = load(_after_a_claim_in_turn_one(n, options={"idle_end": "turns-in-a-row"}))
    for _ in range(n - 1):
        _idle_turn(g)
        assert not g.is_terminal()
    _idle_turn(g)                     # turn n + 1: the last of round 1 has had two of them
    assert show(g)["outcome"]["end_reason"] == "idle" and show(g)["turn"] == n + 1
    assert g.record.options["idle_end"] == "turns-in-a-row"


# ------------------------------------------------------------------ CQ-SCORE-1
def test_CQ_SCORE_1_most_coins_wins_ties_share_and_every_seat_is_placed():
    taken = {f: (1, None, None) for f in range(19) if f != 0}
    # seat c has hired three followers (15 coins): it may hold 12
    g = load(cq({0: ["Pikemen"]}, followers={0: (2, 0, 0), 2: (4, 1, 0)}, diff={0: 5}, fields=taken,
                coins={0: 25, 1: 30, 2: 12, 3: 29}))
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} 0")
    assert [s["coins"] for s in show(g)["seats"]] == [30, 30, 12, 29]
    assert g.outcome.places == (1, 1, 4, 3) and g.outcome.winner == "draw" and g.outcome.winners == (0, 1)
    assert g.outcome.win_share(0) == g.outcome.win_share(1) == 0.5


# ------------------------------------------------------------------ CQ-LOG-1, CORE-REPLAY-1
def test_CQ_LOG_1_card_events_per_seat_and_card_and_coins_each_round():
    from fwlab.sim import play_match

    r = play_match("conquest", [None] * 4, ["heuristic"] * 4, seed=11, first=2, record=True)
    names_ = {d.name for d in DEFS}
    assert len(r.card_events) == 4 * len(names_)
    assert set(r.card_events[0]) == {"seat", "card", "in_opening_hand", "drawn_turn", "deployed_turn", "killed_turn",
                                     "damage_dealt", "scored"}
    assert sum(e["in_opening_hand"] for e in r.card_events) >= 4
    assert all(e["killed_turn"] is None and e["damage_dealt"] == 0 for e in r.card_events)
    start = 4 * 25
    earned = sum(e["scored"] for e in r.card_events)
    hires = sum(1 for _, a in r.record.actions if a.kind == "hire")
    assert sum(r.scores) == start + earned - 5 * hires      # coins come only from rewards, coin magic and hiring
    assert all(len(t) == 5 for t in r.capital) and r.capital[-1][1:] == r.scores
    assert [t[0] for t in r.capital] == sorted({t[0] for t in r.capital})
    assert all(t[0] % 4 == 0 for t in r.capital[:-1])          # one entry per round of four turns
    again = replay(r.record, CAT)
    assert again.outcome == r.outcome and again.coins == list(r.scores)


def test_CQ_LOG_1_new_game_checks_its_arguments():
    with pytest.raises(ValueError, match="first seat 3 is not one of the 3 seats"):
        new_game(DEFS, 3, 1, 3)
    with pytest.raises(ValueError, match="turn_order is one of reverse-first-round, clockwise, not 'ccw'"):
        new_game(DEFS, 3, 1, 0, turn_order="ccw")
