"""Positions for the Free Realms rules tests: a game built with exactly the cards named in each zone.

The cards come from ``fr_test_catalog.toml`` (independent of ``data/``). :func:`position` starts a
game through the engine's own ``new_game``, then lays every zone out as asked; nothing else of the
game is touched. Decks are written top card first. An inventory card ``"Library:down"`` is face
down, ``"Pylon:zapped"`` zapped; a creature in a space ``"Ox:zapped"`` or ``"Ox:stunned"``. A pile
is a number of ``Blank`` cards in that column's score pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fwlab.catalog import load_catalog_from
from fwlab.rules.core import Action
from fwlab.rules.freerealms.cards import compile_deck
from fwlab.rules.freerealms.game import GO, INVENTORY, SET, TRICKS, Game, new_game
from fwlab.rules.freerealms.state import Creature

CATALOG_FILE = Path(__file__).with_name("fr_test_catalog.toml")
CATALOG = load_catalog_from(CATALOG_FILE, "freerealms")
DECISIONS = {"go": GO, "set": SET, "inventory": INVENTORY}
PASS = Action("pass")


def _split(entry: str) -> tuple[str, str]:
    name, _, flag = entry.partition(":")
    return name, flag


def position(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, *, active: int = 0,
             turn: int = 5, decision: str = "go", coins: int | None = None, seed: int = 1,
             log_cards: bool = True, turn_cap: int = 200, hold: bool = True) -> Game:
    """A game whose seats hold exactly the zones of ``a`` and ``b`` (keys ``deck`` top first,
    ``hand``, ``discard``, ``inventory``, ``spaces`` (three names or None), ``piles`` (three counts)),
    with ``active`` to decide at ``decision`` (``go``, ``set`` with ``coins`` (default: one per
    inventory card) or ``inventory``). ``hold``: a seat other than ``active`` whose hand is not given
    holds one ``Blank``, so that its next turn stops at its inventory decision (a turn without any
    decision passes by itself, FR-PASS-1)."""
    specs = [dict(a or {}), dict(b or {})]
    if hold and "hand" not in specs[1 - active]:
        specs[1 - active]["hand"] = ["Blank"]
    names: list[list[str]] = []
    for sp in specs:
        row: list[str] = []
        row += [_split(x)[0] for x in sp.get("inventory", ())]
        row += [_split(x)[0] for x in sp.get("spaces", (None, None, None)) if x]
        row += ["Blank"] * sum(sp.get("piles", (0, 0, 0)))
        row += list(sp.get("discard", ()))
        row += list(sp.get("hand", ()))
        row += list(sp.get("deck", ()))
        names.append(row)
    da, db = compile_deck(names[0], CATALOG), compile_deck(names[1], CATALOG)
    g = new_game(da, db, seed, first=0, log_cards=log_cards, record=True, mulligans=False, turn_cap=turn_cap)
    base = [0, len(names[0])]
    n = len(g.defs)
    g.face_down = [False] * n
    g.inv_zapped = [False] * n
    for p, sp in enumerate(specs):
        s = g.seats[p]
        nxt = base[p]
        s.inventory = []
        for x in sp.get("inventory", ()):
            _, flag = _split(x)
            s.inventory.append(nxt)
            g.face_down[nxt] = flag == "down"
            g.inv_zapped[nxt] = flag == "zapped"
            nxt += 1
        s.spaces = [None, None, None]
        for col, x in enumerate(sp.get("spaces", (None, None, None))):
            if x:
                _, flag = _split(x)
                c = Creature(nxt, g.defs[nxt], p, col, max(turn - 1, 0))
                c.zapped = flag == "zapped"
                c.stunned = flag == "stunned"
                s.spaces[col] = c
                nxt += 1
        s.piles = [[], [], []]
        for col, k in enumerate(sp.get("piles", (0, 0, 0))):
            s.piles[col] = list(range(nxt, nxt + k))
            nxt += k
        s.scored = sum(len(pl) for pl in s.piles)
        k = len(sp.get("discard", ()))
        s.discard = list(range(nxt, nxt + k))
        nxt += k
        k = len(sp.get("hand", ()))
        s.hand = list(range(nxt, nxt + k))
        nxt += k
        k = len(sp.get("deck", ()))
        s.deck = list(reversed(range(nxt, nxt + k)))  # the top card is the last
        s.own_turns = max(1, turn // 2)
        s.coins = s.stars = 0
    g.drawn_turn = [-1] * n if log_cards else []
    g.played_turn = [-1] * n if log_cards else []
    g.killed_turn = [-1] * n if log_cards else []
    g.scored_by = [0] * n if log_cards else []
    g.flipped = [0] * n if log_cards else []
    g.fired = [0] * n if log_cards else []
    g.turn, g.active, g.decider = turn, active, active
    g.decision = DECISIONS[decision]
    if decision == "set":
        s = g.seats[active]
        s.coins = len(s.inventory) if coins is None else coins
    g.track = []
    g.record.actions.clear()
    return g


def iid(g: Game, seat: int, name: str, nth: int = 0) -> int:
    """The instance id of the ``nth`` copy of ``name`` that seat ``seat`` owns."""
    found = [i for i, d in enumerate(g.defs) if g.owner[i] == seat and d.name == name]
    return found[nth]


def names(g: Game, ids: Sequence[int]) -> list[str]:
    return [g.defs[i].name for i in ids]


def act(g: Game, text: str, *args: Any) -> None:
    """Apply an action written with card names: ``act(g, "play", (0, "Ox"), 1)``."""
    nums = [iid(g, *x) if isinstance(x, tuple) else int(x) for x in args]
    g.apply(Action(text, *nums))


def legal(g: Game, text: str, *args: Any) -> str | None:
    """Why the action is illegal (None: legal), written as for :func:`act`."""
    nums = [iid(g, *x) if isinstance(x, tuple) else int(x) for x in args]
    return g.why_illegal(Action(text, *nums))


def in_battle(g: Game) -> bool:
    return g.decision == TRICKS
