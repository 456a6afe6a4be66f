"""Free Realms collector numbers: SERIES RARITY NUMBER."""

from __future__ import annotations

import pytest

from fwlab.calc.collector import Collector, parse_collector


def test_text_example_round_trips():
    c = parse_collector("1 U 132")
    assert c == Collector(series=1, rarity="U", number=132)
    assert c.format() == "1 U 132"
    assert c.rarity_name == "Uncommon"


@pytest.mark.parametrize("letter, name", [("C", "Common"), ("U", "Uncommon"), ("R", "Rare"), ("E", "Exclusive"),
                                          ("P", "Promo"), ("S", "Starter")])
def test_every_rarity_letter(letter, name):
    assert parse_collector(f"2 {letter} 5").rarity_name == name


@pytest.mark.parametrize("text, message", [
    ("1 X 132", "unknown rarity 'X'"),
    ("U 132", "missing series"),
    ("1 U", "missing card number"),
    ("1 132", "missing rarity letter"),
    ("", "empty"),
    ("one U 132", "series must be a whole number"),
    ("1 U 0", "card number starts at 1"),
    ("1 U 132 9", "too many parts"),
])
def test_bad_collector_numbers_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_collector(text)


def test_every_catalog_card_has_a_parseable_collector_number():
    from fwlab.catalog import load_catalog

    cat = load_catalog("fr")
    for card in cat:
        c = parse_collector(card.fields["collector"])
        assert c.rarity == card.rarity
