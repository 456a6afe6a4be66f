"""Hexagonal boards, engine-neutral pure geometry: the fields of a hexagon of a given radius in
axial coordinates ``(q, r)`` with ``max(|q|, |r|, |q + r|) <= radius``, and which fields share a side.

The Conquest engine (:mod:`fwlab.rules.conquest`) numbers the fields in :func:`board_fields` order
and reads :func:`adjacency`; the field calculator (:mod:`fwlab.calc.conquest`) uses the same
functions, so the two can never disagree about the board.

>>> len(board_fields(2)), field_count(2), field_count(1)
(19, 19, 7)
>>> sorted(neighbours((0, 0)))[:3], len(neighbours((2, 0)))
([(-1, 0), (-1, 1), (0, -1)], 3)
>>> adj = adjacency(2)
>>> board_fields(2)[9], len(adj[9])          # the centre field has six neighbours
((0, 0), 6)
"""

from __future__ import annotations

Hex = tuple[int, int]
#: the six directions to a neighbour, in axial coordinates
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def field_count(radius: int) -> int:
    """How many fields a hexagon of ``radius`` has: 3r(r+1) + 1 (19 for radius 2)."""
    return 3 * radius * (radius + 1) + 1


def on_board(h: Hex, radius: int = 2) -> bool:
    q, r = h
    return max(abs(q), abs(r), abs(q + r)) <= radius


def board_fields(radius: int = 2) -> list[Hex]:
    """Every field of a hexagonal board of the given radius (19 for radius 2), in a fixed order."""
    if radius < 0:
        raise ValueError(f"a board radius is 0 or more, not {radius}")
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if abs(q + r) <= radius]


def neighbours(h: Hex, radius: int = 2) -> list[Hex]:
    """The fields adjacent to ``h`` (sharing a side) that are on the board."""
    out = []
    for dq, dr in DIRECTIONS:
        n = (h[0] + dq, h[1] + dr)
        if on_board(n, radius):
            out.append(n)
    return out


def adjacency(radius: int = 2) -> list[list[int]]:
    """For each field index (in :func:`board_fields` order), the indexes of its neighbours."""
    fields = board_fields(radius)
    index = {h: i for i, h in enumerate(fields)}
    return [[index[n] for n in neighbours(h, radius)] for h in fields]


__all__ = ["DIRECTIONS", "Hex", "adjacency", "board_fields", "field_count", "neighbours", "on_board"]
