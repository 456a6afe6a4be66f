"""Packages that import their submodules only when a name is first used (PEP 562).

A package's ``__init__`` lists which submodule defines each public name; ``import fwlab.calc``
then costs nothing, and ``from fwlab.calc import need_to_hit`` imports ``fwlab.calc.tohit`` alone
(not numpy and scipy through its siblings), so a command such as ``fwlab tohit`` starts at once.

>>> getattr_, dir_ = lazy_exports("fwlab.calc", {"need_to_hit": "tohit"})
>>> getattr_("need_to_hit")(3, 4)
5
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, names: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: ``names`` maps each public name to the submodule
    (relative to the package) that defines it."""

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)

    def __dir__() -> list[str]:
        return sorted(names)

    return __getattr__, __dir__
