"""The pieces of a Conquest game state: each player's hand, coins and followers (:class:`Seat`).

The board and the shared deck live in :class:`~fwlab.rules.conquest.game.Game` as flat lists
indexed by field and by card instance id. Followers are counted by kind (warrior, craftsman, mage):
``fol[k]`` held, ``exp[k]`` of them expended this turn (face down).
"""

from __future__ import annotations


class Seat:
    """One player: hand (card instance ids), coins, followers held and expended by kind, own turns."""

    __slots__ = ("idx", "hand", "coins", "fol", "exp", "own_turns", "fields")

    def __init__(self, idx: int, coins: int) -> None:
        self.idx = idx
        self.hand: list[int] = []
        self.coins = coins
        self.fol: list[int] = [0, 0, 0]
        self.exp: list[int] = [0, 0, 0]
        self.own_turns = 0
        self.fields = 0          # fields taken (conquered or claimed)

    def copy(self) -> Seat:
        s = Seat(self.idx, self.coins)
        s.hand = list(self.hand)
        s.fol = list(self.fol)
        s.exp = list(self.exp)
        s.own_turns = self.own_turns
        s.fields = self.fields
        return s

    def free(self, k: int) -> int:
        """Unexpended followers of kind ``k``."""
        return self.fol[k] - self.exp[k]

    def __repr__(self) -> str:
        return (f"<seat {'abcde'[self.idx]}: {self.coins} coins, followers {self.fol} "
                f"(expended {self.exp}), {len(self.hand)} cards>")
