"""The replay core (fwlab/sim/replay.py, docs/game-viewer.md): game I of a simulation replayed step by
step is the simulator's game I on every ruleset; each step's position, chance and figures are the
game's; why-not gives the engine's reason; "show me a game" finds what it says."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from fwlab.decks.starters import starter_decks
from fwlab.rules.engines import engine_for, engine_rulesets, load_position, position_of
from fwlab.rulesets import info
from fwlab.sim import play_match, simulate_match
from fwlab.sim import replay as rp
from fwlab.sim.runner import game_seed

ROOT = Path(__file__).resolve().parents[2]


def _setups(ruleset: str, seats: int | None = None) -> list:
    if info(ruleset).uses_decks:
        return list(starter_decks(ruleset)[:2])
    return [None] * (seats or info(ruleset).seats[0])


def _cases() -> list[tuple[str, int | None]]:
    out: list[tuple[str, int | None]] = []
    for r in engine_rulesets():
        lo, hi = info(r).seats
        out.append((r, None))
        if hi > lo:
            out.append((r, hi))
    return out


@pytest.mark.parametrize(("ruleset", "seats"), _cases(), ids=lambda x: str(x))
def test_VIEWER_REPLAY_1_game_i_of_a_simulation_replayed_is_the_simulators_game_i(ruleset, seats):
    """Every game of a simulation (two batches, first seats rotating), replayed by index, gives the
    simulator's very totals: wins, shared wins, places, turns and end reasons."""
    setups = _setups(ruleset, seats)
    n, seed = 5, 3
    sim = simulate_match(setups, ruleset, n=n, seed=seed, batch_size=3, log_cards=True)
    wins, shared, places, turns, ends = [0] * len(setups), [0] * len(setups), [0] * len(setups), Counter(), Counter()
    for i in range(n):
        r = rp.replay_game(ruleset, setups, None, seed, i)
        assert r.first == i % len(setups) and r.source == {"kind": "simulation", "seed": seed, "index": i}
        first = [s for s, p in enumerate(r.places) if p == 1]
        for s in first:
            (wins if len(first) == 1 else shared)[s] += 1
        for s, p in enumerate(r.places):
            places[s] += p
        turns[r.turns] += 1
        ends[r.end_reason] += 1
        assert r.steps[-1].action is None and r.steps[-1].seat == -1 and r.steps[-1].position["terminal"]
        assert [s.index for s in r.steps] == list(range(len(r.steps)))
    assert (wins, shared, places, turns, ends) == (sim.wins, sim.shared, sim.place_sum, sim.turns, sim.end_reasons)


@pytest.mark.parametrize("ruleset", ["fw", "fr", "eredan", "conquest"])
def test_VIEWER_REPLAY_2_each_step_is_the_games_position_before_its_action(ruleset):
    """Step i's position is the game after its first i actions (game_at rebuilds it), and its legal
    actions include the action taken."""
    r = rp.replay_game(ruleset, _setups(ruleset), None, 1, 2)
    for i in (0, len(r.steps) // 3, len(r.steps) // 2, len(r.steps) - 1):
        g = rp.game_at(r, i)
        assert position_of(ruleset, g, deck=True) == r.steps[i].position
    for s in r.steps[:-1]:
        assert s.action in s.legal


def test_VIEWER_CHANCE_1_dice_and_cards_dealt_are_the_games():
    """fw: the dice of the steps, in order, are the game record's dice; the cards each seat took
    from its deck, in order, are its starting deck from the top (fw never reshuffles a deck)."""
    a, b = starter_decks("fw")[:2]
    r = rp.replay_game("fw", [a, b], None, 5, 1)
    played = play_match("fw", [a, b], None, seed=game_seed(5, 1), first=1, record=True)
    assert [d for s in r.steps for d in s.dice] == played.record.dice
    assert [s.action for s in r.steps[:-1]] == [str(x) for _, x in played.record.actions]
    for seat in (0, 1):
        dealt = [c for s in r.steps for who, cards in s.revealed if who == seat for c in cards]
        start = [c if isinstance(c, str) else c["card"] for c in r.steps[0].position["seats"][seat]["deck"]]
        assert dealt and dealt == start[:len(dealt)]
        assert not any(s.reshuffled for s in r.steps)


@pytest.mark.parametrize("ruleset", ["fw", "bg", "fr", "eredan", "conquest"])
def test_VIEWER_FIGURES_1_the_last_steps_figures_hold_the_games_final_scores(ruleset):
    """The figures read from the positions (the engine's track: Capital, scored cards, Life and
    score, coins) end at the scores the simulator logs for the game."""
    setups = _setups(ruleset)
    r = rp.replay_game(ruleset, setups, None, 2, 0)
    res = play_match(ruleset, setups, None, seed=game_seed(2, 0), first=0)
    assert engine_for(ruleset).track in r.steps[0].figures
    assert res.scores is not None and list(res.scores) in r.steps[-1].figures.values()


@pytest.mark.parametrize("ruleset", ["fw", "bg", "fr", "eredan", "conquest"])
def test_VIEWER_WHY_1_an_alternative_gets_the_engines_reason_and_a_legal_action_none(ruleset):
    r = rp.replay_game(ruleset, _setups(ruleset), None, 1, 0)
    asked = 0
    for i in range(0, len(r.steps) - 1, max(1, len(r.steps) // 12)):
        assert rp.why_not(r, i, r.steps[i].legal[0]) is None
        for alt in rp.alternatives(r, i)[:2]:
            reason = rp.why_not(r, i, alt)
            assert isinstance(reason, str) and reason, (i, alt)
            asked += 1
    assert asked > 0
    with pytest.raises(ValueError, match="cannot parse action"):
        rp.why_not(r, 0, "attack twelve")


def test_VIEWER_WHY_2_an_attack_with_a_locked_creature_is_refused_with_its_rule():
    """fw: after a creature attacked, attacking with it again at its owner's next decision in that
    turn is refused, the engine naming why."""
    a, b = starter_decks("fw")[:2]
    r = rp.replay_game("fw", [a, b], None, 1, 0)
    step = next(s for s in r.steps if s.action and s.action.startswith("attack"))
    nxt = r.steps[step.index + 1]
    reason = rp.why_not(r, nxt.index, step.action)
    assert reason and "attack" in reason.lower()


def test_VIEWER_FIND_1_show_me_a_game_finds_a_win_a_loss_the_longest_and_a_drawn_card():
    a, b = starter_decks("fw")[:2]
    setups, bots = [a, b], ["heuristic", "random"]
    win = rp.find_game("fw", setups, "win", bots, 4, 20)
    assert win is not None and rp.replay_game("fw", setups, bots, 4, win[0]).winner == "a"
    loss = rp.find_game("fw", setups, "loss", ["random", "heuristic"], 4, 20)
    assert loss is not None and rp.replay_game("fw", setups, ["random", "heuristic"], 4, loss[0]).winner != "a"
    longest = rp.find_game("fw", setups, "longest", bots, 4, 6)
    assert longest is not None
    lengths = [rp.replay_game("fw", setups, bots, 4, i).turns for i in range(6)]
    assert lengths[longest[0]] == max(lengths) and longest[0] == lengths.index(max(lengths))
    card = a.entries[0].name
    hit = rp.find_game("fw", setups, "card", bots, 4, 20, card=card)
    assert hit is not None
    r = rp.replay_game("fw", setups, bots, 4, hit[0])
    assert any(c["card"] == card for s in r.steps for c in s.position["seats"][0]["hand"])
    with pytest.raises(ValueError, match="what is one of"):
        rp.find_game("fw", setups, "best", bots)


def test_VIEWER_SOURCES_1_a_record_and_a_position_replay():
    a, b = starter_decks("fr")[:2]
    played = play_match("fr", [a, b], None, seed=9, first=1, record=True)
    assert played.record is not None
    r = rp.replay_record(played.record)
    assert (r.places, r.end_reason, r.turns) == (played.places, played.end_reason, played.turns)
    assert r.actions == [str(x) for _, x in played.record.actions]
    import json

    data = json.loads((ROOT / "data/positions/fw-block.json").read_text())
    p = rp.replay_position(data, ["heuristic", "heuristic"], seed=3)
    assert p.steps[0].decision == "block" and p.steps[-1].position["terminal"]
    g = load_position(p.start_position)
    assert position_of("fw", g, deck=True) == p.steps[0].position
    assert rp.why_not(p, 0, "block 40 20") is None


def test_VIEWER_VIEW_1_one_seats_view_hides_the_others_hands_and_every_deck():
    r = rp.replay_game("fw", _setups("fw"), None, 1, 0)
    pos = r.steps[5].position
    seen = rp.view_of(pos, 0)
    assert seen["seats"][0]["hand"] == pos["seats"][0]["hand"]
    assert all(c["card"] == rp.HIDDEN for c in seen["seats"][1]["hand"])
    assert [c["id"] for c in seen["seats"][1]["hand"]] == [c["id"] for c in pos["seats"][1]["hand"]]
    assert all("deck" not in s and s["deck_size"] == len(p["deck"]) for s, p in zip(seen["seats"], pos["seats"]))
    assert rp.view_of(pos, None) == pos
