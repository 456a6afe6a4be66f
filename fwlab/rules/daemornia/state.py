"""The pieces of a game state: cards in play (:class:`Unit`) and each player's zones (:class:`Seat`)."""

from __future__ import annotations

from typing import Final

from .cards import CREATURE, SCENARIO, CardDef

#: The index of Hp in a card's (Att, Def, Dmg, Hp) stats.
HP: Final = 3
#: Why Capital was lost, for ``Game.capital_lost`` (seat * LOST_CAUSES + cause; the health report's
#: figures, fwlab/rules/daemornia/health.py): a raid, a Scenario's card effect, any other card effect
#: (events, creatures' effects, last gasps), Exp lost with a card (bg), a draw from an empty deck.
LOST_RAID: Final = 0
LOST_SCENARIO: Final = 1
LOST_EFFECT: Final = 2
LOST_EXP: Final = 3
LOST_DECKOUT: Final = 4
LOST_CAUSES: Final = 5


class Unit:
    """A creature or Scenario in play, with its attachments and its effective (modified) attributes."""

    __slots__ = ("iid", "d", "owner", "damage", "locked", "deployed_turn", "attached", "buff", "att", "dfn",
                 "dmg", "max_hp", "swift", "elusive", "vigilant", "raider", "siege", "shield", "guardian",
                 "heal_self", "heal_allies", "income", "last_gasp", "used_turn", "is_scenario", "exp_total")

    def __init__(self, iid: int, d: CardDef, owner: int, turn: int, fresh: bool = True) -> None:
        self.iid = iid
        self.d = d
        self.owner = owner
        self.damage = 0
        self.locked = False
        self.deployed_turn = turn
        self.attached: list[tuple[int, CardDef]] = []   # (instance id, definition)
        self.buff = [0, 0, 0]                             # temporary att/def/dmg until end of Resolution
        self.used_turn: dict[int, int] = {}               # source iid -> game turn its effect was last used
        self.is_scenario = d.type == SCENARIO
        if fresh:  # a copy sets the effective attributes itself
            self.refresh()

    def refresh(self) -> None:
        """Recompute effective attributes from the card, its attachments and temporary buffs.

        FW-ATTACH-5 / BG-SLOT-2: an attribute written as a set value replaces the creature's and
        cannot be raised by any other card (+ modifiers and positive buffs are ignored for it), but
        penalties (- modifiers of other attachments, negative buffs of events and effects) still
        lower it; of two set values on one attribute the lower applies.
        """
        d = self.d
        b = self.buff
        if not self.attached:  # the common case: the card as printed, plus any temporary buffs
            b0, b1, b2 = b[0], b[1], b[2]
            self.att, self.dfn, self.dmg = max(d.att + b0, 0), max(d.dfn + b1, 0), max(d.dmg + b2, 0)
            self.max_hp = max(d.hp, 0)
            self.swift, self.elusive, self.vigilant = d.swift, d.elusive, d.vigilant
            self.raider, self.siege, self.shield, self.guardian = d.raider, d.siege, d.shield, d.guardian
            self.heal_self, self.heal_allies, self.income, self.last_gasp = d.heal_self, d.heal_allies, d.income, d.last_gasp
            self.exp_total = d.exp
            return
        base = [d.att, d.dfn, d.dmg, d.hp]
        add = [0, 0, 0, 0]
        penalty = [0, 0, 0, 0]
        setv: list[int | None] = [None, None, None, None]
        swift, elusive, vigilant = d.swift, d.elusive, d.vigilant
        raider, siege, shield, guardian = d.raider, d.siege, d.shield, d.guardian
        heal_self, heal_allies, income, last_gasp, exp = d.heal_self, d.heal_allies, d.income, d.last_gasp, d.exp
        for _, a in self.attached:
            for m in a.mods:
                if m.is_set:
                    prev = setv[m.stat]
                    if prev is None or m.value < prev:
                        setv[m.stat] = m.value
                else:
                    add[m.stat] += m.value
                    if m.value < 0:
                        penalty[m.stat] += m.value
            swift = swift or a.swift
            elusive = elusive or a.elusive
            vigilant = vigilant or a.vigilant
            raider += a.raider
            siege += a.siege
            shield += a.shield
            guardian = max(guardian, a.guardian)
            heal_self += a.heal_self
            heal_allies += a.heal_allies
            income += a.income
            last_gasp += a.last_gasp
            exp += a.exp
        vals = []
        for i in range(4):
            sv = setv[i]
            if sv is not None:
                v = sv + penalty[i] + (b[i] if i < 3 and b[i] < 0 else 0)
            else:
                v = base[i] + add[i] + (b[i] if i < 3 else 0)
            vals.append(v if v > 0 else 0)
        self.att, self.dfn, self.dmg, self.max_hp = vals
        self.swift, self.elusive, self.vigilant = swift, elusive, vigilant
        self.raider, self.siege, self.shield, self.guardian = raider, siege, shield, guardian
        self.heal_self, self.heal_allies, self.income, self.last_gasp = heal_self, heal_allies, income, last_gasp
        self.exp_total = exp

    def copy(self) -> Unit:
        """An independent copy (for search)."""
        u = Unit(self.iid, self.d, self.owner, self.deployed_turn, False)
        u.damage, u.locked = self.damage, self.locked
        u.attached = list(self.attached)
        u.buff = list(self.buff)
        u.used_turn = dict(self.used_turn)
        u.att, u.dfn, u.dmg, u.max_hp = self.att, self.dfn, self.dmg, self.max_hp
        u.swift, u.elusive, u.vigilant = self.swift, self.elusive, self.vigilant
        u.raider, u.siege, u.shield, u.guardian = self.raider, self.siege, self.shield, self.guardian
        u.heal_self, u.heal_allies, u.income, u.last_gasp = self.heal_self, self.heal_allies, self.income, self.last_gasp
        u.exp_total = self.exp_total
        return u

    @property
    def hp(self) -> int:
        return self.max_hp - self.damage

    @property
    def is_creature(self) -> bool:
        return self.d.type == CREATURE

    def __repr__(self) -> str:
        return f"<{self.d.name}#{self.iid} {self.att}/{self.dfn}/{self.dmg} hp {self.hp}/{self.max_hp}{' L' if self.locked else ''}>"


class Seat:
    """One player's zones and counters. ``deck[-1]`` is the top card."""

    __slots__ = ("idx", "deck", "hand", "units", "scenarios", "graveyard", "removed", "capital", "pool",
                 "own_turns", "scenario_turn", "deckouts", "discount")

    def __init__(self, idx: int, deck: list[int], capital: int) -> None:
        self.idx = idx
        self.deck = deck
        self.hand: list[int] = []
        self.units: list[Unit] = []        # creatures in play
        self.scenarios: list[Unit] = []    # scenarios in play
        self.graveyard: list[int] = []
        self.removed: list[int] = []       # Destroyed: out of the game
        self.capital = capital
        self.pool = 0
        self.own_turns = 0
        self.scenario_turn = -1            # game turn of the last Scenario deployed
        self.deckouts = 0
        self.discount = [0, 0, 0, 0]       # Res off each card type (KW-DISCOUNT), kept by the game

    def copy(self, units: dict[int, Unit]) -> Seat:
        """An independent copy whose cards in play are taken from ``units`` (already copied)."""
        s = Seat(self.idx, list(self.deck), self.capital)
        s.pool, s.own_turns, s.scenario_turn, s.deckouts = self.pool, self.own_turns, self.scenario_turn, self.deckouts
        s.hand, s.graveyard, s.removed = list(self.hand), list(self.graveyard), list(self.removed)
        s.units = [units[u.iid] for u in self.units]
        s.scenarios = [units[u.iid] for u in self.scenarios]
        s.discount = list(self.discount)
        return s

