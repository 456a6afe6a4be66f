"""The game viewer in a real browser (issue 30 part 3): a simulation run on the simulator page, "show
me a game" followed into the viewer, stepped through by keyboard and buttons to its end, where the
viewer shows the recorded result (the simulator's own for that game). The app is started as in
test_browser.py (its ``server`` and ``page`` fixtures)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from playwright.sync_api import expect  # noqa: E402
from screenshots import open_viewer_from_simulator, settle  # noqa: E402
from test_browser import page, server  # noqa: E402, F401  (the fixtures)

from fwlab.sim import play_match  # noqa: E402
from fwlab.sim.runner import game_seed  # noqa: E402
from fwlab.ui.viewer_views import params_game  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def _step(pg: Page) -> str:
    return pg.get_by_text(re.compile(r"^Step \d+ of \d+$")).first.inner_text()


def _moved(pg: Page, before: str, press: str | None = None, button: str | None = None) -> str:
    """Press a key or click a button, then wait until the step shown is no longer ``before`` (a
    rerun shows the previous elements a moment)."""
    if press:
        pg.keyboard.press(press)
    else:
        pg.get_by_role("button", name=button).click()
    for _ in range(300):
        pg.wait_for_timeout(100)
        now = _step(pg)
        if now != before:
            settle(pg)
            return _step(pg)
    raise AssertionError(f"still {before!r} after {press or button}")


def test_VIEWER_E2E_1_a_game_from_the_simulator_steps_to_its_recorded_result(server: str, page: Page) -> None:  # noqa: F811
    opened = open_viewer_from_simulator(page, server)
    game = params_game({k: v[0] for k, v in parse_qs(urlsplit(opened["href"]).query).items()})
    res = play_match(game["ruleset"], game["setups"], game["bots"], seed=game_seed(game["seed"], game["index"]),
                     first=game["index"] % len(game["setups"]))
    assert res.winner == "a"                        # "a win for seat A", the default choice
    assert f"winner {res.winner} ({res.end_reason}) after {res.turns} turns" in opened["simulator"]
    assert "the same as this replay" in opened["simulator"]
    assert _step(page).startswith("Step 1 of ")
    page.get_by_role("heading", name="Game viewer", exact=True).click()   # focus off the link followed
    assert _moved(page, "Step 1 of " + _step(page).split(" of ")[1], press="ArrowRight").startswith("Step 2 of ")
    assert _moved(page, _step(page), button="Action ▶").startswith("Step 3 of ")
    assert _moved(page, _step(page), press="ArrowLeft").startswith("Step 2 of ")
    faces = page.locator("img.card-face")
    assert faces.count() > 0 and faces.first.evaluate("e => e.complete && e.naturalWidth > 0")
    total = int(_step(page).split(" of ")[1])
    for _ in range(total):                          # turn by turn to the end
        if page.get_by_text(re.compile(r"^Result: ")).count():
            break
        _moved(page, _step(page), button="Turn ▶▶")
    result = page.get_by_text(re.compile(r"^Result: ")).first.inner_text()
    assert result.startswith(f"Result: seat {res.winner} wins ({res.end_reason}) after {res.turns} turns")
    assert _step(page) == f"Step {total} of {total}"


def test_VIEWER_E2E_2_the_in_browser_stepper_steps_by_button_and_key_to_the_same_result(server: str, page: Page) -> None:  # noqa: F811
    """"Step in the browser": the replay's steps arrive with the page (fwlab/ui/viewer_fast.py), and
    its buttons and keys step them with no rerun; the last step shows the replay's own result."""
    from screenshots import open_viewer_game

    from fwlab.decks.starters import starter_decks
    from fwlab.sim import replay as rp

    open_viewer_game(page, server, "fr", step=1)
    replay = rp.replay_game("fr", list(starter_decks("fr")[:2]), None, 1, 0)
    n = len(replay.steps)
    page.get_by_text("Step in the browser", exact=True).click()
    settle(page)
    frame = page.frame_locator("iframe").first
    shown = frame.locator("#fv-step b").first
    expect(shown).to_have_text(f"Step 1 of {n}")
    frame.get_by_role("button", name="Action ▶").click()
    expect(shown).to_have_text(f"Step 2 of {n}")
    frame.locator("#fv-step").click()                 # the keys go to the stepper's document
    page.keyboard.press("ArrowRight")
    expect(shown).to_have_text(f"Step 3 of {n}")
    page.keyboard.press("ArrowLeft")
    expect(shown).to_have_text(f"Step 2 of {n}")
    assert frame.locator("img.card-face").count() > 0
    assert frame.locator("img.card-face").first.evaluate("e => e.complete && e.naturalWidth > 0")
    frame.get_by_role("button", name="End").click()
    expect(shown).to_have_text(f"Step {n} of {n}")
    expect(frame.locator("#fv-step")).to_contain_text(f"Result: {replay.result_text()}")
    expect(frame.locator("#fv-ms")).to_contain_text(f"step {n} drawn in")
