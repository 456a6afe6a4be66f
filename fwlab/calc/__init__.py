"""Exact probability for every ruleset: the D6 to-hit roll and combat distributions (fw, bg), the
Free Realms gem flip, Eredan damage, Conquest conquests and Free Realms collector numbers.

>>> from fwlab.calc import need_to_hit
>>> need_to_hit(3, 4)
5
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

# a name that is also its submodule's name is bound now: once the submodule is imported, the import
# system would otherwise leave the module, not the duel function, under that name
from .duel import duel

if TYPE_CHECKING:  # the names, for type checkers; imported when first used
    from .attack import Attack, AttackResult, Distribution, whole_attack
    from .collector import Collector, format_collector, parse_collector
    from .combat import FightResult, best_target, fight, raid, scenario_fight
    from .conquest import (
        Board,
        Chance,
        Conquest,
        Plan,
        board_fields,
        conquer_chance,
        conquerable,
        neighbours,
        plan_turn,
    )
    from .duel import DuelResult, duel
    from .eredan import Exchange, eredan_exchange
    from .fighter import Fighter
    from .gems import BattleOdds, FlipDeck, PowerUp, battle_odds
    from .tohit import format_chart, need_to_hit, p_hit, p_hit_exact, tohit_table

__all__ = ["Attack", "AttackResult", "BattleOdds", "Board", "Chance", "Collector", "Conquest", "Distribution",
           "DuelResult", "Exchange", "FightResult", "Fighter", "FlipDeck", "Plan", "PowerUp", "battle_odds",
           "best_target", "board_fields", "conquer_chance", "conquerable", "duel", "eredan_exchange", "fight",
           "format_chart", "format_collector", "need_to_hit", "neighbours", "p_hit", "p_hit_exact",
           "parse_collector", "plan_turn", "raid", "scenario_fight", "tohit_table", "whole_attack"]

__getattr__, __dir__ = lazy_exports(__name__, {
    "Attack": "attack", "AttackResult": "attack", "Distribution": "attack", "whole_attack": "attack",
    "Collector": "collector", "format_collector": "collector", "parse_collector": "collector",
    "FightResult": "combat", "best_target": "combat", "fight": "combat", "raid": "combat",
    "scenario_fight": "combat", "Board": "conquest", "Chance": "conquest", "Conquest": "conquest",
    "Plan": "conquest", "board_fields": "conquest", "conquer_chance": "conquest", "conquerable": "conquest",
    "neighbours": "conquest", "plan_turn": "conquest", "DuelResult": "duel",
    "Exchange": "eredan", "eredan_exchange": "eredan", "Fighter": "fighter", "BattleOdds": "gems",
    "FlipDeck": "gems", "PowerUp": "gems", "battle_odds": "gems", "format_chart": "tohit",
    "need_to_hit": "tohit", "p_hit": "tohit", "p_hit_exact": "tohit", "tohit_table": "tohit",
})
