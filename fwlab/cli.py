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
    "fwlab.store.replay_cmd",
    "fwlab.ui.cli",
    "fwlab.calc.cli",
    "fwlab.decks.cli",
    "fwlab.decks.card_cli",
    "fwlab.ratings.cli",
    "fwlab.ratings.bots_cli",
    "fwlab.reports.cli",
    "fwlab.lab.cli",
    "fwlab.health.cli",
    "fwlab.native",
    "fwlab.cluster",
)


#: Each subcommand's module and help line, so ``fwlab --help`` and a light subcommand import only
#: what they use (``fwlab tohit`` loads ``fwlab.calc.cli`` and nothing of pandas, scipy or duckdb).
#: A module in :data:`COMMAND_MODULES` whose command is missing here still works (it is imported
#: when its name is not found); ``tests/test_cli_startup.py`` keeps this table complete.
COMMANDS: dict[str, tuple[str, str]] = {
    "init": ("fwlab.store.cli", "build the store from data/ (catalogs, starter decks) and a small league"),
    "import": ("fwlab.store.cli", "import match logs (CSV, Parquet, JSON Lines), checked before writing"),
    "export": ("fwlab.store.cli", "export the match logs to Parquet or CSV folders"),
    "league": ("fwlab.store.cli", "play a simulated league of bot players into the store"),
    "db": ("fwlab.store.cli", "store maintenance"),
    "simulate": ("fwlab.sim.cli", "play N games between decks (one per seat) with bots"),
    "engines": ("fwlab.sim.cli", "list every ruleset with its engine state (seats, bots, compiled, rule options)"),
    "position": ("fwlab.sim.position_cli", "show, play or start a game position written as text (docs/positions.md)"),
    "replay": ("fwlab.store.replay_cmd", "one game told action by action, turn by turn (a simulated game, a record, "
                                       "a position)"),
    "app": ("fwlab.ui.cli", "serve the Streamlit workbench on http://localhost:8501"),
    "tohit": ("fwlab.calc.cli", "D6 to-hit roll (fw/bg): one pair or the whole chart"),
    "combat": ("fwlab.calc.cli", "exact outcome of one attacker against its blockers"),
    "battle-odds": ("fwlab.calc.cli", "Free Realms battle: P(win/tie/lose) from both decks' gem flips"),
    "deck": ("fwlab.decks.cli", "deck validation, statistics, draw odds and the deck builder helper"),
    "card": ("fwlab.decks.card_cli", "one card of a catalog: its fields as text or JSON, its face as SVG"),
    "elo": ("fwlab.ratings.cli", "rating leaderboard (the game's Elo rule, logistic Elo, OpenSkill)"),
    "bots": ("fwlab.ratings.bots_cli", "bot ladder: a rated round robin of bots over a ruleset's starter field"),
    "report": ("fwlab.reports.cli", "analytics reports over the match logs"),
    "whatif": ("fwlab.lab.cli", "re-play a field of decks after a change to some cards or rules (paired, with the "
                                "equilibrium meta)"),
    "tune": ("fwlab.lab.cli", "search better decks near a deck by card swaps, raced on paired seeds"),
    "lab": ("fwlab.lab.cli", "past balance lab runs kept in the store"),
    "health": ("fwlab.health.cli", "game health: end reasons, length, seat and turn-order win rates against "
                                   "their bands"),
    "native": ("fwlab.native", "build or inspect the compiled (mypyc) rules engines"),
    "cluster": ("fwlab.cluster", "start a local Dask cluster for trying --cluster"),
}


def _parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    parser = argparse.ArgumentParser(
        prog="fwlab",
        description="Card-analytics workbench for Fallen Worlds Online, Battlegrounds, Free Realms, Eredan and Conquest.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    return parser, sub


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser (every module imported), or with ``command`` only that subcommand's module
    imported (the others listed by name and help, so ``fwlab --help`` stays complete)."""
    parser, sub = _parser()
    if command is None:
        for mod in COMMAND_MODULES:
            importlib.import_module(mod).register(sub)
        return parser
    module = COMMANDS[command][0]
    importlib.import_module(module).register(sub)
    for name, (mod, help_text) in COMMANDS.items():
        if mod != module:
            sub.add_parser(name, help=help_text)
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (the first word not an option), if it is in :data:`COMMANDS`."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    command = _command_of(words)
    if command is None and any(w in ("-h", "--help") for w in words) or not words:
        parser, sub = _parser()  # the command list from the table: nothing imported
        for name, (_mod, help_text) in COMMANDS.items():
            sub.add_parser(name, help=help_text)
        if len(COMMANDS) < _listed_commands():
            parser = build_parser()
    else:
        parser = build_parser(command)
    args = parser.parse_args(words)
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


def _listed_commands() -> int:
    """How many commands :data:`COMMAND_MODULES` could add beyond the table: a module not in the
    table makes ``fwlab --help`` build the whole parser, so no command is ever missing from it."""
    known = {mod for mod, _h in COMMANDS.values()}
    return len(COMMANDS) + sum(1 for m in COMMAND_MODULES if m not in known)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
