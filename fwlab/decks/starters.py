"""The starter decks of each ruleset: ``data/decks/<ruleset>/``, or the folder a plugin's ruleset
names (:attr:`fwlab.rulesets.Ruleset.decks_dir`)."""

from __future__ import annotations

from pathlib import Path

from ..paths import decks_dir
from ..rulesets import REGISTRY
from .decklist import Deck, load_deck


def starter_dir(ruleset: str, root: Path | None = None) -> Path:
    """The folder of a ruleset's starter decklists: its own (``Ruleset.decks_dir``) when it names
    one, else ``<root>/<ruleset>`` (``root`` default: ``data/decks``)."""
    r = REGISTRY.get(ruleset)
    if r is not None and r.decks_dir is not None:
        return Path(r.decks_dir)
    return (root or decks_dir()) / ruleset


def starter_paths(ruleset: str, root: Path | None = None) -> list[Path]:
    """Paths of the starter decklists of a ruleset, sorted by file name."""
    return sorted(starter_dir(ruleset, root).glob("*.txt"))


def starter_decks(ruleset: str, root: Path | None = None) -> list[Deck]:
    """The starter decks of a ruleset, parsed and resolved against its catalog."""
    return [load_deck(p) for p in starter_paths(ruleset, root)]
