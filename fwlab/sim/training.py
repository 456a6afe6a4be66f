"""The games a profile-guided native build is trained on (:func:`train`): the builder
(:mod:`fwlab.native.builder`) runs them in a child process on the instrumented build, so the
compiler lays the final build out for real games.

It plays games through the registry and the simulator, so it lives here, above them, and not in
:mod:`fwlab.native` (which the rules core itself reads): the builder starts it as ``python -c``
and imports nothing of it. Its source is part of every build's key (``hook.BUILDER_FILES``).
"""

from __future__ import annotations

import time

from ..native.hook import engine_compiled

#: Seconds of games a profile-guided build is trained on (:func:`train`).
PGO_TRAIN_SECONDS = 6.0


def train(engine: str, seconds: float = PGO_TRAIN_SECONDS) -> dict[tuple[str, str], int]:
    """The games a profile-guided build is trained on: every ruleset of ``engine`` with its starter
    decks (or its most seats, for a game without decks), its default bot and the random one (at
    least 20 games each, card logging on in a quarter of them), for about ``seconds`` in all.
    Returns the games played per (ruleset, bot). Exits with status 3 when the engine does not run
    compiled here (nothing would be learnt)."""
    from ..decks.starters import starter_decks
    from ..rules.engines import engine_for
    from ..rulesets import REGISTRY
    from .play import play_match

    if not engine_compiled(engine):
        raise SystemExit(3)
    rulesets = [r for r in REGISTRY.values() if r.engine == engine]
    runs = [(r, bot) for r in rulesets for bot in (engine_for(r.id).default_bot, "random")]
    played: dict[tuple[str, str], int] = {}
    for r, bot in runs:
        seats = 2 if r.uses_decks else r.seats[1]
        decks = starter_decks(r.id) if r.uses_decks else []
        share = 1.6 if bot != "random" else 0.4  # a run of the default bot and a random one: 2 shares
        stop = time.perf_counter() + seconds * share / len(runs)
        i = 0
        while i < 20 or time.perf_counter() < stop:
            setups = [decks[(i + s * 3) % len(decks)] for s in range(seats)] if decks else [None] * seats
            play_match(r.id, setups, [bot] * seats, seed=i, first=i % seats, log_cards=i % 4 == 0)
            i += 1
        played[(r.id, bot)] = i
    return played
