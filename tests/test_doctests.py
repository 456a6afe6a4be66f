"""Every doctest in the fwlab package holds (pytest collects doctests under tests/ only, so the
package's own examples are run here, module by module). Page scripts in fwlab/ui/pages are not
imported: they are Streamlit scripts, tested by tests/app."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import fwlab

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(fwlab.__path__, "fwlab.")
    if not m.name.startswith("fwlab.ui.pages")
)


def test_the_package_has_doctests_worth_running():
    with_examples = [m for m in MODULES if doctest.DocTestFinder().find(importlib.import_module(m))
                     and any(t.examples for t in doctest.DocTestFinder().find(importlib.import_module(m)))]
    assert len(with_examples) >= 30


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.failed == 0
