"""Load and validate catalog files.

A family's catalog is every ``*.toml`` file in its folder: ``data/catalogs/<family>/`` for the
built-in families, or the folder a plugin gave :func:`register_family` with its schema (so a game
outside the ``fwlab`` package keeps its cards beside its code).

Every card is checked field by field against its family's schema; the first problem is raised as
a :class:`CatalogError` naming the file, the line of the card, the card and the field (with a
count of any further problems), so a card writer can fix the catalog without reading code.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..paths import catalogs_dir
from ..rulesets import family_of
from .model import Card, Catalog, CatalogError
from .schemas import SCHEMAS
from .spec import FamilySchema, check_value

#: family -> the folder of its catalog files, for families registered with their own folder
_FOLDERS: dict[str, Path] = {}


def register_family(schema: FamilySchema, folder: str | Path | None = None) -> None:
    """Add (or replace) a catalog family at run time, e.g. a plugin's: ``schema`` says what its
    cards look like (``schema.family`` is its name), ``folder`` holds its ``*.toml`` files (None:
    ``data/catalogs/<family>/``). A ruleset names the family in :class:`fwlab.rulesets.Ruleset`."""
    if not schema.family or not schema.family.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"a catalog family is letters, digits, '-' and '_', not {schema.family!r}")
    SCHEMAS[schema.family] = schema
    if folder is None:
        _FOLDERS.pop(schema.family, None)
    else:
        _FOLDERS[schema.family] = Path(folder)
    _cached.cache_clear()


def family_folder(family: str, root: Path | None = None) -> Path:
    """The folder of a family's catalog files: the one it was registered with, else
    ``<root>/<family>`` (``root`` default: ``data/catalogs``)."""
    own = _FOLDERS.get(family)
    return own if own is not None else (root or catalogs_dir()) / family


def _known(family: str) -> None:
    if family not in SCHEMAS:
        raise CatalogError(f"unknown catalog family {family!r}; expected one of {', '.join(SCHEMAS)}")


def _card_lines(text: str) -> list[int]:
    """Line numbers (1-based) where each ``[[card]]`` table starts, in file order."""
    return [i + 1 for i, line in enumerate(text.splitlines()) if re.match(r"^\s*\[\[\s*card\s*\]\]", line)]


def _toml_error_place(text: str, line: int | None) -> tuple[str | None, str | None]:
    """The card (by its ``name`` line) and the key on the line where a TOML error was found.

    >>> _toml_error_place('[[card]]\\nname = "Nominod"\\natt = three\\n', 3)
    ('Nominod', 'att')
    """
    if line is None:
        return None, None
    lines = text.splitlines()
    start = max((n for n in _card_lines(text) if n <= line), default=None)
    card = None
    if start is not None:
        end = min((n for n in _card_lines(text) if n > start), default=len(lines) + 1)
        for row in lines[start:end - 1]:
            m = re.match(r'^\s*name\s*=\s*"([^"]+)"', row)
            if m:
                card = m.group(1).strip()
                break
    key = None
    if 0 < line <= len(lines):
        k = re.match(r"^\s*([A-Za-z_][\w-]*)\s*=", lines[line - 1])
        key = k.group(1) if k else None
    return card, key


def _validate(schema: FamilySchema, raw: Mapping[str, Any], file: str, line: int | None) -> tuple[dict[str, Any], list[CatalogError]]:
    name = raw.get("name") if isinstance(raw.get("name"), str) else None
    errors: list[CatalogError] = []

    def err(field: str, reason: str) -> None:
        errors.append(CatalogError(reason, file=file, line=line, card=name, field=field))

    card_type = raw.get("type")
    if card_type not in schema.types:
        err("type", f"must be one of {', '.join(sorted(schema.types))}; got {card_type!r}")
        return {}, errors
    allowed = {**schema.common, **schema.per_type[card_type]}
    out: dict[str, Any] = {}
    for key, spec in allowed.items():
        if key not in raw:
            if spec.required:
                err(key, f"is missing (a {card_type} needs it)")
            elif spec.default is not None:
                out[key] = spec.default
            continue
        reason = check_value(spec, raw[key])
        if reason:
            err(key, reason)
        else:
            out[key] = raw[key]
    for key in raw:
        if key not in allowed:
            err(key, f"is not a field of a {card_type} card (known: {', '.join(sorted(allowed))})")
    if not errors and schema.check is not None:
        for field, reason in schema.check(out):
            err(field, reason)
    return out, errors


def _to_card(schema: FamilySchema, fields: dict[str, Any], file: str, line: int | None) -> Card:
    t = fields["type"]
    cost_field = schema.cost.get(t)
    return Card(
        family=schema.family,
        name=fields["name"].strip(),
        type=t,
        subtype=fields.get("subtype"),
        rarity=fields["rarity"],
        cost=fields.get(cost_field) if cost_field else None,
        attack=fields.get(schema.attack) if schema.attack else None,
        defense=fields.get(schema.defense) if schema.defense else None,
        text=fields.get("text", ""),
        fields=fields,
        abilities=tuple(fields.get(schema.abilities_field, ()) if schema.abilities_field else ()),
        source=file,
        line=line,
    )


def parse_catalog_text(text: str, family: str, file: str = "<text>") -> list[Card]:
    """Parse one catalog file's text into cards, raising :class:`CatalogError` on the first problem."""
    schema = SCHEMAS.get(family)
    if schema is None:
        raise CatalogError(f"unknown catalog family {family!r}", file=file)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        line = int(m.group(1)) if m else None
        card, field = _toml_error_place(text, line)
        raise CatalogError(f"not valid TOML: {exc}", file=file, line=line, card=card, field=field) from None
    unknown_top = [k for k in doc if k != "card"]
    if unknown_top:
        raise CatalogError(f"unexpected top-level key(s) {unknown_top}; a catalog file holds [[card]] tables only", file=file)
    raws = doc.get("card", [])
    if not isinstance(raws, list):
        raise CatalogError("'card' must be an array of tables ([[card]])", file=file)
    lines = _card_lines(text)
    cards: list[Card] = []
    errors: list[CatalogError] = []
    for i, raw in enumerate(raws):
        line = lines[i] if i < len(lines) else None
        if not isinstance(raw, dict):
            errors.append(CatalogError(f"each card must be a [[card]] table, got {raw!r}", file=file, line=line))
            continue
        fields, errs = _validate(schema, raw, file, line)
        if errs:
            errors += errs
        else:
            cards.append(_to_card(schema, fields, file, line))
    if errors:
        _raise_first(errors)
    return cards


def _raise_first(errors: list[CatalogError]) -> None:
    first = errors[0]
    if len(errors) > 1:
        raise CatalogError(f"{first.reason} (and {len(errors) - 1} more problem(s))", file=first.file,
                           line=first.line, card=first.card, field=first.field)
    raise first


def load_family(family: str, root: Path | None = None) -> Catalog:
    """Load every ``*.toml`` file of a family's folder (:func:`family_folder`: ``<root>/<family>/``
    unless the family was registered with its own) into one catalog (names must be unique)."""
    _known(family)
    folder = family_folder(family, root)
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise CatalogError(f"no catalog files (*.toml) for {family}", file=str(folder))
    return _load_files(family, files)


def load_catalog_from(path: str | Path, family: str) -> Catalog:
    """A ``family`` catalog read from ``path``: one catalog file, a folder of them, or a catalogs
    root that holds ``<family>/`` (like ``data/catalogs``). Not cached."""
    p = Path(path)
    _known(family)
    if p.is_dir() and (p / family).is_dir():
        if family not in _FOLDERS:
            return load_family(family, p)
        p = p / family   # a registered family's own folder is not looked up under this root
    if p.is_file():
        files = [p]
    elif p.is_dir():
        files = sorted(p.glob("*.toml"))
        if not files:
            raise CatalogError("no catalog files (*.toml) in this folder", file=str(p))
    else:
        raise CatalogError("no such catalog file or folder", file=str(p))
    return _load_files(family, files)


def _load_files(family: str, files: list[Path]) -> Catalog:
    cards: dict[str, Card] = {}
    errors: list[CatalogError] = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CatalogError(f"cannot read: {exc}", file=str(path)) from None
        try:
            parsed = parse_catalog_text(text, family, str(path))
        except CatalogError as exc:
            errors.append(exc)
            continue
        for card in parsed:
            key = card.name.casefold()
            clash = next((c for c in cards.values() if c.name.casefold() == key), None)
            if clash is not None:
                errors.append(CatalogError(f"duplicate name: already defined at {clash.source}:{clash.line}",
                                           file=card.source, line=card.line, card=card.name, field="name"))
                continue
            cards[card.name] = card
    if errors:
        _raise_first(errors)
    return Catalog(family=family, cards=cards)


@lru_cache(maxsize=16)
def _cached(family: str, root: str) -> Catalog:
    return load_family(family, Path(root))


def load_catalog(ruleset_or_family: str, root: Path | None = None) -> Catalog:
    """The catalog for a ruleset (``fw``, ``bg`` …) or a family (``daemornia`` …), cached per folder."""
    family = ruleset_or_family if ruleset_or_family in SCHEMAS else family_of(ruleset_or_family)
    if root is None:  # the default folder, remembered per FWLAB_DATA (a simulation asks once a game)
        env = os.environ.get("FWLAB_DATA")
        where = _DEFAULT_ROOTS.get(env)
        if where is None:
            where = _DEFAULT_ROOTS[env] = str(catalogs_dir())
        return _cached(family, where)
    return _cached(family, str(root))


_DEFAULT_ROOTS: dict[str | None, str] = {}
