"""The ``fwlab replay`` command: :mod:`fwlab.sim.replay_cli`'s parser and story, with ``--match ID``
read from the store here (the simulator imports no store; the store may use the simulator).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def stored_replay(db: str | None, match_id: str) -> Any:
    """The replay of the stored match ``match_id`` of the store ``db`` (None: the default store)."""
    from ..paths import default_db
    from ..sim.replay import replay_match
    from . import StoreError, connect
    from .stored_game import stored_game

    path = Path(db) if db else default_db()
    try:
        con = connect(path, read_only=True)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    try:
        g = stored_game(con, match_id)
    finally:
        con.close()
    return replay_match(g.ruleset, g.setups, g.bots, g.seed, g.first, g.options, g.source)


def register(sub: argparse._SubParsersAction) -> None:
    from ..sim import replay_cli

    replay_cli.register(sub).set_defaults(stored_replay=stored_replay)
