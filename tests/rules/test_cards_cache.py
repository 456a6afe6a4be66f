"""Compiled card definitions belong to their catalog: a card of the same name and cost in another
catalog (the rules tests' catalog beside the real one) is compiled from its own fields."""

from __future__ import annotations

from fwlab.catalog import parse_catalog_text
from fwlab.rules.daemornia.cards import compile_card

CARD = """
[[card]]
name = "Twin"
type = "creature"
nature = "Human"
rarity = "common"
res = 2
att = {att}
def = 1
dmg = 1
hp = 1
exp = 1
"""


def test_same_name_and_cost_in_two_catalogs_compile_to_their_own_definitions():
    [one] = parse_catalog_text(CARD.format(att=1), "daemornia", "one.toml")
    [two] = parse_catalog_text(CARD.format(att=5), "daemornia", "two.toml")
    assert compile_card(one).att == 1
    assert compile_card(two).att == 5
    assert compile_card(one).att == 1
    assert compile_card(one) is compile_card(one)   # still cached per card
