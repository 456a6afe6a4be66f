"""A CLI that starts at once (issue 29): ``fwlab --help`` and the light subcommands import only what
they use (CLI-START-1), and the command table that makes that possible lists every subcommand."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from fwlab.cli import COMMAND_MODULES, COMMANDS

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("pandas", "scipy", "polars", "plotly", "duckdb", "streamlit")
LIGHT = [
    ["--help"],
    ["tohit", "--att", "3", "--def", "4"],
    ["tohit", "--table"],
    ["deck", "check", "data/decks/fw/iron-tide.txt"],
    ["deck", "check", "data/decks/eredan/" + sorted(p.name for p in (ROOT / "data/decks/eredan").glob("*.txt"))[0]],
    ["engines"],
    ["position", "show", "data/positions/fw-block.json"],
    ["simulate", "--help"],
]
PROBE = f"""import sys
sys.argv = ['fwlab', *sys.argv[1:]]
from fwlab.cli import main
try:
    code = main()
except SystemExit as exc:
    code = exc.code
print('HEAVY=' + ','.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)
sys.exit(code or 0)
"""


def test_CLI_START_1_the_command_table_lists_every_subcommand_of_every_module():
    for mod in COMMAND_MODULES:
        p = argparse.ArgumentParser()
        sub = p.add_subparsers()
        importlib.import_module(mod).register(sub)
        for name in sub.choices:
            assert name in COMMANDS, f"{mod} adds `fwlab {name}`, missing from fwlab.cli.COMMANDS"
            assert COMMANDS[name][0] == mod, f"`fwlab {name}` is in {mod}, the table says {COMMANDS[name][0]}"


@pytest.mark.parametrize("argv", LIGHT, ids=lambda a: " ".join(a))
def test_CLI_START_1_a_light_subcommand_imports_no_dataframe_chart_or_database_library(argv):
    proc = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    heavy = [ln[6:] for ln in proc.stderr.splitlines() if ln.startswith("HEAVY=")]
    assert heavy == [""], f"fwlab {' '.join(argv)} imported {heavy}"


def test_CLI_START_1_help_lists_every_command_without_importing_them():
    proc = subprocess.run([sys.executable, "-c", PROBE, "--help"], cwd=ROOT, capture_output=True, text=True)
    for name in COMMANDS:
        assert name in proc.stdout


@pytest.mark.parametrize("package", ["fwlab.calc", "fwlab.decks", "fwlab.sim"])
def test_CLI_START_1_a_lazy_package_gives_each_name_its_object_even_after_every_submodule_is_loaded(package):
    import pkgutil

    pkg = importlib.import_module(package)
    for info in pkgutil.iter_modules(pkg.__path__):  # load every submodule first: the import system then
        importlib.import_module(f"{package}.{info.name}")  # sets a package attribute per submodule
    for name in pkg.__all__:
        value = getattr(pkg, name)
        assert not isinstance(value, type(pkg)), f"{package}.{name} is a module, not the name it exports"
