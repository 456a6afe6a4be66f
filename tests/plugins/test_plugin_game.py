"""A sixth game that touches nothing else (issue 25, part 5): ``examples/plugin-game/tinyduel``,
loaded with ``FWLAB_PLUGINS``, works in every command of the workbench with no file of ``fwlab/``
naming it.

Every command runs in a fresh process with ``PYTHONPATH=examples/plugin-game`` and
``FWLAB_PLUGINS=tinyduel`` (so this test process never registers the game, and the other tests
see the five built-in games only), against a store in a temporary folder.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "examples" / "plugin-game"
GAME = PLUGIN / "tinyduel"
DECKS = GAME / "decks"
POSITIONS = GAME / "positions"
FWLAB = str(Path(sys.executable).parent / "fwlab")
RULESET = "tinyduel"


def plugin_env(db: Path | None = None, plugin: bool = True) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FWLAB_PLUGINS", "FWLAB_DB", "FWLAB_DATA")}
    if plugin:
        env["PYTHONPATH"] = os.pathsep.join([str(PLUGIN), *filter(None, [os.environ.get("PYTHONPATH")])])
        env["FWLAB_PLUGINS"] = "tinyduel"
    if db is not None:
        env["FWLAB_DB"] = str(db)
    return env


def run(*args: str, db: Path | None = None, ok: bool = True, plugin: bool = True,
        exe: str = FWLAB) -> subprocess.CompletedProcess[str]:
    """``fwlab ARGS`` in a fresh process with the plugin loaded; ``ok``: it must exit 0."""
    proc = subprocess.run([exe, *args], cwd=ROOT, env=plugin_env(db, plugin), capture_output=True, text=True,
                          timeout=300)
    if ok:
        assert proc.returncode == 0, f"fwlab {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}"
    return proc


def deck(name: str) -> str:
    return str(DECKS / f"{name}.txt")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A store built with the plugin loaded (catalogs and starter decks), then a tinyduel league."""
    db = tmp_path_factory.mktemp("plugin-store") / "fwlab.duckdb"
    init = run("init", "--db", str(db), "--no-league")
    assert "tinyduel 14" in init.stdout      # the cards line: the plugin's catalog went in
    league = run("league", "--ruleset", RULESET, "--players", "4", "--matches", "40", "--seed", "3", "--db", str(db))
    assert "tinyduel league (seed 3): 4 players, 40 matches" in league.stdout
    yield db


def query(db: Path, sql: str, params: list[object] | None = None) -> list[tuple[object, ...]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


# ---- nothing in fwlab/ knows the game ----------------------------------------------------------------

def test_no_file_of_fwlab_names_the_plugin_game() -> None:
    """Structural, instead of a diff: the workbench reaches the game only through the registries."""
    pattern = re.compile(r"tinyduel|tiny[ _-]?duel|plugin-game", re.IGNORECASE)
    mentions = [str(p.relative_to(ROOT)) for p in (ROOT / "fwlab").rglob("*")
                if p.is_file() and p.suffix in (".py", ".toml", ".txt", ".json", ".md", ".sql")
                and pattern.search(p.read_text(encoding="utf-8", errors="replace"))]
    mentions += [n for n in ("app.py", "pyproject.toml") if pattern.search((ROOT / n).read_text(encoding="utf-8"))]
    assert mentions == []
    assert not (ROOT / "data" / "catalogs" / RULESET).exists() and not (ROOT / "data" / "decks" / RULESET).exists()


def test_without_the_plugin_the_game_is_unknown() -> None:
    proc = run("deck", "check", deck("emberfront"), plugin=False, ok=False)
    assert proc.returncode == 2 and "unknown ruleset 'tinyduel'" in proc.stderr


def test_the_plugins_own_rules_tests_and_doctests_pass_in_a_process_that_loads_it() -> None:
    proc = run("-m", "pytest", "-q", "-p", "no:cacheprovider", str(PLUGIN / "tests"), "--doctest-modules", str(GAME),
               exe=sys.executable, ok=False)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert re.search(r"\b\d+ passed", proc.stdout)


# ---- engines, decks, simulations -------------------------------------------------------------------

def test_engines_lists_the_ruleset_with_its_bots_and_option() -> None:
    rows = {r["ruleset"]: r for r in json.loads(run("engines", "--json").stdout)}
    row = rows[RULESET]
    assert row["seats"] == [2, 2] and row["bots"] == ["random", "heuristic"] and row["compiled"] is False
    assert row["options"] == [{"name": "hand_size", "type": "int", "default": 4, "min": 1, "max": 8,
                               "rule": "TD-SETUP-1", "doc": "cards each seat draws before the first turn"}]
    assert {"fw", "fr", "eredan", "conquest"} <= set(rows)   # the built-in games are all still there


def test_deck_check_passes_the_starters_and_refuses_an_illegal_deck_with_reasons(tmp_path: Path) -> None:
    assert "Emberfront (tinyduel, 20 cards) is legal." in run("deck", "check", deck("emberfront")).stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("ruleset: tinyduel\nname: Too Many Foxes\n4 Ember Fox\n3 Moss Hound\n2 Emberr Fox\n")
    proc = run("deck", "check", str(bad), "--json", ok=False)
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["valid"] is False and out["cards"] == 9
    rules = {p["rule"]: p for p in out["problems"]}
    assert set(rules) == {"DECK-UNKNOWN", "DECK-SIZE", "DECK-COPIES"}
    assert rules["DECK-COPIES"]["card"] == "Ember Fox" and "at most 3" in rules["DECK-COPIES"]["message"]
    assert "exactly 20" in rules["DECK-SIZE"]["message"]


def test_simulate_plays_the_game_and_a_rule_option_changes_it() -> None:
    base = json.loads(run("simulate", deck("emberfront"), deck("hearthwall"), "-n", "50", "--json").stdout)
    assert base["ruleset"] == RULESET and base["games"] == 50 and base["options"] == {}
    assert base["wins_a"] + base["wins_b"] + base["draws"] == 50
    assert set(base["end_reasons"]) <= {"life", "turn-cap"} and base["end_reasons"].get("life", 0) > 25
    big = json.loads(run("simulate", deck("emberfront"), deck("hearthwall"), "-n", "50", "--json",
                         "--rule", "hand_size=8").stdout)
    assert big["options"] == {"hand_size": 8}
    assert (big["wins_a"], big["mean_turns"], big["turns"]) != (base["wins_a"], base["mean_turns"], base["turns"])
    bad = run("simulate", deck("emberfront"), deck("hearthwall"), "-n", "5", "--rule", "hand_size=0", ok=False)
    assert bad.returncode == 2 and "rule option 'hand_size' of tinyduel: must be at least 1, not 0" in bad.stderr


# ---- positions ------------------------------------------------------------------------------------

def test_position_show_and_play_the_example_positions() -> None:
    shown = json.loads(run("position", "show", str(POSITIONS / "lethal.json"), "--json").stdout)
    assert shown["ruleset"] == RULESET and shown["terminal"] is False and shown["outcome"] is None
    assert shown["legal_actions"] == ["cast 0", "cast 0 20", "play 1", "strike 10 20", "strike 11 20", "end"]
    board = run("position", "show", str(POSITIONS / "clash.toml")).stdout
    assert "seat b (active): Life 13" in board and "Reed Guard #23 1/2 (fresh)" in board
    won = json.loads(run("position", "play", str(POSITIONS / "lethal.json"), "--json",
                         "--actions", "strike 10 20; strike 11; cast 0").stdout)
    assert won["terminal"] is True and won["outcome"] == {"places": [1, 2], "end_reason": "life"}
    assert won["played"] == {"actions": ["strike 10 20", "strike 11", "cast 0"], "dice": []}
    # the same three actions in the wrong order: the bolt cannot go at the seat's guard, nor the seat be struck
    wrong = run("position", "play", str(POSITIONS / "lethal.json"), "--actions", "strike 11; cast 0", ok=False)
    assert wrong.returncode == 2 and "action 1 'strike 11'" in wrong.stderr and "TD-STRIKE-2" in wrong.stderr


def test_position_errors_name_the_file_and_the_field(tmp_path: Path) -> None:
    pos = json.loads((POSITIONS / "lethal.json").read_text())
    pos["seats"][1]["line"][0]["damage"] = 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(pos))
    proc = run("position", "show", str(bad), ok=False)
    assert proc.returncode == 2 and f"{bad}: seats[1].line[0].damage: Reed Guard has guard 2" in proc.stderr
    dice = run("position", "play", str(POSITIONS / "lethal.json"), "--actions", "end", "--dice", "3", ok=False)
    assert dice.returncode == 2 and "dice: Tiny Duel has no dice" in dice.stderr


def test_position_start_gives_a_mid_game_position_that_loads_again_as_the_same_state(tmp_path: Path) -> None:
    start = run("position", "start", "--ruleset", RULESET, "--seed", "7", "--after", "15", "--rule", "hand_size=5")
    pos = json.loads(start.stdout)
    assert pos["options"] == {"hand_size": 5} and pos["turn"] > 1
    assert sum(len(s["deck"]) + len(s["hand"]) + len(s["discard"]) + len(s["line"]) for s in pos["seats"]) == 40
    f = tmp_path / "start.json"
    f.write_text(start.stdout)
    shown = json.loads(run("position", "show", str(f), "--json").stdout)
    for key in ("turn", "active", "sparks", "options"):
        assert shown[key] == pos[key]
    for mine, theirs in zip(shown["seats"], pos["seats"]):
        assert mine["hand"] == theirs["hand"] and mine["line"] == theirs["line"]
        assert mine["life"] == theirs["life"] and mine["deck_size"] == len(theirs["deck"])


# ---- the store, a league, the balance report, the simulator page ----------------------------------------

def test_the_store_holds_the_plugins_cards_decks_and_ruleset(store: Path) -> None:
    assert query(store, "SELECT family, title FROM rulesets WHERE ruleset = ?", [RULESET]) == [
        ("tinyduel", "Tiny Duel (example plugin)")]
    assert query(store, "SELECT count(*) FROM cards WHERE family = 'tinyduel'") == [(14,)]
    assert query(store, "SELECT attack, defense, cost FROM cards WHERE name = 'Hearth Giant'") == [(6, 6, 5)]
    decks = query(store, "SELECT deck_id, sum(count) FROM decks JOIN deck_cards USING (deck_id) "
                         "WHERE ruleset = ? GROUP BY 1 ORDER BY 1", [RULESET])
    assert decks == [("tinyduel/emberfront", 20), ("tinyduel/hearthwall", 20), ("tinyduel/lantern-road", 20)]


def test_a_league_of_the_plugin_game_logs_matches_card_events_and_life_per_turn(store: Path) -> None:
    assert query(store, "SELECT count(*), count(DISTINCT end_reason) > 0 FROM matches WHERE ruleset = ?",
                 [RULESET]) == [(40, True)]
    seats = query(store, "SELECT min(score), max(score), count(*) FROM match_seats JOIN matches USING (match_id) "
                         "WHERE ruleset = ?", [RULESET])
    assert seats[0][2] == 80 and seats[0][1] is not None and seats[0][1] > 0
    cards = {r[0] for r in query(store, "SELECT DISTINCT card FROM card_events JOIN matches USING (match_id) "
                                        "WHERE ruleset = ?", [RULESET])}
    assert {"Ember Fox", "Hearth Giant", "Spark Bolt"} <= cards
    turns = query(store, "SELECT min(turn), max(turn), max(capital_a) FROM turn_snapshots JOIN matches "
                         "USING (match_id) WHERE ruleset = ?", [RULESET])
    assert turns[0][0] == 1 and 1 < turns[0][1] <= 30 and turns[0][2] >= 12   # Life after each turn


def test_the_balance_report_covers_the_plugin_game(store: Path) -> None:
    report = json.loads(run("report", "balance", "--db", str(store), "--ruleset", RULESET, "--json").stdout)
    assert report["ruleset"] == RULESET and report["matches"] == 40
    assert report["first_player"]["games"] == 40
    assert {d["deck"] for d in report["decks"]} <= {"tinyduel/emberfront", "tinyduel/hearthwall",
                                                     "tinyduel/lantern-road"}
    assert {c["card"] for c in report["cards"]} >= {"Ember Fox", "Spark Bolt"}
    text = run("report", "balance", "--db", str(store), "--ruleset", RULESET).stdout
    assert "40 matches (tinyduel)" in text


APP_SCRIPT = """
import json, sys
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(sys.argv[1], default_timeout=120).run()
at.switch_page("fwlab/ui/pages/simulator.py").run()
out = {"options": list(at.selectbox(key="sim-ruleset").options)}
at.selectbox(key="sim-ruleset").select("tinyduel").run()
out["decks"] = list(at.selectbox(key="sim-deck-a").options)
out["bots"] = list(at.selectbox(key="sim-bot-a").options)
at.number_input(key="sim-games").set_value(30).run()
at.button(key="sim-run").click().run()
out["exceptions"] = [str(e.value) for e in at.exception]
out["errors"] = [str(e.value) for e in at.get("error")]
out["subheaders"] = [str(s.value) for s in at.subheader]
out["metrics"] = {m.label: str(m.value) for m in at.metric}
print(json.dumps(out))
"""


def test_the_simulator_page_plays_the_plugin_game(store: Path) -> None:
    proc = run("-c", APP_SCRIPT, str(ROOT / "app.py"), db=store, exe=sys.executable)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "tinyduel — Tiny Duel (example plugin)" in out["options"]
    assert out["decks"][:3] == ["Starter: Emberfront", "Starter: Hearthwall", "Starter: Lantern Road"]
    assert out["bots"] == ["random", "heuristic"]
    assert out["exceptions"] == [] and out["errors"] == []
    assert any("Emberfront vs Hearthwall (tinyduel" in s for s in out["subheaders"])
    assert re.fullmatch(r"\d+(\.\d)?%", out["metrics"]["Emberfront win rate"])
