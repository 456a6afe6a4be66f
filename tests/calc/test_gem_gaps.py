"""What average gems buy: the exact battle odds by attack/defense gap (fwlab.calc.gem_gaps and
fwlab.decks.stats.gem_gap_odds), checked by hand and against fwlab.calc.gems.battle_odds."""

from __future__ import annotations

import pytest

from fwlab.calc.gem_gaps import GapOdds, gap_odds, gap_range, odds_at_gap
from fwlab.calc.gems import FlipDeck, battle_odds
from fwlab.catalog import load_catalog
from fwlab.decks import parse_decklist
from fwlab.decks.starters import starter_decks
from fwlab.decks.stats import flip_deck, gem_gap_odds

ONES = FlipDeck.from_gem_lists([["order"]] * 40)                                 # every card: 1 gem
ZERO_OR_TWO = FlipDeck.from_gem_lists([[]] * 20 + [["nature", "nature"]] * 20)   # half 0, half 2


def triples(rows: list[GapOdds]) -> list[tuple[int, float, float, float]]:
    return [(r.gap, r.p_win, r.p_tie, r.p_lose) for r in rows]


def test_a_deck_of_one_gem_cards_ties_every_even_fight_and_decides_every_other():
    # both flips add exactly 1: the gap alone decides; gap 0 always ties
    assert triples(gap_odds(ONES, [ONES])) == [(-1, 0.0, 0.0, 1.0), (0, 0.0, 1.0, 0.0), (1, 1.0, 0.0, 0.0)]
    assert triples(gap_odds(ONES, [ONES], gaps=range(-3, 4, 3))) == [(-3, 0.0, 0.0, 1.0), (0, 0.0, 1.0, 0.0),
                                                                      (3, 1.0, 0.0, 0.0)]


def test_half_blank_half_two_gems_by_hand():
    # my gems − the foe's: −2 (1/4), 0 (1/2), +2 (1/4); I win at gap g when g + that > 0
    assert triples(gap_odds(ZERO_OR_TWO, [ZERO_OR_TWO])) == [
        (-3, 0.0, 0.0, 1.0),
        (-2, 0.0, 0.25, 0.75),
        (-1, 0.25, 0.0, 0.75),
        (0, 0.25, 0.5, 0.25),
        (1, 0.75, 0.0, 0.25),
        (2, 0.75, 0.25, 0.0),
        (3, 1.0, 0.0, 0.0),
    ]


def test_against_two_opponents_each_counts_half():
    # vs ONES: gap 0 always ties; vs ZERO_OR_TWO (flipping 1 against 0 or 2): win 1/2, lose 1/2
    row = gap_odds(ONES, [ONES, ZERO_OR_TWO], gaps=[0])[0]
    assert (row.p_win, row.p_tie, row.p_lose) == (0.25, 0.5, 0.25)


def test_range_is_where_the_outcome_is_uncertain_plus_one_each_side():
    assert gap_range(ONES, [ONES]) == range(-1, 2)
    assert gap_range(ZERO_OR_TWO, [ONES]) == range(-2, 3)          # 1 − 2 − 1 .. 1 − 0 + 1
    assert gap_range(ONES, [ONES, ZERO_OR_TWO]) == range(-2, 3)
    with pytest.raises(ValueError):
        gap_range(ONES, [])


@pytest.fixture(scope="module")
def fr_starters():
    cat = load_catalog("fr")
    return cat, starter_decks("fr")


def test_every_starter_table_is_battle_odds_at_any_base(fr_starters):
    """Each row is battle_odds called directly with attack − defense = gap, whatever the base stats."""
    cat, decks = fr_starters
    for deck in decks:
        mine = FlipDeck.from_cards((cat[n], c) for n, c in deck.counts().items())
        rows = gap_odds(mine, [mine])
        lo, hi = rows[0], rows[-1]
        assert (lo.p_lose, hi.p_win) == pytest.approx((1.0, 1.0), abs=1e-12)    # the ends are certain
        assert all(max(r.p_win, r.p_tie, r.p_lose) < 1 - 1e-9 for r in rows[1:-1])   # the rest is not
        for r in rows:
            for base in (0, 4):
                direct = battle_odds(base + max(r.gap, 0), base + max(-r.gap, 0), mine, mine)
                assert (r.p_win, r.p_tie, r.p_lose) == pytest.approx((direct.p_win, direct.p_tie, direct.p_lose),
                                                                     abs=1e-12)
            assert r.p_win + r.p_tie + r.p_lose == pytest.approx(1.0)
        wins = [r.p_win for r in rows]
        assert wins == sorted(wins)


def test_defending_at_a_gap_has_the_odds_of_attacking_at_it(fr_starters):
    """The caption's claim: my defense g above the foe's attack wins as often as my attack g above its defense."""
    cat, decks = fr_starters
    mine, foe = (FlipDeck.from_cards((cat[n], c) for n, c in d.counts().items()) for d in decks[:2])
    for g in range(-5, 6):
        attacking = odds_at_gap(g, mine, foe)
        defending = battle_odds(5, 5 + g, foe, mine)           # the foe attacks with 5, I defend with 5 + g
        assert (attacking.p_win, attacking.p_tie) == pytest.approx((defending.p_lose, defending.p_tie), abs=1e-12)


def test_deck_level_mirror_and_starters(fr_starters):
    cat, decks = fr_starters
    deck = decks[0]
    mirror = gem_gap_odds(deck, cat, "mirror")
    mine = flip_deck(deck, cat)
    assert mine.average_gems == pytest.approx(sum(len(cat[n].fields["gems"]) * c for n, c in deck.counts().items())
                                              / deck.size)
    assert mirror == gap_odds(mine, [mine])
    vs = gem_gap_odds(deck, cat, "starters", gaps=range(-2, 3))
    foes = [flip_deck(d, cat) for d in decks]
    for r in vs:
        each = [battle_odds(max(r.gap, 0), max(-r.gap, 0), mine, f) for f in foes]
        assert r.p_win == pytest.approx(sum(o.p_win for o in each) / len(each), abs=1e-12)
        assert r.p_tie == pytest.approx(sum(o.p_tie for o in each) / len(each), abs=1e-12)


def test_more_gems_buy_more_wins_at_every_uncertain_gap(fr_starters):
    cat, _ = fr_starters
    low = parse_decklist("ruleset: fr\n3 Volcano Ogre\n3 Iron Juggernaut\n3 Elder Stag\n3 High Justicar\n")
    high = parse_decklist("ruleset: fr\n3 Ember Imp\n3 Spark Drone\n3 Moss Sprite\n3 Squire Recruit\n")
    against = parse_decklist("ruleset: fr\n3 Rift Jackal\n3 Brimstone Brute\n")       # 3 and 2 gems
    lo = {r.gap: r.p_win for r in gem_gap_odds(low, cat, "starters", starters=[against], gaps=range(-4, 5))}
    hi = {r.gap: r.p_win for r in gem_gap_odds(high, cat, "starters", starters=[against], gaps=range(-4, 5))}
    # 1 gem against 2-3: wins only from gap +2; 4 gems against 2-3: wins from gap −1
    assert lo == {-4: 0.0, -3: 0.0, -2: 0.0, -1: 0.0, 0: 0.0, 1: 0.0, 2: 0.5, 3: 1.0, 4: 1.0}
    assert hi == {-4: 0.0, -3: 0.0, -2: 0.0, -1: 0.5, 0: 1.0, 1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0}


def test_gem_gap_odds_refuses_what_has_no_gems():
    with pytest.raises(ValueError, match="Free Realms"):
        gem_gap_odds(parse_decklist("ruleset: fw\n4 Nominod\n"))
    with pytest.raises(ValueError, match="against"):
        gem_gap_odds(parse_decklist("ruleset: fr\n3 Ember Imp\n"), against="everyone")
    with pytest.raises(ValueError, match="no known cards"):
        gem_gap_odds(parse_decklist("ruleset: fr\n3 No Such Card\n"))
