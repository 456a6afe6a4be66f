"""The balance lab: what-if re-plays of a field of decks after a change to some cards, sweeps over one
card field, the equilibrium meta, and the deck tuner (docs/balance-lab.md).

Every long call takes ``progress(done, total)`` (in games) and ``should_stop() -> bool`` (asked
between batches; a true answer raises :class:`Cancelled`; the tuner's carries its swaps so far in
``partial``), and ``workers`` or any ``concurrent.futures.Executor``; results are
dataclasses with ``to_dict()`` / ``from_dict()``. Runs are kept in the store with
:func:`save_run` and reopened with :func:`list_runs` / :func:`load_run`.
"""

from .batch import Cancelled
from .changes import LabDeck, Sweep, load_changes, parse_changes, parse_sweep, resolve_deck, starter_field
from .equilibrium import Equilibrium, equilibrium
from .runs import LabRun, list_runs, load_run, save_run
from .tune import Swap, TuneResult, TuneStep, candidate_swaps, tune
from .whatif import DeckChange, SweepPoint, SweepResult, WhatIfResult, read_meta, sweep, whatif

__all__ = ["Cancelled", "DeckChange", "Equilibrium", "LabDeck", "LabRun", "Swap", "Sweep", "SweepPoint", "SweepResult",
           "TuneResult", "TuneStep", "WhatIfResult", "candidate_swaps", "equilibrium", "list_runs", "load_changes",
           "load_run", "parse_changes", "parse_sweep", "read_meta", "resolve_deck", "save_run", "starter_field",
           "sweep", "tune", "whatif"]
