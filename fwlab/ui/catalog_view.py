"""The card catalog's filters (the Free Realms deck builder's set): widgets and the filter they build."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd
import streamlit as st

from ..rules.engines import deck_rules_for
from ..rulesets import FAMILY, known_rulesets


def camp_column(family: str | None) -> str | None:
    """The column that says which camp a card of ``family`` belongs to (nature, sphere, guild): the
    ``mix_field`` of the deck rules of its rulesets; None when they name none (Conquest).

    >>> camp_column("freerealms"), camp_column("conquest")
    ('sphere', None)
    """
    for ruleset in known_rulesets():
        if family is None or FAMILY.get(ruleset) != family:
            continue
        try:
            column = deck_rules_for(ruleset).mix_field
        except ValueError:      # no engine or no deck rules yet
            continue
        if column:
            return column
    return None


@dataclass(frozen=True)
class CardFilter:
    search: str = ""
    types: tuple[str, ...] = ()
    camps: tuple[str, ...] = ()
    rarities: tuple[str, ...] = ()
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)

    def apply(self, cards: pd.DataFrame, camp_column: str | None) -> pd.DataFrame:
        """The cards that pass every filter (the search looks in name, traits/classes and text).

        >>> df = pd.DataFrame({"name": ["Imp", "Golem"], "type": ["creature"] * 2, "rarity": ["C", "R"],
        ...                    "text": ["", "Big."], "cost": [1, 5]})
        >>> CardFilter(search="big").apply(df, None)["name"].tolist()
        ['Golem']
        >>> CardFilter(ranges={"cost": (0, 2)}).apply(df, None)["name"].tolist()
        ['Imp']
        """
        keep = pd.Series(True, index=cards.index)
        if self.search.strip():
            needle = self.search.strip().casefold()
            hay = cards["name"].astype(str) + " " + cards["text"].fillna("").astype(str)
            for col in ("traits", "classes", "subtype", "race"):
                if col in cards:
                    hay = hay + " " + cards[col].map(_words)
            keep &= hay.str.casefold().str.contains(needle, regex=False)
        if self.types:
            keep &= cards["type"].isin(self.types)
        if self.camps and camp_column:
            keep &= cards[camp_column].isin(self.camps)
        if self.rarities:
            keep &= cards["rarity"].isin(self.rarities)
        for col, (lo, hi) in self.ranges.items():
            values = pd.to_numeric(cards[col], errors="coerce")
            keep &= values.isna() | values.between(lo, hi)
        return cards[keep]


def _words(value: object) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    if isinstance(value, str):
        return value
    try:
        return " ".join(str(v) for v in value)  # type: ignore[attr-defined]
    except TypeError:
        return str(value)


def _options(cards: pd.DataFrame, col: str) -> list[str]:
    return sorted(str(v) for v in cards[col].dropna().unique()) if col in cards else []


def filter_widgets(cards: pd.DataFrame, family: str, key: str) -> CardFilter:
    """The filter controls for one family's cards; a numeric range only for columns that have values."""
    camp = camp_column(family)
    search = st.text_input("Search name, traits and text", key=f"{key}-search")
    c1, c2, c3 = st.columns(3)
    types = c1.multiselect("Type", _options(cards, "type"), key=f"{key}-types")
    camps = c2.multiselect(camp.capitalize(), _options(cards, camp), key=f"{key}-camps") if camp else []
    rarities = c3.multiselect("Rarity", _options(cards, "rarity"), key=f"{key}-rarity")
    ranges: dict[str, tuple[int, int]] = {}
    numeric = [c for c in ("cost", "attack", "defense") if c in cards and cards[c].notna().any()]
    for col, box in zip(numeric, st.columns(max(1, len(numeric)))):
        lo, hi = int(cards[col].min()), int(cards[col].max())
        if lo < hi:
            chosen = box.slider(col.capitalize(), lo, hi, (lo, hi), key=f"{key}-{col}")
            if chosen != (lo, hi):
                ranges[col] = (int(chosen[0]), int(chosen[1]))
    return CardFilter(search, tuple(types), tuple(camps), tuple(rarities), ranges)
