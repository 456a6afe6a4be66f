"""The starter decks shipped in ``data/decks/<ruleset>/``."""

from __future__ import annotations

from pathlib import Path

from ..paths import decks_dir
from .decklist import Deck, load_deck


def starter_paths(ruleset: str, root: Path | None = None) -> list[Path]:
    """Paths of the starter decklists of a ruleset, sorted by file name."""
    return sorted(((root or decks_dir()) / ruleset).glob("*.txt"))


def starter_decks(ruleset: str, root: Path | None = None) -> list[Deck]:
    """The starter decks of a ruleset, parsed and resolved against its catalog."""
    return [load_deck(p) for p in starter_paths(ruleset, root)]
