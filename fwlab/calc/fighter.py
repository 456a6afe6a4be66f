"""A creature or scenario as the combat calculators see it: its stats after modifiers.

>>> f = Fighter.parse("3,4,2,5")
>>> (f.att, f.defense, f.dmg, f.hp, f.remaining_hp)
(3, 4, 2, 5, 5)
>>> f.modified(att=+2, damage_taken=1).att, f.modified(damage_taken=1).remaining_hp
(5, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

_KEYWORD_PARAMS = ("shield", "raider", "siege")
#: The ruleset whose catalog's creatures :meth:`Fighter.from_card` reads.
RULESET = "fw"


@dataclass(frozen=True)
class Fighter:
    """Stats of one creature or scenario in a fight.

    ``hp`` is the printed Hp (healing never goes above it); ``damage_taken`` the damage it already
    carries. ``shield`` n: each hit on it deals n less damage (not below 0). ``raider`` n: +n Dmg on a
    raid. ``siege`` n: +n Dmg when striking a Scenario. ``exp``: Capital its owner loses when it dies
    in Battlegrounds (include the Exp of its attachments).
    """

    att: int
    defense: int
    dmg: int
    hp: int
    shield: int = 0
    damage_taken: int = 0
    exp: int = 0
    raider: int = 0
    siege: int = 0
    name: str = ""

    def __post_init__(self) -> None:
        for field in ("att", "defense", "dmg", "hp", "shield", "damage_taken", "exp", "raider", "siege"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{self._label()}: {field} must be a whole number, got {value!r}")
            if value < 0:
                raise ValueError(f"{self._label()}: {field} must not be negative, got {value}")
        if self.hp < 1:
            raise ValueError(f"{self._label()}: hp must be at least 1, got {self.hp}")
        if self.damage_taken >= self.hp:
            raise ValueError(f"{self._label()}: damage_taken {self.damage_taken} would already have killed it "
                             f"(hp {self.hp})")

    def _label(self) -> str:
        return f"fighter {self.name!r}" if self.name else "fighter"

    @property
    def remaining_hp(self) -> int:
        return self.hp - self.damage_taken

    def modified(self, *, att: int = 0, defense: int = 0, dmg: int = 0, hp: int = 0, shield: int = 0,
                 damage_taken: int = 0) -> Fighter:
        """A copy with stat deltas added (stats never go below 0, Hp never below 1).

        >>> Fighter(2, 2, 1, 3).modified(att=-5, shield=1)
        Fighter(att=0, defense=2, dmg=1, hp=3, shield=1, damage_taken=0, exp=0, raider=0, siege=0, name='')
        """
        return replace(self, att=max(0, self.att + att), defense=max(0, self.defense + defense),
                       dmg=max(0, self.dmg + dmg), hp=max(1, self.hp + hp), shield=max(0, self.shield + shield),
                       damage_taken=max(0, self.damage_taken + damage_taken))

    @classmethod
    def parse(cls, text: str, name: str = "") -> Fighter:
        """Read ``"att,def,dmg,hp"`` with optional ``key=value`` extras (``shield=1,taken=2,exp=1``).

        >>> Fighter.parse("4,3,2,5,shield=1,taken=2")
        Fighter(att=4, defense=3, dmg=2, hp=5, shield=1, damage_taken=2, exp=0, raider=0, siege=0, name='')
        >>> Fighter.parse("4,3")
        Traceback (most recent call last):
        ...
        ValueError: expected 'att,def,dmg,hp' (four whole numbers), got '4,3'
        """
        parts = [p.strip() for p in text.split(",") if p.strip()]
        plain = [p for p in parts if "=" not in p]
        extras = [p for p in parts if "=" in p]
        if len(plain) != 4:
            raise ValueError(f"expected 'att,def,dmg,hp' (four whole numbers), got {text!r}")
        try:
            att, defense, dmg, hp = (int(p) for p in plain)
        except ValueError:
            raise ValueError(f"expected 'att,def,dmg,hp' (four whole numbers), got {text!r}") from None
        keys = {"shield": "shield", "taken": "damage_taken", "damage_taken": "damage_taken", "exp": "exp",
                "raider": "raider", "siege": "siege"}
        kwargs: dict[str, int] = {}
        for extra in extras:
            key, _, value = extra.partition("=")
            key = key.strip().lower()
            if key not in keys:
                raise ValueError(f"unknown extra {key!r} in {text!r}; known: {', '.join(sorted(keys))}")
            try:
                kwargs[keys[key]] = int(value)
            except ValueError:
                raise ValueError(f"{key} must be a whole number in {text!r}, got {value.strip()!r}") from None
        return cls(att, defense, dmg, hp, name=name, **kwargs)

    @classmethod
    def from_card(cls, card: Any, **deltas: int) -> Fighter:
        """A Daemornia creature or scenario card (``fields`` att/def/dmg/hp/exp, keyword abilities
        ``shield``/``raider``/``siege``), with optional deltas as in :meth:`modified`."""
        fields = card.fields
        missing = [k for k in ("att", "def", "dmg", "hp") if k not in fields]
        if missing:
            raise ValueError(f"card {card.name!r} ({card.type}) has no {', '.join(missing)}: only creatures and "
                             "scenarios fight")
        extra: dict[str, int] = {}
        for ability in card.abilities:
            kw = ability.get("kw")
            if kw in _KEYWORD_PARAMS:
                extra[kw] = extra.get(kw, 0) + int(ability.get("n", 0))
        base = cls(int(fields["att"]), int(fields["def"]), int(fields["dmg"]), int(fields["hp"]),
                   exp=int(fields.get("exp", 0)), name=card.name, **extra)
        return base.modified(**deltas) if deltas else base
