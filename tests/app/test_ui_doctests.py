"""The doctests of the app's helper modules hold (pages are scripts and are not imported here)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["fwlab.ui.widgets", "fwlab.ui.catalog_view"])
def test_ui_module_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
