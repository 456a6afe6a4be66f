"""Every example position in data/positions/ loads, shows and plays through the CLI (POS-EXAMPLES-1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwlab.cli import main
from fwlab.rulesets import RULESETS

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "data" / "positions").glob("*.*"))


def test_POS_EXAMPLES_1_every_ruleset_with_an_engine_has_an_example():
    rulesets = set()
    for path in EXAMPLES:
        if path.suffix == ".json":
            rulesets.add(json.loads(path.read_text())["ruleset"])
        else:
            import tomllib

            rulesets.add(tomllib.loads(path.read_text())["ruleset"])
    families = {"fw", "fr", "eredan", "conquest"}
    assert families <= rulesets, f"no example for {families - rulesets}"
    assert set(rulesets) <= set(RULESETS)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_POS_EXAMPLES_1_an_example_shows_and_plays_its_first_legal_action(path, capsys):
    assert main(["position", "show", str(path), "--json"]) == 0
    pos = json.loads(capsys.readouterr().out)
    assert not pos["terminal"] and pos["legal_actions"]
    assert main(["position", "show", str(path)]) == 0
    assert "legal actions" in capsys.readouterr().out.lower()
    action = pos["legal_actions"][0]
    code = main(["position", "play", str(path), "--actions", action, "--json", "--decks"])
    out = capsys.readouterr()
    if code == 2 and "too few dice" in out.err:  # an fw strike needs dice: give six of each
        code = main(["position", "play", str(path), "--actions", action, "--json", "--decks",
                     "--dice", ",".join(["4"] * 12)])
        out = capsys.readouterr()
    assert code == 0, out.err
    played = json.loads(out.out)
    assert played["played"]["actions"] == [action]
