"""The rules of Tiny Duel (README.md, rule IDs TD-*), each set up as a position and played.

Run with the plugin importable and registered (what ``tests/plugins/test_plugin_game.py`` does in
a fresh process)::

    PYTHONPATH=examples/plugin-game FWLAB_PLUGINS=tinyduel python -m pytest examples/plugin-game/tests
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import tinyduel  # noqa: F401  (registers the family and the ruleset, as FWLAB_PLUGINS does)

from fwlab.catalog import load_catalog
from fwlab.decks.starters import starter_decks
from fwlab.rules.core import IllegalAction, PositionError
from fwlab.rules.engines import engine_for, load_position, position_of
from fwlab.sim.play import play_match, start_match

CAT = load_catalog("tinyduel")


def pos(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    """A position: seat a active on turn 3 (2 sparks), both seats with a card left in the deck."""
    base: dict[str, Any] = {"ruleset": "tinyduel", "turn": 3, "active": 0, "decision": "main",
                            "seats": [{"life": 10, "deck": ["Moss Hound"], **(a or {})},
                                      {"life": 10, "deck": ["Moss Hound"], **(b or {})}]}
    base.update(top)
    return base


def acts(g: Any) -> list[str]:
    return [str(x) for x in g.legal_actions()]


def fighter(g: Any, seat: int, iid: int) -> Any:
    return next((f for f in g.seats[seat].line if f.iid == iid), None)


# ---- striking ------------------------------------------------------------------------------------

def test_TD_STRIKE_2_the_seat_is_struck_only_when_its_line_is_empty() -> None:
    g = load_position(pos({"line": [{"id": 1, "card": "Moss Hound"}]}, {"line": [{"id": 2, "card": "Lantern Bearer"}]}))
    assert "strike 1" not in acts(g) and "strike 1 2" in acts(g)
    with pytest.raises(IllegalAction, match="TD-STRIKE-2"):
        g.apply("strike 1")
    empty = load_position(pos({"line": [{"id": 1, "card": "Moss Hound"}]}))
    empty.apply("strike 1")
    assert empty.seats[1].life == 10 - 3


def test_TD_STRIKE_1_a_fighter_strikes_once_a_turn_and_not_the_turn_it_comes_in_unless_swift() -> None:
    g = load_position(pos({"hand": ["Moss Hound", "Ember Fox"]}, turn=5))   # 3 sparks
    g.apply("play 0")
    g.apply("play 1")
    assert "strike 0" not in acts(g) and "strike 1" in acts(g)            # the Fox is swift
    with pytest.raises(IllegalAction, match="not swift"):
        g.apply("strike 0")
    g.apply("strike 1")
    assert "strike 1" not in acts(g)
    with pytest.raises(IllegalAction, match="struck this turn already"):
        g.apply("strike 1")


def test_TD_STRIKE_3_both_fighters_deal_their_power_at_once() -> None:
    # Moss Hound 3/2 against Moss Hound 3/2: both destroyed; Tidecaller 4/3 against Lantern Bearer 2/3: only the Bearer
    g = load_position(pos({"line": [{"id": 1, "card": "Moss Hound"}, {"id": 3, "card": "Tidecaller"}]},
                          {"line": [{"id": 2, "card": "Moss Hound"}, {"id": 4, "card": "Lantern Bearer"}]}))
    g.apply("strike 1 2")
    assert fighter(g, 0, 1) is None and fighter(g, 1, 2) is None
    assert g.seats[0].discard == [1] and g.seats[1].discard == [2]
    g.apply("strike 3 4")
    assert fighter(g, 1, 4) is None and fighter(g, 0, 3).damage == 2


def test_TD_DAMAGE_1_a_sturdy_fighter_takes_one_less_from_strikes_and_bolts() -> None:
    g = load_position(pos({"hand": ["Spark Bolt"], "line": [{"id": 5, "card": "Ember Fox"}]},
                          {"line": [{"id": 7, "card": "Reed Guard"}]}))
    g.apply("cast 0 7")                       # bolt 2 -> 1 on guard 2: it stands
    assert fighter(g, 1, 7).damage == 1
    g.apply("strike 5 7")                     # Fox 2 -> 1 more: destroyed; the Guard's 1 kills the Fox (guard 1)
    assert fighter(g, 1, 7) is None and fighter(g, 0, 5) is None


def test_TD_DAMAGE_2_damage_heals_at_the_end_of_each_turn() -> None:
    g = load_position(pos({"hand": ["Spark Bolt"]}, {"line": [{"id": 7, "card": "Lantern Bearer"}]}))
    g.apply("cast 0 7")
    assert fighter(g, 1, 7).damage == 2
    g.apply("end")
    assert fighter(g, 1, 7).damage == 0


# ---- sparks, line, draws ---------------------------------------------------------------------------

def test_TD_SPARK_1_sparks_grow_one_a_turn_to_five_and_pay_for_cards() -> None:
    assert load_position(pos(turn=1)).sparks == 1
    assert load_position(pos(turn=4, active=1)).sparks == 2
    assert load_position(pos(turn=19)).sparks == 5              # own turn 10, capped
    g = load_position(pos({"hand": ["Flare", "Spark Bolt"]}))   # 2 sparks
    assert "cast 0" not in acts(g) and "cast 1" in acts(g)
    with pytest.raises(IllegalAction, match="TD-SPARK-1"):
        g.apply("cast 0")
    g.apply("cast 1")
    assert g.sparks == 1


def test_TD_LINE_1_a_line_holds_three_fighters() -> None:
    line = [{"card": "Ember Fox"}, {"card": "Moss Hound"}, {"card": "Reed Guard"}]
    g = load_position(pos({"hand": ["Ember Fox"], "line": line}))
    assert not any(a.startswith("play") for a in acts(g))
    with pytest.raises(IllegalAction, match="TD-LINE-1"):
        g.apply("play 0")
    with pytest.raises(PositionError, match="TD-LINE-1"):
        load_position(pos({"line": [*line, {"card": "Ash Rider"}]}))


def test_TD_DRAW_1_the_active_seat_draws_at_the_start_of_its_turn_but_not_the_first_seat_on_turn_1() -> None:
    g = load_position(pos(b={"deck": ["Flare", "Moss Hound"]}))
    g.apply("end")
    assert [g.defs[i].name for i in g.seats[1].hand] == ["Flare"] and len(g.seats[1].deck) == 1
    decks = starter_decks("tinyduel")
    new = start_match("tinyduel", decks[:2], seed=5, first=1)
    assert len(new.seats[1].hand) == 4 and len(new.seats[1].deck) == 16   # seat b first: no draw on turn 1


def test_TD_DRAW_2_a_seat_that_cannot_draw_loses_one_life_and_may_lose_by_it() -> None:
    g = load_position(pos(b={"life": 3, "deck": []}))
    g.apply("end")
    assert g.seats[1].life == 2 and not g.is_terminal()
    g = load_position(pos(b={"life": 1, "deck": []}))
    g.apply("end")
    assert g.outcome is not None and g.outcome.winner == "a" and g.outcome.end_reason == "life"


# ---- the end ------------------------------------------------------------------------------------

def test_TD_END_1_a_seat_at_zero_life_loses_at_once() -> None:
    g = load_position(pos({"hand": ["Flare"]}, {"life": 4}, turn=5))
    g.apply("cast 0")
    assert g.is_terminal() and g.outcome.places == (1, 2) and g.outcome.end_reason == "life"
    assert g.legal_actions() == [] and g.current_player() == -1


@pytest.mark.parametrize(("life_a", "life_b", "places"), [(7, 5, (1, 2)), (5, 7, (2, 1)), (6, 6, (1, 1))])
def test_TD_END_2_after_turn_30_the_higher_life_wins_equal_life_is_a_draw(life_a: int, life_b: int,
                                                                            places: tuple[int, int]) -> None:
    g = load_position(pos({"life": life_a}, {"life": life_b}, turn=30, active=1))
    g.apply("end")
    assert g.outcome is not None and g.outcome.places == places and g.outcome.end_reason == "turn-cap"
    assert g.outcome.turns == 30


# ---- set-up, options, deck rules -------------------------------------------------------------------

def test_TD_SETUP_1_the_hand_size_option_sets_the_opening_hand_and_is_kept_in_the_record() -> None:
    a, b = starter_decks("tinyduel")[:2]
    g = start_match("tinyduel", [a, b], seed=3)
    assert len(g.seats[0].hand) == 4 and g.record.options == {}
    g6 = start_match("tinyduel", [a, b], seed=3, hand_size=6)
    assert len(g6.seats[0].hand) == 6 and len(g6.seats[1].hand) == 6 and g6.record.options == {"hand_size": 6}
    assert position_of("tinyduel", g6)["options"] == {"hand_size": 6}


def test_TD_SETUP_2_the_seat_playing_second_starts_with_three_more_life() -> None:
    a, b = starter_decks("tinyduel")[:2]
    assert [s.life for s in start_match("tinyduel", [a, b], seed=1, first=0).seats] == [12, 15]
    assert [s.life for s in start_match("tinyduel", [a, b], seed=1, first=1).seats] == [15, 12]


def test_TD_DECK_1_the_starter_decks_keep_the_deck_rules() -> None:
    from fwlab.decks.validate import validate

    starters = starter_decks("tinyduel")
    assert [d.name for d in starters] == ["Emberfront", "Hearthwall", "Lantern Road"]
    assert all(validate(d) == [] and d.size == 20 for d in starters)


def test_TD_DECK_1_the_engine_refuses_a_deck_that_breaks_the_deck_rules() -> None:
    good = [c for c in starter_decks("tinyduel")[0].cards()]
    with pytest.raises(ValueError, match="exactly 20 cards"):
        start_match("tinyduel", [good[:19], good], seed=0)
    four = ["Ember Fox"] * 4 + good[4:]
    with pytest.raises(ValueError, match="at most 3 copies of a name: Ember Fox"):
        start_match("tinyduel", [good, four], seed=0)


# ---- positions ----------------------------------------------------------------------------------

def test_a_position_prints_back_as_it_was_written_and_loads_again_as_the_same_state() -> None:
    g = load_position(pos({"hand": [{"id": 3, "card": "Flare"}], "discard": ["Spark Bolt"],
                           "line": [{"id": 8, "card": "Ash Rider", "fresh": True, "struck": True, "damage": 1}]},
                          {"life": 6, "line": [{"id": 9, "card": "Copper Sentry", "damage": 2}]}, turn=7, sparks=1))
    full = position_of("tinyduel", g, deck=True)
    again = load_position(copy.deepcopy(full))
    assert position_of("tinyduel", again, deck=True) == full
    assert full["sparks"] == 1 and full["seats"][0]["line"][0] == {
        "id": 8, "card": "Ash Rider", "power": 3, "guard": 3, "damage": 1, "fresh": True, "struck": True}


@pytest.mark.parametrize(("change", "field"), [
    ({"seats": [{"life": 0}, {}]}, "seats[0].life"),
    ({"seats": [{}, {"line": [{"card": "Moss Hound", "damage": 2}]}]}, "seats[1].line[0].damage"),
    ({"seats": [{}, {"line": [{"card": "Moss Hound", "fresh": True}]}]}, "seats[1].line[0].fresh"),
    ({"seats": [{"line": [{"card": "Flare"}]}, {}]}, "seats[0].line[0].card"),
    ({"seats": [{"hand": ["Ember Fox"] * 4}, {}]}, "seats[0].hand[3]"),
    ({"seats": [{"hand": ["Ember Fx"]}, {}]}, "seats[0].hand[0]"),
    ({"seats": [{"line": [{"card": "Moss Hound", "power": 4}]}, {}]}, "seats[0].line[0].power"),
    ({"turn": 31}, "turn"),
    ({"sparks": 3}, "sparks"),
    ({"decision": "block"}, "decision"),
    ({"colour": "red"}, "colour"),
])
def test_a_position_the_rules_could_not_reach_is_refused_naming_the_field(change: dict[str, Any], field: str) -> None:
    p = pos()
    for k, v in change.items():
        if k == "seats":
            for s, extra in zip(p["seats"], v):
                s.update(extra)
        else:
            p[k] = v
    with pytest.raises(PositionError) as err:
        load_position(p)
    assert err.value.field == field


def test_a_position_takes_no_dice_the_decks_are_its_chance() -> None:
    with pytest.raises(PositionError, match="no dice") as err:
        load_position(pos(), dice=[3])
    assert err.value.field == "dice"


def test_a_card_unknown_to_the_catalog_is_named_with_a_hint() -> None:
    with pytest.raises(PositionError, match="did you mean 'Ember Fox'"):
        load_position(pos({"hand": ["Ember Fx"]}))


# ---- records and bots ---------------------------------------------------------------------------

def test_a_record_replays_to_the_same_game_from_decks_and_from_a_position() -> None:
    eng = engine_for("tinyduel")
    a, b = starter_decks("tinyduel")[:2]
    r = play_match("tinyduel", [a, b], ["heuristic", "random"], seed=11, record=True, hand_size=5)
    assert r.record is not None and r.record.options == {"hand_size": 5}
    g = eng.replay(r.record, CAT)
    assert g.outcome == r.outcome
    p = load_position(pos({"hand": ["Ember Fox", "Spark Bolt"]}))
    for action in ("play 0", "cast 1", "end"):
        p.apply(action)
    again = eng.replay(p.record, CAT)
    assert position_of("tinyduel", again, deck=True) == position_of("tinyduel", p, deck=True)


def test_the_heuristic_bot_beats_the_random_bot_with_either_deck() -> None:
    decks = starter_decks("tinyduel")
    won = played = 0.0
    for seed in range(40):
        pair = [decks[seed % 3], decks[(seed + 1) % 3]]
        bots = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        r = play_match("tinyduel", pair, bots, seed=seed, first=(seed // 2) % 2)
        won += r.outcome.win_share(bots.index("heuristic"))
        played += 1
    assert won / played > 0.8
