"""The tiny test catalog (``test_catalog.toml``) of the rules tests, and helpers that read a game.

The test cards are independent of ``data/`` so rebalancing the real catalog never changes what a
rule test means. Tests set positions up as text (docs/positions.md, ``load_position``) and give
their dice to it; :func:`position` is a shorthand for the simplest of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from fwlab.catalog import load_catalog_from
from fwlab.rules.daemornia.game import Game
from fwlab.rules.daemornia.state import Unit
from fwlab.rules.engines import load_position

#: The test catalog's file, and its text.
CATALOG_FILE = Path(__file__).with_name("test_catalog.toml")
CARDS = CATALOG_FILE.read_text(encoding="utf-8")
CATALOG = load_catalog_from(CATALOG_FILE, "daemornia")


def position(ruleset: str = "fw", *, a_hand: Sequence[str] = (), b_hand: Sequence[str] = (),
             a_board: Sequence[str] = (), b_board: Sequence[str] = (), a_scen: Sequence[str] = (),
             b_scen: Sequence[str] = (), a_deck: int = 20, b_deck: int = 20, pool: tuple[int, int] = (10, 10),
             seed: int = 1, turn: int = 5, **overrides: object) -> Game:
    """A game of ``ruleset`` in seat a's Deploy decision with exactly these cards in each zone, set up
    as a position (docs/positions.md) through the engine registry.

    Cards on the board were deployed earlier (they may attack). Decks hold Fillers. (The rules tests
    write their positions themselves; this shorthand serves the calculators' cross-check.)
    """
    seats = [{"pool": pool[p], "hand": list(hand), "in_play": list(board) + list(scen), "deck": ["Filler"] * deck}
             for p, (hand, board, scen, deck) in enumerate(((a_hand, a_board, a_scen, a_deck),
                                                            (b_hand, b_board, b_scen, b_deck)))]
    data = {"ruleset": ruleset, "turn": turn, "active": 0, "decision": "deploy", "seats": seats, "seed": seed,
            "options": dict(overrides)}
    return load_position(data, CATALOG)  # type: ignore[no-any-return]


def iid(g: Game, name: str, seat: int | None = None, zone: str | None = None) -> int:
    """The instance id of a named card (in play first, then hand)."""
    for u in g.units.values():
        if u.d.name == name and (seat is None or u.owner == seat) and zone in (None, "play"):
            return u.iid
    for p, s in enumerate(g.seats):
        if seat is not None and p != seat:
            continue
        for i in s.hand:
            if g.defs[i].name == name and zone in (None, "hand"):
                return i
    raise AssertionError(f"{name} not found")


def unit(g: Game, name: str, seat: int | None = None) -> Unit:
    return g.units[iid(g, name, seat, "play")]


def pass_until(g: Game, done, limit: int = 500) -> None:  # type: ignore[no-untyped-def]
    """Pass (or take the first legal action when passing is not allowed) until ``done(g)``."""
    for _ in range(limit):
        if done(g) or g.is_terminal():
            return
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    raise AssertionError("condition never reached")
