"""The to-hit roll against both charts printed in the texts, entry by entry."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fwlab.calc.tohit import chart_rows, format_chart, need_to_hit, p_hit, p_hit_exact, tohit_table

# Text 000 (Fallen Worlds): rows Defender 1-10, columns Attacker 1-10.
FW_CHART = [
    [4, 3, 2, 2, 2, 2, 2, 2, 2, 2],
    [5, 4, 3, 2, 2, 2, 2, 2, 2, 2],
    [6, 5, 4, 3, 2, 2, 2, 2, 2, 2],
    [6, 6, 5, 4, 3, 2, 2, 2, 2, 2],
    [6, 6, 6, 5, 4, 3, 2, 2, 2, 2],
    [6, 6, 6, 6, 5, 4, 3, 2, 2, 2],
    [6, 6, 6, 6, 6, 5, 4, 3, 2, 2],
    [6, 6, 6, 6, 6, 6, 5, 4, 3, 2],
    [6, 6, 6, 6, 6, 6, 6, 5, 4, 3],
    [6, 6, 6, 6, 6, 6, 6, 6, 5, 4],
]

# Text 002 (Battlegrounds): printed with rows labelled "Attacker (Att) 0-10" and columns
# "Defender (Def) 1-10"; per RULINGS the rows are really Def 0-10 and the columns Att 1-10.
BG_CHART = [
    [3, 2, 2, 2, 2, 2, 2, 2, 2, 2],
    [4, 3, 2, 2, 2, 2, 2, 2, 2, 2],
    [5, 4, 3, 2, 2, 2, 2, 2, 2, 2],
    [6, 5, 4, 3, 2, 2, 2, 2, 2, 2],
    [6, 6, 5, 4, 3, 2, 2, 2, 2, 2],
    [6, 6, 6, 5, 4, 3, 2, 2, 2, 2],
    [6, 6, 6, 6, 5, 4, 3, 2, 2, 2],
    [6, 6, 6, 6, 6, 5, 4, 3, 2, 2],
    [6, 6, 6, 6, 6, 6, 5, 4, 3, 2],
    [6, 6, 6, 6, 6, 6, 6, 5, 4, 3],
    [6, 6, 6, 6, 6, 6, 6, 6, 5, 4],
]


@pytest.mark.parametrize("defense", range(1, 11))
@pytest.mark.parametrize("att", range(1, 11))
def test_every_entry_of_the_fallen_worlds_chart(att, defense):
    assert need_to_hit(att, defense) == FW_CHART[defense - 1][att - 1]


@pytest.mark.parametrize("defense", range(0, 11))
@pytest.mark.parametrize("att", range(1, 11))
def test_every_entry_of_the_battlegrounds_chart_read_with_def_rows(att, defense):
    assert need_to_hit(att, defense) == BG_CHART[defense][att - 1]


def test_printed_charts_match_the_texts():
    assert chart_rows("fw") == (list(range(1, 11)), list(range(1, 11)), FW_CHART)
    assert chart_rows("bg") == (list(range(0, 11)), list(range(1, 11)), BG_CHART)
    bg_text = format_chart("bg")
    assert "rows are the defender's Def 0-10" in bg_text.splitlines()[0]
    assert bg_text.splitlines()[2] == "Def  0 |  3  2  2  2  2  2  2  2  2  2"


def test_text_examples_att3_def4_needs_5_and_att6_def4_needs_2():
    assert need_to_hit(3, 4) == 5
    assert need_to_hit(6, 4) == 2


def test_attack_zero_never_hits():
    for d in range(12):
        assert need_to_hit(0, d) is None
        assert p_hit(0, d) == 0.0


def test_natural_one_misses_and_six_hits_beyond_ten():
    assert need_to_hit(30, 0) == 2 and p_hit_exact(30, 0) == p_hit_exact(2, 0)
    assert need_to_hit(1, 30) == 6 and p_hit(1, 30) == pytest.approx(1 / 6)


def test_literal_two_reading_makes_two_a_miss():
    assert need_to_hit(10, 1, literal_two=True) == 3
    assert p_hit(10, 1, literal_two=True) == pytest.approx(4 / 6)
    assert need_to_hit(3, 4, literal_two=True) == 5


@pytest.mark.parametrize("att, defense", [(-1, 2), (2, -1)])
def test_negative_stats_are_rejected(att, defense):
    with pytest.raises(ValueError, match="must not be negative"):
        need_to_hit(att, defense)


def test_table_covers_every_att_and_def_and_is_json_ready():
    rows = tohit_table()
    assert len(rows) == 121
    json.dumps(rows)
    zero = [r for r in rows if r["att"] == 0]
    assert all(r["need"] is None and r["p_hit"] == 0 for r in zero)


@given(st.integers(0, 40), st.integers(0, 40), st.booleans())
def test_p_hit_is_monotone_in_att_and_def(att, defense, literal_two):
    p = p_hit(att, defense, literal_two=literal_two)
    assert 0 <= p <= 5 / 6
    assert p_hit(att + 1, defense, literal_two=literal_two) >= p
    assert p_hit(att, defense + 1, literal_two=literal_two) <= p
    if att > 0:
        assert p >= 1 / 6
