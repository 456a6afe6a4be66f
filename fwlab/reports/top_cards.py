"""The balance report's top cards drawn as their faces (small, inline SVG): per ruleset, the cards
whose decks won most, each captioned with its win rate, 95% interval and games.

Cards with a small sample are passed over while any other card has enough games; a card the
catalog does not know (an imported log's) is left out, since it has no face.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..catalog import load_catalog
from ..catalog.faces import faces_grid_html
from ..rules.faces import face_svg

if TYPE_CHECKING:
    from .model import BalanceData

#: faces per ruleset, and their width in pixels (the thumbnail layout)
TOP_N = 8
FACE_PX = 120


def _pct(x: Any) -> str:
    return "–" if x is None or pd.isna(x) else f"{100 * x:.1f}%"


def top_cards(cards: pd.DataFrame, n: int = TOP_N) -> pd.DataFrame:
    """Per ruleset, the ``n`` cards with the highest deck win rate (ties: more games first), those
    with enough games before any small-sample card."""
    if not len(cards):
        return cards
    ranked = cards.assign(_small=cards["small_sample"].fillna(True).astype(bool))
    ranked = ranked.sort_values(["ruleset", "_small", "win_rate", "games"], ascending=[True, True, False, False])
    return ranked.groupby("ruleset", sort=True).head(n).drop(columns="_small")


def top_cards_html(report: BalanceData, n: int = TOP_N, width: int = FACE_PX) -> str:
    """The top cards section (``<h3>`` per ruleset and a grid of faces), or "" when no card has a face."""
    parts: list[str] = []
    for ruleset, group in top_cards(report.cards, n).groupby("ruleset", sort=True):
        try:
            cat = load_catalog(str(ruleset))
        except ValueError:           # a ruleset without a catalog: no faces
            continue
        items = []
        for row in group.itertuples(index=False):
            card = cat.lookup(str(row.card))
            if card is None:
                continue
            caption = (f"{card.name}: {_pct(row.win_rate)} [{_pct(row.low)}, {_pct(row.high)}], "
                       f"{row.games} games" + (" (small sample)" if bool(row.small_sample) else ""))
            items.append((face_svg(str(ruleset), card, width, cat), caption))
        if items:
            parts.append(f"<h3>{html.escape(str(ruleset))}</h3>" + faces_grid_html(items, width))
    if not parts:
        return ""
    return ("<h2>Top cards</h2><p class='note'>Per ruleset, the cards whose decks won most (deck win rate, 95% "
            "interval, games; cards with enough games first), drawn as their faces.</p>" + "".join(parts))
