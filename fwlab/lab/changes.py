"""Change sets (TOML files that change catalog fields by card name), sweeps over one field, and the
decks of a lab run (files, starter ids like ``fw/ashfang-raid``, or decks saved in the store).

A change set::

    # nerf the raiders
    ["Ashfang Raider"]
    att = 2
    res = 4

    ["Firebolt"]
    res = 2

Field names are the catalog's own (``docs/catalogs.md``), plus the aliases ``attack``,
``defense`` and ``cost``; every changed card is validated again by the catalog's checks.

>>> ch = parse_changes('["Ashfang Raider"]\\natt = 2\\n', "fw")
>>> ch
{'Ashfang Raider': {'att': 2}}
>>> parse_sweep("Ashfang Raider.attack=1..3", "fw")
Sweep(card='Ashfang Raider', field='att', values=(1, 2, 3))
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..catalog import CatalogError, load_catalog
from ..catalog.overrides import field_name, normalize_overrides
from ..decks import Deck, load_deck
from ..decks.decklist import parse_decklist, resolve
from ..paths import decks_dir
from ..rulesets import info

Changes = dict[str, dict[str, Any]]


def parse_changes(text: str, ruleset: str, source: str = "<changes>") -> Changes:
    """A change set's text, parsed and checked against the ruleset's catalog (canonical form: the
    catalog's card and field names). Raises :class:`CatalogError` naming the card and field."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise CatalogError(f"not valid TOML: {exc}", file=source, line=int(m.group(1)) if m else None) from None
    for key, value in doc.items():
        if not isinstance(value, dict):
            raise CatalogError(f"a change set holds one table per card ([\"Card Name\"] then field = value); "
                               f"{key} = {value!r} is not inside one", file=source, field=key)
    return normalize_overrides(load_catalog(ruleset), doc, source)


def load_changes(path: str | Path, ruleset: str) -> Changes:
    """Read and check a change set file (see :func:`parse_changes`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"cannot read the change set: {exc}", file=str(p)) from None
    return parse_changes(text, ruleset, str(p))


def merge_changes(*sets: Changes | None) -> Changes:
    """Later change sets win field by field."""
    out: Changes = {}
    for s in sets:
        for card, fields in (s or {}).items():
            out.setdefault(card, {}).update(fields)
    return {c: dict(sorted(f.items())) for c, f in sorted(out.items())}


@dataclass(frozen=True)
class Sweep:
    """One field of one card at several values (``CARD.FIELD=LO..HI`` or ``=V1,V2,...``)."""

    card: str
    field: str
    values: tuple[Any, ...]

    def changes(self, value: Any) -> Changes:
        return {self.card: {self.field: value}}

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "field": self.field, "values": list(self.values)}


_SWEEP = re.compile(r"^(?P<card>.+)\.(?P<field>[A-Za-z_][\w-]*)\s*=\s*(?P<values>.+)$")


def parse_sweep(spec: str, ruleset: str) -> Sweep:
    """``"Ashfang Raider.att=1..5"`` (inclusive range of whole numbers) or ``"Card.field=1,3,5"``;
    each value is checked like a change set's."""
    m = _SWEEP.match(spec.strip())
    if not m:
        raise ValueError(f"a sweep is CARD.FIELD=LO..HI or CARD.FIELD=V1,V2,..., not {spec!r}")
    cat = load_catalog(ruleset)
    card = cat.lookup(m["card"].strip())
    if card is None:
        raise CatalogError(f"unknown card: not in the {cat.family} catalog", file="--sweep", card=m["card"].strip())
    field = field_name(cat, card.type, m["field"])
    raw = m["values"].strip()
    rng = re.fullmatch(r"(-?\d+)\s*\.\.\s*(-?\d+)", raw)
    values: list[Any]
    if rng:
        lo, hi = int(rng[1]), int(rng[2])
        if hi < lo:
            raise ValueError(f"sweep range {raw!r} is empty (LO..HI with LO <= HI)")
        values = list(range(lo, hi + 1))
    else:
        values = []
        for part in raw.split(","):
            part = part.strip()
            try:
                values.append(tomllib.loads(f"v = {part}")["v"])
            except tomllib.TOMLDecodeError:
                values.append(part)
    if not values:
        raise ValueError(f"sweep {spec!r} has no values")
    for v in values:
        normalize_overrides(cat, {card.name: {field: v}}, "--sweep")
    return Sweep(card.name, field, tuple(values))


# ---------------------------------------------------------------------------------------- decks
@dataclass(frozen=True)
class LabDeck:
    """A deck of a lab run and its id as the store names it (``fw/ashfang-raid``)."""

    id: str
    deck: Deck

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.deck.cards())


def deck_id(deck: Deck, path: str | Path | None = None) -> str:
    """``<ruleset>/<file stem>`` for a file (the store's id of a starter), else ``<ruleset>/<slug>``."""
    if path is not None:
        return f"{deck.ruleset}/{Path(path).stem}"
    slug = "-".join(p for p in "".join(ch.lower() if ch.isalnum() else "-" for ch in deck.name).split("-") if p)
    return f"{deck.ruleset}/{slug or 'deck'}"


def resolve_deck(ref: str | Path | Deck | LabDeck, ruleset: str, db: str | Path | None = None) -> LabDeck:
    """A deck from a file path, a starter id (``fw/ashfang-raid`` or ``ashfang-raid``), or a deck id
    saved in the store at ``db``; it must be of ``ruleset`` (``fw`` and ``fw-epic`` decks mix)."""
    if isinstance(ref, LabDeck):
        lab = ref
    elif isinstance(ref, Deck):
        lab = LabDeck(deck_id(ref, ref.source if ref.source.endswith(".txt") else None), ref)
    else:
        text = str(ref)
        p = Path(text)
        rid = text if "/" in text and not text.endswith(".txt") else f"{ruleset}/{text}"
        starter = decks_dir() / f"{rid}.txt"
        if p.suffix == ".txt" or p.is_file():
            lab = LabDeck(deck_id(load_deck(p), p), load_deck(p))
        elif starter.is_file():
            lab = LabDeck(rid, load_deck(starter))
        else:
            lab = _stored_deck(rid, db) if db is not None and Path(db).exists() else None  # type: ignore[assignment]
            if lab is None:
                raise CatalogError("no such deck: not a decklist file, a starter id (like fw/ashfang-raid) "
                                   "or a deck saved in the store", file=text)
    if lab.deck.ruleset != ruleset and {lab.deck.ruleset, ruleset} - {"fw", "fw-epic"}:
        raise CatalogError(f"a {lab.deck.ruleset} deck cannot play under {ruleset}", file=lab.id, field="ruleset")
    return lab


def _stored_deck(rid: str, db: str | Path) -> LabDeck | None:
    from ..store import StoreError, connect

    try:
        con = connect(db, read_only=True)
    except StoreError:
        return None
    try:
        row = con.execute("SELECT decklist FROM decks WHERE deck_id = ?", [rid]).fetchone()
    finally:
        con.close()
    if row is None:
        return None
    return LabDeck(rid, resolve(parse_decklist(str(row[0]), rid)))


def starter_field(ruleset: str) -> list[LabDeck]:
    """The ruleset's starter decks with their store ids."""
    from ..decks.starters import starter_paths

    return [LabDeck(deck_id(load_deck(p), p), load_deck(p)) for p in starter_paths(ruleset)]


def check_lab_ruleset(ruleset: str) -> None:
    """The lab plays 2-seat deck games with an engine; a clear error otherwise."""
    r = info(ruleset)
    if r.engine is None:
        raise ValueError(f"no rules engine for {ruleset} yet")
    if not r.uses_decks or r.seats != (2, 2):
        raise ValueError(f"the balance lab plays 2-seat deck games; {ruleset} is played by "
                         f"{r.seats[0]} to {r.seats[1]} seats{'' if r.uses_decks else ' without decks'}")
