"""The ``fwlab`` command line. Each subcommand lives next to the API it drives and registers itself here.

A command module exposes ``register(subparsers)``, adding one or more subparsers whose
``func(args) -> int`` is called with the parsed arguments.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .catalog import CatalogError

#: Modules that add subcommands, in the order they appear in ``fwlab --help``.
COMMAND_MODULES: tuple[str, ...] = (
    "fwlab.store.cli",
    "fwlab.sim.cli",
    "fwlab.sim.position_cli",
    "fwlab.ui.cli",
    "fwlab.calc.cli",
    "fwlab.decks.cli",
    "fwlab.ratings.cli",
    "fwlab.reports.cli",
    "fwlab.lab.cli",
    "fwlab.native",
    "fwlab.cluster",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fwlab",
        description="Card-analytics workbench for Fallen Worlds Online, Battlegrounds, Free Realms, Eredan and Conquest.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for mod in COMMAND_MODULES:
        importlib.import_module(mod).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (CatalogError, ValueError) as exc:
        # bad input (a catalog, a deck, a number out of range) is a message and exit status 2;
        # commands raise ValueError with a sentence that names what was wrong
        print(f"fwlab: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("fwlab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
