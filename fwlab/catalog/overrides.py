"""A catalog with some cards' fields changed in memory: what the balance lab's change sets apply.

Overrides are plain data, ``{card name: {field: value}}`` with the catalog's own field names (or
the aliases ``attack``, ``defense`` and ``cost`` for the family's attack, defense and cost fields),
so they travel to worker processes (or a cluster) as they are; each worker builds the changed
catalog once per distinct overrides (:func:`catalog_with_overrides`). Every changed card is
validated again by the catalog's own field checks, so a change set can never make a card the
catalog would refuse. Nothing is ever written to ``data/``.

>>> from fwlab.catalog import load_catalog
>>> base = load_catalog("fw")
>>> cat = apply_overrides(base, {"Ashfang Raider": {"attack": 1}})
>>> cat["Ashfang Raider"].attack, base["Ashfang Raider"].attack
(1, 3)
>>> cat["Nominod"] is base["Nominod"]   # unchanged cards are the very same objects
True
>>> apply_overrides(base, {"Ashfang Raider": {"att": -1}})
Traceback (most recent call last):
...
fwlab.catalog.model.CatalogError: card 'Ashfang Raider', field 'att': must not be negative, got -1
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..rulesets import family_of
from .loader import _to_card, _validate, load_catalog
from .model import Catalog, CatalogError
from .schemas import SCHEMAS

#: Fields a change set may not touch: they say which card it is and what schema it follows.
FIXED_FIELDS: frozenset[str] = frozenset({"name", "type"})

Overrides = Mapping[str, Mapping[str, Any]]


def field_name(catalog: Catalog, card_type: str, name: str) -> str:
    """The catalog's field for ``name`` on a card of ``card_type``: the name itself when the schema
    has it, else the aliases ``attack``/``defense``/``cost`` for the family's own fields."""
    schema = SCHEMAS[catalog.family]
    allowed = {**schema.common, **schema.per_type.get(card_type, {})}
    if name in allowed:
        return name
    alias = {"attack": schema.attack, "defense": schema.defense, "cost": schema.cost.get(card_type)}.get(name)
    return alias if alias else name


def normalize_overrides(catalog: Catalog, overrides: Overrides, source: str | None = None) -> dict[str, dict[str, Any]]:
    """The overrides checked against ``catalog`` and put in canonical form: card names in the
    catalog's spelling, the catalog's field names, cards and fields sorted. Raises
    :class:`CatalogError` naming the card and field for an unknown card or field, a field that may
    not change, or a value the catalog's validation refuses (wrong type, out of range...)."""
    if not isinstance(overrides, Mapping):
        raise CatalogError(f"a change set maps card names to tables of fields, not {type(overrides).__name__}",
                           file=source)
    out: dict[str, dict[str, Any]] = {}
    for name, fields in overrides.items():
        card = catalog.lookup(str(name))
        if card is None:
            raise CatalogError(f"unknown card: not in the {catalog.family} catalog", file=source, card=str(name))
        if not isinstance(fields, Mapping):
            raise CatalogError(f"expected a table of fields ([\"{card.name}\"] then field = value), got {fields!r}",
                               file=source, card=card.name)
        if card.name in out:
            raise CatalogError("the card is changed twice (names ignore case)", file=source, card=card.name)
        changed: dict[str, Any] = {}
        for key, value in fields.items():
            f = field_name(catalog, card.type, str(key))
            if f in FIXED_FIELDS:
                raise CatalogError("cannot be changed by a change set (it says which card this is)",
                                   file=source, card=card.name, field=str(key))
            if f in changed:
                raise CatalogError(f"is changed twice (as {f!r} and an alias of it)", file=source, card=card.name,
                                   field=str(key))
            changed[f] = value
        if not changed:
            continue  # an empty table changes nothing
        _check_card(catalog, card.name, changed, source)
        out[card.name] = dict(sorted(changed.items()))
    return dict(sorted(out.items()))


def _check_card(catalog: Catalog, name: str, changed: Mapping[str, Any], source: str | None) -> Any:
    """The changed card, built by the catalog's own validation (the first problem raised)."""
    card = catalog[name]
    schema = SCHEMAS[catalog.family]
    raw = {**card.fields, **changed}
    fields, errors = _validate(schema, raw, card.source, card.line)
    if errors:
        first = errors[0]
        raise CatalogError(first.reason, file=source, card=name, field=first.field)
    return _to_card(schema, fields, card.source, card.line)


def apply_overrides(catalog: Catalog, overrides: Overrides | None, source: str | None = None) -> Catalog:
    """A new catalog with the overrides applied (checked as :func:`normalize_overrides` does); the
    unchanged cards are the same objects as in ``catalog``. Empty or None overrides give
    ``catalog`` itself, so the same games are played."""
    if not overrides:
        return catalog
    norm = normalize_overrides(catalog, overrides, source)
    cards = dict(catalog.cards)
    for name, changed in norm.items():
        cards[name] = _check_card(catalog, name, changed, source)
    return Catalog(family=catalog.family, cards=cards)


def canonical_json(value: Any) -> str:
    """A canonical text of a JSON value (keys sorted, no spaces): equal values give equal texts."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def overrides_key(overrides: Overrides | None) -> str:
    """A canonical text of the overrides (the cache key; equal overrides give equal keys).

    >>> overrides_key({"B": {"y": 1, "x": 2}, "A": {"z": 0}})
    '{"A":{"z":0},"B":{"x":2,"y":1}}'
    """
    return canonical_json(overrides or {})


_BUILT: dict[tuple[str, int, str], tuple[Catalog, Catalog]] = {}


def catalog_with_overrides(ruleset: str, overrides: Overrides | None) -> Catalog:
    """The ruleset's catalog (:func:`~fwlab.catalog.load_catalog`) with the overrides applied, built
    once per process and distinct overrides: what a worker calls for each batch. None or empty
    overrides give the catalog itself."""
    base = load_catalog(ruleset)
    if not overrides:
        return base
    family = ruleset if ruleset in SCHEMAS else family_of(ruleset)
    key = (family, id(base), overrides_key(overrides))
    hit = _BUILT.get(key)
    if hit is not None and hit[0] is base:
        return hit[1]
    cat = apply_overrides(base, overrides)
    if len(_BUILT) > 64:
        _BUILT.clear()
    _BUILT[key] = (base, cat)
    return cat


__all__ = ["FIXED_FIELDS", "apply_overrides", "catalog_with_overrides", "field_name", "normalize_overrides",
           "overrides_key", "canonical_json"]
