"""Exact probability for every ruleset: the D6 to-hit roll and combat distributions (fw, bg), the
Free Realms gem flip, Eredan damage, Conquest conquests and Free Realms collector numbers.

>>> need_to_hit(3, 4)
5
"""

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
