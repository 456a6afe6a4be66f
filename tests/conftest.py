"""Shared test set-up: ``tests/support`` (the toy engines used only by tests) is importable."""

from __future__ import annotations

import sys
from pathlib import Path

SUPPORT = Path(__file__).parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))

# Hypothesis' per-example deadline (200 ms) measures the machine, not the code: on a loaded 2-core
# CI machine a pandas call can take half a second once. Properties are judged on results only.
from hypothesis import settings  # noqa: E402

settings.register_profile("fwlab", deadline=None)
settings.load_profile("fwlab")
