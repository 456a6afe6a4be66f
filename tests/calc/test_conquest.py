"""Conquest: the 19-field board, support from adjacent fields, follower costs."""

from __future__ import annotations

import pytest

from fwlab.calc.conquest import Board, board_fields, conquerable, neighbours


def troop(name, attack, warriors=1, craftsmen=0, mages=0, support=0):
    return {"name": name, "type": "troop", "attack": attack, "support": support,
            "followers": {"warrior": warriors, "craftsman": craftsmen, "mage": mages}}


def test_board_is_a_radius_two_hexagon_of_19_fields_with_symmetric_adjacency():
    fields = board_fields()
    assert len(fields) == 19 and len(set(fields)) == 19
    assert sum(len(neighbours(f)) == 6 for f in fields) == 7
    for f in fields:
        for n in neighbours(f):
            assert f in neighbours(n)


def test_support_of_own_troops_and_fortifications_only():
    board = Board.new({f: 9 for f in board_fields()})
    board = board.claim((1, 0), "red", support=2, fortification=1).claim((-1, 0), "blue", support=5)
    opts = conquerable(board, "red", [troop("Pikes", 6)], {"warrior": 1})
    assert {o.field for o in opts} == set(neighbours((1, 0))) - {(1, 0)}
    assert (0, 0) in {o.field for o in opts}
    assert all(o.support == 3 and o.reward == 9 for o in opts)
    # blue's support is not red's
    assert conquerable(board, "blue", [troop("Pikes", 3)], {"warrior": 1}) == []


def test_claimed_fields_and_unaffordable_troops_are_excluded():
    board = Board.new({f: 1 for f in board_fields()}).claim((0, 0), "red")
    hand = [troop("Halberdiers", 5, warriors=2, craftsmen=1), troop("Scouts", 1)]
    opts = conquerable(board, "red", hand, {"warrior": 1, "craftsman": 1})
    assert {o.troop for o in opts} == {"Scouts"}
    assert (0, 0) not in {o.field for o in opts}
    assert len(opts) == 18


def test_difficulty_met_exactly_is_enough_and_rewards_sort_first():
    diff = {f: 12 for f in board_fields()}
    diff[(2, 0)] = 4
    diff[(0, 2)] = 3
    opts = conquerable(Board.new(diff), "red", [troop("Scouts", 4)], {"warrior": 3})
    assert [(o.field, o.reward) for o in opts] == [((2, 0), 4), ((0, 2), 3)]


def test_bad_boards_are_refused():
    with pytest.raises(ValueError, match="19 fields"):
        Board.new({(0, 0): 3})
    with pytest.raises(ValueError, match="1 to 12"):
        Board.new({f: 13 for f in board_fields()})
    board = Board.new({f: 5 for f in board_fields()}).claim((0, 0), "red")
    with pytest.raises(ValueError, match="already claimed"):
        board.claim((0, 0), "blue")
