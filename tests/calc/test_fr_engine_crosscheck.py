"""The Free Realms battle calculator agrees with the engine (issue 13 item 6): battles played by the
``fr`` engine (seeded, a few thousand times) land within sampling error of :func:`fwlab.calc.battle_odds`
for the cases the calculator models (docs/rules.md, "Free Realms", "What the battle calculator models").

Each battle is set up through the engine's own API: :func:`~fwlab.rules.freerealms.game.new_game`
deals the two decks, then the position is laid out (one creature a side facing each other in column
0, empty hands and inventories so that no trick or star action can be played, every other card in
the discard pile and the deck empty). The attack is an ordinary ``attack`` action: the engine passes
the empty trick rounds (FR-PASS-1), refills each deck by shuffling its discard pile with the game's
generator (FR-DECK-1), flips (FR-FLIP-1), fires the power-ups (FR-POWERUP-1) and destroys the loser
(FR-BATTLE-2). The flip is then a uniform card of the whole flip deck, the calculator's assumption.

The check is a chi-square goodness-of-fit test at the 1% level, per battle, over win/tie/lose and over
each side's total (attack or defense + power-ups + gems); the seeds are fixed, so the test is
deterministic.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from scipy.stats import chi2

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from fr_setup import CATALOG as TEST_CATALOG  # noqa: E402

from fwlab.calc import FlipDeck, PowerUp, battle_odds  # noqa: E402
from fwlab.catalog import Catalog, load_catalog  # noqa: E402
from fwlab.decks import load_deck  # noqa: E402
from fwlab.rules.core import Action  # noqa: E402
from fwlab.rules.freerealms.cards import compile_deck  # noqa: E402
from fwlab.rules.freerealms.game import GO, Game, new_game  # noqa: E402
from fwlab.rules.freerealms.state import Creature  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ALPHA = 0.01


def battle(cat: Catalog, attacker: str, defender: str, deck_a: Sequence[str], deck_b: Sequence[str],
           seed: int) -> Game:
    """Seat 0's ``attacker`` attacks seat 1's ``defender``; each flips from its own ``deck_*``.
    Returns the game after the battle."""
    da = compile_deck([attacker, *deck_a], cat)
    db = compile_deck([defender, *deck_b], cat)
    g = new_game(da, db, seed, first=0, log_cards=False, record=False, mulligans=False)
    base = (0, len(da))
    for p, size in ((0, len(da)), (1, len(db))):
        s = g.seats[p]
        first = base[p]
        s.spaces = [Creature(first, g.defs[first], p, 0, 1), None, None]
        s.hand, s.inventory, s.deck = [], [], []
        s.discard = list(range(first + 1, first + size))   # FR-DECK-1: shuffled into the deck at the flip
        s.piles = [[], [], []]
        s.scored = s.coins = s.stars = 0
    g.turn, g.active, g.decider, g.decision = 3, 0, 0, GO
    g.apply(Action("attack", 0))
    return g


def outcome(g: Game) -> str:
    att, dfn = g.seats[0].spaces[0] is not None, g.seats[1].spaces[0] is not None
    assert not (att and dfn), "a battle without tricks always has a result"
    return "tie" if not (att or dfn) else ("win" if att and not dfn else "lose")


def chi_square_ok(expected: Mapping[object, float], counts: Counter[object], n: int) -> tuple[bool, float]:
    """Goodness of fit at level ALPHA; cells the calculator gives probability 0 must never happen."""
    assert set(counts) <= {k for k, p in expected.items() if p > 0}, (dict(counts), dict(expected))
    cells = [(p, counts.get(k, 0)) for k, p in expected.items() if p > 0]
    if len(cells) < 2:
        return True, 0.0
    stat = sum((c - n * p) ** 2 / (n * p) for p, c in cells)
    return stat <= chi2.ppf(1 - ALPHA, len(cells) - 1), stat


def powerups(cat: Catalog, name: str) -> list[PowerUp]:
    return [PowerUp(str(p["sphere"]), str(p["do"]), int(p.get("n", 0))) for p in cat[name].fields.get("powerups", ())]


def check(cat: Catalog, attacker: str, defender: str, deck_a: Sequence[str], deck_b: Sequence[str], n: int,
          seed0: int = 0) -> None:
    fa = FlipDeck.from_cards((cat[x], 1) for x in deck_a)
    fb = FlipDeck.from_cards((cat[x], 1) for x in deck_b)
    att, dfn = cat[attacker].fields, cat[defender].fields
    exact = battle_odds(int(att["attack"]), int(dfn["defense"]), fa, fb,
                        attacker_powerups=powerups(cat, attacker), defender_powerups=powerups(cat, defender))
    results: Counter[object] = Counter()
    totals_a: Counter[object] = Counter()
    totals_d: Counter[object] = Counter()
    for seed in range(seed0, seed0 + n):
        g = battle(cat, attacker, defender, deck_a, deck_b, seed)
        results[outcome(g)] += 1
        # the totals the engine compared (FR-BATTLE-2): stat + power-up bonus + the flipped gems
        totals_a[int(att["attack"]) + g.b_bonus[0] + g.b_gems[0]] += 1
        totals_d[int(dfn["defense"]) + g.b_bonus[1] + g.b_gems[1]] += 1
    for what, expected, counts in (
        ("win/tie/lose", {"win": exact.p_win, "tie": exact.p_tie, "lose": exact.p_lose}, results),
        ("attacker total", exact.attacker_totals, totals_a),
        ("defender total", exact.defender_totals, totals_d),
    ):
        ok, stat = chi_square_ok(expected, counts, n)
        assert ok, (what, stat, {k: counts.get(k, 0) / n for k in expected}, dict(expected))


def test_plain_creatures_gems_only_FR_FLIP_1_FR_BATTLE_2():
    """No power-ups: the totals are attack/defense + the flipped card's gem count (0, 1 or 2 here),
    including ties, which destroy both creatures."""
    deck_a = ["Blank"] * 3 + ["Lantern"] * 4 + ["Ember"] * 3            # 0, 1, 2 gems
    deck_b = ["Blank"] * 5 + ["Lantern"] * 2 + ["Ember"] * 3
    check(TEST_CATALOG, "Ox", "Ox", deck_a, deck_b, n=2500)


def test_attack_and_defense_power_ups_FR_POWERUP_1():
    """Twin (+2 attack on chaos, and a score and a draw that do not change totals) attacks Bulwark
    (+2 defense on chaos); both flip from decks where chaos comes with two gems."""
    deck_a = ["Blank"] * 4 + ["Lantern"] * 3 + ["Ember"] * 3
    deck_b = ["Blank"] * 2 + ["Lantern"] * 5 + ["Ember"] * 3
    check(TEST_CATALOG, "Twin", "Bulwark", deck_a, deck_b, n=2500, seed0=10_000)


def test_a_real_starter_decks_gems_with_catalog_power_ups():
    """Shipped cards: Glade Ranger (nature: +1 attack) attacks Willow Druid (nature: +2 defense), each
    flipping from the Wild Oath starter without its Heroes (a flipped Hero matches every sphere,
    FR-POWERUP-2, which the calculator does not model)."""
    cat = load_catalog("fr")
    deck = load_deck(ROOT / "data" / "decks" / "fr" / "wild_oath.txt", cat)
    flips = [x for x in deck.cards() if not cat[x].fields.get("hero", False)]
    if len(flips) < 20:
        pytest.skip("the Wild Oath starter changed: too few non-Hero cards")
    check(cat, "Glade Ranger", "Willow Druid", flips, flips, n=2000, seed0=20_000)
