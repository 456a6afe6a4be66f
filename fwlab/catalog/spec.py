"""Field specifications: what a catalog file may say about a card, checked field by field."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

_MOD_RE = re.compile(r"^[+-]?\d+$")


@dataclass(frozen=True)
class F:
    """One field: its kind, whether it is required, and its allowed values.

    kinds: ``int`` (whole number >= ``min``), ``str``, ``bool``, ``enum`` (one of ``choices``),
    ``enumlist`` (list of ``choices``), ``strlist``, ``mod`` (an attachment modifier written as
    ``"+1"``/``"-2"`` or a set value ``"0"``), ``table`` and ``tablelist`` (checked by the family).
    """

    kind: str
    required: bool = True
    choices: frozenset[str] | None = None
    min: int = 0
    max: int | None = None
    default: Any = None


def check_value(spec: F, value: Any) -> str | None:
    """Return a reason the value is wrong for the spec, or None when it is fine."""
    k = spec.kind
    if k == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be a whole number, got {value!r}"
        if value < spec.min:
            return f"must be at least {spec.min}, got {value}" if spec.min else f"must not be negative, got {value}"
        if spec.max is not None and value > spec.max:
            return f"must be at most {spec.max}, got {value}"
    elif k == "str":
        if not isinstance(value, str) or (spec.required and not value.strip()):
            return f"must be non-empty text, got {value!r}"
    elif k == "bool":
        if not isinstance(value, bool):
            return f"must be true or false, got {value!r}"
    elif k == "enum":
        assert spec.choices is not None
        if value not in spec.choices:
            return f"must be one of {', '.join(sorted(spec.choices))}; got {value!r}"
    elif k == "enumlist":
        assert spec.choices is not None
        if not isinstance(value, list) or any(v not in spec.choices for v in value):
            return f"must be a list of {', '.join(sorted(spec.choices))}; got {value!r}"
    elif k == "strlist":
        if not isinstance(value, list) or any(not isinstance(v, str) or not v.strip() for v in value):
            return f"must be a list of text, got {value!r}"
    elif k == "mod":
        if not isinstance(value, str) or not _MOD_RE.match(value.strip()):
            return f'must be a modifier like "+1", "-2" or a set value like "0", got {value!r}'
    elif k == "table":
        if not isinstance(value, Mapping):
            return f"must be a table, got {value!r}"
    elif k == "tablelist":
        if not isinstance(value, list) or any(not isinstance(v, Mapping) for v in value):
            return f"must be a list of tables, got {value!r}"
    else:  # pragma: no cover - a schema bug
        raise AssertionError(f"unknown field kind {k}")
    return None


Problem = tuple[str, str]  # (field, reason)


@dataclass(frozen=True)
class FamilySchema:
    """What a family's catalog looks like: the fields common to all cards and those per type.

    ``check`` runs after the field checks on the validated fields and returns more problems
    (cross-field rules such as "an Armour attachment uses the Armour slot" or ability checks).
    ``cost``/``attack``/``defense`` name the fields that fill the common columns of the store.
    """

    family: str
    types: frozenset[str]
    rarities: frozenset[str]
    common: Mapping[str, F]
    per_type: Mapping[str, Mapping[str, F]]
    cost: Mapping[str, str] = field(default_factory=dict)       # type -> field holding its cost
    attack: str | None = "att"
    defense: str | None = "def"
    check: Callable[[Mapping[str, Any]], list[Problem]] | None = None
    abilities_field: str | None = None
