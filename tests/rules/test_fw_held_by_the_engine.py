"""Fallen Worlds / Battlegrounds rules held through the engine's own paths (issue 26, the mutation
check ``bench/mutants/daemornia.toml``): readings of a rule that survived the other tests because
those held it through a helper the engine's hot path does not call (the pure ``hits`` beside the
inlined strike), through a count that let an off-by-one pass (a hand of 9 discarding to 7 either
way), or through a shortcut another check also covers (no Block decision at all when every
defender is locked). Positions over the test catalog (docs/positions.md), dice given in order.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import CATALOG, iid, unit

from fwlab.rules.core import Action, IllegalAction
from fwlab.rules.daemornia.decisions import ATTACK, BLOCK, DISCARD, TRICKS
from fwlab.rules.engines import load_position


def pos(ruleset: str, a: dict[str, Any], b: dict[str, Any], **top: Any) -> dict[str, Any]:
    seats = [{"pool": 10, "deck": ["Filler"] * 20, **a}, {"pool": 0, "deck": ["Filler"] * 20, **b}]
    return {"ruleset": ruleset, "turn": 5, "active": 0, "decision": "deploy", "seats": seats, "seed": 1, **top}


def brute_blocked_by_filler(literal_two: bool) -> Any:
    """Seat a's Brute (Att 5) attacks, seat b's Filler (Def 1, Hp 1) blocks; both strikes roll a 2.
    The Brute needs a 2 (4 + 1 - 5, at least 2: FW-HIT-1), the Filler a 6."""
    options = {"literal_two": True} if literal_two else {}
    g = load_position(pos("bg", {"in_play": ["Brute"], "hand": ["Filler"]}, {"in_play": ["Filler"]},
                          options=options), CATALOG, dice=[2, 2, 3, 3])  # then b's 2D6 Res
    if g.decision != ATTACK:
        g.apply("pass")
    g.apply(Action("attack", iid(g, "Brute", 0)))
    if g.decision == ATTACK:
        g.apply("pass")
    g.apply(Action("block", iid(g, "Filler", 1), iid(g, "Brute", 0)))
    if g.decision == BLOCK:
        g.apply("pass")
    while g.decision == TRICKS:
        g.apply("pass")
    assert g.record.dice[:2] == [2, 2] and g.active == 1  # both strikes rolled; b's turn has begun
    return g


def test_BG_HIT_2_a_natural_two_hits_in_a_played_strike_unless_literal_two():
    """In a real strike (``combat._strike``, not the ``hits`` helper): by default a natural 2 hits
    when 2 is the roll needed, so the blocking Filler dies; with ``literal_two`` the same 2 misses
    and it lives."""
    g = brute_blocked_by_filler(literal_two=False)
    assert all(g.defs[u].name != "Filler" for u in [x.iid for x in g.seats[1].units])
    assert [g.defs[i].name for i in g.seats[1].graveyard] == ["Filler"]
    g = brute_blocked_by_filler(literal_two=True)
    assert unit(g, "Filler", 1).damage == 0 and not g.seats[1].graveyard
    assert unit(g, "Brute", 0).damage == 0  # the Filler's 2 missed both times (it needs a 6)


def test_FW_HAND_1_with_eight_cards_the_turn_ends_with_one_discard():
    """Eight cards is one over the limit of seven: a Discard decision, pass refused, one discard
    and the turn passes (a hand of nine would discard down to seven under a limit of eight too)."""
    g = load_position(pos("fw", {"pool": 0, "hand": ["Filler"] * 8}, {}), CATALOG)
    while g.decision != DISCARD and g.active == 0:
        g.apply("pass")
    assert g.decision == DISCARD and g.current_player() == 0 and len(g.seats[0].hand) == 8
    with pytest.raises(IllegalAction, match="more than 7 cards"):
        g.apply("pass")
    g.apply(Action("discard", g.seats[0].hand[0]))
    assert len(g.seats[0].hand) == 7 and g.active == 1
    # seven cards: no Discard decision at all
    g = load_position(pos("fw", {"pool": 0, "hand": ["Filler"] * 7}, {}), CATALOG)
    while g.active == 0:
        assert g.decision != DISCARD
        g.apply("pass")
    assert len(g.seats[0].hand) == 7


def test_FW_LOCK_1_a_locked_creature_cannot_block_beside_an_unlocked_one():
    """Seat b has an unlocked and a locked Grunt: the Block decision is offered (the unlocked one
    may block), and blocking with the locked one is refused with the rule's reason."""
    g = load_position(pos("fw", {"in_play": ["Grunt"], "hand": ["Filler"]},
                          {"in_play": ["Grunt", {"card": "Grunt", "locked": True}]}), CATALOG)
    if g.decision != ATTACK:
        g.apply("pass")
    g.apply(Action("attack", iid(g, "Grunt", 0)))
    if g.decision == ATTACK:
        g.apply("pass")
    assert g.decision == BLOCK and g.current_player() == 1
    locked = next(u for u in g.seats[1].units if u.locked)
    free = next(u for u in g.seats[1].units if not u.locked)
    with pytest.raises(IllegalAction, match="a locked creature cannot block"):
        g.apply(Action("block", locked.iid, iid(g, "Grunt", 0)))
    assert Action("block", locked.iid, iid(g, "Grunt", 0)) not in g.legal_actions()
    g.apply(Action("block", free.iid, iid(g, "Grunt", 0)))
    assert (1, Action("block", free.iid, iid(g, "Grunt", 0))) in g.record.actions
