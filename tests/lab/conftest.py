"""Shared decks of the balance lab tests: a deliberately weakened Ashfang Raid (its burn and its best
creatures swapped for off-colour bodies), about 0.33 against the fw starters where the original
plays about 0.48."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwlab.paths import PROJECT_ROOT

WEAK_DECK = (PROJECT_ROOT / "docs" / "examples" / "ashfang-weakened.txt").read_text(encoding="utf-8")


@pytest.fixture
def weak_deck(tmp_path: Path) -> Path:
    p = tmp_path / "ashfang-weakened.txt"
    p.write_text(WEAK_DECK, encoding="utf-8")
    return p
