"""The doctests of the store modules hold (pytest collects doctests under tests/ only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["fwlab.store.schema", "fwlab.store.migrations", "fwlab.store.build", "fwlab.store.ingest",
           "fwlab.store.export", "fwlab.store.league", "fwlab.store.queries"]


@pytest.mark.parametrize("name", MODULES)
def test_store_module_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    assert result.attempted > 0
