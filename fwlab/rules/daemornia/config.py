"""Ruleset parameters. Every ruling a player could want the other way is a field here."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class RulesConfig:
    ruleset: str
    capital: int                 # FW-SETUP-1 / BG-SETUP-1
    cycle: tuple[int, ...]       # FW-RES-1: Res per own turn (fw 1,2,3; epic 1..6); empty for bg
    bg_resources: bool           # BG-RES-1: roll 2D6 and add the higher die
    scenario_res: int            # FW-RES-2: +Res per Scenario in play (fw 1, bg 0: only Scenario effects)
    opening_hand: int            # FW-SETUP-3: five cards
    hand_limit: int              # FW-HAND-1: discard down to 7 at the end of the turn
    bg_hand: bool                # BG-HAND-1: with 8 in hand a drawn card is discarded; may discard one
    heal_scenarios: bool         # BG-HEAL-1: scenarios heal too (fw: they do not)
    exp_loss: bool               # BG-EXP-1: a killed/destroyed card costs its owner Capital = Exp
    interrupts_first: bool       # BG-EVENT-2: only Interrupts resolve before the events they answer
    turn_cap: int = 200          # SIM-CAP-1
    literal_two: bool = False    # BG-HIT-2 switch: a natural 2 always misses
    scenario_delay: bool = False  # BG-SCEN-2: a Scenario's card effects wait a turn after it is deployed
    # where 002 is silent, bg inherits fw (BG-INHERIT-1); each inherited rule can be switched off
    locking: bool = True         # FW-LOCK-1: declaring an attacker locks it; a locked creature cannot block
    one_scenario: bool = True    # FW-DEPLOY-2: at most one Scenario deployed per turn
    curses: bool = True          # FW-ATTACH-2: Curses go on an enemy creature
    # FW-DRAW-3 (option, off by default): false = the first player skips the Draw of turn 1
    first_player_draw: bool = True  # FW-DRAW-1 as ruled: both players draw from their first turn on


FW = RulesConfig("fw", capital=20, cycle=(1, 2, 3), bg_resources=False, scenario_res=1, opening_hand=5,
                 hand_limit=7, bg_hand=False, heal_scenarios=False, exp_loss=False, interrupts_first=False)
FW_EPIC = replace(FW, ruleset="fw-epic", cycle=(1, 2, 3, 4, 5, 6))
BG = RulesConfig("bg", capital=40, cycle=(), bg_resources=True, scenario_res=0, opening_hand=5,
                 hand_limit=8, bg_hand=True, heal_scenarios=True, exp_loss=True, interrupts_first=True,
                 scenario_delay=True)

CONFIGS: dict[str, RulesConfig] = {"fw": FW, "fw-epic": FW_EPIC, "bg": BG}


def config_for(ruleset: str, **overrides: object) -> RulesConfig:
    """The parameters of a ruleset, with optional overrides (e.g. ``turn_cap=50``)."""
    try:
        base = CONFIGS[ruleset]
    except KeyError:
        raise ValueError(f"no Daemornia engine for ruleset {ruleset!r}; expected fw, fw-epic or bg") from None
    return replace(base, **overrides) if overrides else base  # type: ignore[arg-type]
