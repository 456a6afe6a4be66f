"""Ratings over the match logs: Elo as the game defines it (Fallen Worlds matches), logistic Elo and
OpenSkill (every match) for comparison."""

from .fw_elo import FW_START, RATED_MIN_TURNS, fw_gain, trunc_div
from .run import RatingRun, rate, read_matches, write_history
from .systems import FW_RULESETS, SYSTEMS

__all__ = [
    "FW_RULESETS",
    "FW_START",
    "RATED_MIN_TURNS",
    "SYSTEMS",
    "RatingRun",
    "fw_gain",
    "rate",
    "read_matches",
    "trunc_div",
    "write_history",
]
