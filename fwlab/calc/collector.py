"""Free Realms collector numbers: ``SERIES RARITY NUMBER`` such as ``1 U 132`` (text 001).

>>> c = parse_collector("1 U 132")
>>> c
Collector(series=1, rarity='U', number=132)
>>> c.format(), c.rarity_name
('1 U 132', 'Uncommon')
>>> parse_collector("1 X 132")
Traceback (most recent call last):
...
ValueError: collector number '1 X 132': unknown rarity 'X' (expected one of C, U, R, E, P, S)
>>> parse_collector("U 132")
Traceback (most recent call last):
...
ValueError: collector number 'U 132': missing series (expected SERIES RARITY NUMBER, like '1 U 132')
"""

from __future__ import annotations

from dataclasses import dataclass

#: The rarity letters and their names, in the text's order.
RARITIES: dict[str, str] = {"C": "Common", "U": "Uncommon", "R": "Rare", "E": "Exclusive", "P": "Promo",
                            "S": "Starter"}
_FORM = "expected SERIES RARITY NUMBER, like '1 U 132'"


@dataclass(frozen=True, order=True)
class Collector:
    series: int
    rarity: str
    number: int

    @property
    def rarity_name(self) -> str:
        return RARITIES[self.rarity]

    def format(self) -> str:
        return format_collector(self)


def format_collector(c: Collector) -> str:
    """``Collector(1, 'U', 132)`` -> ``'1 U 132'``."""
    return f"{c.series} {c.rarity} {c.number}"


def _whole(text: str, what: str, raw: str) -> int:
    if not text.isdigit():
        raise ValueError(f"collector number {raw!r}: {what} must be a whole number, got {text!r} ({_FORM})")
    value = int(text)
    if value < 1:
        raise ValueError(f"collector number {raw!r}: {what} starts at 1, got {value}")
    return value


def parse_collector(text: str) -> Collector:
    """Read a collector number; raise ValueError saying what is wrong.

    >>> parse_collector(" 2 r 7 ")
    Collector(series=2, rarity='R', number=7)
    >>> parse_collector("1 U")
    Traceback (most recent call last):
    ...
    ValueError: collector number '1 U': missing card number (expected SERIES RARITY NUMBER, like '1 U 132')
    """
    if not isinstance(text, str):
        raise ValueError(f"collector number must be text, got {text!r}")
    parts = text.split()
    if not parts:
        raise ValueError(f"collector number is empty ({_FORM})")
    if len(parts) > 3:
        raise ValueError(f"collector number {text!r}: too many parts ({_FORM})")
    if len(parts) < 3:
        letters = [p for p in parts if p.isalpha()]
        if not letters:
            raise ValueError(f"collector number {text!r}: missing rarity letter ({_FORM})")
        if parts[0].isalpha():
            raise ValueError(f"collector number {text!r}: missing series ({_FORM})")
        raise ValueError(f"collector number {text!r}: missing card number ({_FORM})")
    series_text, rarity, number_text = parts
    series = _whole(series_text, "series", text)
    rarity = rarity.upper()
    if rarity not in RARITIES:
        raise ValueError(f"collector number {text!r}: unknown rarity {parts[1]!r} "
                         f"(expected one of {', '.join(RARITIES)})")
    number = _whole(number_text, "card number", text)
    return Collector(series, rarity, number)
