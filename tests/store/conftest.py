"""Fixtures for the store tests: small tmp stores, a fake simulator, and a store fingerprint."""

from __future__ import annotations

import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import pytest

from fwlab.paths import PROJECT_ROOT
from fwlab.store import connect
from fwlab.store import league as league_mod
from fwlab.store.build import build_from_data, load_sources
from fwlab.store.schema import TABLES


@dataclass
class FakeResult:
    places: tuple[int, ...]
    end_reason: str
    turns: int
    first_seat: int
    card_events: list[dict[str, Any]] = field(default_factory=list)
    capital: list[tuple[int, ...]] = field(default_factory=list)
    scores: tuple[int, ...] | None = None
    track2: list[tuple[int, ...]] = field(default_factory=list)

    @property
    def winner(self) -> str:
        firsts = [s for s, p in enumerate(self.places) if p == 1]
        return "abcde"[firsts[0]] if len(firsts) == 1 else "draw"

    @property
    def first(self) -> str:
        return "abcde"[self.first_seat]


def fake_play_match(ruleset, setups, bots=None, seed=0, first=0, log_cards=True, record=False,
                    catalog=None) -> FakeResult:
    """Same signature as fwlab.sim.play_match; a deterministic made-up game for store tests only."""
    rng = random.Random(seed)
    n = len(setups)
    turns = rng.randint(3, 14)
    winner = rng.choice([0, 1, 1, 0, None])
    places = tuple(1 if winner is None or s == winner else 2 for s in range(n))
    events = []
    if log_cards:
        for seat, deck in enumerate(setups):
            for card in deck.counts() if deck is not None else ():
                drawn = rng.choice([None, 0, 1, 2, 3])
                events.append({"seat": "abcde"[seat], "card": card, "in_opening_hand": drawn == 0,
                               "drawn_turn": drawn, "deployed_turn": None if drawn is None else drawn + 1,
                               "killed_turn": None, "damage_dealt": rng.randint(0, 5)})
    caps = [20] * n
    capital = []
    for t in range(1, turns + 1):
        caps = [c - rng.randint(0, 2) for c in caps]
        capital.append((t, *caps))
    return FakeResult(places, "capital" if winner is not None else "turn-cap", turns, first, events, capital,
                      tuple(caps))


@pytest.fixture
def fake_sim(monkeypatch: pytest.MonkeyPatch):
    """Make the store's league use the fake simulator (the real one is tested by the sim work)."""
    monkeypatch.setattr(league_mod, "_play_match", lambda: fake_play_match)
    return fake_play_match


@pytest.fixture(scope="session")
def built_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store built once from data/ (catalogs and starter decks, no league); tests copy it."""
    path = tmp_path_factory.mktemp("template") / "fwlab.duckdb"
    con = connect(path)
    build_from_data(con, load_sources())
    con.close()
    return path


@pytest.fixture
def store(built_template: Path, tmp_path: Path) -> Path:
    """A fresh copy of the built store."""
    path = tmp_path / "fwlab.duckdb"
    shutil.copy(built_template, path)
    return path


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of data/ (catalogs and decks) that a test may edit."""
    dst = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "catalogs", dst / "catalogs")
    shutil.copytree(PROJECT_ROOT / "data" / "decks", dst / "decks")
    return dst


def fingerprint(path: Path) -> dict[str, tuple[int, int]]:
    """(row count, order-independent checksum of every row) per table: equal means unchanged content."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        out = {}
        for t in TABLES:
            if t == "schema_version":
                continue
            row = con.execute(f"SELECT count(*), coalesce(sum(hash(t)), 0) FROM {t} t").fetchone()
            assert row is not None
            out[t] = (int(row[0]), int(row[1]))
        return out
    finally:
        con.close()


@pytest.fixture(name="fingerprint")
def fingerprint_fixture():
    """The :func:`fingerprint` function, for tests (test modules cannot import conftest)."""
    return fingerprint
