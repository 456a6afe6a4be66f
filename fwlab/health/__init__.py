"""Game health: do the games an engine and its bots play end the ways the text says, last as long
as it implies, and give no seat or place in the turn order far more than its share?

``fwlab health`` (:mod:`.cli`) plays the starter field (:mod:`fwlab.sim.health`) or reads a store,
an export or match-log files (:mod:`.store`), and reports every figure against its band
(:mod:`.report`; bands and the engines' own figures are data in each game's ``health.py``,
docs/game-health.md). :func:`.run.health_flags` is the check a fixed-seed test keeps.
"""
