"""The health figures of an Eredan game (``eredan``) and their bands (fwlab/rules/health.py).

Read from a finished game (``Engine.health``, a game played with ``log_cards``): the characters
dead at the end, and where the score came from. The score (ER-SCORE-1) is the Life a seat's
strikes and cards removed from enemies plus the Life it healed on its own characters; the card log
keeps the Life each character's strikes and each card removed (``ch_dmg``, ``card_dmg``), so the
healing is the rest of the seats' scores. With the ``score_overkill`` option a card's overkill is
not in its log, so the split is left out then. The stored logs give the same from ``card_events``
(``killed_turn`` of characters, ``damage_dealt`` and ``scored``), so these figures come from a
store too. Not compiled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..health import MEAN, SHARE, Band, HealthFigure, Stored

FIGURES: tuple[HealthFigure, ...] = (
    HealthFigure("characters_killed", "characters dead at the end of a game, both sides (ER-DEATH-1)", MEAN,
                 "characters", Stored("killed", ("character",))),
    HealthFigure("side_wiped", "share of games in which a side lost all three characters", SHARE),
    HealthFigure("score_damage", "score from damage a game, both sides (Life removed from enemies, ER-SCORE-1)",
                 MEAN, "points", Stored("card_sum", ("damage_dealt",))),
    HealthFigure("score_healing", "score from healing a game, both sides (Life healed on own characters)", MEAN,
                 "points", Stored("card_diff", ("scored", "damage_dealt"))),
    HealthFigure("healing_share", "share of a game's score that came from healing", MEAN),
    HealthFigure("score_margin", "the winner's score minus the loser's a game", MEAN, "points",
                 Stored("score_spread")),
)


def health(g: Any) -> dict[str, float]:
    """The figures of one finished game (see :data:`FIGURES`)."""
    dead = [sum(1 for c in s.chars if c.dead) for s in g.seats]
    scores = [s.score for s in g.seats]
    out: dict[str, float] = {"characters_killed": float(dead[0] + dead[1]),
                             "side_wiped": 1.0 if max(dead) == len(g.seats[0].chars) else 0.0,
                             "score_margin": float(abs(scores[0] - scores[1]))}
    if g.log_cards and not g.score_overkill:
        damage = sum(g.ch_dmg) + sum(g.card_dmg)
        total = scores[0] + scores[1]
        out["score_damage"] = float(damage)
        out["score_healing"] = float(total - damage)
        if total:
            out["healing_share"] = (total - damage) / total
    return out


BANDS: Mapping[str, tuple[Band, ...]] = {
    "eredan": (
        Band("position", -0.08, 0.08, "the initiative decides who chooses the first fight, and 004 alternates "
             "the choice after that (ER-CHOOSE-1): it should not decide the game; the issue's target for the "
             "field: 0.42-0.58", relative=True),
        Band("pairing", 0.35, 0.65, "one pairing may lean further than the field, but a side winning two games "
             "in three because it chose first is the turn order deciding it"),
        Band("seat", -0.05, 0.05, "decks change seats and the initiative alternates within every pairing, so a "
             "seat's own edge can only come from code that treats the seats apart", relative=True),
        Band("end.dead", 0.25, None, "004: 'The goal is to eliminate the opponent by doing the most damage "
             "possible to their characters, or by forcing a deck out': kills should end at least a quarter of "
             "the games (the issue's bound; none did when it was set)"),
        Band("end.deck-out", 0.05, 0.75, "004 names the deck-out as the other way to win, so it must still "
             "happen, but not decide almost every game"),
        Band("turn_cap", None, 0.02, "the turn cap is the simulator's stop; 004 ends a game by kills or a "
             "deck-out only"),
        Band("end.turn-cap", None, 0.02, "the turn cap is the simulator's stop; 004 ends a game by kills or a "
             "deck-out only"),
        Band("draws", None, 0.05, "004 breaks a deck-out by the score; a draw needs equal scores"),
        Band("rounds", 3, 12, "a side refills to five from a 20-card deck every turn (ER-HAND-1): past about "
             "12 rounds a deck is spent; under 3 rounds not every character has fought"),
        Band("turns", 6, 24, "twice the rounds band (a round is each side choosing once)"),
        Band("characters_killed", 1.0, None, "004's goal is to eliminate the opponent's characters: at least "
             "one of the six should die in an average game (0.17 did when the issue was set)"),
        Band("side_wiped", 0.25, None, "a side losing all three characters is the kill ending; with end.dead"),
        Band("score_damage", 10, None, "004's score is 'the total damage inflicted on all of the characters "
             "as well as any points gained from healing': damage is its main part"),
        Band("score_healing", None, 40, "healing is the smaller part of the score (004: 'as well as'); past 40 "
             "a game it outweighs a side's Life"),
        Band("healing_share", None, 0.5, "004 counts healing 'as well as' damage: damage should be most of the "
             "score"),
        Band("score_margin", 3, None, "a score race decided by a few points (about 4 when the issue was set) "
             "is a deck-out lottery, not a fight won"),
    ),
}
