"""The Eredan exchange calculator agrees with the engine (issue "the calculator grows with the
engine"): fights played by the ``eredan`` engine end with exactly the Life and scores
:func:`fwlab.calc.eredan.eredan_exchange` computes.

Each fight is set up through the engine's own API: :func:`~fwlab.rules.eredan.game.new_game` on
catalog names compiled with :func:`~fwlab.rules.eredan.cards.compile_deck`, then the hands, the
chooser, the turn counter and the characters' current Life, item stats and deaths are laid out; the
fight is driven by ordinary ``choose``/``play``/``pass`` actions (the engine resolves the cards in
its own order, ER-ORDER-1, and strikes, ER-FIGHT-1). Eredan fights have no dice, so the check is
exact equality of every character's Life (and death) and of both scores: for a table of cases
(chains, the resolution order, ally and area effects, bearers, bonuses, retrievals) and for
``N_RANDOM`` random fights (random characters, Life, items and turn, random legal plays of random
hands drawn from the whole catalog).
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from er_rules_catalog import rules_catalog  # noqa: E402

from fwlab.calc.eredan import ErCharacter, Exchange, Play, eredan_exchange
from fwlab.rules.core import Action
from fwlab.rules.eredan.cards import compile_deck
from fwlab.rules.eredan.game import DISCARD, PLAY, Game, new_game

#: the catalog the cases are worked out on (tests/rules/er_rules_catalog: the numbers before issue 27's
#: rebalance, frozen so a balance change leaves them as they are); the random fights use it too
CAT = rules_catalog()
PASS = Action("pass")
FILLER = "Sidestep"
N_RANDOM = 400

EMBER = ("Solenne Flamecrown", "Corvan Emberguard", "Brother Kael")
EMBER2 = ("Solenne Flamecrown", "Tarsk the Brander", "Ilyra Cinderveil")
TIDE = ("Nerys Frostweave", "Thalos Deepshield", "Guem of Brine")
TIDE2 = ("Nerys Frostweave", "Thalos Deepshield", "Maelis Tidecaller")
ASHEN = ("Grask Bonecrusher", "Vekra Nightclaw", "Duskmaw the Stitcher")
ASHEN2 = ("Morvath the Hollow", "Sister Ashgrave", "Vekra Nightclaw")
MERCS = ("Zephrin the Unbound", "Old Gorran", "Hrolf Ironpelt")
MERCS2 = ("Seraphine Dawnsong", "Pip Quickfingers", "Aldric the Wanderer")


@dataclass
class Case:
    """Seat 0 (side A) against seat 1 (side B): fighters ``fa``/``fb`` (indexes in the seat),
    ``plays`` per seat (card name, ally index in the seat or -1), Life/items/deaths set beforehand."""

    chars: tuple[Sequence[str], Sequence[str]]
    fa: int
    fb: int
    chooser: int = 0
    turn: int = 1
    plays: tuple[list[tuple[str, int]], list[tuple[str, int]]] = field(default_factory=lambda: ([], []))
    life: dict[tuple[int, int], int] = field(default_factory=dict)
    equip: dict[tuple[int, int], tuple[int, int, int]] = field(default_factory=dict)
    dead: frozenset[tuple[int, int]] = frozenset()


def setup(case: Case, hands: tuple[Sequence[str], Sequence[str]], seed: int = 1) -> Game:
    decks = [list(h) + [FILLER] * (20 - len(h)) for h in hands]
    g = new_game(compile_deck([*case.chars[0], *decks[0]], CAT), compile_deck([*case.chars[1], *decks[1]], CAT),
                 seed, record=False)
    for s, want in zip(g.seats, hands, strict=True):
        s.deck.extend(s.hand)
        s.hand = []
        for name in want:
            iid = next(i for i in s.deck if g.defs[i].name == name)
            s.deck.remove(iid)
            s.hand.append(iid)
        while len(s.hand) < 5:
            s.hand.append(next(i for i in s.deck if g.defs[i].name == FILLER))
            s.deck.remove(s.hand[-1])
    g.first = g.chooser = g.decider = case.chooser
    g.turn = case.turn
    for (seat, idx), life in case.life.items():
        g.seats[seat].chars[idx].life = life
    for (seat, idx), eq in case.equip.items():
        g.seats[seat].chars[idx].equip = list(eq)
    for seat, idx in case.dead:
        ch = g.seats[seat].chars[idx]
        ch.dead, ch.life = True, 0
    return g


Chooser = Callable[[Game, int, int], Action]


def engine_fight(case: Case, g: Game, decide: Chooser) -> list[list[tuple[str, int]]]:
    """Drive one fight: ``decide(g, seat, k)`` gives seat's action for its k-th card step.
    Returns the cards each seat played (name, ally index or -1), in order."""
    played: list[list[tuple[str, int]]] = [[], []]
    fighters = (case.fa, case.fb)
    g.apply(Action("choose", fighters[g.chooser], fighters[1 - g.chooser]))
    steps = [0, 0]
    while not g.is_terminal() and g.decision == PLAY:
        seat = g.decider
        act = decide(g, seat, steps[seat])
        steps[seat] += 1
        if act.kind == "play":
            played[seat].append((g.defs[act.a].name, act.b))
        g.apply(act)
    assert g.is_terminal() or g.decision == DISCARD
    return played


def from_plan(case: Case) -> Chooser:
    def decide(g: Game, seat: int, k: int) -> Action:
        plan = case.plays[seat]
        if k >= len(plan):
            return PASS
        name, target = plan[k]
        cid = next(i for i in g.seats[seat].hand if g.defs[i].name == name)
        act = Action("play", cid, target)
        why = g.why_illegal(act)
        assert why is None, f"the engine refuses {name} for seat {seat}: {why}"
        return act
    return decide


def calculate(case: Case, played: Sequence[Sequence[tuple[str, int]]]) -> Exchange:
    def standing(seat: int, idx: int) -> ErCharacter:
        name = case.chars[seat][idx]
        eq = case.equip.get((seat, idx), (0, 0, 0))
        return ErCharacter(CAT[name], life=case.life.get((seat, idx)), equip=dict(zip(("att", "def", "spirit"), eq,
                                                                                        strict=True)))
    fighters = (case.fa, case.fb)
    allies = [[standing(s, i) for i in range(3) if i != fighters[s] and (s, i) not in case.dead] for s in (0, 1)]
    cards = [[Play(CAT[name], None if t < 0 else case.chars[s][t]) for name, t in played[s]] for s in (0, 1)]
    return eredan_exchange(standing(0, case.fa), standing(1, case.fb), case.turn, cards_a=cards[0],
                           cards_b=cards[1], chooser="ab"[case.chooser], allies_a=allies[0], allies_b=allies[1])


def compare(case: Case, g: Game, x: Exchange) -> None:
    got = {(c.side, c.name): (c.life_after, c.dead) for c in x.characters}
    want = {("ab"[s.idx], c.d.name): (c.life, c.dead) for s in g.seats for c in s.chars
            if ("ab"[s.idx], c.d.name) in got}
    assert len(got) == sum(1 for s in g.seats for c in s.chars if (s.idx, c.idx) not in case.dead)
    assert got == want, (got, want, x.order, x.notes)
    assert (x.score_a, x.score_b) == (g.seats[0].score, g.seats[1].score), (x.order, x.notes)
    assert (x.life_a, x.life_b) == (g.seats[0].chars[case.fa].life, g.seats[1].chars[case.fb].life)


def run(case: Case) -> Exchange:
    g = setup(case, ([name for name, _ in case.plays[0]], [name for name, _ in case.plays[1]]))
    played = engine_fight(case, g, from_plan(case))
    assert played == [list(p) for p in case.plays], f"a planned card was not played: {played}"
    x = calculate(case, played)
    compare(case, g, x)
    return x


# ------------------------------------------------------------------ the table
CASES: dict[str, tuple[Case, Callable[[Exchange], bool] | None]] = {
    # Zephrin (pure Mage, Spirit 4) chains two spells; Seraphine's Divine Shield (Spirit +3) comes
    # second and lowers only the second spell: 4 - 3 = 1, then 3 - 6 = 0
    "ER-CHAIN-3 a pure Mage chains spells; a Spirit change played later spares only the later spell": (
        Case((MERCS, MERCS2), 0, 0, chooser=0, turn=2,
             plays=([("Stormlash II", -1), ("Flame Dart", -1)], [("Divine Shield", 0)])),
        lambda x: x.spell_to_b == 1 and not x.strikes_a),
    "ER-ORDER-1 the other way round: the chooser's Divine Shield resolves before both spells": (
        Case((MERCS, MERCS2), 0, 0, chooser=1, turn=2,
             plays=([("Stormlash II", -1), ("Flame Dart", -1)], [("Divine Shield", 0)])),
        lambda x: x.spell_to_b == 0 and x.order[0] == "Seraphine Dawnsong: Divine Shield"),
    "ER-CHAIN-1 Shield Bash chains an item (chain_with item); Hrolf's turn 2 Def bonus": (
        Case((MERCS, MERCS2), 2, 1, chooser=0, turn=2, plays=([("Shield Bash", -1), ("Iron Longsword", -1)], [])),
        lambda x: x.spell_to_b == 2 - 1),  # a skill's damage against Pip's Def 1 (ER-FIGHT-1)
    "ER-CHAIN-2 pure Fighters chain on their item kind (weapon; armour) with any second card": (
        Case((EMBER, TIDE), 1, 1, chooser=1, turn=1,
             plays=([("Sunforged Blade", -1), ("Battle Cry", -1)], [("Pearlscale Armour", -1), ("Coral Trident", -1)])),
        None),
    "ER-CHAIN-1 Battle Cry opens a chain for a spell; Ember Lance III's Spirit drop comes after its damage": (
        Case((EMBER, ASHEN2), 0, 1, chooser=0, turn=3,
             plays=([("Battle Cry", -1), ("Ember Lance III", -1)], [])),
        lambda x: x.spell_to_b == 5 - 2),
    "ER-RACE-2 a Guemelite casts its element's spell, loses its strike (pure Mage) and does not chain": (
        Case((TIDE, ASHEN), 2, 1, chooser=0, turn=1, plays=([("Tidal Surge", -1)], [("Backstab", -1)])),
        lambda x: not x.strikes_a),
    "ER-CHAIN-1 Meditation chains a spell: an AoE spell hits every living enemy, each against its Spirit": (
        Case((MERCS, ASHEN), 0, 0, chooser=1, turn=3, plays=([("Meditation", -1), ("Frost Nova", -1)], []),
             life={(1, 1): 1}),
        None),
    "ER-RETRIEVE-1 retrievals go fifth and change nothing in the fight": (
        Case((ASHEN, TIDE), 0, 1, chooser=0, turn=1, plays=([("Grave Robbing", -1)], [("Tidal Recall", -1)])),
        lambda x: any("retrieve" in n for n in x.notes)),
    "ER-ALLY-1 a heal on a hurt ally and a capped heal on the fighter": (
        Case((EMBER, ASHEN2), 2, 0, chooser=1, turn=2, plays=([("Kindled Resolve", 1)], [("Soul Siphon", -1)]),
             life={(0, 1): 10, (1, 0): 11}),
        None),
    "ER-ALLY-1 Mending Light III on the fighter itself, never above its printed Life": (
        Case((MERCS2, MERCS), 0, 1, chooser=0, turn=1, plays=([("Mending Light III", 0)], [("Ambush", -1)]),
             life={(0, 0): 9}),
        lambda x: x.healing_a == 4),
    "ER-ITEM-1 a Craftsman item goes to the chosen ally; bearer 'Old Gorran' matches": (
        Case((MERCS, MERCS2), 1, 2, chooser=0, turn=1, plays=([("Gorran's Forge Hammer", 2)], [("Cleave", -1)])),
        None),
    "ER-ITEM-1 Hrolf plays the Forge Hammer on himself: the 'other' bearer bonus applies": (
        Case((MERCS, MERCS2), 2, 1, chooser=1, turn=2, plays=([("Gorran's Forge Hammer", 2)], [("Backstab", -1)])),
        None),
    "ER-ITEM-1 Duskmaw's Tinker's Gauntlet on itself": (
        Case((ASHEN, EMBER), 2, 1, chooser=0, turn=2, plays=([("Tinker's Gauntlet", 2)], [("Iron Longsword", -1)])),
        None),
    "ER-RACE-1 bearer Golem: Runebound Plate gives the Golem Def +3, another character +2": (
        Case((TIDE, EMBER), 1, 1, chooser=0, turn=1, plays=([("Runebound Plate", -1)], [("Cleave", -1)])),
        lambda x: x.physical_to_a == (4 + 1 + 2) - (3 + 3)),
    "ER-RACE-1 Runebound Plate on the Guemelite: the 'other' bonus": (
        Case((TIDE, EMBER), 2, 1, chooser=1, turn=1, plays=([("Runebound Plate", -1)], [("Cleave", -1)])),
        lambda x: x.physical_to_a == (4 + 1 + 2) - (2 + 2)),
    "ER-CASTE-1 Sunforge Litany (allies) raises every ally's Spirit before Plague Cloud (enemies)": (
        Case((EMBER, ASHEN2), 2, 0, chooser=0, turn=3, plays=([("Sunforge Litany", -1)], [("Plague Cloud", -1)]),
             life={(0, 0): 5, (0, 1): 16, (0, 2): 12}),
        None),
    "area effects when the chooser's Plague Cloud comes first": (
        Case((EMBER, ASHEN2), 2, 0, chooser=1, turn=3, plays=([("Sunforge Litany", -1)], [("Plague Cloud", -1)]),
             life={(0, 0): 1, (0, 1): 16, (0, 2): 12}),
        None),
    "Tidal Blessing heals every living ally; a dead one is no longer an ally": (
        Case((TIDE2, MERCS2), 2, 0, chooser=0, turn=2, plays=([("Tidal Blessing", -1)], [("Ambush", -1)]),
             life={(0, 0): 3, (0, 2): 11}, dead=frozenset({(0, 1)})),
        None),
    "Solar Flare on every enemy, a pure Mage's AoE spell: no strike, no chain": (
        Case((EMBER, MERCS), 0, 2, chooser=0, turn=2, plays=([("Solar Flare", -1)], [("Second Wind", -1)]),
             life={(1, 0): 2, (1, 2): 9}),
        lambda x: not x.strikes_a),
    "Drowned Bell (a jewel for every ally) before Chain Lightning": (
        Case((TIDE, MERCS), 0, 0, chooser=0, turn=1, plays=([("Drowned Bell", -1)], [("Chain Lightning", -1)])),
        None),
    "ER-BONUS-2 Rallying Banner: every printed bonus, the current one once; Marauder bonus against a Mage": (
        Case((ASHEN, MERCS), 1, 0, chooser=0, turn=1, plays=([("Rallying Banner", -1)], [("Flame Dart", -1)])),
        lambda x: x.physical_to_b == 4 + 1 + 1 - 1),
    "ER-BONUS-1 a stat lowered below 0 is read as 0: Taunt, then Battle Cry and an Elixir": (
        Case((MERCS2, MERCS2[::-1]), 0, 1, chooser=1, turn=2,
             plays=([("Battle Cry", -1), ("Elixir of Might", -1)], [("Taunt", -1)])),
        lambda x: x.physical_to_b == (1 - 2 + 1 + 2) - 1),
    "ER-DEATH-1 a character brought to 0 Life by a card still strikes; no overkill in the score": (
        Case((MERCS, MERCS2), 0, 2, chooser=0, turn=1, plays=([("Stormlash III", -1)], []), life={(1, 2): 2}),
        lambda x: x.dead_b and x.score_a == 2 and x.physical_to_a == 3 - 1),
    "healed back from 0 within the fight: death is checked at its end": (
        Case((MERCS, MERCS2), 0, 2, chooser=0, turn=1, plays=([("Stormlash III", -1)], [("Healing Draught", -1)]),
             life={(1, 2): 3}),
        lambda x: not x.dead_b and x.life_b == 4 and x.healing_b == 4 and x.score_b == 4 + (3 - 1)),
    "ER-FIGHT-1 non-magic card damage is reduced by Def, not Spirit; Marauder bonus against a Priest": (
        Case((EMBER, ASHEN2), 2, 1, chooser=1, turn=2, plays=([("Smite the Wicked", -1)], [("Ambush", -1)])),
        None),
    "Tarsk's Brand of the Court and turn 2 bonus against a Priest": (
        Case((EMBER2, TIDE2), 1, 2, chooser=0, turn=2, plays=([("Brand of the Court", -1)], [])),
        None),
    "a Mage/Priest keeps its strike after a damaging spell and does not chain spells": (
        Case((EMBER2, ASHEN), 2, 1, chooser=0, turn=3, plays=([("Ember Lance II", -1)], [("Desperate Strike", -1)]),
             equip={(0, 2): (1, 0, 0), (1, 1): (0, 1, -1)}),
        None),
    "Court Decree draws (no effect on the fight) and chains the Sunforged Blade": (
        Case((EMBER, MERCS2), 1, 2, chooser=0, turn=1, plays=([("Court Decree", -1), ("Sunforged Blade", -1)],
                                                             [("Quick Reflexes", -1), ("Ironbark Tonic", -1)])),
        lambda x: any("draw" in n for n in x.notes)),
    "Scroll of Warding on an ally and Blessing of Valour: ally stats outside the fight change nothing": (
        Case((MERCS2, MERCS), 0, 1, chooser=0, turn=2, plays=([("Blessing of Valour", 2)], [("Scroll of Warding", 2)])),
        None),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_calculator_matches_the_engine_exactly(name: str) -> None:
    case, check = CASES[name]
    x = run(case)
    if check is not None:
        assert check(x), (x.to_dict())


# ------------------------------------------------------------------ what the engine refuses, the calculator refuses
@pytest.mark.parametrize(("chars", "fighter", "first", "second", "why"), [
    (MERCS, 2, "Shield Bash", "Battle Cry", "does not fit the chain of Shield Bash"),  # chain_with item
    (MERCS, 2, "Cleave", "Iron Longsword", "no chain is open (Cleave has no Chain)"),
    (MERCS, 2, "Iron Longsword", "Cleave", "only a pure Fighter chains on items"),  # Hrolf is Fighter/Craftsman
    (TIDE, 2, "Tidal Surge", "Ambush", "a Guemelite does not chain spells without a printed Chain"),
    (MERCS, 0, "Frost Nova", "Flame Dart", "a Mage does not chain on an area spell"),
    (EMBER2, 2, "Flame Dart", "Ambush", "only a pure Mage chains spells"),  # Ilyra is Mage/Priest
    (TIDE, 1, "Amulet of Focus", "Ambush", "Thalos Deepshield's item chain is on armour items, not jewel"),
    (MERCS, 0, "Meditation", "Ambush", "restricted to spell"),
])
def test_a_second_card_the_engine_refuses_is_a_value_error(chars, fighter, first, second, why) -> None:
    case = Case((chars, MERCS2), fighter, 0, chooser=0, turn=1, plays=([(first, -1)], []))
    g = setup(case, ([first, second], []))
    g.apply(Action("choose", fighter, 0))
    g.apply(Action("play", next(i for i in g.seats[0].hand if g.defs[i].name == first)))
    g.apply(PASS)
    sec = next(i for i in g.seats[0].hand if g.defs[i].name == second)
    # the engine offers no second card, or not this one
    assert g.decision != PLAY or g.decider != 0 or g.why_illegal(Action("play", sec)) is not None
    with pytest.raises(ValueError, match=re.escape(why)):
        eredan_exchange(CAT[chars[fighter]], CAT["Seraphine Dawnsong"], 1, cards_a=[CAT[first], CAT[second]])


def test_ally_targets_and_refusals() -> None:
    kael, corvan = CAT["Brother Kael"], ErCharacter(CAT["Corvan Emberguard"], life=9)
    x = eredan_exchange(kael, CAT["Pip Quickfingers"], 1, card_a=(CAT["Kindled Resolve"], 0), allies_a=[corvan])
    assert [(c.name, c.life_before, c.life_after, c.healed) for c in x.characters if c.side == "a"] == [
        ("Brother Kael", 14, 14 - (3 + 1 - 1), 0), ("Corvan Emberguard", 9, 13, 4)]
    assert x.score_a == 4 + (2 - 1) and "Kindled Resolve is played on Corvan Emberguard" in x.notes
    same = eredan_exchange(kael, CAT["Pip Quickfingers"], 1, card_a=Play(CAT["Kindled Resolve"], "Corvan Emberguard"),
                           allies_a=[corvan])
    assert same == x
    with pytest.raises(ValueError, match="not Brother Kael nor one of the allies given"):
        eredan_exchange(kael, CAT["Pip Quickfingers"], 1, card_a=(CAT["Kindled Resolve"], "Nobody"))
    with pytest.raises(ValueError, match="ally 1 is not one of the 1 allies"):
        eredan_exchange(kael, CAT["Pip Quickfingers"], 1, card_a=(CAT["Kindled Resolve"], 1), allies_a=[corvan])
    with pytest.raises(ValueError, match="Ambush takes no ally"):
        eredan_exchange(kael, CAT["Pip Quickfingers"], 1, card_a=(CAT["Ambush"], 0), allies_a=[corvan])
    alone = eredan_exchange(kael, CAT["Pip Quickfingers"], 1, card_b=CAT["Rallying Horn"])
    assert any("no other characters given" in n for n in alone.notes)


# ------------------------------------------------------------------ random fights
PLAYABLE = sorted(c.name for c in CAT if c.type != "character")
CHARACTERS = sorted(c.name for c in CAT if c.type == "character")


def random_case(rng: random.Random) -> tuple[Case, tuple[list[str], list[str]]]:
    chars = (tuple(rng.sample(CHARACTERS, 3)), tuple(rng.sample(CHARACTERS, 3)))
    fa, fb = rng.randrange(3), rng.randrange(3)
    life: dict[tuple[int, int], int] = {}
    equip: dict[tuple[int, int], tuple[int, int, int]] = {}
    dead: set[tuple[int, int]] = set()
    for s in (0, 1):
        for i in range(3):
            printed = CAT[chars[s][i]].fields["life"]
            if i != (fa, fb)[s] and rng.random() < 0.15:
                dead.add((s, i))
                continue
            life[(s, i)] = rng.randint(1, printed) if rng.random() < 0.6 else printed
            if rng.random() < 0.3:
                equip[(s, i)] = (rng.randint(-1, 2), rng.randint(-1, 2), rng.randint(-1, 2))
    case = Case(chars, fa, fb, chooser=rng.randrange(2), turn=rng.randint(1, 4), life=life, equip=equip,
                dead=frozenset(dead))
    hands = ([rng.choice(PLAYABLE) for _ in range(5)], [rng.choice(PLAYABLE) for _ in range(5)])
    return case, hands


def random_player(rng: random.Random) -> Chooser:
    def decide(g: Game, seat: int, k: int) -> Action:
        legal = g.legal_actions()
        # (not a Craftsman item on an enemy, target 3..5: the calculator does not model it, ER-CLASS-3)
        plays = [a for a in legal if a.kind == "play" and a.b < 3]
        return rng.choice(plays) if plays and rng.random() < 0.85 else PASS
    return decide


def test_random_fights_match_the_engine_exactly() -> None:
    rng = random.Random(20240514)
    seen = {"fights": 0, "cards": 0, "second cards": 0, "ally on another": 0, "area": 0, "bearer": 0,
            "retrieve": 0, "no strike": 0, "deaths": 0}
    for n in range(N_RANDOM):
        case, hands = random_case(rng)
        g = setup(case, hands, seed=n)
        played = engine_fight(case, g, random_player(rng))
        x = calculate(case, played)
        compare(case, g, x)
        seen["fights"] += 1
        for s in (0, 1):
            seen["cards"] += len(played[s])
            seen["second cards"] += len(played[s]) == 2
            fighter = (case.fa, case.fb)[s]
            for name, t in played[s]:
                effects = CAT[name].fields.get("effects", ())
                seen["ally on another"] += t >= 0 and t != fighter
                seen["area"] += any(e.get("target") in ("allies", "enemies") for e in effects)
                seen["bearer"] += any("bearer" in e for e in effects)
                seen["retrieve"] += any(e["do"] == "retrieve" for e in effects)
        seen["no strike"] += (not x.strikes_a) + (not x.strikes_b)
        seen["deaths"] += sum(c.dead for c in x.characters)
    assert seen["fights"] == N_RANDOM
    # the sample reaches every part of the model
    assert all(v >= 5 for v in seen.values()), seen
