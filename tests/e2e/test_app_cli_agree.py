"""The app and the CLI give the same figures for the same inputs (SIM-SEED-1, issue 29 item 1).

`streamlit run app.py` is driven in Debian's chromium (Playwright, no browser download): the
Matchup simulator page plays fw, Iron Tide against Grave Tide, heuristic bots, seed 1, 200 games,
and a 3-player Conquest game, seed 1, 200 games; its "Download the whole result (JSON)" button gives
the page's result. ``fwlab simulate ... --json`` plays the same inputs from a terminal. Every figure
of the two results must be equal: wins, losses and draws, the first-player rate, mean length, the
length histogram, end reasons, each seat's record and, for the two-deck form, the per-card
statistics (the page logs them; the CLI with ``--cards``). The page plays in batches sized for its
progress bar and the CLI in its own, so this also holds that a result does not depend on batching.
Skipped without chromium or playwright unless ``FWLAB_REQUIRE_BROWSER=1`` (``.ci/run``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from e2e_app import ROOT, browser_page, build_store, need_browser, serve

if TYPE_CHECKING:
    from playwright.sync_api import Page

GAMES = 200
SEED = 1
#: keys the CLI adds to the engine's result (the run's inputs and wall time), not figures of the games
CLI_ONLY = {"seconds", "options", "workers", "ruleset", "seed", "deck_a", "deck_b", "bot_a", "bot_b"}

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    tmp = tmp_path_factory.mktemp("e2e-agree")
    with serve(build_store(tmp), tmp) as base:
        yield base


@pytest.fixture(scope="module")
def page(server: str) -> Iterator[Page]:
    with browser_page(accept_downloads=True) as pg:
        yield pg


def _settle(page: Page) -> None:
    """Wait until the app has finished its rerun (the "running" status widget is gone)."""
    page.wait_for_timeout(200)
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=120_000)


def _open_simulator(page: Page, base: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{base}/simulator")
    expect(page.get_by_role("heading", name="Matchup simulator", exact=True)).to_be_visible()
    _settle(page)


def _ruleset(ruleset: str) -> str:
    """The Ruleset box's text for a ruleset (its id and the game's title)."""
    from fwlab.rulesets import TITLES

    return f"{ruleset} — {TITLES[ruleset]}"


def _choose(page: Page, label: str, option: str) -> None:
    """Pick ``option`` in the selectbox labelled ``label``."""
    from playwright.sync_api import expect

    box = page.get_by_role("combobox", name=label, exact=True)
    box.click()
    page.get_by_role("option", name=option, exact=True).click()
    _settle(page)
    expect(box).to_have_value(option)


def _number(page: Page, label: str, value: int) -> None:
    box = page.get_by_label(label, exact=True)
    box.fill(str(value))
    box.press("Enter")
    _settle(page)


def _run_and_download(page: Page, download: str) -> dict[str, Any]:
    from playwright.sync_api import expect

    page.get_by_role("button", name="Run the simulation").click()
    expect(page.get_by_text(f"Done: {GAMES} games")).to_be_visible(timeout=300_000)
    _settle(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    with page.expect_download() as info:
        page.get_by_role("button", name=download).click()
    path = info.value.path()
    return dict(json.loads(Path(path).read_text(encoding="utf-8")))


def _cli(*args: str) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "FWLAB_CLUSTER"}   # the page plays in-process
    done = subprocess.run([sys.executable, "-m", "fwlab.cli", "simulate", *args, "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True, timeout=600)
    return dict(json.loads(done.stdout))


def _figures(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k not in CLI_ONLY}


def test_the_simulator_page_and_fwlab_simulate_agree_on_two_decks(server: str, page: Page) -> None:
    _open_simulator(page, server)
    _choose(page, "Ruleset", _ruleset("fw"))
    _choose(page, "Deck A", "Starter: Iron Tide")
    _choose(page, "Deck B", "Starter: Grave Tide")
    _number(page, "Games", GAMES)
    _number(page, "Seed", SEED)
    run = _run_and_download(page, "Download the whole result (JSON)")
    assert (run["kind"], run["ruleset"], run["deck_a"], run["deck_b"], run["bots"], run["seed"]) == (
        "matchup", "fw", "Iron Tide", "Grave Tide", ["heuristic", "heuristic"], SEED)
    app = run["result"]
    cli = _cli("data/decks/fw/iron-tide.txt", "data/decks/fw/grave-tide.txt", "-n", str(GAMES),
               "--seed", str(SEED), "--cards")
    assert (cli["deck_a"], cli["deck_b"], cli["bot_a"], cli["bot_b"]) == (
        "Iron Tide", "Grave Tide", "heuristic", "heuristic")
    assert app["games"] == GAMES
    # the issue's own comparison first (a readable failure), then every figure
    assert (app["wins_a"], app["wins_b"], app["draws"]) == (cli["wins_a"], cli["wins_b"], cli["draws"])
    assert _figures(app) == _figures(cli)


def test_the_simulator_page_and_fwlab_simulate_agree_on_conquest(server: str, page: Page) -> None:
    _open_simulator(page, server)
    _choose(page, "Ruleset", _ruleset("conquest"))
    _number(page, "Seats (players)", 3)
    _number(page, "Games", GAMES)
    _number(page, "Seed", SEED)
    run = _run_and_download(page, "Download the whole result (JSON)")
    assert (run["kind"], run["ruleset"], run["seed"]) == ("seats", "conquest", SEED)
    app = run["result"]
    bots = [s["bot"] for s in app["seats"]]
    assert len(bots) == 3
    cli = _cli("--ruleset", "conquest", "--players", "3", "--bots", ",".join(bots), "-n", str(GAMES),
               "--seed", str(SEED))
    assert app["games"] == GAMES
    assert [(s["wins"], s["shared"]) for s in app["seats"]] == [(s["wins"], s["shared"]) for s in cli["seats"]]
    assert app["draws"] == cli["draws"]
    assert app.pop("cards") == []      # seats without decks: no card statistics (the CLI leaves the key out)
    assert _figures(app) == _figures(cli)
