"""Words that match the code (issue 29 item 7): what the docs say about which rulesets have an engine
comes from the registry (DOCS-RULESETS-1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fwlab.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
#: phrases that say a ruleset cannot be played or set up yet
NOT_YET = re.compile(r"(no (rules )?engine|has no positions|no positions as text|not (yet )?(registered|simulated)|"
                     r"without an engine|cannot be simulated|engine yet)", re.I)
RULESET = re.compile(r"`(" + "|".join(map(re.escape, sorted(RULESETS, key=len, reverse=True))) + r")`")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_DOCS_RULESETS_1_no_doc_says_a_ruleset_with_an_engine_has_none(doc):
    bad = []
    for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        if NOT_YET.search(line) and RULESET.search(line):
            bad.append(f"{doc.name}:{n}: {line.strip()[:120]}")
    assert not bad, "a doc says a ruleset that has an engine has none:\n" + "\n".join(bad)


@pytest.mark.parametrize("name", ["rules.md", "positions.md", "rule-options.md"])
def test_DOCS_RULESETS_1_the_engine_docs_name_every_ruleset_the_registry_has(name):
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    missing = [r for r in RULESETS if f"`{r}`" not in text]
    assert not missing, f"docs/{name} does not name {missing}"
