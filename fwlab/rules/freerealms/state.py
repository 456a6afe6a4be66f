"""The pieces of a Free Realms game state: a creature in a space (:class:`Creature`) and each
player's zones (:class:`Seat`). ``deck[-1]`` is the top card; cards are instance ids."""

from __future__ import annotations

from typing import Final

from .cards import CardDef

#: Three columns, one space per player in each (FR-SPACE-1).
COLUMNS: Final = 3
#: What ``Game.tally`` counts, by index, for the health report (fwlab/rules/freerealms/health.py):
#: battles started, deck rebuilds (FR-DECK-1), and the cards scored by a hunt, by an attacker that won
#: its battle, by a power-up, and by a trick's or an action's effect; then the cards the first player
#: scored by hunts and by won battles (the second player's are the totals less these: where the
#: first player's edge is made, docs/game-health.md "Fifth look").
T_BATTLES: Final = 0
T_REBUILDS: Final = 1
T_HUNT: Final = 2
T_BATTLE: Final = 3
T_POWERUP: Final = 4
T_EFFECT: Final = 5
T_HUNT_FIRST: Final = 6
T_BATTLE_FIRST: Final = 7
TALLIES: Final = 8


class Creature:
    """A creature in one of its owner's spaces."""

    __slots__ = ("iid", "d", "owner", "col", "zapped", "stunned", "played_turn")

    def __init__(self, iid: int, d: CardDef, owner: int, col: int, turn: int) -> None:
        self.iid = iid
        self.d = d
        self.owner = owner
        self.col = col
        self.zapped = False
        self.stunned = False
        self.played_turn = turn

    def copy(self) -> Creature:
        c = Creature(self.iid, self.d, self.owner, self.col, self.played_turn)
        c.zapped = self.zapped
        c.stunned = self.stunned
        return c

    def __repr__(self) -> str:
        flags = (" Z" if self.zapped else "") + (" S" if self.stunned else "")
        return f"<{self.d.name}#{self.iid} col {self.col}{flags}>"


class Seat:
    """One player's zones: deck, hand, discard pile, inventory, the three spaces and score piles."""

    __slots__ = ("idx", "deck", "hand", "discard", "inventory", "spaces", "piles", "scored", "coins", "stars",
                 "own_turns")

    def __init__(self, idx: int, deck: list[int]) -> None:
        self.idx = idx
        self.deck = deck
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.inventory: list[int] = []                 # face up or face down (Game.face_down)
        self.spaces: list[Creature | None] = [None, None, None]
        self.piles: list[list[int]] = [[], [], []]     # score piles by column (FR-SCORE-2)
        self.scored = 0                                # cards in all three piles
        self.coins = 0
        self.stars = 0
        self.own_turns = 0

    def copy(self) -> Seat:
        s = Seat(self.idx, list(self.deck))
        s.hand, s.discard, s.inventory = list(self.hand), list(self.discard), list(self.inventory)
        sp: list[Creature | None] = []
        for c in self.spaces:
            sp.append(c.copy() if c is not None else None)
        s.spaces = sp
        s.piles = [list(self.piles[0]), list(self.piles[1]), list(self.piles[2])]
        s.scored, s.coins, s.stars, s.own_turns = self.scored, self.coins, self.stars, self.own_turns
        return s

    def creatures(self) -> list[Creature]:
        out: list[Creature] = []
        for c in self.spaces:
            if c is not None:
                out.append(c)
        return out
