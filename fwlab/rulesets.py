"""The rulesets fwlab knows and the card catalog (family) each one plays with."""

from __future__ import annotations

from typing import Final

#: ruleset id -> catalog family
FAMILY: Final[dict[str, str]] = {
    "fw": "daemornia",
    "fw-epic": "daemornia",
    "bg": "daemornia",
    "fr": "freerealms",
    "eredan": "eredan",
    "conquest": "conquest",
}
RULESETS: Final[tuple[str, ...]] = tuple(FAMILY)
FAMILIES: Final[tuple[str, ...]] = ("daemornia", "freerealms", "eredan", "conquest")

TITLES: Final[dict[str, str]] = {
    "fw": "Fallen Worlds Online",
    "fw-epic": "Fallen Worlds Online (epic)",
    "bg": "Daemornia: Battlegrounds",
    "fr": "Free Realms TCG",
    "eredan": "Eredan ITCG",
    "conquest": "Conquest of the Fallen Lands",
}


def family_of(ruleset: str) -> str:
    """The catalog family a ruleset uses.

    >>> family_of("fw-epic")
    'daemornia'
    """
    try:
        return FAMILY[ruleset]
    except KeyError:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}") from None
