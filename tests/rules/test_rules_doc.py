"""docs/rules.md and the tests agree: every rule ID has a test naming it, every named test exists."""

from __future__ import annotations

import re
from pathlib import Path

from fwlab.rules.daemornia.cards import CardDef
from fwlab.rules.keywords import KEYWORDS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "rules.md").read_text()
TESTS = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
IDS = re.findall(r"^### ([A-Z]+(?:-[A-Z0-9]+)+)", DOC, flags=re.M)


def test_rules_doc_lists_rule_ids():
    assert len(IDS) > 60
    assert len(IDS) == len(set(IDS)), "a rule ID is listed twice"


def test_every_rule_id_has_a_test_naming_it():
    missing = [i for i in IDS if i not in TESTS and i.replace("-", "_") not in TESTS]
    assert not missing, f"rule IDs without a test naming them: {missing}"


def test_every_test_the_doc_names_exists():
    named = set(re.findall(r"`(test_[A-Za-z0-9_]+)`", DOC))
    defined = set(re.findall(r"def (test_[A-Za-z0-9_]+)", TESTS))
    assert not named - defined, f"docs/rules.md names tests that do not exist: {sorted(named - defined)}"


def test_CORE_KW_1_every_keyword_has_an_engine_handler_and_a_rule():
    src = (ROOT / "fwlab" / "rules" / "daemornia" / "cards.py").read_text()
    for kw in KEYWORDS:
        assert f'kw == "{kw}"' in src, f"CardDef does not handle keyword {kw}"
        assert f"KW-{kw.upper().replace('_', '-')}" in IDS, f"docs/rules.md has no rule for keyword {kw}"
    # a compiled card keeps the keywords it was given, in order
    from fwlab.catalog import load_catalog
    from fwlab.rules.daemornia.cards import compile_card

    with_kw = [c for c in load_catalog("fw").cards.values() if c.abilities]
    assert with_kw
    for card in with_kw:
        d: CardDef = compile_card(card)
        assert list(d.keywords) == [ab["kw"] for ab in card.abilities], card.name
