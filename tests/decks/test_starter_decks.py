"""The Daemornia starter decks (fw, fw-epic, bg) load and keep their ruleset's deck limits."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from fwlab.catalog import load_catalog
from fwlab.decks import load_deck
from fwlab.decks.starters import starter_paths

# ruleset -> (minimum size, maximum size or None, copies of a name)
LIMITS = {"fw": (40, None, 4), "fw-epic": (40, None, 4), "bg": (40, 40, 5)}
MIN_DECKS = {"fw": 6, "fw-epic": 2, "bg": 2}

STARTERS = [(rs, p) for rs in LIMITS for p in starter_paths(rs)]


def _id(item) -> str:
    return f"{item[0]}/{item[1].stem}"


@pytest.mark.parametrize("ruleset", list(LIMITS))
def test_each_ruleset_ships_enough_starter_decks(ruleset):
    assert len(starter_paths(ruleset)) >= MIN_DECKS[ruleset]


@pytest.mark.parametrize("ruleset, path", STARTERS, ids=[_id(s) for s in STARTERS])
def test_starter_deck_loads_and_keeps_the_limits(ruleset, path):
    deck = load_deck(path)  # resolves every card against the catalog or raises
    catalog = load_catalog(ruleset)
    assert deck.ruleset == ruleset
    low, high, copies = LIMITS[ruleset]
    assert deck.size >= low
    if high is not None:
        assert deck.size <= high
    for name, count in deck.counts().items():
        card = catalog[name]
        assert count <= (1 if card.special else copies), (name, count)


@pytest.mark.parametrize("ruleset, path", STARTERS, ids=[_id(s) for s in STARTERS])
def test_starter_deck_is_playable_and_documented(ruleset, path):
    text = path.read_text(encoding="utf-8")
    deck = load_deck(path)
    catalog = load_catalog(ruleset)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", path.stem), "file names are slugs"
    assert deck.name and deck.name != path.stem, "the name: line gives a display name"
    assert re.search(r"^# style: \S", text, re.M), "a '# style:' comment says what the deck is for"
    types = Counter(catalog[n].type for n in deck.cards())
    assert 18 <= types["creature"] <= 22
    assert types["scenario"] >= 2 and types["event"] >= 2 and types["attachment"] >= 2
    if ruleset == "fw":
        assert deck.size <= 42
        costs = [catalog[n].cost for n in deck.cards()]
        assert sum(1 for c in costs if c <= 3) / len(costs) >= 0.8, "fw decks live on the 1-2-3 cycle"


def test_fw_starter_decks_are_different_styles():
    decks = [load_deck(p) for p in starter_paths("fw")]
    names = {d.name for d in decks}
    assert len(names) == len(decks)
    for i, a in enumerate(decks):
        for b in decks[i + 1:]:
            ca, cb = Counter(a.cards()), Counter(b.cards())
            shared = sum((ca & cb).values())
            assert shared <= 20, (a.name, b.name, shared)


def test_epic_decks_reach_higher_up_the_curve():
    catalog = load_catalog("fw-epic")
    for path in starter_paths("fw-epic"):
        deck = load_deck(path)
        assert any(catalog[n].cost >= 5 for n in deck.cards()), deck.name


def test_docs_list_every_daemornia_starter_deck():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "decklists.md").read_text(encoding="utf-8")
    for ruleset, path in STARTERS:
        deck = load_deck(path)
        assert f"| `{ruleset}` | `{path.name}` | {deck.name} |" in doc, path.name
