"""The card catalog's filters (the Free Realms deck builder's set): widgets and the filter they build;
and the cards drawn as their faces (docs/card-faces.md): a grid of faces and one card's face with
its fields."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import streamlit as st

from ..catalog import load_catalog
from ..catalog.faces import faces_grid_html, render_svg, svg_img
from ..rules.engines import deck_rules_for
from ..rules.faces import card_face, face_svg
from ..rulesets import FAMILY, known_rulesets
from .widgets import MISSING

#: the width of a face in the catalog's grid (the thumbnail layout) and of a card's own face
GRID_FACE_PX = 132
DETAIL_FACE_PX = 320
#: faces on one page of the grid
GRID_PAGE = 60


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


def family_rulesets(family: str) -> list[str]:
    """The rulesets whose cards come from ``family`` (``daemornia``: fw, fw-epic, bg), in registry order:
    a face is drawn as one of them (bg's faces show Exp and slots).

    >>> family_rulesets("daemornia")
    ['fw', 'fw-epic', 'bg']
    """
    return [r for r in known_rulesets() if FAMILY.get(r) == family]


@st.cache_data(show_spinner=False, max_entries=64)
def _faces(ruleset: str, names: tuple[str, ...], width: int) -> list[str]:
    """The faces of ``names`` as ``<img>`` tags (st.html keeps no inline SVG), the catalog's cards only."""
    cat = load_catalog(ruleset)
    out = []
    for n in names:
        card = cat.lookup(n)
        if card is not None:
            spec = card_face(ruleset, card, cat)
            out.append(svg_img(render_svg(spec, width), card.name, f"{card.name}: {spec.type_line}"))
    return out


def faces_grid(ruleset: str, names: Sequence[str], key: str, width: int = GRID_FACE_PX) -> None:
    """The cards ``names`` drawn as a wrapping grid of thumbnail faces, :data:`GRID_PAGE` a page
    (a page picker when there are more); names the catalog does not have are listed below it."""
    names = list(names)
    pages = max(1, -(-len(names) // GRID_PAGE))
    page = 1
    if pages > 1:
        page = int(st.columns([1, 3])[0].number_input(f"Page (of {pages}, {GRID_PAGE} faces each)", 1, pages, 1,
                                                      key=f"{key}-page"))
    chunk = names[(page - 1) * GRID_PAGE: page * GRID_PAGE]
    svgs = _faces(ruleset, tuple(chunk), width)
    st.html(faces_grid_html(((svg, "") for svg in svgs), width))
    cat = load_catalog(ruleset)
    missing = [n for n in chunk if cat.lookup(n) is None]
    if missing:
        st.caption("Not in the catalog, so no face: " + ", ".join(missing))


def _field_value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return "; ".join(_field_value(x) for x in v) or "–"
    if isinstance(v, dict):
        return ", ".join(f"{k} {_field_value(x)}" for k, x in v.items())
    return str(v)


def card_face_details(ruleset: str, name: str, key: str) -> None:
    """One card as its face (full size) beside its catalog fields as a two-column table."""
    cat = load_catalog(ruleset)
    card = cat.lookup(name)
    if card is None:
        st.warning(f"{name!r} is not in the {cat.family} catalog, so it has no face.")
        return
    left, right = st.columns([2, 3])
    with left:
        st.html(svg_img(face_svg(ruleset, card, DETAIL_FACE_PX, cat), card.name))
    with right:
        rows = pd.DataFrame({"field": list(card.fields), "value": [_field_value(v) for v in card.fields.values()]})
        st.dataframe(rows, hide_index=True, key=f"{key}-fields", width="stretch", placeholder=MISSING)
        st.caption(f"From {card.source.rsplit('/', 1)[-1]}, line {card.line}. "
                   f"`fwlab card show \"{card.name}\" --ruleset {ruleset} --svg face.svg` writes this face.")
