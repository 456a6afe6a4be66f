"""The rule options of ``fr``, declared as data (fwlab/rules/options.py): every Free Realms ruling a
player could want the other way, with its default (the ruling, so the defaults play the games of
RULINGS.md) and the rule ID in docs/rules.md it changes.

``new_game`` (engine.py) takes them by name, a game's record keeps those that differ from the
defaults (``Game.options``), ``replay`` plays under them and a position's ``options`` sets them.
Not compiled: the compiled :class:`~fwlab.rules.freerealms.game.Game` takes them as plain arguments.
"""

from __future__ import annotations

from ..options import RuleOption
from .game import GOAL, HERO_BLOCKS, TURN_CAP

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("first_player_may_go_turn_1", "bool", True,
               "the first player's creatures may hunt or attack on turn 1 (false: they may not; 001 states no "
               "restriction)", "FR-GO-1"),
    RuleOption("turn_cap", "int", TURN_CAP, "a game still going after this many turns is a draw (turn-cap)",
               "FR-CAP-1", min=1),
    RuleOption("mulligans", "bool", True,
               "each player may shuffle the opening hand back and draw six, first player first (false: no mulligan)",
               "FR-SETUP-3"),
    RuleOption("score_to_win", "int", GOAL, "scored cards that win the game at once", "FR-WIN-1", min=1),
    RuleOption("face_down_counts", "bool", True,
               "face-down inventory cards give coins and stars too (false: face-up resources only, as 001's Coin "
               "and Star entries read)", "FR-COIN-1"),
    RuleOption("hero_names_block", "str", HERO_BLOCKS[0],
               "whose Hero in play keeps you from playing a Hero of its name: your own only, or both players'",
               "FR-HERO-1", choices=HERO_BLOCKS),
)

#: option name -> its default
DEFAULTS: dict[str, object] = {o.name: o.default for o in OPTIONS}
