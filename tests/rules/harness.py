"""The tiny test catalog (``test_catalog.toml``) and a way to set up exact game positions for rule tests.

The test cards are independent of ``data/`` so rebalancing the real catalog never changes what a
rule test means.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from fwlab.catalog import load_catalog_from
from fwlab.rules.daemornia import compile_deck, new_game
from fwlab.rules.daemornia.decisions import DEPLOY
from fwlab.rules.daemornia.game import Game
from fwlab.rules.daemornia.state import Unit

#: The test catalog's file, and its text.
CATALOG_FILE = Path(__file__).with_name("test_catalog.toml")
CARDS = CATALOG_FILE.read_text(encoding="utf-8")
CATALOG = load_catalog_from(CATALOG_FILE, "daemornia")


def position(ruleset: str = "fw", *, a_hand: Sequence[str] = (), b_hand: Sequence[str] = (),
             a_board: Sequence[str] = (), b_board: Sequence[str] = (), a_scen: Sequence[str] = (),
             b_scen: Sequence[str] = (), a_deck: int = 20, b_deck: int = 20, pool: tuple[int, int] = (10, 10),
             seed: int = 1, turn: int = 5, **overrides: object) -> Game:
    """A game of ``ruleset`` in player A's Deploy phase with exactly these cards in each zone.

    Cards on the board were deployed earlier (they may attack). Decks hold Fillers.
    """
    names = [list(a_hand) + list(a_board) + list(a_scen) + ["Filler"] * a_deck,
             list(b_hand) + list(b_board) + list(b_scen) + ["Filler"] * b_deck]
    g = new_game(ruleset, compile_deck(names[0], CATALOG), compile_deck(names[1], CATALOG), seed, first=0,
                 **overrides)
    g.turn = turn
    for p, (hand, board, scen) in enumerate(((a_hand, a_board, a_scen), (b_hand, b_board, b_scen))):
        s = g.seats[p]
        ids = [i for i in range(len(g.defs)) if g.owner[i] == p]
        s.hand, s.units, s.scenarios, s.graveyard = [], [], [], []
        used: set[int] = set()

        def take(name: str, ids: list[int] = ids, used: set[int] = used) -> int:
            for i in ids:
                if i not in used and g.defs[i].name == name:
                    used.add(i)
                    return i
            raise AssertionError(name)

        for n in hand:
            s.hand.append(take(n))
        for n in board:
            iid = take(n)
            u = Unit(iid, g.defs[iid], p, 0)
            g.place(u)
            s.units.append(u)
        for n in scen:
            iid = take(n)
            u = Unit(iid, g.defs[iid], p, 0)
            g.place(u)
            s.scenarios.append(u)
        s.deck = [i for i in ids if i not in used]
        s.pool = pool[p]
        s.own_turns = 3
        s.scenario_turn = -1
    g.refresh_discounts(0)
    g.refresh_discounts(1)
    g.active = 0
    g.decision, g.decider = DEPLOY, 0
    g.record.actions.clear()
    return g


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


def rig_dice(g: Game, rolls: Sequence[int]) -> None:
    """Make the next D6 rolls come out as given (then random again)."""
    queue = list(rolls)
    real = g.rng.random

    def fake() -> float:
        if queue:
            return (queue.pop(0) - 1) / 6 + 1e-9
        return real()

    g.rng.random = fake  # type: ignore[method-assign]


def pass_until(g: Game, done, limit: int = 500) -> None:  # type: ignore[no-untyped-def]
    """Pass (or take the first legal action when passing is not allowed) until ``done(g)``."""
    for _ in range(limit):
        if done(g) or g.is_terminal():
            return
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    raise AssertionError("condition never reached")
