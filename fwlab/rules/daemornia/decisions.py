"""The decision points of a game (who must choose what now)."""

from __future__ import annotations

from typing import Final

from ..core import Action

# Final: the compiled core inlines them (fwlab/native.py)
DEPLOY: Final = 0
ATTACK: Final = 1
BLOCK: Final = 2
ASSIGN: Final = 3
TRICKS: Final = 4
ANSWER: Final = 5
DISCARD: Final = 6
TERMINAL: Final = 7
RESOURCE: Final = 8     # the active player's healing step (fw: Resource phase; bg: Healing phase)
RESOLUTION: Final = 9   # after combat damage and deaths, before temporary modifications end
DEFEND: Final = 10      # the defender picks the attacker a Scenario attacked by several strikes back at
DECISION_NAMES = ("deploy", "attack", "block", "assign", "tricks", "answer", "discard", "terminal",
                  "resource", "resolution", "defend")
#: The phase an event's ``phases`` restriction sees at each decision.
PHASE_OF = {DEPLOY: "deploy", ATTACK: "combat", BLOCK: "combat", ASSIGN: "combat", TRICKS: "combat",
            DEFEND: "combat", RESOURCE: "resource", RESOLUTION: "resolution"}
PASS: Final = Action("pass")
