"""Every engine refuses a setup that breaks its deck rules, whoever calls it (RULINGS "Every game,
setups"; issue 26 item 8; docs/rules.md CORE-SETUP-1).

Per engine, through its deck rule's ID: a 10-card deck, a name over its copy limit, and the rule
of its own (fw's and bg's Specials, Eredan's guilds) are refused by the engine's ``new_game``, by
``play_match`` and by ``simulate_match`` with a ``ValueError`` naming the deck (the seat, or the
deck's name where the caller has one) and the problem; a league and the lab refuse them too, and
so do the functions a worker runs (``run_batch``, ``play_matches``, the lab's ``play_block``).
The starter decks pass. The check is made once per deck, catalog and ruleset, not once per game.
Positions are not setups: a mid-game position with a small deck still loads.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter
from pathlib import Path

import pytest

from fwlab.catalog import load_catalog
from fwlab.catalog.overrides import apply_overrides
from fwlab.cli import main
from fwlab.decks import Deck
from fwlab.decks.decklist import DeckEntry, format_decklist
from fwlab.decks.starters import starter_decks
from fwlab.decks.validate import validate
from fwlab.rules import engines
from fwlab.rules.deckrules import SetupError
from fwlab.rules.engines import deck_rules_for, engine_for, load_position, position_of
from fwlab.sim import play_match, simulate_match
from fwlab.sim.play import play_matches
from fwlab.sim.runner import run_batch

DECK_RULESETS = ("fw", "fw-epic", "bg", "fr", "eredan")


def names_of(ruleset: str, i: int = 0) -> list[str]:
    return list(starter_decks(ruleset)[i].cards())


def as_deck(ruleset: str, names: list[str], name: str) -> Deck:
    return Deck(ruleset, name, tuple(DeckEntry(n, c) for c, n in Counter(names).items()))


def is_character(ruleset: str, name: str) -> bool:
    return deck_rules_for(ruleset).is_character(load_catalog(ruleset)[name])


def ten_cards(ruleset: str) -> list[str]:
    """The first starter deck cut to 10 cards (its characters kept: Eredan's three plus 10)."""
    names = names_of(ruleset)
    chars = [n for n in names if is_character(ruleset, n)]
    return chars + [n for n in names if not is_character(ruleset, n)][:10]


def one_too_many(ruleset: str) -> tuple[list[str], str]:
    """The first starter deck, same size, with one copy over the limit of its commonest plain card
    (not Special, not unique, no evolution), the copies replacing other cards."""
    cat, rules = load_catalog(ruleset), deck_rules_for(ruleset)
    names = names_of(ruleset)
    counts = Counter(names)
    plain = [n for n, _ in counts.most_common() if not is_character(ruleset, n) and not cat[n].special
             and not cat[n].fields.get("unique") and not cat[n].fields.get("evolution")]
    card = plain[0]
    assert rules.max_copies is not None
    out = list(names)
    need = rules.max_copies + 1 - counts[card]
    for i, n in enumerate(out):
        if need and n != card and not is_character(ruleset, n):
            out[i] = card
            need -= 1
    assert Counter(out)[card] == rules.max_copies + 1 and len(out) == len(names)
    return out, card


def refusals(ruleset: str) -> list[tuple[list[str], str, str]]:
    """(deck, problem code, a text the message must hold) per broken deck rule of ``ruleset``."""
    rules = deck_rules_for(ruleset)
    over, card = one_too_many(ruleset)
    out = [(ten_cards(ruleset), "DECK-SIZE", "has 10 cards"),
           (over, "DECK-COPIES", f"{card}: {rules.max_copies + 1} copies")]
    if rules.max_special is not None:
        cat = load_catalog(ruleset)
        special = next(c.name for c in cat if c.special and c.type in rules.quotas)
        names = names_of(ruleset)
        swap = next(i for i, n in enumerate(names) if not cat[n].special)
        out.append((names[:swap] + [special] * 2 + names[swap + 2:], "DECK-SPECIAL", f"{special} is a Special card"))
    return out


def eredan_two_guilds() -> list[str]:
    """The Ashen Pact starter with one of its characters swapped for a Tidewardens character."""
    names = names_of("eredan", 0)
    assert "Duskmaw the Stitcher" in names and starter_decks("eredan")[0].name == "Ashen Pact Raiders"
    return ["Nerys Frostweave" if n == "Duskmaw the Stitcher" else n for n in names]


def check_refused(exc: pytest.ExceptionInfo[BaseException], rule: str, text: str, who: str) -> None:
    msg = str(exc.value)
    assert isinstance(exc.value, SetupError) and isinstance(exc.value, ValueError)
    assert who in msg and text in msg and f"[{rule}]" in msg, msg
    assert rule in [p.rule for p in exc.value.problems]


# ------------------------------------------------------------------ the engines' new_game, one rule ID each
def refused_by_every_entry(ruleset: str, bad: list[str], rule: str, text: str) -> None:
    """``new_game`` (names the seat), ``play_match`` and ``simulate_match`` (name the deck) refuse."""
    eng = engine_for(ruleset)
    good = names_of(ruleset, 1)
    with pytest.raises(ValueError) as exc:
        eng.new_game(ruleset, [good, bad], 1, 0)
    check_refused(exc, rule, text, "seat b's deck")
    with pytest.raises(ValueError) as exc:
        eng.new_game(ruleset, [bad, good], 1, 1, record=False, log_cards=False)
    check_refused(exc, rule, text, "seat a's deck")
    deck = as_deck(ruleset, bad, "Broken Test Deck")
    with pytest.raises(ValueError) as exc:
        play_match(ruleset, [starter_decks(ruleset)[1], deck], seed=2)
    check_refused(exc, rule, text, "deck 'Broken Test Deck' (seat b)")
    with pytest.raises(ValueError) as exc:
        simulate_match([deck, starter_decks(ruleset)[1]], ruleset, n=3)
    check_refused(exc, rule, text, "deck 'Broken Test Deck' (seat a)")
    # the same deck as fwlab deck check sees it: the one check
    assert rule in [p.rule for p in validate(deck)]


@pytest.mark.parametrize("ruleset", ["fw", "fw-epic"])
def test_FW_DECK_1_CORE_SETUP_1_a_small_deck_five_copies_or_two_specials_are_refused_by_the_engine(ruleset):
    for bad, rule, text in refusals(ruleset):
        refused_by_every_entry(ruleset, bad, rule, text)


def forty_one() -> list[str]:
    """The first fw starter deck and one more copy of a card it holds three of: 41 cards, four copies."""
    names = names_of("fw")
    three = next(n for n, k in Counter(names).items() if k == 3)
    assert len(names) == 40 and Counter(names + [three])[three] == 4
    return names + [three]


def test_FW_DECK_1_a_fw_deck_may_hold_more_than_forty_cards_and_four_copies():
    """The other side of FW-DECK-1's limits: 41 cards and four copies of a name are legal."""
    names = forty_one()
    g = engine_for("fw").new_game("fw", [names, names_of("fw", 1)], 1, 0)
    assert len(g.record.setups[0]) == 41


def test_BG_DECK_1_CORE_SETUP_1_bg_decks_are_exactly_forty_with_five_copies_and_one_of_each_special():
    for bad, rule, text in refusals("bg"):
        refused_by_every_entry("bg", bad, rule, text)
    names = names_of("bg")
    with pytest.raises(SetupError, match=r"has 41 cards; a bg deck needs exactly 40 cards\. \[DECK-SIZE\]"):
        engine_for("bg").new_game("bg", [names + names[:1], names], 1, 0)


def test_FR_DECK_3_CORE_SETUP_1_fr_decks_of_ten_cards_or_four_copies_are_refused_by_the_engine():
    for bad, rule, text in refusals("fr"):
        refused_by_every_entry("fr", bad, rule, text)


def test_ER_DECK_1_ER_DECK_5_CORE_SETUP_1_eredan_ten_cards_or_four_copies_are_refused_by_the_engine():
    for bad, rule, text in refusals("eredan"):
        refused_by_every_entry("eredan", bad, rule, text)
    # and five copies, as the issue found them accepted
    names, card = one_too_many("eredan")
    five = [card if i < 2 and n != card and not is_character("eredan", n) else n for i, n in enumerate(names)]
    with pytest.raises(SetupError, match="copies, but an eredan deck allows at most 3"):
        engine_for("eredan").new_game("eredan", [five, names_of("eredan", 1)], 1, 0)


def test_ER_DECK_3_CORE_SETUP_1_two_guilds_are_refused_instead_of_taking_the_last_guild_character():
    """The engine took the deck's guild from its last guild character; now two guilds never start."""
    bad = eredan_two_guilds()
    refused_by_every_entry("eredan", bad, "DECK-GUILD", "Nerys Frostweave belongs to Tidewardens")


def test_ER_DECK_1_a_character_missing_or_listed_twice_is_refused():
    names = names_of("eredan")
    chars = [n for n in names if is_character("eredan", n)]
    twice = [chars[0] if n == chars[1] else n for n in names]
    with pytest.raises(SetupError, match=f"{chars[0]} is listed 2 times.*DECK-CHARACTERS"):
        engine_for("eredan").new_game("eredan", [twice, names], 1, 0)
    with pytest.raises(SetupError, match="has 2 characters; an eredan deck needs exactly 3"):
        engine_for("eredan").new_game("eredan", [names, [n for n in names if n != chars[2]]], 1, 0)


def test_CQ_SETUP_1_CORE_SETUP_1_conquest_seats_bring_no_deck():
    eng = engine_for("conquest")
    with pytest.raises(ValueError, match="one shared deck: seat b brings no deck"):
        eng.new_game("conquest", [None, names_of("fw"), None], 1, 0)
    with pytest.raises(ValueError, match="played without decks"):
        play_match("conquest", [None, names_of("fw"), None], seed=1)
    assert eng.new_game("conquest", [None] * 3, 1, 0).record.setups == (None, None, None)


@pytest.mark.parametrize("ruleset", DECK_RULESETS)
def test_CORE_SETUP_1_every_starter_deck_passes_the_engines_check(ruleset):
    eng = engine_for(ruleset)
    decks = starter_decks(ruleset)
    for i, d in enumerate(decks):
        g = eng.new_game(ruleset, [list(d.cards()), list(decks[(i + 1) % len(decks)].cards())], i, i % 2,
                         record=False, log_cards=False)
        assert not g.is_terminal() or g.outcome is not None


# ------------------------------------------------------------------ whoever calls it
def test_CORE_SETUP_1_the_workers_functions_refuse_too():
    """What a process pool or a cluster worker runs: a simulator batch, a league batch, a lab block."""
    from fwlab.lab.batch import play_block

    bad = tuple(ten_cards("fr"))
    good = tuple(names_of("fr", 1))
    with pytest.raises(SetupError, match=r"seat a's deck is not a legal fr deck: .*\[DECK-SIZE\]"):
        run_batch(([bad, good], "fr", ["random", "random"], 1, 0, 2, False))
    with pytest.raises(SetupError, match=r"seat b's deck is not a legal fr deck"):
        play_matches("fr", [([good, bad], ["random", "random"], 1, 0)])
    with pytest.raises(SetupError, match=r"seat b's deck is not a legal fr deck"):
        play_block(("fr", ("random", "random"), 1, 0, 2, ((good, bad, None),)))


def test_CORE_SETUP_1_a_setup_error_crosses_a_process_boundary_intact():
    with pytest.raises(SetupError) as exc:
        engine_for("fw").new_game("fw", [ten_cards("fw"), names_of("fw")], 1, 0)
    again = pickle.loads(pickle.dumps(exc.value))
    assert type(again) is SetupError and str(again) == str(exc.value) and again.problems == exc.value.problems
    assert str(again.named("Mine")).startswith("deck 'Mine' (seat a) is not a legal fw deck")


def test_CORE_SETUP_1_a_deck_is_checked_per_ruleset_and_per_catalog_not_once_for_all():
    """The check is cached with the compiled deck, but under the ruleset and catalog it passed: a
    41-card fw deck (legal) is still refused by bg, and a deck is refused under a catalog in which
    one of its cards became Special."""
    names = tuple(forty_one())  # the fw and bg catalogs are one (the daemornia family)
    fw_ok = engine_for("fw").new_game("fw", [names, names], 1, 0)
    assert len(fw_ok.record.setups[0]) == 41
    with pytest.raises(SetupError, match=r"bg deck needs exactly 40"):
        engine_for("bg").new_game("bg", [names, names], 1, 0)
    fw = tuple(names_of("fw"))
    card = next(n for n, k in Counter(fw).items() if k >= 2)
    changed = apply_overrides(load_catalog("fw"), {card: {"special": True, "rarity": "special"}})
    engine_for("fw").new_game("fw", [fw, fw], 1, 0)
    with pytest.raises(SetupError, match=f"{card} is a Special card"):
        engine_for("fw").new_game("fw", [fw, fw], 1, 0, catalog=changed)


def test_CORE_SETUP_1_a_simulation_checks_each_deck_once_not_once_a_game(monkeypatch):
    calls: list[str] = []
    real = engines.setup_error

    def counting(ruleset, seat, names, catalog, rules, deck=None):
        calls.append(ruleset)
        return real(ruleset, seat, names, catalog, rules, deck)

    monkeypatch.setattr(engines, "setup_error", counting)
    a, b = starter_decks("fr")[2], starter_decks("fr")[3]
    res = simulate_match([a, b], "fr", n=12, bots=["random", "random"], batch_size=5)
    assert res.games == 12
    # two decks: each checked up front once and by the engine at most once (its cache), never per game
    assert 2 <= len(calls) <= 4, calls


def test_CORE_SETUP_1_a_league_refuses_an_illegal_deck_in_the_store_naming_it(tmp_path: Path):
    from fwlab.store import connect
    from fwlab.store.build import build_from_data, load_sources
    from fwlab.store.league import run_league

    con = connect(tmp_path / "fwlab.duckdb")
    build_from_data(con, load_sources())
    deck_id = con.execute("SELECT min(deck_id) FROM decks WHERE ruleset = 'fr' AND source = 'starter'").fetchone()[0]
    bad = format_decklist(as_deck("fr", ten_cards("fr"), "Cut Down"))
    con.execute("UPDATE decks SET decklist = ? WHERE deck_id = ?", [bad, deck_id])
    with pytest.raises(SetupError) as exc:
        run_league(con, ruleset="fr", players=4, matches=4, seed=5, progress=False)
    msg = str(exc.value)
    assert msg.startswith(f"deck {deck_id!r} is not a legal fr deck") and "has 10 cards" in msg, msg
    assert con.execute("SELECT count(*) FROM matches WHERE source = 'league'").fetchone()[0] == 0
    con.close()


def test_CORE_SETUP_1_the_lab_refuses_an_illegal_deck_and_a_change_that_makes_one(tmp_path: Path, capsys):
    bad = tmp_path / "cut-down.txt"
    bad.write_text(format_decklist(as_deck("fw", ten_cards("fw"), "Cut Down")))
    harmless = tmp_path / "harmless.toml"
    card = starter_decks("fw")[1].entries[0].name
    harmless.write_text(f'["{card}"]\natt = {load_catalog("fw")[card].attack}\n')
    code = main(["whatif", "--ruleset", "fw", "--changes", str(harmless), "--decks", str(bad),
                 "fw/" + Path(starter_decks("fw")[1].source).stem, "-n", "2", "--no-store", "--json"])
    err = capsys.readouterr().err
    assert code == 2 and "cut-down" in err and "has 10 cards" in err, err
    # a change that makes a card Special turns a deck holding two of it illegal: refused before any game
    deck = starter_decks("fw")[0]
    card = next(n for n, k in deck.counts().items() if k >= 2)
    changes = tmp_path / "gold.toml"
    changes.write_text(f'["{card}"]\nspecial = true\nrarity = "special"\n')
    code = main(["whatif", "--ruleset", "fw", "--changes", str(changes), "-n", "2", "--no-store", "--json"])
    err = capsys.readouterr().err
    stem = Path(deck.source).stem
    assert code == 2 and f"fw/{stem}" in err and f"{card} is a Special card" in err and "card changes" in err, err


def test_CORE_SETUP_1_a_position_is_not_a_setup_a_small_deck_mid_game_loads():
    """Positions set up mid-game states (docs/positions.md): a deck of three cards is a state, not a
    setup, so load_position does not apply the deck rules."""
    g = engine_for("fw").new_game("fw", [names_of("fw"), names_of("fw", 1)], 4, 0)
    pos = position_of("fw", g, deck=True)
    pos["seats"][0]["deck"] = pos["seats"][0]["deck"][:3]
    again = load_position(json.loads(json.dumps(pos)), load_catalog("fw"))
    assert len(position_of("fw", again, deck=True)["seats"][0]["deck"]) == 3
