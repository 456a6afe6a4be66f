"""The Eredan catalog the rules tests are written against: the shipped catalog as it stood before
issue 27's game-health rebalance (characters' Life, Att and Def; spell damage; heal amounts), frozen
here so that the rules tests (tests/rules/test_er_rules.py, test_er_chains.py) hold the rules with
the numbers they were worked out on, whatever the shipped balance becomes. Same schema and the
same card names as ``data/catalogs/eredan/``; only numbers (and texts) differ."""

from __future__ import annotations

from pathlib import Path

from fwlab.catalog import Catalog
from fwlab.catalog.loader import parse_catalog_text

HERE = Path(__file__).resolve().parent


def rules_catalog() -> Catalog:
    cards = {}
    for f in sorted(HERE.glob("*.toml")):
        for c in parse_catalog_text(f.read_text(encoding="utf-8"), "eredan", str(f)):
            cards[c.name] = c
    return Catalog(family="eredan", cards=cards)
