"""docs/rules.md and the tests agree: every rule ID has a test naming it, every named test exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from fwlab.rules.daemornia.cards import CardDef
from fwlab.rules.keywords import KEYWORDS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "rules.md").read_text()
IDS = re.findall(r"^### ([A-Z]+(?:-[A-Z0-9]+)+)", DOC, flags=re.M)


def collected_tests(source: str) -> dict[str, str]:
    """The test functions of a test module (module level and in classes), each with its docstring.

    Comments, helpers, nested functions and the module docstring are not tests and name no rule."""
    tree = ast.parse(source)
    nodes = list(tree.body) + [n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body]
    return {n.name: ast.get_docstring(n) or "" for n in nodes
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test")}


TESTS = {name: doc for p in sorted((ROOT / "tests").rglob("test_*.py"))
         for name, doc in collected_tests(p.read_text()).items()}


def names(rule: str, text: str) -> bool:
    """Whether ``text`` names the rule, as ``FW-COMBAT-4`` or ``FW_COMBAT_4`` (``FW_COMBAT_40`` does not)."""
    return any(re.search(rf"(?<![A-Za-z0-9]){re.escape(form)}(?![A-Za-z0-9])", text)
               for form in (rule, rule.replace("-", "_")))


def test_rules_doc_lists_rule_ids():
    assert len(IDS) > 60
    assert len(IDS) == len(set(IDS)), "a rule ID is listed twice"


def test_every_rule_id_has_a_test_naming_it():
    """A test function's name or docstring names each rule; a comment or a module docstring does not count."""
    missing = [i for i in IDS if not any(names(i, name) or names(i, doc) for name, doc in TESTS.items())]
    assert not missing, f"rule IDs without a test function naming them: {missing}"


def test_every_eredan_rule_id_of_the_engine_and_its_rules_tests_is_in_the_doc():
    """The other way round, for the Eredan engine: each ER-… ID its game module lists, and each one
    a test of its rules modules names, has its section (ER-DECK-… are the deck rules of decklists.md)."""
    plan = ast.get_docstring(ast.parse((ROOT / "fwlab" / "rules" / "eredan" / "game.py").read_text())) or ""
    listed = set(re.findall(r"ER-[A-Z]+-\d+", plan))
    for stem, a, b in re.findall(r"(ER-[A-Z]+)-(\d+)\.\.(\d+)", plan):  # ER-CHAIN-1..3
        listed |= {f"{stem}-{k}" for k in range(int(a), int(b) + 1)}
    named: set[str] = set()
    for module in ("test_er_rules.py", "test_er_chains.py", "test_er_properties.py"):
        for name, doc in collected_tests((ROOT / "tests" / "rules" / module).read_text()).items():
            named |= {m.replace("_", "-") for m in re.findall(r"(?<![A-Za-z0-9])ER_[A-Z]+_\d+", name)}
            named |= set(re.findall(r"ER-[A-Z]+-\d+", doc))
    assert len(listed) > 20 and named
    missing = sorted(i for i in listed | named if i not in IDS and not i.startswith("ER-DECK-"))
    assert not missing, f"Eredan rule IDs without a section in docs/rules.md: {missing}"


MODULE = '''"""FW-END-1 in the module docstring."""
# FW-END-2 in a comment


def helper_FW_HIT_1():
    pass


def test_x():
    """KW-SHIELD in a docstring."""
    x = "FW-HIT-2"  # FW-HIT-3

    def test_FW_DRAW_1_nested():
        pass


class TestY:
    def test_FW_RES_1_a_method(self):
        pass
'''


def test_only_test_functions_name_rules():
    found = collected_tests(MODULE)
    assert set(found) == {"test_x", "test_FW_RES_1_a_method"}
    rules = ["FW-END-1", "FW-END-2", "FW-HIT-1", "FW-HIT-2", "FW-HIT-3", "FW-DRAW-1", "KW-SHIELD", "FW-RES-1"]
    named = [i for i in rules if any(names(i, n) or names(i, d) for n, d in found.items())]
    assert named == ["KW-SHIELD", "FW-RES-1"]
    assert names("FW-COMBAT-4", "test_FW_COMBAT_4_aid") and not names("FW-COMBAT-4", "test_FW_COMBAT_40_aid")


def test_every_test_the_doc_names_exists():
    named = set(re.findall(r"`(test_[A-Za-z0-9_]+)`", DOC))
    unknown = sorted(named - set(TESTS))
    assert not unknown, f"docs/rules.md names tests that do not exist: {unknown}"


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
