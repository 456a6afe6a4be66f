"""The doctests of the calculators and deck analytics (fwlab modules are not collected by pytest)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "fwlab.calc", "fwlab.calc.tohit", "fwlab.calc.fighter", "fwlab.calc.combat", "fwlab.calc.duel",
    "fwlab.calc.attack", "fwlab.calc.gems", "fwlab.calc.collector", "fwlab.calc.eredan", "fwlab.calc.conquest",
    "fwlab.calc.montecarlo", "fwlab.decks.validate", "fwlab.decks.stats", "fwlab.decks.odds",
    "fwlab.decks.helper",
]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0, f"{name} has no doctest"
