"""Bot specs (``name[:key=value,...]``, fwlab/rules/botspec.py): the registry accepts them everywhere a
bot is named, checks their parameters against the bot's declared ones, and a bad one is a clear error
(exit status 2) naming the bad key."""

from __future__ import annotations

import json

import pytest

from fwlab.bots.ismcts import IsmctsBot
from fwlab.cli import main
from fwlab.rules.botspec import BotSpecError, parse_bot_spec, split_bot_list
from fwlab.rules.engines import engine_for


def test_a_spec_parses_into_its_name_and_parameters_and_prints_back():
    spec = parse_bot_spec("ismcts:iters=400,c=0.7")
    assert spec.name == "ismcts" and spec.params == (("iters", "400"), ("c", "0.7"))
    assert str(spec) == "ismcts:iters=400,c=0.7" and str(parse_bot_spec("heuristic")) == "heuristic"


@pytest.mark.parametrize("text, key", [("ismcts:iters", "iters"), ("ismcts:iters=1,iters=2", "iters"),
                                       ("ismcts:", ""), ("ismcts:=3", ""), ("is mcts", "")])
def test_a_spec_with_bad_syntax_is_refused_naming_the_key(text, key):
    with pytest.raises(BotSpecError) as e:
        parse_bot_spec(text)
    assert e.value.key == key and repr(text) in str(e.value)


def test_a_list_of_specs_keeps_the_parameters_with_their_bot():
    assert split_bot_list("random, ismcts:iters=400,c=0.7 ,heuristic,ismcts:iters=5") == [
        "random", "ismcts:iters=400,c=0.7", "heuristic", "ismcts:iters=5"]
    assert split_bot_list("heuristic,lookahead") == ["heuristic", "lookahead"]


def test_the_registry_parses_the_parameters_and_makes_the_bot_with_them():
    eng = engine_for("fw")
    assert eng.check_bot("ismcts:iters=50,c=0.25,leaf=eval,horizon=0,prior=false") == (
        "ismcts", {"iters": 50, "c": 0.25, "leaf": "eval", "horizon": 0, "prior": False})
    bot = eng.make_bot("ismcts:iters=50,c=0.25,leaf=eval", seed=7)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iters, bot.c, bot.leaf, bot.horizon, bot.seed) == (50, 0.25, "eval", 4, 7)
    assert engine_for("conquest").make_bot("ismcts:iters=5", 1).settings()["horizon"] == 0  # its engine's default
    # Conquest's engine default budget is 400 iterations (docs/bots.md); a spec's own iters wins over it
    assert engine_for("conquest").make_bot("ismcts", 1).settings()["iters"] == 400
    assert engine_for("conquest").make_bot("ismcts:iters=5", 1).settings()["iters"] == 5
    # so is Free Realms' (its 400-game ladder: docs/bots.md); fw keeps the general 200
    assert engine_for("fr").make_bot("ismcts", 1).settings()["iters"] == 400
    assert engine_for("fr").make_bot("ismcts:iters=7", 1).settings()["iters"] == 7
    assert eng.make_bot("ismcts", 1).settings()["iters"] == 200
    assert eng.check_bot("heuristic") == ("heuristic", {})


@pytest.mark.parametrize("spec, key, words", [
    ("ismcts:iterz=5", "iterz", "unknown parameter 'iterz'; known: iters, ms, c"),
    ("ismcts:iters=0", "iters", "must be at least 1, not 0"),
    ("ismcts:iters=many", "iters", "'many' is not a whole number"),
    ("ismcts:leaf=deep", "leaf", "'deep' is not one of rollout, eval"),
    ("heuristic:aggression=1", "aggression", "known: none (it takes no parameters)"),
    ("alphazero", "", "unknown bot 'alphazero' for the daemornia engine; expected one of random, heuristic"),
])
def test_the_registry_refuses_a_bad_parameter_naming_it(spec, key, words):
    with pytest.raises(BotSpecError) as e:  # a ValueError: the CLI's exit status 2
        engine_for("fw").check_bot(spec)
    assert isinstance(e.value, ValueError) and e.value.key == key and words in str(e.value)


def test_simulate_takes_specs_and_a_bad_key_is_exit_2_naming_it(capsys):
    args = ["simulate", "--ruleset", "conquest", "--players", "3", "-n", "2", "--seed", "1", "--json"]
    assert main(args + ["--bots", "ismcts:iters=2,horizon=1,heuristic,random"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and [s["bot"] for s in out["seats"]] == ["ismcts:iters=2,horizon=1", "heuristic",
                                                                       "random"]
    assert main(args + ["--bots", "ismcts:iterz=2,heuristic,random"]) == 2
    err = capsys.readouterr().err
    assert "unknown parameter 'iterz'" in err and "known: iters" in err


def test_the_ladder_refuses_a_bad_spec_before_any_game_exit_2(capsys):
    assert main(["bots", "ladder", "--ruleset", "fr", "--bots", "heuristic,ismcts:c=-1", "-n", "4"]) == 2
    assert "parameter 'c' must be at least 0, not -1" in capsys.readouterr().err


def test_engines_json_lists_ismcts_for_every_ruleset(capsys):
    assert main(["engines", "--json"]) == 0
    rows = {r["ruleset"]: r for r in json.loads(capsys.readouterr().out)}
    for r in ("fw", "fw-epic", "bg", "fr", "eredan", "conquest"):
        assert rows[r]["bots"][-1] == "ismcts", r
        assert engine_for(r).make_bot("ismcts", 0).name == "ismcts"
