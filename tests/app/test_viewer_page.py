"""The Game viewer page (AppTest, docs/game-viewer.md): a link opens the exact game, the buttons step
through it to its end and show the simulator's result; faces of the cards; one seat's view; why not;
the simulator's "show me a game" links to it."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from fwlab.decks.starters import starter_decks
from fwlab.sim import play_match
from fwlab.sim import replay as rp
from fwlab.sim.runner import game_seed
from fwlab.ui.viewer_views import _expand, game_params

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _game(ruleset: str = "fw", seed: int = 1, index: int = 2) -> dict:
    setups = [tuple(_expand(d)) for d in starter_decks(ruleset)[:2]]
    return {"ruleset": ruleset, "setups": setups, "bots": ["heuristic", "heuristic"], "seed": seed, "index": index,
            "options": {}, "names": [d.name for d in starter_decks(ruleset)[:2]]}


def _open(game: dict) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/viewer.py")
    for k, v in game_params(game).items():
        at.query_params[k] = v
    return _ok(at.run())


def _faces(at: AppTest) -> list[str]:
    return [n for el in at.get("html") for n in re.findall(r'<img class="card-face" alt="([^"]*)"', el.proto.body)]


def _step(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**Step "))


def test_VIEWER_PAGE_1_a_link_opens_the_game_and_stepping_reaches_the_simulators_result(store):
    game = _game()
    at = _open(game)
    assert _step(at).startswith("**Step 1 of ")
    res = play_match("fw", list(game["setups"]), game["bots"], seed=game_seed(1, 2), first=0)
    assert any("the same as this replay" in c.value for c in at.caption)
    at.button(key="viewer-next").click().run()
    assert _step(_ok(at)).startswith("**Step 2 of ")
    at.button(key="viewer-prev").click().run()
    assert _step(_ok(at)).startswith("**Step 1 of ")
    for _ in range(200):                       # turn by turn to the end
        if at.success:
            break
        at.button(key="viewer-next-turn").click().run()
        _ok(at)
        if "game over" not in _step(at):
            at.button(key="viewer-next").click().run()
            _ok(at)
    text = at.success[0].value
    who = f"seat {res.winner} wins" if res.winner != "draw" else "draw"
    assert text.startswith("Result: ") and who in text and f"({res.end_reason}) after {res.turns} turns" in text


def test_VIEWER_PAGE_2_the_board_as_faces_the_whole_truth_or_one_seats_view(store):
    game = _game()
    at = _open(game)
    r = rp.replay_game("fw", list(game["setups"]), game["bots"], 1, 2)
    at.slider(key="viewer-step").set_value(8).run()
    pos = r.steps[8].position
    hands = [c["card"] for s in pos["seats"] for c in s["hand"]]
    faces = _faces(_ok(at))
    assert hands and all(h.replace("'", "&#39;") in faces or h in faces for h in hands)
    at.radio(key="viewer-view").set_value("Seat a's view").run()
    faces = _faces(_ok(at))
    assert faces.count("hidden card") == len(pos["seats"][1]["hand"])
    assert all(c["card"] in faces or c["card"].replace("'", "&#39;") in faces for c in pos["seats"][0]["hand"])


def test_VIEWER_PAGE_3_why_not_gives_the_engines_reason(store):
    game = _game()
    at = _open(game)
    r = rp.replay_game("fw", list(game["setups"]), game["bots"], 1, 2)
    i = next(s.index for s in r.steps if rp.alternatives(r, s.index))
    alt = rp.alternatives(r, i)[0]
    at.slider(key="viewer-step").set_value(i).run()
    at.text_input(key=f"viewer-typed-{i}").input(alt).run()
    warn = [w.value for w in _ok(at).warning]
    assert any(w.startswith(f"`{alt}`: ") and w.endswith(str(rp.why_not(r, i, alt))) for w in warn), warn


def test_VIEWER_PAGE_4_the_simulator_shows_me_a_game_in_the_viewer(store):
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/simulator.py").run()
    at.number_input(key="sim-games").set_value(10).run()
    at.button(key="sim-run").click().run()
    at.selectbox(key="showme-what").set_value("the longest").run()
    at.button(key="showme-find").click().run()
    _ok(at)
    links = [el for el in at.get("page_link")]
    assert links, "no link to the viewer"
    body = str(links[0].proto)
    assert "Open game" in body and "viewer" in body, body
    assert re.search(r"game=\d+", body) and "deck_a=" in body, body


def test_VIEWER_PAGE_5_a_stored_league_match_opens_and_steps_to_its_stored_result(store):
    import duckdb

    con = duckdb.connect(str(store), read_only=True)
    try:
        mid, winner, end, turns = con.execute(
            "SELECT match_id, winner, end_reason, turns FROM matches WHERE seed IS NOT NULL AND ruleset = 'fw' "
            "ORDER BY played_at DESC, match_id DESC LIMIT 1").fetchone()
    finally:
        con.close()
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/viewer.py")
    _ok(at.run())
    at.radio(key="viewer-kind").set_value("A stored match").run()
    at.selectbox(key="viewer-store-ruleset").set_value("fw").run()
    _ok(at)
    assert at.selectbox(key="viewer-store-match").value.startswith(mid)
    assert any(f"stored match {mid}" in h.value for h in at.subheader)
    assert any("the same as this replay" in c.value for c in at.caption)
    assert _step(at).startswith("**Step 1 of ")
    at.button(key="viewer-last").click().run()
    text = _ok(at).success[0].value
    who = f"seat {winner} wins" if winner != "draw" else "draw"
    assert who in text and f"({end}) after {turns} turns" in text


def test_VIEWER_PAGE_6_a_stored_match_link_opens_that_match(store):
    """``viewer?match=ID`` opens the stored match ID (even one older than the list or of another
    ruleset than the filter), and a stored match's page links to itself by that address."""
    import duckdb

    con = duckdb.connect(str(store), read_only=True)
    try:
        ids = [r[0] for r in con.execute(
            "SELECT match_id FROM matches WHERE seed IS NOT NULL ORDER BY played_at, match_id").fetchall()]
    finally:
        con.close()
    oldest = ids[0]        # the list shows the newest first: the link must still find this one
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/viewer.py")
    at.query_params["match"] = oldest
    _ok(at.run())
    assert at.radio(key="viewer-kind").value == "A stored match"
    assert at.selectbox(key="viewer-store-match").value.startswith(oldest)
    assert any(f"stored match {oldest}" in h.value for h in at.subheader)
    assert any(f"viewer?match={oldest}" in c.value for c in at.caption)
    assert at.query_params["match"] in (oldest, [oldest])
    assert _step(at).startswith("**Step 1 of ")


def test_VIEWER_PAGE_7_a_link_to_an_unknown_match_says_so(store):
    """``viewer?match=ID`` for an ID the store does not hold opens the stored-match view with a clear
    error naming the ID, not an exception and not some other match replayed in its place."""
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/viewer.py")
    at.query_params["match"] = "m-no-such-match"
    _ok(at.run())
    assert at.radio(key="viewer-kind").value == "A stored match"
    assert at.selectbox(key="viewer-store-match").value.startswith("m-no-such-match")
    assert any("no match 'm-no-such-match' in the store" in e.value for e in at.error), [e.value for e in at.error]
    assert not any("stored match" in h.value for h in at.subheader)
