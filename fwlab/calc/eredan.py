"""Eredan: one fight between two characters, card by card (text 004, RULINGS "Eredan").

The exchange is exact: Eredan fights have no dice. ``tests/calc/test_er_engine_crosscheck.py``
plays the same fights through the rules engine and finds the same Life and scores.

**Modelled**

* Cards: each side plays up to two cards, a first card and, only when the first opens a chain, a
  second (ER-CHAIN-1..3): a card with ``chain = true`` (the second card restricted to its
  ``chain_with`` type or item kind, if any; for anyone who plays it, a Guemelite too), a pure Fighter's
  item of its ``item_chain`` kind, a pure Mage's non-AoE spell (any second card). A second card
  without a chain, or outside the restriction, is a :class:`ValueError` naming the card and why.
* Resolution order (ER-ORDER-1): the chooser's first card, the other's first, the chooser's second,
  the other's second; each card resolves completely, its effects in printed order, before the next.
  ``retrieve`` effects go fifth and change nothing in the fight, nor do ``draw`` effects (both are
  reported in the notes). Then the two characters strike at once, ``max(0, Att - Def)`` each way,
  also a character brought to 0 Life by a card in this fight.
* Damage: from a spell or theurgy ``max(0, n - Spirit)``, Spirit read when the card resolves (a
  Spirit change played later does not reduce an earlier spell); from any other card ``max(0, n - Def)``
  (ER-FIGHT-1). A pure Mage
  (class Mage only) who casts a spell with a damage effect does not strike.
* Stats: printed + equipped items (``ErCharacter.equip``) + this fight's changes, read as
  ``max(0, total)`` (a change lowers a stat "not below 0" when it is read, so -2 then +1 on Att 1
  leaves 0); turn bonuses of the fighters on their turn; ``do = "bonuses"`` gives every printed
  bonus for the fight (the current turn's once); the Marauder bonus against a foe of its class.
* Targets: ``self``, ``foe``; ``ally`` (one of your living characters, chosen when the card is
  played: :class:`Play` ``ally``, default the fighter); a Craftsman item (a card with classes
  ``["Craftsman"]``) goes to the chosen ally and its ``self`` effects touch that ally; ``allies`` and
  ``enemies`` (every living character of the side: the fighter and the ``allies_a``/``allies_b``
  given; when none are given only the fighter is counted, and a note says so).
* ``bearer`` conditions: an effect with ``bearer`` applies only if the character the card is played
  for (the fighter) has that class, guild, caste, race or name; ``bearer = "other"`` only when no
  other bearer effect of the card matched.
* Life and score (ER-SCORE-1): Life never below 0 nor above the printed Life; a side's score is the
  Life its cards and its strike removed from enemy characters plus the Life its cards restored to its
  own. A character at 0 Life dies at the end of the fight (``dead`` in the result).

**Not modelled** (the rules engine plays them): a Craftsman item played onto an enemy (ER-CLASS-3;
``ally`` names one of your own characters), who may play a card (classes, caste, spells for
Mages and Guemelites, theurgies for Priests: a card its character may not play is computed anyway,
with a note), the deck's guild and the Golem's foreign items, the weapon and armour slots (Dual
Wield, two-handed weapons) of the character's items, the cards a ``draw`` or ``retrieve`` brings to
hand, tapping, and what happens after the fight (items of the dead discarded, the Discard step).

Characters and cards are catalog cards or plain mappings of their fields; a character's current
Life and items' stats come with :class:`ErCharacter`.

>>> aku = {"name": "Aku", "classes": ["Mage"], "att": 1, "def": 1, "spirit": 3, "life": 8}
>>> pilkim = {"name": "Pilkim", "classes": ["Fighter"], "att": 3, "def": 2, "spirit": 2, "life": 10}
>>> arrow = {"name": "Flame Arrow", "type": "spell", "effects": [{"do": "damage", "n": 5, "target": "foe"}]}
>>> x = eredan_exchange(aku, pilkim, turn=1, card_a=arrow)
>>> (x.spell_to_b, x.physical_to_b, x.physical_to_a, x.damage_to_b, x.damage_to_a)
(3, 0, 2, 3, 2)
>>> (x.life_a, x.life_b, x.score_a, x.score_b)
(6, 7, 3, 2)

A chain: the pure Mage Aku chains a second spell on its first; Pilkim's Spirit potion, played second,
comes too late for the first spell and lowers only the second:

>>> ward = {"name": "Ward Potion", "type": "item", "kind": "potion", "effects": [{"do": "spirit", "n": 2, "target": "self"}]}
>>> x = eredan_exchange(aku, pilkim, turn=1, cards_a=[arrow, arrow], cards_b=[ward])
>>> x.spell_to_b, x.order
(4, ('Aku: Flame Arrow', 'Pilkim: Ward Potion', 'Aku: Flame Arrow'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.deckrules import count_word
from ..rules.engines import deck_notes, deck_rules_for

#: The ruleset whose fights this calculator settles.
RULESET = "eredan"
STATS = ("att", "def", "spirit")
_MAGIC_TYPES = ("spell", "theurgy")
_CARD_TYPES = ("item", "spell", "theurgy", "skill", "action")
_KINDS = ("weapon", "armour", "jewel", "potion", "scroll")
_TARGETS = ("self", "foe", "ally", "allies", "enemies")
_OPS = ("damage", "heal", *STATS, "draw", "bonuses", "retrieve")
_UNTARGETED = ("draw", "retrieve")
#: a bearer condition that applies when no other bearer effect of the card matched
OTHER = "other"


def _fields(obj: Any) -> Mapping[str, Any]:
    if obj is None:
        return {}
    if hasattr(obj, "fields"):
        return {**obj.fields, "name": obj.name, "type": obj.type}
    if isinstance(obj, Mapping):
        return obj
    raise ValueError(f"expected a catalog card or a mapping of its fields, got {obj!r}")


@dataclass(frozen=True)
class ErCharacter:
    """A character as it stands when the fight starts: its card, its current Life (default: the
    printed Life) and the Att/Def/Spirit its equipped items give it (e.g. ``{"att": 2}``)."""

    card: Any
    life: int | None = None
    equip: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Play:
    """A card played, with the ally it is played on when it has an ``ally`` effect or is a Craftsman
    item: ``None`` or ``"self"`` for the fighter, a number for the side's ``allies`` list (0-based)
    or a character's name."""

    card: Any
    ally: int | str | None = None


class _Char:
    def __init__(self, spec: Any, side: str, fighter: bool, turn: int) -> None:
        if isinstance(spec, ErCharacter):
            card, life, equip = spec.card, spec.life, dict(spec.equip)
        else:
            card, life, equip = spec, None, {}
        f = _fields(card)
        self.name = str(f.get("name", "character"))
        self.side = side
        self.fighter = fighter
        self.turn = turn
        self.base: dict[str, int] = {}
        for s in STATS:
            v = f.get(s)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"character {self.name!r}: {s} must be a whole number >= 0, got {v!r}")
            self.base[s] = v
        for s, v in equip.items():
            if s not in STATS or isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"character {self.name!r}: equip takes whole numbers for att, def, spirit, "
                                 f"got {s}={v!r}")
        self.equip = {s: int(equip.get(s, 0)) for s in STATS}
        self.mods = {s: 0 for s in STATS}
        self.classes: tuple[str, ...] = tuple(str(c) for c in f.get("classes", ()))
        self.race = str(f.get("race", ""))
        self.caste = str(f.get("caste", ""))
        self.element = str(f.get("element", ""))
        self.item_chain = f.get("item_chain")
        self.tags = frozenset(t for t in (*self.classes, str(f.get("guild", "")), self.caste, self.race, self.name)
                              if t)
        self.bonuses: list[tuple[int, str, int]] = []
        for b in f.get("bonuses", ()):
            if b.get("stat") in STATS:
                self.bonuses.append((int(b.get("turn", 0)), str(b["stat"]), int(b.get("n", 0))))
        mb = f.get("marauder_bonus")
        self.mar: tuple[str, int] | None = (str(mb.get("vs")), int(mb.get("n", 0))) if mb else None
        self.allbonus = False
        self.foe: _Char | None = None
        printed = f.get("life")
        self.max_life: int | None = int(printed) if isinstance(printed, int) and not isinstance(printed, bool) else None
        if life is not None:
            if isinstance(life, bool) or not isinstance(life, int) or life < 1 or (
                    self.max_life is not None and life > self.max_life):
                raise ValueError(f"character {self.name!r}: current Life must be a whole number from 1 to its "
                                 f"printed Life {self.max_life}, got {life!r}")
        self.life: int | None = life if life is not None else self.max_life
        self.life_before = self.life
        self.card_damage = 0
        self.physical = 0
        self.healed = 0

    @property
    def class_set(self) -> frozenset[str]:
        return frozenset(self.classes)

    @property
    def guem(self) -> bool:
        return self.race == "Guemelite"

    def stat(self, s: str) -> int:
        v = self.base[s] + self.equip[s] + self.mods[s]
        if self.allbonus:
            v += sum(n for _, st, n in self.bonuses if st == s)
        elif self.fighter:
            v += sum(n for t, st, n in self.bonuses if st == s and t == self.turn)
        if self.fighter and s == "att" and self.mar and "Marauder" in self.classes and self.foe is not None \
                and self.mar[0] in self.foe.classes:
            v += self.mar[1]
        return max(0, v)


@dataclass(frozen=True)
class CharOutcome:
    """One character after the fight: Life before and after (``None`` when no Life is known), the
    damage it took from cards (after Spirit) and from the strike, and the Life cards restored to it."""

    name: str
    side: str
    fighter: bool
    life_before: int | None
    life_after: int | None
    card_damage: int
    physical: int
    healed: int

    @property
    def dead(self) -> bool:
        """At 0 Life at the end of the fight: the character dies (ER-DEATH-1)."""
        return self.life_after is not None and self.life_after <= 0

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "side": self.side, "fighter": self.fighter, "life_before": self.life_before,
                "life_after": self.life_after, "card_damage": self.card_damage, "physical": self.physical,
                "healed": self.healed, "dead": self.dead}


@dataclass(frozen=True)
class Exchange:
    """One fight. ``*_to_a`` is what character A takes: ``physical_*`` from the strikes, ``spell_*``
    from cards (spells and theurgies after Spirit, other cards' damage as printed), both before the
    floor of 0 Life; ``healing_*`` is the Life cards restored to the fighter (never above its printed
    Life). ``life_*`` is each fighter's Life after the fight (``None`` without a printed Life),
    ``score_*`` what each side scored (Life removed from enemies + Life restored to its own),
    ``characters`` every character touched (fighters first, then the allies given), ``order`` the
    cards in the order they resolved."""

    physical_to_a: int
    physical_to_b: int
    spell_to_a: int
    spell_to_b: int
    healing_a: int = 0
    healing_b: int = 0
    notes: tuple[str, ...] = ()
    life_a: int | None = None
    life_b: int | None = None
    score_a: int = 0
    score_b: int = 0
    strikes_a: bool = True
    strikes_b: bool = True
    order: tuple[str, ...] = ()
    characters: tuple[CharOutcome, ...] = ()

    @property
    def damage_to_a(self) -> int:
        return self.physical_to_a + self.spell_to_a

    @property
    def damage_to_b(self) -> int:
        return self.physical_to_b + self.spell_to_b

    @property
    def dead_a(self) -> bool:
        return self.life_a is not None and self.life_a <= 0

    @property
    def dead_b(self) -> bool:
        return self.life_b is not None and self.life_b <= 0

    def to_dict(self) -> dict[str, object]:
        return {"damage_to_a": self.damage_to_a, "damage_to_b": self.damage_to_b,
                "physical_to_a": self.physical_to_a, "physical_to_b": self.physical_to_b,
                "spell_to_a": self.spell_to_a, "spell_to_b": self.spell_to_b,
                "healing_a": self.healing_a, "healing_b": self.healing_b,
                "life_a": self.life_a, "life_b": self.life_b, "dead_a": self.dead_a, "dead_b": self.dead_b,
                "score_a": self.score_a, "score_b": self.score_b,
                "strikes_a": self.strikes_a, "strikes_b": self.strikes_b, "order": list(self.order),
                "characters": [c.to_dict() for c in self.characters], "notes": list(self.notes)}


# ---------------------------------------------------------------------------------------------- cards

def _play_of(obj: Any) -> Play | None:
    if obj is None or isinstance(obj, Play):
        return obj
    if isinstance(obj, tuple):
        if len(obj) != 2:
            raise ValueError(f"a card with its ally is (card, ally), got {obj!r}")
        return Play(obj[0], obj[1])
    return Play(obj)


def _check_card(f: Mapping[str, Any]) -> str:
    """The card's name, after checking every effect is one the calculator executes."""
    name = str(f.get("name", "card"))
    kind = f.get("type")
    if kind is not None and kind not in _CARD_TYPES:
        raise ValueError(f"{name}: a {kind} cannot be played in a fight (card types: {', '.join(_CARD_TYPES)})")
    for i, e in enumerate(f.get("effects", ())):
        do, target = e.get("do"), e.get("target")
        if do not in _OPS:
            raise ValueError(f"{name}: effect {i} does {do!r}, which the calculator does not know "
                             f"(known: {', '.join(_OPS)})")
        if do in _UNTARGETED:
            continue
        if target not in _TARGETS:
            raise ValueError(f"{name}: effect {i} ({do}) has target {target!r}; known targets: {', '.join(_TARGETS)}")
    return name


def _is_craftsman_item(f: Mapping[str, Any]) -> bool:
    return f.get("type") == "item" and set(f.get("classes", ())) == {"Craftsman"}


def takes_ally(card: Any) -> bool:
    """Whether a card is played on a chosen ally (an ``ally`` effect, or a Craftsman item).

    >>> takes_ally({"type": "theurgy", "effects": [{"do": "heal", "n": 3, "target": "ally"}]})
    True
    """
    f = _fields(card)
    return any(e.get("target") == "ally" for e in f.get("effects", ())) or _is_craftsman_item(f)


def _passes(f: Mapping[str, Any], code: str | None) -> bool:
    """Whether a card is of the type or item kind ``code`` (``None``: any card)."""
    if code is None:
        return True
    if code in _KINDS:
        return f.get("type") == "item" and f.get("kind") == code
    return f.get("type") == code


_NO_CHAIN = object()


def _chain_after(f: Mapping[str, Any], ch: _Char) -> object:
    """The chain a first card opens for ``ch``: ``None`` (any second card), a restriction, or _NO_CHAIN."""
    res: object = _NO_CHAIN
    kind = f.get("type")
    if f.get("chain"):  # ER-CHAIN-1: a printed Chain works for whoever plays the card (a Guemelite too)
        res = f.get("chain_with")
    if ch.class_set == {"Fighter"} and kind == "item" and ch.item_chain is not None and f.get("kind") == ch.item_chain:
        res = None  # ER-CHAIN-2: a pure Fighter's item chain
    if ch.class_set == {"Mage"} and not ch.guem and kind == "spell" and not f.get("aoe"):
        res = None  # ER-CHAIN-3: a pure Mage chains on a non-AoE spell
    return res


def _why_no_chain(f: Mapping[str, Any], ch: _Char) -> str:
    name = f.get("name", "card")
    why = [f"{name} has no Chain"]
    if f.get("type") == "item" and ch.class_set == {"Fighter"}:
        why.append(f"{ch.name}'s item chain is on {ch.item_chain or 'no'} items, not {f.get('kind')}")
    elif f.get("type") == "item" and "Fighter" in ch.classes:
        why.append(f"only a pure Fighter chains on items, and {ch.name} is {'/'.join(ch.classes)}")
    if f.get("type") == "spell":
        if ch.class_set != {"Mage"}:
            why.append(f"only a pure Mage chains spells, and {ch.name} is {'/'.join(ch.classes) or 'classless'}")
        elif ch.guem:
            why.append("a Guemelite does not chain spells without a printed Chain")
        elif f.get("aoe"):
            why.append("a Mage does not chain on an area spell")
    return "; ".join(why)


def _why_not_playable(f: Mapping[str, Any], ch: _Char) -> str | None:
    """Why the rules would not let ``ch`` play the card (classes, caste, spells, theurgies), or None."""
    name, kind = f.get("name", "card"), f.get("type")
    classes = set(f.get("classes", ()))
    caste = f.get("caste")
    if caste and ch.caste != caste:
        return f"{name} is for the {caste} caste, and {ch.name} is not of it"
    guem_ok = ch.guem and kind == "spell" and f.get("element") == ch.element and not f.get("guild") and not caste
    if classes and not (classes & set(ch.classes)) and not guem_ok:
        return f"{name} is for other classes than {ch.name}'s"
    if kind == "spell" and "Mage" not in ch.classes and not guem_ok:
        return f"{ch.name} is no Mage and cannot cast the spell {name}"
    if kind == "theurgy" and "Priest" not in ch.classes:
        return f"{ch.name} is no Priest and cannot use the theurgy {name}"
    return None


@dataclass(frozen=True)
class WhoMayPlay:
    """What the rules engine says about one fighter's cards: ``refused`` maps each card the fighter
    may never play to the engine's reason (caste, class, spell, theurgy and guild rules); ``allowed``
    lists the others in the order given; ``guild`` is the deck's guild the side's characters make
    (``None``: Mercenaries only) and ``guild_reason`` says why."""

    allowed: tuple[str, ...]
    refused: Mapping[str, str]
    guild: str | None
    guild_reason: str


def who_may_play(fighter: str, cards: Sequence[str], catalog: Any, allies: Sequence[str] = ()) -> WhoMayPlay:
    """Which of ``cards`` (catalog names) the character ``fighter`` may play, in a deck whose
    characters are the fighter and ``allies`` (they make its guild, ER-DECK-1). The rule is the
    engine's own (the registry's ``deck_notes``, the one the engine refuses a play by and the deck
    builder shows), not a copy of it.

    >>> from fwlab.catalog import load_catalog
    >>> who = who_may_play("Aldric the Wanderer", ["Arcane Missile", "Iron Longsword"], load_catalog("eredan"))
    >>> who.allowed, who.refused["Arcane Missile"]
    (('Iron Longsword',), 'Aldric the Wanderer is no Mage and cannot cast the spell Arcane Missile')
    """
    notes = deck_notes(RULESET, [fighter, *allies, *cards], catalog)
    if notes is None:
        raise ValueError(f"the {RULESET} engine gives no notes on who may play a card")
    why = {row["card"]: row["by"].get(fighter) for row in notes["cards"]}
    allowed = tuple(c for c in cards if why.get(c) is None)
    refused = {c: str(why[c]) for c in cards if why.get(c) is not None}
    return WhoMayPlay(allowed, refused, notes["guild"], str(notes["guild_reason"]))


# ---------------------------------------------------------------------------------------------- the fight

class _Fight:
    def __init__(self, sides: dict[str, list[_Char]]) -> None:
        self.sides = sides
        self.score = {"a": 0, "b": 0}
        self.strikes = {"a": True, "b": True}
        self.notes: list[str] = []
        self.order: list[str] = []

    def hurt(self, side: str, t: _Char, n: int, physical: bool) -> None:
        if n <= 0:
            return
        if physical:
            t.physical += n
        else:
            t.card_damage += n
        lost = n if t.life is None else min(n, t.life)
        if t.life is not None:
            t.life -= lost
        if t.side != side:
            self.score[side] += lost

    def heal(self, side: str, t: _Char, n: int) -> None:
        gain = n if (t.life is None or t.max_life is None) else max(0, min(n, t.max_life - t.life))
        if t.life is not None:
            t.life += gain
        t.healed += gain
        if t.side == side:
            self.score[side] += gain

    def ally(self, side: str, f: Mapping[str, Any], spec: int | str | None) -> _Char:
        team = self.sides[side]
        me = team[0]
        if spec is None or spec == "self":
            return me
        if isinstance(spec, int) and not isinstance(spec, bool):
            if not 0 <= spec < len(team) - 1:
                raise ValueError(f"{f.get('name', 'card')}: ally {spec} is not one of the {len(team) - 1} allies given "
                                 f"for {me.name}'s side (allies_{side}, numbered from 0)")
            return team[1 + spec]
        for c in team:
            if c.name == spec:
                return c
        raise ValueError(f"{f.get('name', 'card')}: ally {spec!r} is not {me.name} nor one of the allies given "
                         f"({', '.join(c.name for c in team[1:]) or 'none'})")

    def play(self, side: str, play: Play) -> None:
        f = _fields(play.card)
        name = _check_card(f)
        other = "b" if side == "a" else "a"
        me, foe = self.sides[side][0], self.sides[other][0]
        why = _why_not_playable(f, me)
        if why:
            self.notes.append(f"{me.name}: the rules would not allow {name} ({why}); computed anyway")
        self.order.append(f"{me.name}: {name}")
        on_ally = takes_ally(f)
        if not on_ally and play.ally not in (None, "self"):
            raise ValueError(f"{name} takes no ally (it has no 'ally' effect and is no Craftsman item)")
        ally = self.ally(side, f, play.ally) if on_ally else me
        if on_ally:
            self.notes.append(f"{name} is played on {ally.name}")
        holder = ally if (on_ally and f.get("type") == "item") else me
        magic = f.get("type") in _MAGIC_TYPES
        effects = list(f.get("effects", ()))
        if f.get("type") == "spell" and any(e.get("do") == "damage" for e in effects) and me.class_set == {"Mage"}:
            self.strikes[side] = False  # ER-CLASS-2
        matched = any(e.get("bearer") and e.get("bearer") != OTHER and e.get("bearer") in me.tags for e in effects)
        for e in effects:
            bearer = e.get("bearer")
            if bearer and ((bearer == OTHER and matched) or (bearer != OTHER and bearer not in me.tags)):
                continue
            do, target, n = e.get("do"), e.get("target"), int(e.get("n", 0))
            if do == "draw":
                self.notes.append(f"{name}: draw {n} (no effect on this fight)")
                continue
            if do == "retrieve":
                what = f" {e['kind']}" if e.get("kind") else ""
                self.notes.append(f"{name}: retrieve {n}{what} card(s) from the discard pile, fifth, after every "
                                  "card of the fight (no effect on this fight)")
                continue
            if target == "self":
                targets = [holder]
            elif target == "foe":
                targets = [foe]
            elif target == "ally":
                targets = [ally]
            else:
                team_side = side if target == "allies" else other
                targets = list(self.sides[team_side])
                if len(targets) == 1:
                    self.notes.append(f"{name} ({target}): no other characters given for {targets[0].name}'s side "
                                      f"(allies_{team_side}); only {targets[0].name} is counted")
            for t in targets:
                if do == "damage":
                    self.hurt(side, t, n - t.stat("spirit" if magic else "def"), physical=False)  # ER-FIGHT-1
                elif do == "heal":
                    self.heal(side, t, n)
                elif do == "bonuses":
                    t.allbonus = True
                else:
                    t.mods[str(do)] += n


def eredan_exchange(char_a: Any, char_b: Any, turn: int, card_a: Any = None, card_b: Any = None, *,
                    cards_a: Sequence[Any] | None = None, cards_b: Sequence[Any] | None = None,
                    chooser: str = "a", allies_a: Sequence[Any] = (), allies_b: Sequence[Any] = ()) -> Exchange:
    """A fight of A against B on turn ``turn``: A plays ``card_a`` (or up to two ``cards_a``, a first
    and a chained second), B likewise; ``chooser`` ("a" or "b") is the player who chose the fighters
    and whose cards resolve first. A card is a catalog card, a mapping of its fields, a :class:`Play`
    or a ``(card, ally)`` pair. ``char_*`` and ``allies_*`` (the side's other living characters, for
    ``ally``, ``allies`` and ``enemies`` effects) are cards, mappings or :class:`ErCharacter`.

    >>> rogue = {"name": "Rogue", "classes": ["Marauder"], "att": 4, "def": 1, "spirit": 0,
    ...          "marauder_bonus": {"vs": "Priest", "n": 1}, "bonuses": [{"turn": 2, "stat": "att", "n": 1}]}
    >>> priest = {"name": "Priest", "classes": ["Priest"], "att": 2, "def": 2, "spirit": 3}
    >>> eredan_exchange(rogue, priest, turn=2).damage_to_b    # 4 + 1 marauder + 1 turn bonus - 2
    4
    >>> bash = {"name": "Bash", "type": "skill", "effects": [{"do": "damage", "n": 1, "target": "foe"}]}
    >>> eredan_exchange(rogue, priest, turn=2, cards_a=[bash, bash])
    Traceback (most recent call last):
    ...
    ValueError: Rogue's second card Bash: no chain is open (Bash has no Chain)
    """
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise ValueError(f"turn must be a whole number >= 1, got {turn!r}")
    if chooser not in ("a", "b"):
        raise ValueError(f"chooser must be 'a' or 'b', got {chooser!r}")
    plays: dict[str, list[Play | None]] = {}
    for side, single, many in (("a", card_a, cards_a), ("b", card_b, cards_b)):
        if many is not None and single is not None:
            raise ValueError(f"give card_{side} or cards_{side}, not both")
        seq = [_play_of(c) for c in (many if many is not None else [single])]
        if len(seq) > 2:
            raise ValueError(f"side {side} plays {len(seq)} cards: at most two (a first card and a chained second)")
        plays[side] = seq
    a, b = _Char(char_a, "a", True, turn), _Char(char_b, "b", True, turn)
    a.foe, b.foe = b, a
    sides = {"a": [a] + [_Char(c, "a", False, turn) for c in allies_a],
             "b": [b] + [_Char(c, "b", False, turn) for c in allies_b]}
    for side, team in sides.items():
        names = [c.name for c in team]
        if len(set(names)) != len(names):
            raise ValueError(f"side {side}: the fighter and its allies must be different characters, got {names}")
        most = deck_rules_for(RULESET).characters    # a side fields its deck's characters (ER-DECK-1)
        if len(team) > most:
            raise ValueError(f"side {side}: {count_word(most)} characters a side, got {len(team)} ({', '.join(names)})")
    fight = _Fight(sides)
    for ch in (a, b):
        bonus = [(st, n) for t, st, n in ch.bonuses if t == turn]
        for st, n in bonus:
            fight.notes.append(f"{ch.name}: turn {turn} bonus {st} {n:+d}")
        if ch.mar and "Marauder" in ch.classes and ch.foe is not None and ch.mar[0] in ch.foe.classes:
            fight.notes.append(f"{ch.name}: marauder bonus +{ch.mar[1]} Att against a {ch.mar[0]}")
        if ch.life is None:
            fight.notes.append(f"{ch.name}: no Life given; Life is not tracked (no floor at 0, no cap on healing)")
    # which second cards the chains allow (the chain is opened by the first card, ER-CHAIN-1..3)
    for side, seq in plays.items():
        me = sides[side][0]
        if len(seq) < 2 or seq[1] is None:
            continue
        second = _fields(seq[1].card)
        sname = second.get("name", "card")
        if seq[0] is None:
            raise ValueError(f"{me.name}'s second card {sname}: no first card, so no chain is open")
        first = _fields(seq[0].card)
        chain = _chain_after(first, me)
        if chain is _NO_CHAIN:
            raise ValueError(f"{me.name}'s second card {sname}: no chain is open ({_why_no_chain(first, me)})")
        if not _passes(second, chain if isinstance(chain, str) else None):
            raise ValueError(f"{me.name}'s second card {sname} does not fit the chain of {first.get('name', 'card')} "
                             f"(it is restricted to {chain}; {sname} is a {second.get('kind') or second.get('type')})")
    other = "b" if chooser == "a" else "a"
    for i in (0, 1):  # ER-ORDER-1: chooser's first, other's first, chooser's second, other's second
        for side in (chooser, other):
            seq = plays[side]
            card = seq[i] if i < len(seq) else None
            if card is not None:
                fight.play(side, card)
    # retrievals went fifth (notes); ER-FIGHT-1: simultaneous strikes
    to_b = a.stat("att") - b.stat("def") if fight.strikes["a"] else 0
    to_a = b.stat("att") - a.stat("def") if fight.strikes["b"] else 0
    fight.hurt("a", b, to_b, physical=True)
    fight.hurt("b", a, to_a, physical=True)
    for side in ("a", "b"):
        if not fight.strikes[side]:
            fight.notes.append(f"{sides[side][0].name}: a pure Mage casting a damaging spell makes no physical attack")
    chars = tuple(CharOutcome(c.name, c.side, c.fighter, c.life_before, c.life, c.card_damage, c.physical, c.healed)
                  for side in ("a", "b") for c in sides[side])
    for c in chars:
        if c.dead:
            fight.notes.append(f"{c.name} is at 0 Life and dies at the end of the fight")
    return Exchange(
        physical_to_a=max(0, to_a), physical_to_b=max(0, to_b),
        spell_to_a=a.card_damage, spell_to_b=b.card_damage,
        healing_a=a.healed, healing_b=b.healed,
        notes=tuple(fight.notes),
        life_a=a.life, life_b=b.life,
        score_a=fight.score["a"], score_b=fight.score["b"],
        strikes_a=fight.strikes["a"], strikes_b=fight.strikes["b"],
        order=tuple(fight.order),
        characters=chars,
    )
