"""Deck rules from the registry (issue 25 part 4, DECK-RULES-1): every number and per-game choice of
the deck tools comes from the engine's :class:`~fwlab.rules.deckrules.DeckRules`.

A toy card game registered at run time with its own deck rules (numbers no built-in game uses) is
validated, gets draw and deploy odds, a curve, a mix and a profile, is filled by the helper and
offered by the deck builder, with no edit of ``fwlab/decks`` or ``fwlab/ui``; and
``fwlab/decks``/``fwlab/ui`` hold no literal ruleset id or family name (DECK-RULES-2).
"""

from __future__ import annotations

import ast
import re
import sys
import types
from collections.abc import Iterator, Sequence
from math import comb
from pathlib import Path
from typing import Any

import pytest

from fwlab.catalog import Card, Catalog
from fwlab.decks import Deck, DeckEntry, parse_decklist
from fwlab.decks.helper import fill_deck
from fwlab.decks.odds import cards_seen, deploy_odds, draw_odds
from fwlab.decks.stats import deck_stats
from fwlab.decks.validate import validate
from fwlab.rules import engines
from fwlab.rules.deckrules import DeckRules, Problem
from fwlab.rules.engines import Engine, deck_rules_for, deck_rulesets
from fwlab.rulesets import (
    ENGINE_INFO,
    FAMILIES,
    FAMILY,
    REGISTRY,
    RULESETS,
    TITLES,
    EngineInfo,
    Ruleset,
    info,
    register,
)

ROOT = Path(__file__).resolve().parents[2]
TOY, TOY_FAMILY, TOY_ENGINE = "toydeck", "toycards", "toy_deck_engine"


def card(name: str, type_: str, cost: int | None, **fields: Any) -> Card:
    return Card(family=TOY_FAMILY, name=name, type=type_, subtype=None, rarity="common", cost=cost,
                attack=fields.get("power"), defense=None, text="", fields={"name": name, "type": type_, **fields})


CAT = Catalog(TOY_FAMILY, {c.name: c for c in [
    *(card(f"Red Knight {i}", "knight", i % 4, colour="red", power=i) for i in range(1, 7)),
    *(card(f"Blue Knight {i}", "knight", i % 4, colour="blue", power=10 + i) for i in range(1, 7)),
    *(card(f"Spell {i}", "spell", 1, colour="red" if i % 2 else "blue") for i in range(1, 6)),
    card("Grey Wanderer", "knight", 2, colour="grey", wanderer=True, power=5),
    card("Crown", "relic", 5, special=True, colour="red"),
    card("Land", "land", None),
    card("Cursed Idol", "relic", 0, colour="red"),
    card("Leader", "leader", None, colour="red", power=20),
]})


def no_idols(cards: Sequence[tuple[Any, int]], rules: DeckRules) -> list[Problem]:
    """The toy game's own rule: a deck may not hold a Cursed Idol."""
    return [Problem("TOY-IDOL", c.name, f"{c.name} is cursed.") for c, _ in cards if c.name == "Cursed Idol"]


RULES = DeckRules(
    min_size=12, max_size=15, max_copies=2, max_special=1, characters=1, character_types=("leader",),
    check=no_idols, opening_hand=3, draws_per_turn=2, draw_on_turn_one=(False, True), resource_cycle=(2, 4),
    curve_types=("knight", "spell"), mix_field="colour", mix_types=("knight",),
    profile_fields=("power",), fighter_types=("knight",),
    quotas={"knight": 8, "spell": 4}, curve={1: 4.0, 2: 2.0, 3: 1.0},
    camp_free=lambda c: bool(c.fields.get("wanderer")),
)


def _unplayed(*_: Any, **__: Any) -> Any:
    raise NotImplementedError("the toy deck game exists for its deck rules; it is never played here")


@pytest.fixture
def toy() -> Iterator[str]:
    """The toy ruleset, registered (with its engine module) for one test and removed afterwards."""
    module = types.ModuleType(TOY_ENGINE)
    module.ENGINE = Engine(  # type: ignore[attr-defined]
        name=TOY_ENGINE, rulesets=(TOY,), end_reasons=("win",), track="score", bots={}, default_bot="random",
        new_game=_unplayed, play_out=_unplayed, summary=_unplayed, replay=_unplayed, deck_rules={TOY: RULES},
        load_position=_unplayed, position_of=_unplayed)
    sys.modules[TOY_ENGINE] = module
    register(Ruleset(TOY, TOY_FAMILY, "Toy deck game (test)", (2, 2), TOY_ENGINE), EngineInfo(TOY_ENGINE, TOY_ENGINE))
    try:
        yield TOY
    finally:
        for table in (REGISTRY, TITLES, FAMILY):
            table.pop(TOY, None)
        ENGINE_INFO.pop(TOY_ENGINE, None)
        engines._LOADED.pop(TOY_ENGINE, None)
        sys.modules.pop(TOY_ENGINE, None)


def toy_deck(counts: dict[str, int]) -> Deck:
    return Deck(TOY, "Toy", tuple(DeckEntry(n, name) for name, n in counts.items()))


LEGAL = {"Leader": 1, "Red Knight 1": 2, "Red Knight 2": 2, "Red Knight 3": 2, "Spell 1": 2, "Spell 2": 2,
         "Grey Wanderer": 1, "Crown": 1, "Land": 1}   # 13 cards besides the leader


def test_DECK_RULES_1_a_ruleset_registered_at_run_time_is_validated_by_its_own_numbers(toy: str) -> None:
    assert parse_decklist(f"ruleset: {toy}\n1 Leader\n").ruleset == toy   # the parser knows it
    assert validate(toy_deck(LEGAL), CAT) == []
    rules = [(p.rule, p.card) for p in validate(toy_deck({**LEGAL, "Red Knight 1": 3, "Crown": 2,
                                                          "Cursed Idol": 1}), CAT)]
    # 16 cards > 15; 3 > 2 copies; 2 > 1 Special; the game's own check between size and copies
    assert rules == [("DECK-SIZE", None), ("TOY-IDOL", "Cursed Idol"), ("DECK-COPIES", "Red Knight 1"),
                     ("DECK-SPECIAL", "Crown")]
    found = validate(toy_deck({"Leader": 1, "Red Knight 1": 2}), CAT)
    assert [p.message for p in found] == [f"The deck has 2 cards; a {toy} deck needs at least 12."]
    # characters: exactly one, not counted in the size
    found = validate(toy_deck({k: v for k, v in LEGAL.items() if k != "Leader"}), CAT)
    assert [(p.rule, p.message) for p in found] == [
        ("DECK-CHARACTERS", f"The deck has 0 characters; a {toy} deck needs exactly 1.")]


def test_DECK_RULES_1_draw_and_deploy_odds_follow_the_toy_hands_and_cycle(toy: str) -> None:
    # 3 opening + 2 a turn; going first skips the draw of turn 1
    assert [cards_seen(toy, t, going_first=True) for t in (1, 2, 3)] == [3, 5, 7]
    assert [cards_seen(toy, t, going_first=False) for t in (1, 2, 3)] == [5, 7, 9]
    deck = toy_deck(LEGAL)
    odds = draw_odds(deck, "Crown", turns=3, catalog=CAT, going_first=False)
    assert odds.seen == [5, 7, 9] and odds.deck_size == 14
    assert odds.p_at_least_one[0] == pytest.approx(5 / 14)
    dep = deploy_odds(deck, 4, catalog=CAT)
    assert dep.resources == ["2", "4", "2", "4"]
    # 9 of the 14 cards cost at most 2; going first: the 3 opening cards and no draw on turn 1
    assert dep.p_deploy[0] == pytest.approx(1 - comb(5, 3) / comb(14, 3))


def test_DECK_RULES_1_the_curve_mix_and_profile_read_the_toy_fields(toy: str) -> None:
    s = deck_stats(toy_deck(LEGAL), CAT)
    # curve: knights and spells only (the Crown, a relic of cost 5, is left out; the Land has no cost)
    assert s.curve == {1: 6, 2: 3, 3: 2}
    assert s.mix_field == "colour" and s.mix == {"grey": 1, "red": 6}      # knights only
    assert s.profile["power"]["max"] == 5 and s.profile["power"]["min"] == 1
    assert s.average_gems is None and s.gem_histogram is None


def test_DECK_RULES_1_the_helper_fills_by_the_toy_quotas_and_the_builder_offers_it(toy: str) -> None:
    deck = fill_deck(toy, {"Leader": 1, "Blue Knight 1": 2}, seed=3, catalog=CAT)
    assert validate(deck, CAT) == []
    cards = [CAT[n] for n in deck.cards()]
    assert sum(1 for c in cards if c.type != "leader") >= 12
    # one camp: the core's blue, the wanderer fits any
    assert {c.fields["colour"] for c in cards if c.type == "knight"} <= {"blue", "grey"}
    assert list(deck.counts())[0] == "Leader"                 # characters first
    assert fill_deck(toy, {"Leader": 1, "Blue Knight 1": 2}, seed=3, catalog=CAT) == deck
    assert toy in deck_rulesets()
    from fwlab.ui import catalog_view, deck_state

    assert toy in deck_state.buildable() and "conquest" not in deck_state.buildable()
    assert catalog_view.camp_column(TOY_FAMILY) == "colour"


def test_DECK_RULES_1_an_engine_without_deck_rules_has_no_deck_tools() -> None:
    import dice_race  # noqa: F401  (registers the toy dice game "race": an engine without deck rules)

    with pytest.raises(ValueError, match="declares no deck rules for 'race'"):
        deck_rules_for("race")
    assert "race" not in deck_rulesets()
    found = validate(Deck("race", "x", (DeckEntry(1, "A"),)))
    assert [(p.rule, p.message) for p in found] == [
        ("DECK-RULESET", "The dice_race engine declares no deck rules for 'race'.")]
    assert validate(Deck("chess", "x", (DeckEntry(1, "A"),)))[0].message == "Unknown ruleset 'chess'."
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        deck_rules_for("chess")


def test_DECK_RULES_1_the_built_in_rulesets_that_have_decks_agree_with_the_registry() -> None:
    assert deck_rulesets()[:5] == ("fw", "fw-epic", "bg", "fr", "eredan")
    for r in RULESETS:
        assert deck_rules_for(r).player_decks == info(r).uses_decks, r
    assert [p.rule for p in validate(parse_decklist("ruleset: conquest\n1 Pikes\n"))] == ["DECK-RULESET"]


def test_DECK_RULES_1_the_numbers_come_from_the_engines() -> None:
    from fwlab.rules.daemornia.config import CONFIGS
    from fwlab.rules.freerealms.game import OPENING_HAND, READY_DRAW

    for r in ("fw", "fw-epic", "bg"):
        assert deck_rules_for(r).opening_hand == CONFIGS[r].opening_hand
        assert deck_rules_for(r).resource_cycle == tuple(CONFIGS[r].cycle)
    fr = deck_rules_for("fr")
    assert (fr.opening_hand, fr.draws_per_turn) == (OPENING_HAND, READY_DRAW)


# ---------------------------------------------------------------- DECK-RULES-2
IDS = set(RULESETS) | set(FAMILIES)
#: ids that are not English words: found inside any string (messages, labels, help)
WORD = re.compile(r"(?<![\w-])(" + "|".join(sorted((re.escape(i) for i in IDS - {"conquest"}), key=len, reverse=True))
                  + r")(?![\w-])")
#: the one allowed use: "fw" names a rating system (fwlab.ratings.SYSTEMS), not a ruleset
ALLOWED = {("fwlab/ui/elo_views.py", "fw")}


def _strings(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def literal_ids(paths: Sequence[Path], root: Path = ROOT) -> list[str]:
    found = []
    for path in paths:
        rel = path.relative_to(root).as_posix()
        for line, text in _strings(path):
            hits = ({text} & IDS) | set(WORD.findall(text))
            for hit in sorted(hits):
                if (rel, hit) not in ALLOWED:
                    found.append(f"{rel}:{line}: {hit!r} in {text[:60]!r}")
    return found


def test_DECK_RULES_2_decks_and_ui_hold_no_literal_ruleset_id_or_family_name() -> None:
    paths = sorted((ROOT / "fwlab" / "decks").rglob("*.py")) + sorted((ROOT / "fwlab" / "ui").rglob("*.py"))
    assert len(paths) > 20
    assert literal_ids(paths) == []


def test_DECK_RULES_2_the_scan_finds_tables_and_tests_of_rulesets(tmp_path: Path) -> None:
    # the scan is not blind: the kinds of per-game tables and tests the deck tools used to hold are found
    probe = tmp_path / "fwlab" / "ui" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text('"""A docstring may name fw."""\nLIMITS = {"fw": 40, "bg": 40}\n'
                     'def f(r):\n    return f"an {r} deck" if r in ("fr", "eredan") else "a daemornia card"\n'
                     'def g(r):\n    return r == "conquest" or "the conquest of a field"\n'
                     'S = {"fw": "fw rating"}\n', encoding="utf-8")
    hits = {h.split(": ", 1)[1].split(" in ")[0] for h in literal_ids([probe], tmp_path)}
    assert hits == {"'fw'", "'bg'", "'fr'", "'eredan'", "'daemornia'", "'conquest'"}
    assert len(literal_ids([probe], tmp_path)) == 8   # conquest as a plain word is no hit
    # the allowance is for elo_views.py only
    (tmp_path / "fwlab" / "ui" / "elo_views.py").write_text(probe.read_text(encoding="utf-8"), encoding="utf-8")
    assert len(literal_ids([tmp_path / "fwlab" / "ui" / "elo_views.py"], tmp_path)) == 8 - 3
