"""Simulation for every engine: one game (:func:`play_match`, or the 2-seat :func:`play_game`) or
many in seeded batches (:func:`simulate_match`, or the 2-seat :func:`simulate`)."""

from .play import GameResult, play_game, play_match, start_game, start_match
from .runner import CardStats, SimResult, batch_seeds, run_batch, simulate, simulate_match

__all__ = ["CardStats", "GameResult", "SimResult", "batch_seeds", "play_game", "play_match", "run_batch",
           "simulate", "simulate_match", "start_game", "start_match"]
