"""The plays the heuristic misses that docs/bots.md lists (issue 28 part 4, ``bench/missed_plays.py``):
each position of ``docs/positions/missed/`` loads, the search's move and the heuristic's are legal
there, and the heuristic still plays its listed move (when a fix changes that, the list in
docs/bots.md is out of date)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwlab.rules.engines import engine_for, load_position

MISSED = Path(__file__).resolve().parents[2] / "docs" / "positions" / "missed"

#: file -> (the search's move, the heuristic's), as docs/bots.md lists them
LISTED = {
    "eredan-missed-1-48.json": ("pass", "discard 33"),
    "eredan-missed-1-44.json": ("play 33", "play 38 2"),
    "bg-missed-10-288.json": ("event 32 40", "pass"),
    "bg-missed-8-80.json": ("event 71 9", "pass"),
}


def test_every_listed_position_is_kept():
    assert sorted(p.name for p in MISSED.glob("*.json")) == sorted(LISTED)


@pytest.mark.parametrize("name", sorted(LISTED))
def test_the_listed_missed_play_is_legal_and_the_heuristic_still_misses_it(name):
    pos = json.loads((MISSED / name).read_text())
    g = load_position(pos)
    legal = [str(a) for a in g.legal_actions()]
    search, heuristic = LISTED[name]
    assert search in legal and heuristic in legal
    assert str(engine_for(pos["ruleset"]).make_bot("heuristic", 0).choose(g)) == heuristic
