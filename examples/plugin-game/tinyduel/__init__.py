"""Tiny Duel: a small two-seat card duel that plugs into fwlab from outside the ``fwlab`` package.

Importing this package registers the game with fwlab (``FWLAB_PLUGINS=tinyduel`` with this
folder's parent on ``PYTHONPATH`` makes every ``fwlab`` process import it):

* its card family ``tinyduel``: the schema the catalog loader checks cards against and the folder
  its catalog files live in (:func:`fwlab.catalog.register_family`);
* its ruleset ``tinyduel``: catalog family, title, seats, engine and the folder of its starter
  decks (:class:`fwlab.rulesets.Ruleset`), with where its engine lives
  (:class:`fwlab.rulesets.EngineInfo`: ``tinyduel.engine`` defines ``ENGINE``, imported on first
  use; ``compiled=()``: pure Python, no native build).

Nothing here imports the engine itself, so registering costs no more than reading two
dataclasses. The rules and the walk-through are in ``README.md`` and ``docs/adding-a-game.md``.
"""

from __future__ import annotations

from pathlib import Path

from fwlab.catalog import register_family
from fwlab.rulesets import EngineInfo, Ruleset, register

from .schema import SCHEMA

HERE = Path(__file__).resolve().parent
#: the folders of the catalog, the starter decks and the example positions
CATALOG_DIR, DECKS_DIR, POSITIONS_DIR = HERE / "catalog", HERE / "decks", HERE / "positions"

register_family(SCHEMA, CATALOG_DIR)
register(Ruleset("tinyduel", "tinyduel", "Tiny Duel (example plugin)", (2, 2), "tinyduel", decks_dir=str(DECKS_DIR)),
         EngineInfo("tinyduel", "tinyduel.engine", compiled=()))
