"""Eredan damage in one fight between two characters (text 004, RULINGS "Eredan").

Rules used:

* Turn bonuses: a character whose bonus turn equals the turn number gets the bonus (``bonuses``
  entries ``{turn, stat, n}``; several bonuses of the same turn all apply).
* Marauder bonus: a Marauder gets +n Att against a foe that has the class ``vs``.
* Cards played (at most one per side here) first change stats (``att``/``def``/``spirit`` effects on
  ``self`` or ``foe``, not below 0), then deal their damage: from a spell or theurgy
  ``max(0, n - Spirit)``, from any other card n unreduced. ``heal`` effects are reported as healing.
* Physical damage: both characters strike, ``max(0, Att - Def)`` each way, except a pure Mage (class
  Mage only) that casts a damaging spell: the spell replaces its physical attack that round.

Characters and cards are catalog cards or plain mappings of their fields.

>>> aku = {"name": "Aku", "classes": ["Mage"], "att": 1, "def": 1, "spirit": 3, "life": 8}
>>> pilkim = {"name": "Pilkim", "classes": ["Fighter"], "att": 3, "def": 2, "spirit": 2, "life": 10}
>>> arrow = {"name": "Flame Arrow", "type": "spell", "effects": [{"do": "damage", "n": 5, "target": "foe"}]}
>>> x = eredan_exchange(aku, pilkim, turn=1, card_a=arrow)
>>> (x.spell_to_b, x.physical_to_b, x.physical_to_a, x.damage_to_b, x.damage_to_a)
(3, 0, 2, 3, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

STATS = ("att", "def", "spirit")
_FOE_TARGETS = ("foe", "enemies")
_SELF_TARGETS = ("self", "allies")
_MAGIC_TYPES = ("spell", "theurgy")


def _fields(obj: Any) -> Mapping[str, Any]:
    if obj is None:
        return {}
    if hasattr(obj, "fields"):
        return {**obj.fields, "name": obj.name, "type": obj.type}
    if isinstance(obj, Mapping):
        return obj
    raise ValueError(f"expected a catalog card or a mapping of its fields, got {obj!r}")


@dataclass
class _Fighter:
    name: str
    classes: tuple[str, ...]
    stats: dict[str, int]
    notes: list[str] = field(default_factory=list)


def _character(obj: Any, turn: int) -> _Fighter:
    f = _fields(obj)
    name = str(f.get("name", "character"))
    stats: dict[str, int] = {}
    for s in STATS:
        v = f.get(s)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"character {name!r}: {s} must be a whole number >= 0, got {v!r}")
        stats[s] = v
    ch = _Fighter(name, tuple(f.get("classes", ())), stats)
    for bonus in f.get("bonuses", ()):
        if bonus.get("turn") == turn and bonus.get("stat") in STATS:
            ch.stats[bonus["stat"]] = max(0, ch.stats[bonus["stat"]] + int(bonus.get("n", 0)))
            ch.notes.append(f"turn {turn} bonus {bonus['stat']} {int(bonus.get('n', 0)):+d}")
    return ch


@dataclass(frozen=True)
class Exchange:
    """Damage each way in one fight. ``*_to_a`` is what character A takes: ``physical_*`` from the
    strikes, ``spell_*`` from cards (spells and theurgies after Spirit, other cards' damage as printed)."""

    physical_to_a: int
    physical_to_b: int
    spell_to_a: int
    spell_to_b: int
    healing_a: int = 0
    healing_b: int = 0
    notes: tuple[str, ...] = ()

    @property
    def damage_to_a(self) -> int:
        return self.physical_to_a + self.spell_to_a

    @property
    def damage_to_b(self) -> int:
        return self.physical_to_b + self.spell_to_b

    def to_dict(self) -> dict[str, object]:
        return {"damage_to_a": self.damage_to_a, "damage_to_b": self.damage_to_b,
                "physical_to_a": self.physical_to_a, "physical_to_b": self.physical_to_b,
                "spell_to_a": self.spell_to_a, "spell_to_b": self.spell_to_b,
                "healing_a": self.healing_a, "healing_b": self.healing_b, "notes": list(self.notes)}


def _apply_buffs(card: Mapping[str, Any], me: _Fighter, foe: _Fighter) -> None:
    for eff in card.get("effects", ()):
        do, target = eff.get("do"), eff.get("target")
        if do in STATS:
            who = me if target in _SELF_TARGETS else foe if target in _FOE_TARGETS else None
            if who is not None:
                who.stats[do] = max(0, who.stats[do] + int(eff.get("n", 0)))


def _card_damage(card: Mapping[str, Any], me: _Fighter, foe: _Fighter) -> tuple[int, int, int, bool]:
    """(damage to foe, damage to self, healing to self, is a damaging spell) of one card."""
    magic = card.get("type") in _MAGIC_TYPES
    to_foe = to_self = heal = 0
    damaging_spell = False
    for eff in card.get("effects", ()):
        do, target, n = eff.get("do"), eff.get("target"), int(eff.get("n", 0))
        if do == "damage" and target in _FOE_TARGETS:
            to_foe += max(0, n - foe.stats["spirit"]) if magic else n
            damaging_spell = damaging_spell or card.get("type") == "spell"
        elif do == "damage" and target in _SELF_TARGETS:
            to_self += max(0, n - me.stats["spirit"]) if magic else n
        elif do == "heal" and target in _SELF_TARGETS:
            heal += n
    return to_foe, to_self, heal, damaging_spell


def eredan_exchange(char_a: Any, char_b: Any, turn: int, card_a: Any = None, card_b: Any = None) -> Exchange:
    """Damage each way when A (playing ``card_a``) fights B (playing ``card_b``) on turn ``turn``.

    >>> rogue = {"name": "Rogue", "classes": ["Marauder"], "att": 4, "def": 1, "spirit": 0,
    ...          "marauder_bonus": {"vs": "Priest", "n": 1}, "bonuses": [{"turn": 2, "stat": "att", "n": 1}]}
    >>> priest = {"name": "Priest", "classes": ["Priest"], "att": 2, "def": 2, "spirit": 3}
    >>> eredan_exchange(rogue, priest, turn=2).damage_to_b    # 4 + 1 marauder + 1 turn bonus - 2
    4
    """
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise ValueError(f"turn must be a whole number >= 1, got {turn!r}")
    a, b = _character(char_a, turn), _character(char_b, turn)
    for me, foe, raw in ((a, b, char_a), (b, a, char_b)):
        mb = _fields(raw).get("marauder_bonus")
        if mb and "Marauder" in me.classes and mb.get("vs") in foe.classes:
            me.stats["att"] += int(mb.get("n", 0))
            me.notes.append(f"marauder bonus +{int(mb.get('n', 0))} Att against a {mb['vs']}")
    ca, cb = _fields(card_a), _fields(card_b)
    _apply_buffs(ca, a, b)
    _apply_buffs(cb, b, a)
    spell_b, self_a, heal_a, a_spelled = _card_damage(ca, a, b)
    spell_a, self_b, heal_b, b_spelled = _card_damage(cb, b, a)
    a_strikes = not (a_spelled and a.classes == ("Mage",))
    b_strikes = not (b_spelled and b.classes == ("Mage",))
    notes = [f"{c.name}: {n}" for c in (a, b) for n in c.notes]
    for ch, strikes in ((a, a_strikes), (b, b_strikes)):
        if not strikes:
            notes.append(f"{ch.name}: a pure Mage casting a damaging spell makes no physical attack")
    return Exchange(
        physical_to_a=max(0, b.stats["att"] - a.stats["def"]) if b_strikes else 0,
        physical_to_b=max(0, a.stats["att"] - b.stats["def"]) if a_strikes else 0,
        spell_to_a=spell_a + self_a,
        spell_to_b=spell_b + self_b,
        healing_a=heal_a,
        healing_b=heal_b,
        notes=tuple(notes),
    )
