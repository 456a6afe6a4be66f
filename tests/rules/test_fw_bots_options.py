"""Every bot of the Daemornia rulesets (``fw``, ``fw-epic``, ``bg``) plays only legal actions under every
rule option the engine declares (``fwlab engines --options``): each bool option flipped from its
default, and a few int ones, in seeded games. An illegal action raises ``IllegalAction`` out of
``play_match``, so a bot that copies a rule the option changes fails here (the heuristic once
deployed Curses with ``curses`` off and passed at the end of a bg turn over a lowered hand limit).

Rules these switches change: FW-ATTACH-2 (``curses``), FW-DEPLOY-2 (``one_scenario``), FW-LOCK-1
(``locking``), FW-HAND-1 / BG-HAND-1 (``hand_limit``, ``bg_hand``), CORE-LEGAL-1 for the bots.
"""

from __future__ import annotations

from typing import Any

import pytest

from fwlab.decks import Deck, parse_decklist
from fwlab.paths import PROJECT_ROOT
from fwlab.rules.engines import check_rule_options, engine_for
from fwlab.sim import play_match

RULESETS = ("fw", "fw-epic", "bg")
#: Decks with Curses, Scenarios and attachments in each pairing, so the switches have something to change.
DECKS = {"fw": ("grave-tide", "ashfang-raid", "mill-and-market", "iron-tide"),
         "bg": ("gate-assault", "iron-wall", "wardens-of-the-west")}
#: int options set well away from their defaults (a hand limit below what bg's hand rule keeps,
#: a big opening hand over a small limit, many Res per Scenario)
INT_OPTIONS: tuple[dict[str, Any], ...] = ({"hand_limit": 3}, {"opening_hand": 9, "hand_limit": 5},
                                           {"scenario_res": 3})
GAMES = {"random": 6, "heuristic": 8, "lookahead": 1, "ismcts": 1}
#: the spec a bot plays here when not its plain name (a small search budget keeps the test short)
SPECS = {"ismcts": "ismcts:iters=5"}


def _decks(ruleset: str) -> list[Deck]:
    folder = "bg" if ruleset == "bg" else "fw"
    return [parse_decklist((PROJECT_ROOT / "data" / "decks" / folder / f"{name}.txt").read_text(),
                           default_ruleset=ruleset) for name in DECKS[folder]]


def _flipped(ruleset: str) -> list[dict[str, Any]]:
    """Each bool option of ``ruleset`` flipped alone, then the int settings above."""
    out: list[dict[str, Any]] = []
    for o in engine_for(ruleset).options[ruleset]:
        if o.type != "bool":
            continue
        flip: dict[str, Any] = {o.name: not o.default}
        if ruleset == "bg" and o.name == "bg_resources":
            # bg has no resource cycle (its Res come from the dice): without the dice it needs one
            flip["cycle"] = (1, 2, 3)
        out.append(flip)
    return out + list(INT_OPTIONS)


CASES = [(r, opts) for r in RULESETS for opts in _flipped(r)]


def test_every_bool_option_of_the_daemornia_rulesets_is_flipped_here() -> None:
    for ruleset in RULESETS:
        bools = {o.name for o in engine_for(ruleset).options[ruleset] if o.type == "bool"}
        assert len(bools) >= 10 and {"curses", "one_scenario", "locking", "bg_hand"} <= bools
        assert bools == {name for r, opts in CASES if r == ruleset for name in opts if name != "cycle"} - {
            "hand_limit", "opening_hand", "scenario_res"}


@pytest.mark.parametrize("ruleset, options", CASES,
                         ids=[f"{r}-{','.join(f'{k}={v}' for k, v in o.items())}" for r, o in CASES])
def test_CORE_LEGAL_1_every_bot_plays_only_legal_actions_under_a_flipped_rule_option(
        ruleset: str, options: dict[str, Any]) -> None:
    opts = check_rule_options(ruleset, {k: ",".join(map(str, v)) if isinstance(v, tuple) else str(v).lower()
                                        for k, v in options.items()})  # as --rule NAME=VALUE gives them
    assert opts == options
    decks = _decks(ruleset)
    eng = engine_for(ruleset)
    assert set(eng.bot_names()) == set(GAMES)
    for bot in eng.bot_names():
        for i in range(GAMES[bot]):
            a, b = decks[i % len(decks)], decks[(i + 1) % len(decks)]
            # raises IllegalAction, naming the action and why, if a bot plays one
            res = play_match(ruleset, [a, b], [SPECS.get(bot, bot)] * 2, seed=i, first=i % 2, record=True, **opts)
            assert res.record is not None
            played_under = {k: tuple(v) if isinstance(v, list) else v for k, v in res.record.options.items()}
            assert opts.items() <= played_under.items()  # the game was played under the flipped rules
