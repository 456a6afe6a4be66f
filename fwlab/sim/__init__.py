"""Simulation for every engine: one game (:func:`play_match`, or the 2-seat :func:`play_game`) or
many in seeded batches (:func:`simulate_match`, or the 2-seat :func:`simulate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:  # the names, for type checkers; imported when first used
    from .play import GameResult, play_game, play_match, start_game, start_match
    from .runner import (
        CardStats,
        SimResult,
        UntilResult,
        batch_seeds,
        karsten_games,
        run_batch,
        simulate,
        simulate_match,
        simulate_until,
    )

__all__ = ["CardStats", "GameResult", "SimResult", "batch_seeds", "play_game", "play_match", "run_batch",
           "simulate", "simulate_match", "simulate_until", "start_game", "start_match", "UntilResult", "karsten_games"]

__getattr__, __dir__ = lazy_exports(__name__, {
    "GameResult": "play", "play_game": "play", "play_match": "play", "start_game": "play",
    "start_match": "play", "CardStats": "runner", "SimResult": "runner", "batch_seeds": "runner",
    "run_batch": "runner", "simulate": "runner", "simulate_match": "runner", "simulate_until": "runner",
    "UntilResult": "runner", "karsten_games": "runner",
})
