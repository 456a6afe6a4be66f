"""The rule options of ``eredan`` as data (fwlab/rules/options.py): RULINGS.md promises that every
ruling a reasonable player could want the other way is a switch. The defaults are the rulings and
play exactly today's games; ``new_game`` takes them by name, the record keeps those that differ
(``turn_cap`` always), ``replay`` and a position's ``options`` set them."""

from __future__ import annotations

from ..options import RuleOption
from .game import DECK_OUT, TURN_CAP

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("turn_cap", "int", TURN_CAP, "a game still going after this many turns (fights) is a draw, "
               "end reason turn-cap", "ER-END-1", min=1),
    RuleOption("deck_out", "str", DECK_OUT[0], "who wins a deck-out: 'score' (the higher score; equal scores: "
               "the player who did not run out) or 'loses' (the player who ran out loses)", "ER-END-1",
               choices=DECK_OUT),
    RuleOption("zero_life_strikes", "bool", True, "a character brought to 0 Life by a card in its fight still "
               "strikes (false: it does not)", "ER-DEATH-1"),
    RuleOption("score_overkill", "bool", False, "damage beyond the Life a character has left counts for the "
               "score too (the ruling: only Life actually removed)", "ER-SCORE-1"),
)
