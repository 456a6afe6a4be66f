"""A tiny test catalog and a way to set up exact game positions for rule tests.

The test cards are independent of ``data/`` so rebalancing the real catalog never changes what a
rule test means.
"""

from __future__ import annotations

from collections.abc import Sequence

from fwlab.catalog import Catalog, parse_catalog_text
from fwlab.rules.daemornia import compile_deck, new_game
from fwlab.rules.daemornia.decisions import DEPLOY
from fwlab.rules.daemornia.game import Game
from fwlab.rules.daemornia.state import Unit

CARDS = """
[[card]]
name = "Filler"
type = "creature"
nature = "Human"
rarity = "common"
res = 1
att = 1
def = 1
dmg = 1
hp = 1
exp = 1

[[card]]
name = "Grunt"
type = "creature"
nature = "Human"
rarity = "common"
res = 2
att = 3
def = 3
dmg = 2
hp = 3
exp = 1

[[card]]
name = "Brute"
type = "creature"
nature = "Beast"
rarity = "common"
res = 4
att = 5
def = 3
dmg = 4
hp = 6
exp = 2

[[card]]
name = "Wall"
type = "creature"
nature = "Machine"
rarity = "common"
res = 2
att = 0
def = 6
dmg = 0
hp = 8
exp = 1

[[card]]
name = "Runner"
type = "creature"
nature = "Beast"
rarity = "common"
res = 1
att = 2
def = 1
dmg = 1
hp = 1
exp = 1
abilities = [{ kw = "swift" }]

[[card]]
name = "Ghost"
type = "creature"
nature = "Undead"
rarity = "common"
res = 2
att = 2
def = 2
dmg = 2
hp = 2
exp = 1
abilities = [{ kw = "elusive" }]

[[card]]
name = "Sentinel"
type = "creature"
nature = "Human"
rarity = "common"
res = 3
att = 3
def = 4
dmg = 1
hp = 5
exp = 1
abilities = [{ kw = "guardian", n = 2 }]

[[card]]
name = "Medic"
type = "creature"
nature = "Human"
rarity = "common"
res = 2
att = 1
def = 2
dmg = 1
hp = 6
exp = 1
abilities = [{ kw = "heal", n = 2 }]

[[card]]
name = "Reaver"
type = "creature"
nature = "Daemon"
rarity = "common"
res = 2
att = 3
def = 2
dmg = 2
hp = 2
exp = 1
abilities = [{ kw = "raider", n = 2 }]

[[card]]
name = "Ram"
type = "creature"
nature = "Machine"
rarity = "common"
res = 2
att = 10
def = 2
dmg = 1
hp = 3
exp = 1
abilities = [{ kw = "siege", n = 3 }]

[[card]]
name = "Watcher"
type = "creature"
nature = "Human"
rarity = "common"
res = 2
att = 2
def = 2
dmg = 1
hp = 3
exp = 1
abilities = [{ kw = "vigilant" }]

[[card]]
name = "Turtle"
type = "creature"
nature = "Beast"
rarity = "common"
res = 2
att = 1
def = 2
dmg = 1
hp = 3
exp = 1
abilities = [{ kw = "shield", n = 2 }]

[[card]]
name = "Bomber"
type = "creature"
nature = "Daemon"
rarity = "common"
res = 2
att = 2
def = 1
dmg = 1
hp = 1
exp = 3
abilities = [{ kw = "last_gasp", n = 2 }]

[[card]]
name = "Sniper"
type = "creature"
nature = "Human"
rarity = "common"
res = 2
att = 1
def = 2
dmg = 1
hp = 2
exp = 1
abilities = [{ kw = "effect", cost = 1, do = "damage", n = 1, target = "enemy_creature", lock = true }]

[[card]]
name = "Banker"
type = "creature"
nature = "Human"
rarity = "common"
res = 2
att = 1
def = 1
dmg = 1
hp = 2
exp = 1
abilities = [{ kw = "income", n = 2 }]

[[card]]
name = "Mill"
type = "scenario"
rarity = "common"
res = 1
att = 0
def = 2
dmg = 0
hp = 3
exp = 2
abilities = [{ kw = "income", n = 1 }]

[[card]]
name = "Tower"
type = "scenario"
rarity = "common"
res = 2
att = 3
def = 3
dmg = 2
hp = 4
exp = 2

[[card]]
name = "Forge"
type = "scenario"
rarity = "common"
res = 1
att = 0
def = 2
dmg = 0
hp = 3
exp = 1
abilities = [{ kw = "discount", n = 1, type = "creature" }]

[[card]]
name = "Hospital"
type = "scenario"
rarity = "common"
res = 1
att = 0
def = 2
dmg = 0
hp = 3
exp = 1
abilities = [{ kw = "heal", n = 1, target = "allies" }]

[[card]]
name = "Bolt"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "damage", n = 2, target = "enemy_creature" }]

[[card]]
name = "Plague"
type = "event"
subtype = "global"
rarity = "rare"
res = 3
effects = [{ do = "destroy", target = "all_creatures" }]

[[card]]
name = "Withdraw"
type = "event"
subtype = "interrupt"
rarity = "common"
res = 1
effects = [{ do = "return", target = "own_creature" }]

[[card]]
name = "Negate"
type = "event"
subtype = "interrupt"
rarity = "common"
res = 1
effects = [{ do = "counter", target = "event" }]

[[card]]
name = "Late Word"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "draw", n = 1, target = "you" }]

[[card]]
name = "Tax"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "drain", n = 2, target = "opponent" }]

[[card]]
name = "Boon"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "gain_capital", n = 2, target = "you" }]

[[card]]
name = "Rally"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
phases = ["combat"]
effects = [{ do = "buff", stat = "att", n = 2, target = "own_creature" }]

[[card]]
name = "Insight"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "draw", n = 2, target = "you" }]

[[card]]
name = "Spite"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "discard", n = 1, target = "opponent" }]

[[card]]
name = "Surge"
type = "event"
subtype = "direct"
rarity = "common"
res = 0
effects = [{ do = "gain_res", n = 2, target = "you" }]

[[card]]
name = "Chains"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "lock", target = "enemy_creature" }]

[[card]]
name = "Release"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "unlock", target = "own_creature" }]

[[card]]
name = "Doom"
type = "event"
subtype = "direct"
rarity = "common"
res = 2
effects = [{ do = "destroy", target = "enemy_creature" }]

[[card]]
name = "Mend"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "heal", n = 3, target = "own_creature" }]

[[card]]
name = "Blade"
type = "attachment"
subtype = "weapon"
slot = "weapon"
rarity = "common"
res = 1
att = "+2"
dmg = "+1"
exp = 1

[[card]]
name = "Sabre"
type = "attachment"
subtype = "weapon"
slot = "weapon"
rarity = "common"
res = 1
att = "+1"

[[card]]
name = "Plate"
type = "attachment"
subtype = "armour"
slot = "armour"
rarity = "common"
res = 1
def = "+1"
hp = "+2"

[[card]]
name = "Hex"
type = "attachment"
subtype = "curse"
slot = "spell"
rarity = "common"
res = 1
att = "0"

[[card]]
name = "Charm"
type = "attachment"
subtype = "blessing"
slot = "skill"
rarity = "common"
res = 1
dmg = "+1"

[[card]]
name = "Mind Spike"
type = "attachment"
subtype = "psionic"
slot = "psionic"
rarity = "common"
res = 1
att = "+1"

[[card]]
name = "Ward"
type = "attachment"
subtype = "spell"
slot = "spell"
rarity = "common"
res = 1
def = "+1"

[[card]]
name = "Relic"
type = "attachment"
subtype = "artefact"
slot = "artefact"
rarity = "common"
res = 1
exp = 2
abilities = [{ kw = "income", n = 1 }]
"""

CATALOG = Catalog("daemornia", {c.name: c for c in parse_catalog_text(CARDS, "daemornia", "tests/rules/harness.py")})


def position(ruleset: str = "fw", *, a_hand: Sequence[str] = (), b_hand: Sequence[str] = (),
             a_board: Sequence[str] = (), b_board: Sequence[str] = (), a_scen: Sequence[str] = (),
             b_scen: Sequence[str] = (), a_deck: int = 20, b_deck: int = 20, pool: tuple[int, int] = (10, 10),
             seed: int = 1, turn: int = 5, **overrides: object) -> Game:
    """A game of ``ruleset`` in player A's Deploy phase with exactly these cards in each zone.

    Cards on the board were deployed earlier (they may attack). Decks hold Fillers.
    """
    names = [list(a_hand) + list(a_board) + list(a_scen) + ["Filler"] * a_deck,
             list(b_hand) + list(b_board) + list(b_scen) + ["Filler"] * b_deck]
    g = new_game(ruleset, compile_deck(names[0], CATALOG), compile_deck(names[1], CATALOG), seed, first=0,
                 **overrides)
    g.turn = turn
    for p, (hand, board, scen) in enumerate(((a_hand, a_board, a_scen), (b_hand, b_board, b_scen))):
        s = g.seats[p]
        ids = [i for i in range(len(g.defs)) if g.owner[i] == p]
        s.hand, s.units, s.scenarios, s.graveyard = [], [], [], []
        used: set[int] = set()

        def take(name: str, ids: list[int] = ids, used: set[int] = used) -> int:
            for i in ids:
                if i not in used and g.defs[i].name == name:
                    used.add(i)
                    return i
            raise AssertionError(name)

        for n in hand:
            s.hand.append(take(n))
        for n in board:
            iid = take(n)
            u = Unit(iid, g.defs[iid], p, 0)
            g.place(u)
            s.units.append(u)
        for n in scen:
            iid = take(n)
            u = Unit(iid, g.defs[iid], p, 0)
            g.place(u)
            s.scenarios.append(u)
        s.deck = [i for i in ids if i not in used]
        s.pool = pool[p]
        s.own_turns = 3
        s.scenario_turn = -1
    g.refresh_discounts(0)
    g.refresh_discounts(1)
    g.active = 0
    g.decision, g.decider = DEPLOY, 0
    g.record.actions.clear()
    return g


def iid(g: Game, name: str, seat: int | None = None, zone: str | None = None) -> int:
    """The instance id of a named card (in play first, then hand)."""
    for u in g.units.values():
        if u.d.name == name and (seat is None or u.owner == seat) and zone in (None, "play"):
            return u.iid
    for p, s in enumerate(g.seats):
        if seat is not None and p != seat:
            continue
        for i in s.hand:
            if g.defs[i].name == name and zone in (None, "hand"):
                return i
    raise AssertionError(f"{name} not found")


def unit(g: Game, name: str, seat: int | None = None) -> Unit:
    return g.units[iid(g, name, seat, "play")]


def rig_dice(g: Game, rolls: Sequence[int]) -> None:
    """Make the next D6 rolls come out as given (then random again)."""
    queue = list(rolls)
    real = g.rng.random

    def fake() -> float:
        if queue:
            return (queue.pop(0) - 1) / 6 + 1e-9
        return real()

    g.rng.random = fake  # type: ignore[method-assign]


def pass_until(g: Game, done, limit: int = 500) -> None:  # type: ignore[no-untyped-def]
    """Pass (or take the first legal action when passing is not allowed) until ``done(g)``."""
    for _ in range(limit):
        if done(g) or g.is_terminal():
            return
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    raise AssertionError("condition never reached")
