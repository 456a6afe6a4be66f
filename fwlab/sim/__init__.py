"""Matchup simulation: one game (:func:`play_game`) or many in seeded batches (:func:`simulate`)."""

from .play import GameResult, play_game, start_game
from .runner import CardStats, SimResult, batch_seeds, run_batch, simulate

__all__ = ["CardStats", "GameResult", "SimResult", "batch_seeds", "play_game", "run_batch", "simulate", "start_game"]
