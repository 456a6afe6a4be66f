"""``fwlab position start`` (docs/positions.md): the position of a seeded game after N actions, for every
ruleset with an engine, loads again as the same state (POS-START-1)."""

from __future__ import annotations

import json

import pytest

from fwlab.cli import main
from fwlab.rules.engines import load_position, position_of
from fwlab.rulesets import RULESETS

PRINTED = ("legal_actions", "terminal", "outcome")


def _start(capsys, *argv: str) -> dict:
    assert main(["position", "start", *argv]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("after", [0, 7, 40])
def test_POS_START_1_a_started_position_loads_again_as_the_same_state(capsys, ruleset, after):
    pos = _start(capsys, "--ruleset", ruleset, "--seed", "5", "--after", str(after))
    assert pos["ruleset"] == ruleset and pos["seed"] == 5
    game = load_position(pos)
    again = position_of(ruleset, game, deck=True)
    for k in PRINTED:
        again.pop(k)
    assert again.pop("seed", 5) == 5
    assert again == {k: v for k, v in pos.items() if k != "seed"}
    assert not game.is_terminal() and game.legal_actions()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_POS_START_1_different_actions_counts_give_different_positions(capsys, ruleset):
    a = _start(capsys, "--ruleset", ruleset, "--seed", "2", "--after", "3")
    b = _start(capsys, "--ruleset", ruleset, "--seed", "2", "--after", "30")
    assert a != b
    assert a == _start(capsys, "--ruleset", ruleset, "--seed", "2", "--after", "3")  # seeded: the same again


def test_POS_START_1_bad_arguments_are_named(capsys):
    assert main(["position", "start", "--ruleset", "nope"]) == 2
    assert "unknown ruleset 'nope'" in capsys.readouterr().err
    assert main(["position", "start", "--ruleset", "fw", "--rule", "capitl=3"]) == 2
    assert "unknown rule option 'capitl'" in capsys.readouterr().err
    assert main(["position", "start", "--ruleset", "fw", "--first", "c"]) == 2
    assert "--first" in capsys.readouterr().err


def test_POS_START_1_rule_options_are_kept_in_the_position(capsys):
    pos = _start(capsys, "--ruleset", "fw", "--seed", "1", "--after", "5", "--rule", "capital=12")
    assert pos["options"]["capital"] == 12
    assert load_position(pos).cfg.capital == 12
