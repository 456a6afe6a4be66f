"""The Free Realms starter decks: six legal decks (`fwlab deck check`) in the styles
docs/catalogs/freerealms.md gives them."""

from __future__ import annotations

import pytest

from fwlab.catalog import load_catalog
from fwlab.cli import main
from fwlab.decks import Deck
from fwlab.decks.starters import starter_decks, starter_paths
from fwlab.decks.stats import deck_stats

NEW = {"hall_of_champions": "Hall of Champions", "emberroot_rites": "Emberroot Rites",
       "iron_verdict": "Iron Verdict", "buzzing_thicket": "Buzzing Thicket"}


@pytest.fixture(scope="module")
def decks() -> dict[str, Deck]:
    return {d.name: d for d in starter_decks("fr")}


def test_fr_has_the_two_first_starters_and_the_four_new_ones() -> None:
    stems = {p.stem for p in starter_paths("fr")}
    assert {"blazing_gears", "wild_oath", *NEW} <= stems


@pytest.mark.parametrize("stem", sorted(NEW))
def test_each_new_starter_is_legal_by_fwlab_deck_check(stem: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in starter_paths("fr") if p.stem == stem)
    assert main(["deck", "check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{NEW[stem]} (fr, 42 cards) is legal."


def _cards(deck: Deck) -> list:
    cat = load_catalog("fr")
    return [cat[n] for n in deck.cards()]


def test_hall_of_champions_is_hero_led(decks: dict[str, Deck]) -> None:
    heroes = [c for c in _cards(decks["Hall of Champions"]) if c.get("hero")]
    assert len(heroes) >= 8 and len({c.name for c in heroes}) >= 6
    others = max(sum(1 for c in _cards(d) if c.get("hero")) for n, d in decks.items() if n != "Hall of Champions")
    assert len(heroes) >= 3 * others


def test_emberroot_rites_creatures_power_up_on_their_own_sphere(decks: dict[str, Deck]) -> None:
    creatures = [c for c in _cards(decks["Emberroot Rites"]) if c.type == "creature" and not c.get("hero")]
    own = [c for c in creatures if any(p["sphere"] == c.get("sphere") for p in c.get("powerups") or [])]
    assert len(own) >= 0.9 * len(creatures)


def test_iron_verdict_is_trick_heavy(decks: dict[str, Deck]) -> None:
    types = deck_stats(decks["Iron Verdict"]).types
    assert types["trick"] >= 15 and types["trick"] >= types["creature"]
    assert all(deck_stats(d).types.get("trick", 0) <= 6 for n, d in decks.items() if n != "Iron Verdict")


def test_buzzing_thicket_is_a_wide_swarm_with_the_most_gems(decks: dict[str, Deck]) -> None:
    cheap = [c for c in _cards(decks["Buzzing Thicket"]) if c.type == "creature" and c.cost <= 2]
    assert len(cheap) >= 24 and all(len(c.get("gems")) >= 3 for c in cheap)
    gems = {n: deck_stats(d).average_gems for n, d in decks.items()}
    assert max(gems, key=lambda n: gems[n] or 0.0) == "Buzzing Thicket"
