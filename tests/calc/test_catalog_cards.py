"""The calculators read real catalog cards: keyword abilities, Eredan characters, Conquest troops."""

from __future__ import annotations

import pytest

from fwlab.calc.combat import raid
from fwlab.calc.conquest import Board, board_fields, conquerable
from fwlab.calc.eredan import eredan_exchange
from fwlab.calc.fighter import Fighter
from fwlab.catalog import load_catalog


def test_fighter_from_a_daemornia_card_reads_stats_and_keywords():
    cat = load_catalog("fw")
    for card in cat.by_type("creature"):
        f = Fighter.from_card(card)
        assert (f.att, f.defense, f.dmg, f.hp, f.exp) == tuple(card.fields[k] for k in ("att", "def", "dmg", "hp", "exp"))
        raider = sum(a.get("n", 0) for a in card.abilities if a.get("kw") == "raider")
        if f.att > 0:
            assert raid(f) == card.fields["dmg"] + raider
        assert f.shield == sum(a.get("n", 0) for a in card.abilities if a.get("kw") == "shield")
    event = cat.by_type("event")[0]
    with pytest.raises(ValueError, match="only creatures and scenarios fight"):
        Fighter.from_card(event)


def test_eredan_exchange_with_catalog_characters_and_a_spell():
    cat = load_catalog("eredan")
    chars = cat.by_type("character")
    spell = next(c for c in cat.by_type("spell") if any(e["do"] == "damage" and e["target"] == "foe"
                                                        for e in c.fields["effects"]))
    n = next(e["n"] for e in spell.fields["effects"] if e["do"] == "damage" and e["target"] == "foe")
    a, b = chars[0], chars[1]
    x = eredan_exchange(a, b, turn=7, card_a=spell)
    spirit_drop = sum(-e["n"] for e in spell.fields["effects"] if e["do"] == "spirit" and e["target"] == "foe")
    assert x.spell_to_b == max(0, n - max(0, b.fields["spirit"] - spirit_drop))


def test_conquest_with_catalog_troops():
    cat = load_catalog("conquest")
    troops = cat.by_type("troop")
    board = Board.new({f: 3 for f in board_fields()})
    opts = conquerable(board, "red", troops, {"warrior": 2, "craftsman": 2, "mage": 2})
    for o in opts:
        card = cat[o.troop]
        assert card.fields["attack"] >= 3
        assert all(card.fields["followers"].get(k, 0) <= 2 for k in ("warrior", "craftsman", "mage"))
    strong = [t for t in troops if t.fields["attack"] >= 3 and all(v <= 2 for v in t.fields["followers"].values())]
    assert {o.troop for o in opts} == {t.name for t in strong}
