"""The health figures of a Free Realms game (``fr``) and their bands (fwlab/rules/health.py).

Read from a finished game (``Engine.health``): ``Game.tally`` counts the battles started, the deck
rebuilds (FR-DECK-1) and the cards scored by each way of scoring (a hunt, an attacker that won its
battle, a power-up, a trick's or an action's effect), and the first player's hunts and won battles
apart (the second player's are the rest: where the first player's edge is made); the hands at the end show a stall (cards
hoarded instead of played). The stored logs keep what each creature scored in total, not how, so
these need a simulation. Not compiled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..health import MEAN, SHARE, Band, HealthFigure
from .state import T_BATTLE, T_BATTLE_FIRST, T_BATTLES, T_EFFECT, T_HUNT, T_HUNT_FIRST, T_POWERUP, T_REBUILDS

FIGURES: tuple[HealthFigure, ...] = (
    HealthFigure("battles", "battles a game, both seats (FR-BATTLE-1)", MEAN, "battles"),
    HealthFigure("score_hunt", "cards scored by hunts a game (FR-HUNT-1)", MEAN, "cards"),
    HealthFigure("score_battle", "cards scored by attackers that won their battle a game (FR-SCORE-1)", MEAN, "cards"),
    HealthFigure("score_powerup", "cards scored by power-ups a game (FR-POWERUP-1)", MEAN, "cards"),
    HealthFigure("score_effect", "cards scored by tricks' and actions' effects a game", MEAN, "cards"),
    HealthFigure("hunt_gap", "cards the first player scored by hunts a game less the second player's (FR-HUNT-1)",
                 MEAN, "cards"),
    HealthFigure("battle_gap", "cards the first player scored by won attacks a game less the second player's "
                 "(FR-SCORE-1)", MEAN, "cards"),
    HealthFigure("battle_share", "share of the cards scored in a game that battles scored (battle wins and "
                 "power-ups)", MEAN),
    HealthFigure("rebuilds", "deck rebuilds from the discard pile a game (FR-DECK-1)", MEAN, "rebuilds"),
    HealthFigure("hand_at_end", "cards in hand at the end, the mean of the two seats", MEAN, "cards"),
    HealthFigure("empty_deck_end", "share of games ending with a seat's deck and discard pile both empty (FR-DECK-2)",
                 SHARE),
)


def health(g: Any) -> dict[str, float]:
    """The figures of one finished game (see :data:`FIGURES`)."""
    t = g.tally
    out = {"battles": float(t[T_BATTLES]), "score_hunt": float(t[T_HUNT]), "score_battle": float(t[T_BATTLE]),
           "score_powerup": float(t[T_POWERUP]), "score_effect": float(t[T_EFFECT]),
           "rebuilds": float(t[T_REBUILDS]),
           "hunt_gap": float(2 * t[T_HUNT_FIRST] - t[T_HUNT]), "battle_gap": float(2 * t[T_BATTLE_FIRST] - t[T_BATTLE])}
    scored = t[T_HUNT] + t[T_BATTLE] + t[T_POWERUP] + t[T_EFFECT]
    if scored:
        out["battle_share"] = (t[T_BATTLE] + t[T_POWERUP]) / scored
    seats = g.seats
    out["hand_at_end"] = (len(seats[0].hand) + len(seats[1].hand)) / 2.0
    out["empty_deck_end"] = 1.0 if any(not s.deck and not s.discard for s in seats) else 0.0
    return out


_CAP = ("001 says a player unable to draw, flip or score 'happens very rarely', and the game ends only at 12 "
        "scored cards: a game stopped by the turn cap (FR-CAP-1, the simulator's) is one the text never "
        "describes; the issue's bound is under 2% in every pairing")
_ROUNDS = ("12 cards are scored at one a hunt or a won battle, with three creatures a side at most "
           "(FR-SPACE-1): under 4 rounds is faster than three creatures can score 12, past 30 rounds the decks "
           "have been rebuilt over and over without a finish")
_GAP = ("001 gives going first no free column or battle, only a skipped draw to offset it (FR-READY-1): a "
        "gap of more than 1.5 cards a game (an eighth of the 12-card goal) in one way of scoring is where a seat's "
        "edge is made (docs/game-health.md 'Fifth look': the hunt gap was 1.65 with the first player at 0.64, "
        "1.18 at 0.59, -0.74 at 0.46)")
BANDS: Mapping[str, tuple[Band, ...]] = {
    "fr": (
        Band("position", -0.08, 0.08, "001 gives the first player only a skipped draw (FR-READY-1) to offset "
             "going first; RULINGS 'game health': no seat wins far beyond its share. The issue's target for "
             "the field: 0.42-0.58", relative=True),
        Band("pairing", 0.40, 0.60, "the issue's bound for Free Realms: the first player within 0.40-0.60 in "
             "every starter pairing, mirrors included (the first seat won 0.667 when it was set)"),
        Band("seat", -0.05, 0.05, "decks change seats and the first seat alternates within every pairing, so "
             "a seat's own edge can only come from code that treats the seats apart", relative=True),
        Band("turn_cap", None, 0.02, _CAP),
        Band("end.turn-cap", None, 0.02, _CAP),
        Band("end.score", 0.98, None, "001: 'The first player to score 12 cards wins the game!' is the only "
             "ending the text has"),
        Band("draws", None, 0.02, "001 has no drawn game: only the turn cap draws"),
        Band("rounds", 4, 30, _ROUNDS),
        Band("turns", 8, 60, "twice the rounds band (two seats): " + _ROUNDS),
        Band("battles", 2, None, "001: creatures 'hunt and attack to score cards' and its whole battle "
             "procedure is the game's heart: a game with almost no battles is a hunting race"),
        Band("battle_share", 0.25, None, "battles are one of the two ways to score 001 introduces (with "
             "hunting): they should score at least a quarter of the cards"),
        Band("score_hunt", None, 12, "at most the 12 cards of the winner's goal a game, on average, come from "
             "hunts: more means both seats mostly hunt past each other"),
        Band("hunt_gap", -1.5, 1.5, _GAP),
        Band("battle_gap", -1.5, 1.5, _GAP),
        Band("score_battle", None, 12, "bounded by the goal: the 12 cards of a win"),
        Band("score_powerup", None, 12, "bounded by the goal: the 12 cards of a win"),
        Band("score_effect", None, 6, "tricks and actions add to a battle or a hunt (001's tricks 'help win "
             "battles'): half the goal from effects alone would be a different game"),
        Band("rebuilds", None, 4, "001: a rebuild from the discard pile is a continuation for a long game; "
             "more than four a game means the decks are cycled without scoring"),
        Band("hand_at_end", None, 12, "001 has no hand limit, but cards are meant to be played: a hand of more "
             "than 12 at the end is hoarding (the issue found ~20 in capped games)"),
        Band("empty_deck_end", None, 0.02, "001: with the deck and discard pile both empty a player 'can't "
             "draw, flip, or score a card. This happens very rarely'"),
    ),
}
