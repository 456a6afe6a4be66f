"""The pieces of an Eredan game state: a character in the waiting area (:class:`Character`) and
each player's zones (:class:`Seat`). ``deck[-1]`` is the top card; deck cards are instance ids."""

from __future__ import annotations

from typing import Final

from .cards import CardDef

#: Three characters a side (ER-SETUP-1).
CHARACTERS: Final = 3
#: Hands refill to five, and a player keeps at most five after the Discard step (ER-HAND-1).
HAND: Final = 5


class Character:
    """One character: its Life, whether it is tapped or dead, the items it carries and its stat
    changes (``equip``: from items it carries; ``fmod``: for the current fight), indexed att/def/spirit."""

    __slots__ = ("idx", "d", "owner", "life", "tapped", "dead", "items", "equip", "fmod", "allbonus")

    def __init__(self, idx: int, d: CardDef, owner: int) -> None:
        self.idx = idx
        self.d = d
        self.owner = owner
        self.life = d.life
        self.tapped = False
        self.dead = False
        self.items: list[int] = []
        self.equip = [0, 0, 0]
        self.fmod = [0, 0, 0]
        #: every printed turn bonus applies this fight (an order-bonus activation)
        self.allbonus = False

    def copy(self) -> Character:
        c = Character(self.idx, self.d, self.owner)
        c.life, c.tapped, c.dead = self.life, self.tapped, self.dead
        c.items, c.equip, c.fmod = list(self.items), list(self.equip), list(self.fmod)
        c.allbonus = self.allbonus
        return c

    def __repr__(self) -> str:
        flags = (" T" if self.tapped else "") + (" dead" if self.dead else "")
        return f"<{self.d.name} {self.life}/{self.d.life}{flags}>"


class Seat:
    """One player's zones: three characters, deck, hand, discard pile, score and deck-out flag."""

    __slots__ = ("idx", "chars", "deck", "hand", "discard", "score", "decked", "guild")

    def __init__(self, idx: int, chars: list[Character], deck: list[int], guild: str) -> None:
        self.idx = idx
        self.chars = chars
        self.deck = deck
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.score = 0
        self.decked = False
        #: the deck's guild: that of its guild characters ("" for Mercenaries only)
        self.guild = guild

    def copy(self) -> Seat:
        s = Seat(self.idx, [c.copy() for c in self.chars], list(self.deck), self.guild)
        s.hand, s.discard = list(self.hand), list(self.discard)
        s.score, s.decked = self.score, self.decked
        return s

    def living(self) -> list[Character]:
        out: list[Character] = []
        for c in self.chars:
            if not c.dead:
                out.append(c)
        return out
