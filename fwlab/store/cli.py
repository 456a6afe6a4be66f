"""Store commands (``fwlab init``); filled in by the store work."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    del sub
