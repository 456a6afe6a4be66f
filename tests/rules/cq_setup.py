"""Conquest positions for the rules tests: a game stopped at a chosen decision with chosen hands,
followers, coins, board and deck (the engine has no positions as text yet, so the tests build them
on a real game of the shipped catalog).

Field numbers are :func:`fwlab.rules.hexgrid.board_fields` order on the radius-2 board: the centre
is field 9, its neighbours 4, 5, 8, 10, 13, 14; field 0 is a corner with neighbours 1, 3, 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fwlab.catalog import load_catalog
from fwlab.rules.conquest import Game, new_game, shared_deck
from fwlab.rules.conquest.game import TASKS

CAT = load_catalog("conquest")
DEFS = shared_deck(CAT)
CENTRE = 9
CENTRE_NEIGHBOURS = (4, 5, 8, 10, 13, 14)
#: field numbers of the default test board: every field difficulty 6 except those given
FLAT = 6


def fresh(n: int = 4, first: int = 0, seed: int = 1, **options: object) -> Game:
    """A new game at its first decision (the free followers)."""
    return new_game(DEFS, n, seed, first, **options)  # type: ignore[arg-type]


def names(g: Game, iids: Sequence[int]) -> list[str]:
    return [g.defs[i].name for i in iids]


def position(hands: Mapping[int, Sequence[str]] | None = None, *, n: int = 4, active: int = 0,
             followers: Mapping[int, tuple[int, int, int]] | None = None,
             coins: Mapping[int, int] | None = None, diff: Mapping[int, int] | Sequence[int] | None = None,
             fields: Mapping[int, tuple[int, str | None, str | None]] | None = None,
             deck: Sequence[str] | None = None, discard: Sequence[str] | None = None,
             own_turns: int = 2, decision: int = TASKS, seed: int = 1) -> Game:
    """A game of ``n`` seats stopped at ``active``'s ``decision`` (Complete Tasks by default).

    ``hands``: card names per seat (the other seats' hands are empty); ``followers``: (warriors,
    craftsmen, mages) per seat (default none); ``coins`` per seat (default 25); ``diff``: every
    field's difficulty (a list of 19) or some of them over a board of 6s; ``fields``: field ->
    (seat, troop name or None for a Claim, fortification name or None); ``deck``: names on top of
    the deck, top first (the rest of the shared deck below them unless ``deck`` ends with "!");
    ``discard``: the discard pile. Later rounds' order (round 2) applies from here.
    """
    g = new_game(DEFS, n, seed, first=active)
    pool: list[int] = list(g.deck)
    for s in g.seats:
        pool.extend(s.hand)
        s.hand = []
    pool.sort()

    def take(name: str) -> int:
        for i, iid in enumerate(pool):
            if g.defs[iid].name == name:
                del pool[i]
                return iid
        raise ValueError(f"no copy of {name!r} left for this position")

    if diff is not None:
        if isinstance(diff, Mapping):
            g.diff = [FLAT] * g.nf
            for f, d in diff.items():
                g.diff[f] = d
        else:
            g.diff = list(diff)
    for seat, hand in (hands or {}).items():
        g.seats[seat].hand = [take(x) for x in hand]
    for f, (seat, troop, fort) in (fields or {}).items():
        g.owner[f] = seat
        g.seats[seat].fields += 1
        g.taken += 1
        if troop is not None:
            iid = take(troop)
            g.troop[f] = iid
            g._place(seat, f, g.defs[iid].support)
        if fort is not None:
            iid = take(fort)
            g.fort[f] = iid
            g._place(seat, f, g.defs[iid].support)
    g.discard = [take(x) for x in (discard or ())]
    only = deck is not None and len(deck) > 0 and deck[-1] == "!"
    top = [take(x) for x in (deck or ()) if x != "!"]
    g.deck = ([] if only else pool) + list(reversed(top))
    for s in g.seats:
        s.fol = list((followers or {}).get(s.idx, (0, 0, 0)))
        s.exp = [0, 0, 0]
        s.coins = (coins or {}).get(s.idx, 25)
        s.own_turns = own_turns if s.idx == active else max(own_turns - 1, 1)
    g.round = 2
    g.pos = g.order2.index(active)
    g.turn = (own_turns - 1) * n + 1 + g.pos
    g.active = g.decider = active
    g.decision = decision
    g.picks = 0
    return g


def hand_names(g: Game, seat: int) -> list[str]:
    return names(g, g.seats[seat].hand)


def iid_of(g: Game, seat: int, name: str, nth: int = 0) -> int:
    """Instance id of the ``nth`` copy of ``name`` in ``seat``'s hand."""
    found = [i for i in g.seats[seat].hand if g.defs[i].name == name]
    return found[nth]
