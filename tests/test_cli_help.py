"""``--help`` of every fwlab command and subcommand prints its usage and exits 0 (argparse formats help
texts with ``%``, so a bare ``%`` in a help string crashes ``--help`` with a traceback), and no
help shows a doubled ``%%``."""

from __future__ import annotations

import argparse

import pytest

from fwlab.cli import build_parser


def command_paths(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """``()`` for the parser itself, then the path of every subcommand under it, depth first."""
    paths = [path]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, sub in action.choices.items():
                if id(sub) not in seen:  # an alias is the same parser under another name
                    seen.add(id(sub))
                    paths += command_paths(sub, (*path, name))
    return paths


PATHS = command_paths(build_parser())


def test_the_walk_finds_commands_and_their_subcommands():
    assert ("report",) in PATHS and ("report", "balance") in PATHS
    assert len([p for p in PATHS if len(p) == 1]) >= 8
    assert any(len(p) == 2 for p in PATHS)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(("fwlab", *p)))
def test_help_prints_usage_and_exits_zero(path: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args([*path, "--help"])
    out, err = capsys.readouterr()
    assert exit_.value.code == 0, err
    assert out.startswith(f"usage: {' '.join(('fwlab', *path))}"), out
    assert err == ""
    # a description is printed as written (argparse %-formats only help strings), so a "%%" meant
    # for a help string shows doubled there ("95%% Wilson intervals", fwlab health once)
    assert "%%" not in out, out
