"""The decision points of a game (who must choose what now)."""

from __future__ import annotations

from ..core import Action

DEPLOY, ATTACK, BLOCK, ASSIGN, TRICKS, ANSWER, DISCARD, TERMINAL = range(8)
DECISION_NAMES = ("deploy", "attack", "block", "assign", "tricks", "answer", "discard", "terminal")
#: The phase an event's ``phases`` restriction sees at each decision.
PHASE_OF = {DEPLOY: "deploy", ATTACK: "combat", BLOCK: "combat", ASSIGN: "combat", TRICKS: "combat",
            DISCARD: "resolution"}
PASS = Action("pass")
