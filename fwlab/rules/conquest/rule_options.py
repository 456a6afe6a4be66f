"""The rule options of ``conquest``, declared as data (fwlab/rules/options.py): every Conquest ruling
of RULINGS.md that it calls a parameter or an option, each with its rule ID. The engine
(:mod:`.engine`) takes them by name and a position's ``options`` (:mod:`.position`) sets them; the
defaults are the rulings. Not compiled.
"""

from __future__ import annotations

from ..options import RuleOption
from .game import DIFFICULTIES, EVERY_PLAYER, IDLE_ENDS, MAX_DIFFICULTY, RADIUS, REVERSE_FIRST, TURN_ORDERS

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("board_radius", "int", RADIUS, "the board is a hexagon of this radius (2: 19 fields); another "
               "radius needs difficulties for its fields", "CQ-BOARD-1", min=1, max=5),
    RuleOption("difficulties", "ints", DIFFICULTIES, "the fields' difficulties (a multiset, one per field), laid "
               "out by the seed", "CQ-BOARD-1", min=1, max=MAX_DIFFICULTY),
    RuleOption("turn_order", "str", REVERSE_FIRST, "reverse-first-round: round 1 counter-clockwise, then clockwise "
               "from its last player (003); clockwise: clockwise from the first player every round",
               "CQ-ORDER-1", choices=TURN_ORDERS),
    RuleOption("idle_end", "str", EVERY_PLAYER, "every-player: the game ends once every player has had a turn "
               "since the last conquest or Claim (003; the seat with two turns in a row at the change of rounds "
               "counts once); turns-in-a-row: after as many turns in a row without one as there are players "
               "(or idle_turns)", "CQ-END-2", choices=IDLE_ENDS),
    RuleOption("idle_turns", "int", 0, "with idle_end=turns-in-a-row: the turns in a row without a conquest or a "
               "Claim that end the game; 0: as many as there are players", "CQ-END-2", min=0),
    RuleOption("finish_round", "bool", False, "false: the game ends the moment the last field is taken (CQ-END-1, "
               "mid-round); true: it ends at the end of that round, so every player has had as many turns",
               "CQ-END-3"),
)
#: the option names, for errors
KNOWN = ", ".join(o.name for o in OPTIONS)
