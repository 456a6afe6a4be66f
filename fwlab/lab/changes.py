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

A change set may also change the rules: a ``[rules]`` table of the engine's rule options
(``fwlab engines --options`` lists them) played on the "after" side, and an optional
``[base_rules]`` table played on both sides (the "before" side plays the ruleset's own rules plus
``[base_rules]``; the "after" side ``[base_rules]`` then ``[rules]`` on top). The table names
``rules`` and ``base_rules`` are therefore not card names. The same set may be JSON, an object of
the same shape (``{"Ashfang Raider": {"att": 2}, "rules": {"turn_cap": 8}}``).

>>> ch = parse_changes('["Ashfang Raider"]\\natt = 2\\n', "fw")
>>> ch
{'Ashfang Raider': {'att': 2}}
>>> cs = parse_change_set('[rules]\\nturn_cap = 8\\n', "fw")
>>> cs.cards, cs.rules, cs.rules_after()
({}, {'turn_cap': 8}, {'turn_cap': 8})
>>> parse_sweep("Ashfang Raider.attack=1..3", "fw")
Sweep(card='Ashfang Raider', field='att', values=(1, 2, 3))
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from pathlib import Path
from typing import Any

from ..catalog import CatalogError, load_catalog
from ..catalog.overrides import field_name, normalize_overrides
from ..decks import Deck, load_deck
from ..decks.decklist import parse_decklist, resolve
from ..paths import decks_dir
from ..rules.engines import check_rule_options
from ..rules.options import OptionError
from ..rulesets import info

Changes = dict[str, dict[str, Any]]


#: the tables of a change set that hold rule options, not a card's fields
RULE_TABLES = ("rules", "base_rules")


@dataclass(frozen=True)
class ChangeSet:
    """A whole change set: card changes (``{card: {field: value}}``, checked by the catalog), the
    rule options of the "after" side (``rules``) and those of both sides (``base_rules``), each
    checked by the ruleset's engine and parsed (``{name: value}`` in declaration order)."""

    cards: Changes = dc_field(default_factory=dict)
    rules: dict[str, Any] = dc_field(default_factory=dict)
    base_rules: dict[str, Any] = dc_field(default_factory=dict)

    def rules_before(self) -> dict[str, Any]:
        """The rule options the "before" side plays: ``base_rules``."""
        return dict(self.base_rules)

    def rules_after(self) -> dict[str, Any]:
        """The rule options the "after" side plays: ``base_rules``, then ``rules`` on top."""
        return {**self.base_rules, **self.rules}

    def is_empty(self) -> bool:
        """No card change and no rule change between the two sides (``base_rules`` may be set)."""
        return not self.cards and not self.rules

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (a JSON change-set file of the same set)."""
        out: dict[str, Any] = {c: dict(f) for c, f in self.cards.items()}
        for key in RULE_TABLES:
            table = getattr(self, key)
            if table:
                out[key] = json_rules(table)
        return out


def json_rules(rules: Mapping[str, Any]) -> dict[str, Any]:
    """Rule option values as JSON values (an ``ints`` option's tuple as a list)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in rules.items()}


def check_rules(ruleset: str, table: Any, source: str = "<changes>", key: str = "rules") -> dict[str, Any]:
    """A ``[rules]`` (or ``[base_rules]``) table checked against the ruleset's rule options; an
    unknown option or a bad value is a :class:`CatalogError` naming the file and ``rules.NAME``."""
    if not isinstance(table, Mapping):
        raise CatalogError(f"[{key}] is a table of rule options (name = value), not {table!r}", file=source,
                           field=key)
    try:
        return check_rule_options(ruleset, dict(table))
    except OptionError as exc:
        raise CatalogError(str(exc), file=source, field=f"{key}.{exc.name}") from None


def _document(text: str, source: str) -> dict[str, Any]:
    if source.lower().endswith(".json") or text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CatalogError(f"not valid JSON: {exc.msg}", file=source, line=exc.lineno) from None
        if not isinstance(doc, dict):
            raise CatalogError("a JSON change set is an object: {\"Card Name\": {field: value}, \"rules\": {...}}",
                               file=source)
        return doc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise CatalogError(f"not valid TOML: {exc}", file=source, line=int(m.group(1)) if m else None) from None


def parse_change_set(text: str, ruleset: str, source: str = "<changes>") -> ChangeSet:
    """A change set's text (TOML, or JSON when ``source`` ends in ``.json`` or the text is an object),
    parsed and checked: card tables against the ruleset's catalog (canonical card and field names),
    ``[rules]`` and ``[base_rules]`` against its engine's rule options. Raises
    :class:`CatalogError` naming the file and the card and field, or ``rules.OPTION``."""
    doc = _document(text, source)
    cards: dict[str, Any] = {}
    for key, value in doc.items():
        if key in RULE_TABLES:
            continue
        if not isinstance(value, dict):
            raise CatalogError(f"a change set holds one table per card ([\"Card Name\"] then field = value); "
                               f"{key} = {value!r} is not inside one", file=source, field=key)
        cards[key] = value
    rules = check_rules(ruleset, doc["rules"], source) if "rules" in doc else {}
    base = check_rules(ruleset, doc["base_rules"], source, "base_rules") if "base_rules" in doc else {}
    return ChangeSet(normalize_overrides(load_catalog(ruleset), cards, source), rules, base)


def load_change_set(path: str | Path, ruleset: str) -> ChangeSet:
    """Read and check a change set file, cards and rules (see :func:`parse_change_set`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"cannot read the change set: {exc}", file=str(p)) from None
    return parse_change_set(text, ruleset, str(p))


def parse_changes(text: str, ruleset: str, source: str = "<changes>") -> Changes:
    """A change set's card changes, parsed and checked against the ruleset's catalog (canonical form:
    the catalog's card and field names); its ``[rules]`` tables are checked too but not returned
    (:func:`parse_change_set` returns them). Raises :class:`CatalogError` naming the card and field."""
    return parse_change_set(text, ruleset, source).cards


def load_changes(path: str | Path, ruleset: str) -> Changes:
    """Read and check a change set file's card changes (see :func:`parse_changes`)."""
    return load_change_set(path, ruleset).cards


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
