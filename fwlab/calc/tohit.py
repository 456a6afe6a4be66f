"""The D6 to-hit roll of Fallen Worlds (``fw``, ``fw-epic``) and Battlegrounds (``bg``).

Rule (text 000, RULINGS "To-hit"): the needed roll is ``clamp(4 + Def - Att, 2, 6)``; a natural 1
always misses and a natural 6 always hits, so ``p_hit = (7 - need) / 6``. A card with Att 0 never
attacks and never strikes back: its need is ``None`` and its chance 0.

Battlegrounds (text 002) also says "a roll of a 2 is always a miss"; its own chart contradicts that,
so fwlab follows the chart and offers the literal reading as ``literal_two=True`` (need at least 3).

>>> need_to_hit(3, 4)     # the texts' example: Att 3 against Def 4 needs 5+
5
>>> need_to_hit(6, 4)
2
>>> need_to_hit(0, 1) is None
True
>>> p_hit(3, 4)
0.3333333333333333
>>> need_to_hit(10, 1, literal_two=True)
3
"""

from __future__ import annotations

from fractions import Fraction

#: Rulesets whose combat uses this roll.
DICE_RULESETS = ("fw", "fw-epic", "bg")
#: The ruleset whose text says a roll of 2 always misses (``literal_two``).
LITERAL_TWO_RULESET = "bg"


def _check_stat(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must not be negative, got {value}")


def need_to_hit(att: int, defense: int, *, literal_two: bool = False) -> int | None:
    """The D6 roll needed for a striker of Attack ``att`` to hit a target of Defence ``defense``.

    ``None`` when ``att`` is 0 (the card never strikes). Any Att/Def >= 0 works, above 10 too.

    >>> [need_to_hit(a, 5) for a in range(0, 11)]
    [None, 6, 6, 6, 5, 4, 3, 2, 2, 2, 2]
    >>> need_to_hit(1, 20), need_to_hit(20, 0)
    (6, 2)
    """
    _check_stat("Att", att)
    _check_stat("Def", defense)
    if att == 0:
        return None
    need = min(6, max(2, 4 + defense - att))
    if literal_two:
        need = max(need, 3)
    return need


def p_hit_exact(att: int, defense: int, *, literal_two: bool = False) -> Fraction:
    """The chance to hit as an exact fraction.

    >>> p_hit_exact(3, 4), p_hit_exact(6, 4), p_hit_exact(0, 0)
    (Fraction(1, 3), Fraction(5, 6), Fraction(0, 1))
    """
    need = need_to_hit(att, defense, literal_two=literal_two)
    return Fraction(0) if need is None else Fraction(7 - need, 6)


def p_hit(att: int, defense: int, *, literal_two: bool = False) -> float:
    """The chance to hit, ``(7 - need) / 6`` (0 for Att 0).

    >>> p_hit(6, 4), p_hit(1, 10)
    (0.8333333333333334, 0.16666666666666666)
    """
    return float(p_hit_exact(att, defense, literal_two=literal_two))


def tohit_table(max_stat: int = 10, *, literal_two: bool = False) -> list[dict[str, object]]:
    """Every (Att, Def) in ``0..max_stat``: ``{"att", "def", "need", "p_hit"}`` (need None for Att 0).

    >>> rows = tohit_table()
    >>> len(rows), rows[0]
    (121, {'att': 0, 'def': 0, 'need': None, 'p_hit': 0.0})
    """
    return [{"att": a, "def": d, "need": need_to_hit(a, d, literal_two=literal_two),
             "p_hit": p_hit(a, d, literal_two=literal_two)}
            for a in range(max_stat + 1) for d in range(max_stat + 1)]


def chart_rows(ruleset: str = "fw", *, literal_two: bool = False) -> tuple[list[int], list[int], list[list[int | None]]]:
    """The chart as the texts print it: (row Defs, column Atts, needs[row][col]).

    ``fw`` (text 000): rows Defender 1-10, columns Attacker 1-10. ``bg`` (text 002, read per
    RULINGS with its swapped labels put right): rows Def 0-10, columns Att 1-10.

    >>> defs, atts, grid = chart_rows("bg")
    >>> defs[0], atts[0], grid[0][0]
    (0, 1, 3)
    """
    if ruleset not in DICE_RULESETS:
        raise ValueError(f"ruleset {ruleset!r} has no to-hit chart; expected one of {', '.join(DICE_RULESETS)}")
    defs = list(range(0, 11)) if ruleset == "bg" else list(range(1, 11))
    atts = list(range(1, 11))
    grid = [[need_to_hit(a, d, literal_two=literal_two) for a in atts] for d in defs]
    return defs, atts, grid


def format_chart(ruleset: str = "fw", *, literal_two: bool = False) -> str:
    """The chart as text, with a header line saying how the axes are read.

    >>> print(format_chart("fw").splitlines()[2])
    Def  1 |  4  3  2  2  2  2  2  2  2  2
    """
    defs, atts, grid = chart_rows(ruleset, literal_two=literal_two)
    if ruleset == "bg":
        head = ("Battlegrounds to-hit chart as fwlab reads it: rows are the defender's Def 0-10, columns the "
                "attacker's Att 1-10 (the text labels the axes the other way round)")
    else:
        head = "Fallen Worlds to-hit chart: rows are the defender's Def 1-10, columns the attacker's Att 1-10"
    if literal_two:
        head += "; literal reading: a roll of 2 always misses"
    lines = [head + ". Entry = minimum D6 roll to hit.",
             "Att    | " + " ".join(f"{a:2d}" for a in atts)]
    for d, row in zip(defs, grid):
        lines.append(f"Def {d:2d} | " + " ".join(f"{n:2d}" if n is not None else " -" for n in row))
    return "\n".join(lines)
