"""One decision of a game: a kind and up to three integers, printed and parsed as text.

A small immutable value class rather than a ``NamedTuple``: the compiled rules core
(fwlab/native.py) creates and reads one at every decision, and a plain class's fields are read
directly there.

>>> a = Action("block", 12, 7)
>>> str(a)
'block 12 7'
>>> Action.parse("block 12 7") == a
True
>>> Action.parse("pass")
Action(kind='pass', a=-1, b=-1, c=-1)
"""

from __future__ import annotations

from typing import Any


class Action:
    """One decision: a kind and up to three integers (card instance ids, indexes). Treat as immutable."""

    __slots__ = ("kind", "a", "b", "c")

    def __init__(self, kind: str, a: int = -1, b: int = -1, c: int = -1) -> None:
        self.kind = kind
        self.a = a
        self.b = b
        self.c = c

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.a == other.a and self.b == other.b and self.c == other.c

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.kind, self.a, self.b, self.c))

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, a={self.a}, b={self.b}, c={self.c})"

    def __str__(self) -> str:
        parts = [self.kind]
        args = (self.a, self.b, self.c)
        last = -1
        for i in range(3):
            if args[i] != -1:
                last = i
        for i in range(last + 1):
            parts.append(str(args[i]))
        return " ".join(parts)

    def __reduce__(self) -> tuple[Any, ...]:  # pickles the same compiled or not
        return (Action, (self.kind, self.a, self.b, self.c))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form (``kind [int [int [int]]]``); bad text raises ``ValueError``."""
        bits = text.split()
        if not bits or len(bits) > 4:
            raise ValueError(f"cannot parse action {text!r}: expected 'kind' and up to three integers")
        try:
            nums = [int(b) for b in bits[1:]]
        except ValueError:
            raise ValueError(f"cannot parse action {text!r}: arguments must be integers") from None
        nums += [-1] * (3 - len(nums))
        return Action(bits[0], nums[0], nums[1], nums[2])
