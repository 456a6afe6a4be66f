"""Fill the store from ``data/``: rulesets, the cards of every catalog, the starter decks.

Rulesets and families registered at run time (plugins, see :mod:`fwlab.rulesets`) are built
alongside the built-in ones, from the folders they registered (their catalog folder,
:func:`fwlab.catalog.family_folder`; their starter decks, :func:`fwlab.decks.starters.starter_dir`).

Everything is read and validated first (a bad catalog or deck raises the loader's
:class:`~fwlab.catalog.CatalogError` before anything is written), then written in one
transaction. Running it again gives the same rows: cards are replaced by the catalog's current
contents (an edited card is updated, a removed card disappears), starter decks are upserted and
starter decks whose file is gone are removed; saved and imported decks are left alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from ..catalog import Card, Catalog, family_folder, load_family
from ..decks import Deck, format_decklist, load_deck
from ..decks.starters import starter_dir
from ..paths import data_dir
from ..rulesets import REGISTRY, Ruleset, known_families

#: cards columns after the common ones: column -> (SQL type, catalog field names that fill it).
EXTRA_COLUMNS: dict[str, tuple[str, tuple[str, ...]]] = {
    "nature": ("VARCHAR", ("nature",)),
    "dmg": ("INTEGER", ("dmg",)),
    "hp": ("INTEGER", ("hp",)),
    "exp": ("INTEGER", ("exp",)),
    "slot": ("VARCHAR", ("slot",)),
    "sphere": ("VARCHAR", ("sphere",)),
    "gems": ("INTEGER", ("gems", "gem_count")),
    "gem_spheres": ("VARCHAR[]", ("gem_spheres", "gems")),
    "hero": ("BOOLEAN", ("hero",)),
    "traits": ("VARCHAR[]", ("traits",)),
    "collector": ("VARCHAR", ("collector", "collector_number")),
    "guild": ("VARCHAR", ("guild",)),
    "classes": ("VARCHAR[]", ("classes", "class")),
    "race": ("VARCHAR", ("race",)),
    "spirit": ("INTEGER", ("spirit",)),
    "life": ("INTEGER", ("life",)),
    "is_unique": ("BOOLEAN", ("is_unique", "unique")),
    "evolution_level": ("INTEGER", ("evolution_level", "evolution.level")),
    "followers": ("VARCHAR", ("followers", "follower")),
    "support": ("INTEGER", ("support",)),
}
COMMON_COLUMNS = ("family", "name", "type", "subtype", "rarity", "cost", "attack", "defense", "text", "special")
CARD_COLUMNS = (*COMMON_COLUMNS, *EXTRA_COLUMNS, "details")


def _coerce(sql_type: str, value: Any) -> Any:
    """A catalog value in the column's type, or None where it does not fit (the details JSON keeps it)."""
    if value is None:
        return None
    if sql_type == "INTEGER":
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        if isinstance(value, list):  # e.g. gems written as a list of spheres: the count
            return len(value)
        return None
    if sql_type == "BOOLEAN":
        return value if isinstance(value, bool) else None
    if sql_type == "VARCHAR[]":
        if isinstance(value, str):
            return [value]
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return list(value)
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    if isinstance(value, Mapping):  # e.g. followers = {warrior = 2, craftsman = 1}
        return ", ".join(f"{k}={v}" for k, v in value.items())
    return None if isinstance(value, (list, bool)) else str(value)


def _field(fields: Mapping[str, Any], path: str) -> Any:
    """A catalog field by name, or a nested one by a dotted path (``evolution.level``)."""
    value: Any = fields
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def card_row(card: Card) -> tuple[Any, ...]:
    """One ``cards`` row for a catalog card, in :data:`CARD_COLUMNS` order.

    >>> from fwlab.catalog import load_catalog
    >>> row = dict(zip(CARD_COLUMNS, card_row(load_catalog("fw")["Nominod"])))
    >>> (row["family"], row["cost"], row["attack"], row["nature"], row["gems"])
    ('daemornia', 3, 3, 'Beast', None)
    """
    fields = dict(card.fields)
    extras = []
    for sql_type, names in EXTRA_COLUMNS.values():
        value = next((v for v in (_field(fields, n) for n in names) if v is not None), None)
        extras.append(_coerce(sql_type, value))
    return (
        card.family, card.name, card.type, _coerce("VARCHAR", card.subtype), card.rarity,
        _coerce("INTEGER", card.cost), _coerce("INTEGER", card.attack), _coerce("INTEGER", card.defense),
        card.text or "", card.special, *extras, json.dumps(fields, default=str, sort_keys=True),
    )


@dataclass
class Sources:
    """Everything ``data/`` holds, loaded and validated."""

    catalogs: dict[str, Catalog] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)          # deck_id -> deck
    missing_families: list[str] = field(default_factory=list)     # families with no catalog folder yet


def deck_id_for(ruleset: str, stem: str) -> str:
    """The id of a starter deck: ``<ruleset>/<file stem>``.

    >>> deck_id_for("fw", "iron-tide")
    'fw/iron-tide'
    """
    return f"{ruleset}/{stem}"


def stored_rulesets() -> list[Ruleset]:
    """The rulesets the store's ``rulesets`` table lists: every known one with a card catalog
    (built-in and registered; a toy game without cards has no row)."""
    return [r for r in REGISTRY.values() if r.family is not None]


def load_sources(root: Path | None = None) -> Sources:
    """Load every catalog and starter deck under ``root`` (default ``data/``), and those of the
    registered families and rulesets from their own folders; raises CatalogError."""
    base = root or data_dir()
    out = Sources()
    for family in known_families():
        if not family_folder(family, base / "catalogs").is_dir():
            out.missing_families.append(family)
            continue
        out.catalogs[family] = load_family(family, base / "catalogs")
    for r in stored_rulesets():
        assert r.family is not None
        catalog = out.catalogs.get(r.family)
        for path in sorted(starter_dir(r.id, base / "decks").glob("*.txt")):
            if catalog is None:
                from ..catalog import CatalogError
                raise CatalogError(f"starter deck for {r.id} but no {r.family} catalog", file=str(path))
            out.decks[deck_id_for(r.id, path.stem)] = load_deck(path, catalog)
    return out


def write_deck(con: duckdb.DuckDBPyConnection, deck_id: str, deck: Deck, source: str) -> None:
    """Upsert one deck and replace its cards (the caller owns the transaction)."""
    con.execute(
        """INSERT INTO decks VALUES (?, ?, ?, ?, ?, current_localtimestamp())
           ON CONFLICT (deck_id) DO UPDATE SET ruleset = excluded.ruleset, name = excluded.name,
               source = excluded.source, decklist = excluded.decklist""",
        [deck_id, deck.ruleset, deck.name, source, format_decklist(deck)],
    )
    con.execute("DELETE FROM deck_cards WHERE deck_id = ?", [deck_id])
    con.executemany("INSERT INTO deck_cards VALUES (?, ?, ?)",
                    [[deck_id, card, n] for card, n in deck.counts().items()])


_ARROW = {"VARCHAR": pa.string(), "INTEGER": pa.int32(), "BOOLEAN": pa.bool_(), "VARCHAR[]": pa.list_(pa.string())}
_CARD_TYPES = {**dict.fromkeys(COMMON_COLUMNS, "VARCHAR"), "cost": "INTEGER", "attack": "INTEGER",
               "defense": "INTEGER", "special": "BOOLEAN", **{c: t for c, (t, _) in EXTRA_COLUMNS.items()},
               "details": "VARCHAR"}


def _insert_arrow(con: duckdb.DuckDBPyConnection, table: str, columns: dict[str, list[Any]],
                  types: dict[str, str]) -> None:
    """Insert column lists in one statement through an Arrow table (far faster than executemany)."""
    data = pa.table({c: pa.array(columns[c], type=_ARROW[types[c]]) for c in columns})
    con.register("_fwlab_rows", data)
    try:
        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _fwlab_rows")
    finally:
        con.unregister("_fwlab_rows")


def _write_cards(con: duckdb.DuckDBPyConnection, cards: Iterable[Card], families: Iterable[str]) -> None:
    for family in families:
        con.execute("DELETE FROM cards WHERE family = ?", [family])
    columns: dict[str, list[Any]] = {c: [] for c in CARD_COLUMNS}
    for card in cards:
        for c, v in zip(CARD_COLUMNS, card_row(card)):
            columns[c].append(v)
    if columns["name"]:
        _insert_arrow(con, "cards", columns, _CARD_TYPES)


def _write_starter_decks(con: duckdb.DuckDBPyConnection, decks: Mapping[str, Deck]) -> None:
    gone = [r[0] for r in con.execute("SELECT deck_id FROM decks WHERE source = 'starter'").fetchall()]
    for deck_id in gone:
        con.execute("DELETE FROM deck_cards WHERE deck_id = ?", [deck_id])
        if deck_id not in decks:
            con.execute("DELETE FROM decks WHERE deck_id = ?", [deck_id])
    for deck_id, deck in decks.items():
        con.execute("DELETE FROM deck_cards WHERE deck_id = ?", [deck_id])
        con.execute(
            """INSERT INTO decks VALUES (?, ?, ?, 'starter', ?, current_localtimestamp())
               ON CONFLICT (deck_id) DO UPDATE SET ruleset = excluded.ruleset, name = excluded.name,
                   source = excluded.source, decklist = excluded.decklist""",
            [deck_id, deck.ruleset, deck.name, format_decklist(deck)])
    rows: dict[str, list[Any]] = {"deck_id": [], "card": [], "count": []}
    for deck_id, deck in decks.items():
        for card, n in deck.counts().items():
            rows["deck_id"].append(deck_id)
            rows["card"].append(card)
            rows["count"].append(n)
    if rows["deck_id"]:
        _insert_arrow(con, "deck_cards", rows, {"deck_id": "VARCHAR", "card": "VARCHAR", "count": "INTEGER"})


def build_from_data(con: duckdb.DuckDBPyConnection, sources: Sources) -> dict[str, int]:
    """Write rulesets, cards and starter decks in one transaction; return row counts written."""
    rulesets = stored_rulesets()
    con.execute("BEGIN TRANSACTION")
    try:
        con.executemany(
            """INSERT INTO rulesets VALUES (?, ?, ?)
               ON CONFLICT (ruleset) DO UPDATE SET family = excluded.family, title = excluded.title""",
            [[r.id, r.family, r.title] for r in rulesets],
        )
        _write_cards(con, (c for cat in sources.catalogs.values() for c in cat), known_families())
        _write_starter_decks(con, sources.decks)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return {
        "rulesets": len(rulesets),
        "cards": sum(len(c) for c in sources.catalogs.values()),
        "starter decks": len(sources.decks),
    }
