"""The rulesets fwlab knows: each one's catalog family, title, seat range and rules engine (if any).

This module is plain data that everything may import (the store, the UI, the CLI): it names each
ruleset's engine by module path only, so nothing here imports a game. :mod:`fwlab.rules.engines`
loads an engine when it is first asked for.

Seats are numbered from 0 inside the code and shown as letters ``a``..``e`` (seat 1 is ``a``).

A ruleset added at run time (a plugin, or a test's toy game) calls :func:`register`; modules named
in ``$FWLAB_PLUGINS`` (comma-separated) are imported by :func:`load_plugins` for that purpose.

>>> seat_range("conquest"), seat_range("fw")
((3, 5), (2, 2))
>>> family_of("fw-epic")
'daemornia'
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import Final

#: Seat labels by seat number (seat 0 is ``a``).
SEAT_LABELS: Final[str] = "abcde"
MAX_SEATS: Final[int] = len(SEAT_LABELS)


@dataclass(frozen=True)
class EngineInfo:
    """Where an engine lives, known without importing it: ``module`` defines ``ENGINE`` (a
    :class:`fwlab.rules.engines.Engine`); ``compiled`` lists the modules (paths inside ``fwlab/``)
    its compiled build holds (see :mod:`fwlab.native`; a module belongs to one build only)."""

    name: str
    module: str
    compiled: tuple[str, ...] = ()


#: engine name -> EngineInfo
ENGINE_INFO: dict[str, EngineInfo] = {
    "daemornia": EngineInfo("daemornia", "fwlab.rules.daemornia.engine", (
        "rules/action.py",
        "rules/daemornia/config.py",
        "rules/daemornia/cards.py",
        "rules/daemornia/decisions.py",
        "rules/daemornia/state.py",
        "rules/daemornia/combat.py",
        "rules/daemornia/effects.py",
        "rules/daemornia/game.py",
        "bots/daemornia/heuristic.py",
        "bots/daemornia/search.py",
    )),
    "freerealms": EngineInfo("freerealms", "fwlab.rules.freerealms.engine", (
        "rules/freerealms/cards.py",
        "rules/freerealms/state.py",
        "rules/freerealms/game.py",
        "bots/freerealms/heuristic.py",
        "bots/freerealms/search.py",
    )),
    "eredan": EngineInfo("eredan", "fwlab.rules.eredan.engine", (
        "rules/eredan/cards.py",
        "rules/eredan/state.py",
        "rules/eredan/game.py",
        "bots/eredan/layout.py",
        "bots/eredan/fight.py",
        "bots/eredan/cardplay.py",
        "bots/eredan/pairing.py",
        "bots/eredan/discard.py",
        "bots/eredan/heuristic.py",
        "bots/eredan/search.py",
    )),
    "conquest": EngineInfo("conquest", "fwlab.rules.conquest.engine", (
        "rules/conquest/cards.py",
        "rules/conquest/state.py",
        "rules/conquest/game.py",
        "bots/conquest/heuristic.py",
        "bots/conquest/search.py",
    )),
}


@dataclass(frozen=True)
class Ruleset:
    """One ruleset: ``engine`` names its engine in :data:`ENGINE_INFO` (None while it has none)."""

    id: str
    family: str | None       #: catalog family; None for a game without cards (a toy game)
    title: str
    seats: tuple[int, int]   #: fewest and most seats a match of it has
    engine: str | None = None
    uses_decks: bool = True  #: False when the seats share one deck (no deck per seat)
    #: the folder of its starter decklists (``*.txt``); None: ``data/decks/<id>/`` (a plugin's own
    #: folder lives beside its code, see :func:`fwlab.decks.starters.starter_dir`)
    decks_dir: str | None = None


_BUILTIN: Final[tuple[Ruleset, ...]] = (
    Ruleset("fw", "daemornia", "Fallen Worlds Online", (2, 2), "daemornia"),
    Ruleset("fw-epic", "daemornia", "Fallen Worlds Online (epic)", (2, 2), "daemornia"),
    Ruleset("bg", "daemornia", "Daemornia: Battlegrounds", (2, 2), "daemornia"),
    Ruleset("fr", "freerealms", "Free Realms TCG", (2, 2), "freerealms"),
    Ruleset("eredan", "eredan", "Eredan ITCG", (2, 2), "eredan"),
    Ruleset("conquest", "conquest", "Conquest of the Fallen Lands", (3, 5), "conquest", uses_decks=False),
)

#: ruleset id -> Ruleset, built-in first, then any registered at run time
REGISTRY: dict[str, Ruleset] = {r.id: r for r in _BUILTIN}
#: The built-in rulesets and card families (constants: use :func:`known_rulesets` to include plugins).
RULESETS: Final[tuple[str, ...]] = tuple(r.id for r in _BUILTIN)
FAMILIES: Final[tuple[str, ...]] = ("daemornia", "freerealms", "eredan", "conquest")
#: ruleset id -> catalog family / title (kept in step with REGISTRY by :func:`register`)
FAMILY: dict[str, str] = {r.id: r.family for r in _BUILTIN if r.family}
TITLES: dict[str, str] = {r.id: r.title for r in _BUILTIN}


def register(ruleset: Ruleset, engine: EngineInfo | None = None) -> None:
    """Add (or replace) a ruleset at run time, e.g. a plugin's game or a test's toy engine, with
    the :class:`EngineInfo` of its engine when that is new."""
    if engine is not None:
        ENGINE_INFO[engine.name] = engine
    if ruleset.engine is not None and ruleset.engine not in ENGINE_INFO:
        raise ValueError(f"ruleset {ruleset.id!r}: unknown engine {ruleset.engine!r}")
    if not ruleset.id or not ruleset.id.replace("-", "").isalnum():
        raise ValueError(f"a ruleset id is letters, digits and '-', not {ruleset.id!r}")
    lo, hi = ruleset.seats
    if not 1 <= lo <= hi <= MAX_SEATS:
        raise ValueError(f"ruleset {ruleset.id!r}: seats {ruleset.seats} must lie within 1..{MAX_SEATS}")
    REGISTRY[ruleset.id] = ruleset
    TITLES[ruleset.id] = ruleset.title
    if ruleset.family:
        FAMILY[ruleset.id] = ruleset.family
    else:
        FAMILY.pop(ruleset.id, None)


def known_rulesets() -> tuple[str, ...]:
    """Every ruleset id, built-in and registered."""
    return tuple(REGISTRY)


def known_families() -> tuple[str, ...]:
    """Every catalog family: the built-in ones, then those of rulesets registered at run time.

    >>> known_families()[:2]
    ('daemornia', 'freerealms')
    """
    out = list(FAMILIES)
    for r in REGISTRY.values():
        if r.family and r.family not in out:
            out.append(r.family)
    return tuple(out)


def info(ruleset: str) -> Ruleset:
    """The :class:`Ruleset` of an id; an unknown id is a ``ValueError`` naming the known ones."""
    try:
        return REGISTRY[ruleset]
    except KeyError:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(REGISTRY)}") from None


def family_of(ruleset: str) -> str:
    """The catalog family a ruleset uses (a ``ValueError`` for a game without cards).

    >>> family_of("bg")
    'daemornia'
    """
    r = info(ruleset)
    if r.family is None:
        raise ValueError(f"ruleset {ruleset!r} has no card catalog")
    return r.family


def seat_range(ruleset: str) -> tuple[int, int]:
    """Fewest and most seats of a match of ``ruleset`` (known even before it has an engine)."""
    return info(ruleset).seats


def seat_label(seat: int) -> str:
    """Seat number (0-based) as shown: 0 -> ``a``.

    >>> seat_label(0), seat_label(4)
    ('a', 'e')
    """
    return SEAT_LABELS[seat]


def seat_index(label: str) -> int:
    """A seat label as its number: ``a`` -> 0 (``ValueError`` for anything else)."""
    i = SEAT_LABELS.find(label) if len(label) == 1 else -1
    if i < 0:
        raise ValueError(f"unknown seat {label!r}; seats are {', '.join(SEAT_LABELS)}")
    return i


def load_plugins(names: str | None = None) -> list[str]:
    """Import the modules named in ``names`` (default ``$FWLAB_PLUGINS``); each calls :func:`register`."""
    spec = os.environ.get("FWLAB_PLUGINS", "") if names is None else names
    loaded = []
    for name in (n.strip() for n in spec.split(",")):
        if name:
            importlib.import_module(name)
            loaded.append(name)
    return loaded
