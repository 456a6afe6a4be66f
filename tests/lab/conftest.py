"""Shared decks of the balance lab tests: a deliberately weakened Ashfang Raid (its burn and its best
creatures swapped for off-colour bodies), about 0.33 against the fw starters where the original
plays about 0.48."""

from __future__ import annotations

from pathlib import Path

import pytest

WEAK_DECK = """\
# Ashfang Raid with its Firebolts, Gorge Raptors and Cinder Hounds swapped for off-colour bodies
ruleset: fw
name: Ashfang Weakened
4 Abyssal Wisp
4 Imp Skirmisher
4 Carrion Vulture
4 Wailing Spectre
3 Lich Acolyte
3 Gyro Scout
2 Ashfang Raider
1 D'Kara
2 Supply Depot
1 Steel Mill
2 Shackles
2 Bloodlust
2 Pillage
3 Raider's Cutlass
2 Veil of Shadows
1 Flame Brand
"""


@pytest.fixture
def weak_deck(tmp_path: Path) -> Path:
    p = tmp_path / "ashfang-weakened.txt"
    p.write_text(WEAK_DECK, encoding="utf-8")
    return p
