"""Shared test set-up: ``tests/support`` (the toy engines used only by tests) is importable."""

from __future__ import annotations

import sys
from pathlib import Path

SUPPORT = Path(__file__).parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))
