"""The deck builder's share link (fwlab.decks.share, docs/decklists.md "Share links"): every deck of
every ruleset goes into a link and comes back the same, with only URL-safe characters; a bad link
is an error that says what is wrong."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from fwlab.catalog import CatalogError, load_catalog
from fwlab.decks import Deck, DeckEntry
from fwlab.decks.share import deck_from_params, decode_cards, encode_cards, share_params, share_url
from fwlab.decks.starters import starter_decks
from fwlab.rules.engines import deck_rulesets

UNRESERVED = re.compile(r"^[A-Za-z0-9_.~-]*$")


@pytest.mark.parametrize("ruleset", deck_rulesets())
def test_every_card_name_of_a_catalog_goes_into_a_link_and_back(ruleset: str) -> None:
    cat = load_catalog(ruleset)
    counts = {c.name: 1 + i % 4 for i, c in enumerate(cat)}
    code = encode_cards(counts)
    assert UNRESERVED.match(code), code[:200]            # nothing a URL would escape
    assert decode_cards(code) == [(n, name) for name, n in counts.items()]


@pytest.mark.parametrize("ruleset", deck_rulesets())
def test_every_starter_deck_round_trips_through_its_share_url(ruleset: str) -> None:
    for deck in starter_decks(ruleset):
        url = share_url("http://localhost:8501/deck_builder?stale=1", deck)
        parts = urlsplit(url)
        assert parts.path == "/deck_builder"
        params = dict(parse_qsl(parts.query))
        assert set(params) == {"ruleset", "name", "deck"}
        back = deck_from_params(params)
        assert (back.ruleset, back.name, back.counts()) == (deck.ruleset, deck.name, deck.counts())


def test_names_with_any_character_round_trip() -> None:
    names = ["D'Kara", "Raider's Cutlass", "A_B", "x~y", "Dot.Name", "3 Headed-Dog", "Été à Noël", "日本"]
    code = encode_cards({n: 2 for n in names})
    assert UNRESERVED.match(code)
    assert [n for _, n in decode_cards(code)] == names


def test_a_link_names_are_matched_as_the_decklist_does_and_normalised() -> None:
    d = deck_from_params({"ruleset": "fw", "name": "Mine", "deck": "2-nominod.3-STEEL_MILL"})
    assert d.counts() == {"Nominod": 2, "Steel Mill": 3}
    assert share_params(d)["deck"] == "2-Nominod.3-Steel_Mill"


@pytest.mark.parametrize(("params", "message"), [
    ({"ruleset": "chess", "deck": "1-Nominod"}, "unknown ruleset 'chess'"),
    ({"deck": "1-Nominod"}, "unknown ruleset ''"),
    ({"ruleset": "fw", "deck": "4-Nominod.Steel_Mill"}, "entry 2 of the link's card list is 'Steel_Mill', not COUNT-NAME"),
    ({"ruleset": "fw", "deck": "0-Nominod"}, "entry 1 of the link's card list: a card count must be at least 1, got 0"),
    ({"ruleset": "fw", "deck": "1-Nomi~zzod"}, "a '~' must be followed by two hex digits"),
    ({"ruleset": "fw", "deck": "1-Nomi~ff"}, "'~ff' is not UTF-8 text"),
    ({"ruleset": "fw", "deck": "2-Nominod.1-Nominodd"}, "did you mean 'Nominod'?"),
])
def test_a_bad_link_is_an_error_that_says_what_is_wrong(params: dict[str, str], message: str) -> None:
    with pytest.raises(CatalogError, match=re.escape(message)):
        deck_from_params(params)


def test_an_empty_card_list_is_an_empty_deck_of_the_ruleset() -> None:
    d = deck_from_params({"ruleset": "fr", "name": "Nothing yet"})
    assert (d.ruleset, d.name, d.size) == ("fr", "Nothing yet", 0)
    assert share_params(Deck("fr", "x", (DeckEntry(0, "Ember Imp"),)))["deck"] == ""
