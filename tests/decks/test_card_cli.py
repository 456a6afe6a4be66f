"""``fwlab card show|list`` (issue 30 part 1, docs/card-faces.md): a card's fields as text or JSON,
its face as SVG, a clear error naming close matches, a light start; and the generic face of the
example plugin game, which has no face hook."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fwlab.catalog import load_catalog
from fwlab.cli import main

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"


def test_CARD_CLI_1_show_prints_the_face_headline_and_every_catalog_field(capsys: pytest.CaptureFixture[str]) -> None:
    f = load_catalog("bg")["Shieldbearer"].fields
    assert main(["card", "show", "shieldbearer", "--ruleset", "bg"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Shieldbearer\nCreature — Human\n")
    assert f"Att {f['att']}  Def {f['def']}  Dmg {f['dmg']}  Hp {f['hp']}  Exp {f['exp']}" in out
    assert "* Guardian 2" in out
    assert re.search(rf"^  hp +=\s{f['hp']}$", out, re.M) and re.search(r'^  nature +=\s"Human"$', out, re.M)
    assert "creatures.toml" in out


def test_CARD_CLI_1_show_writes_the_svg_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "face.svg"
    assert main(["card", "show", "Corvan Emberguard", "--ruleset", "eredan", "--svg", str(svg), "--width", "120",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    life = load_catalog("eredan")["Corvan Emberguard"].fields["life"]
    assert data["name"] == "Corvan Emberguard" and data["fields"]["life"] == life
    assert [(s["label"], s["value"]) for s in data["face"]["stats"]][0] == ("Life", str(life))
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    assert root.tag == f"{NS}svg" and root.get("width") == "120" and root.get("data-card") == "Corvan Emberguard"


def test_CARD_CLI_2_an_unknown_card_is_exit_2_naming_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "show", "Ashfang Raidr", "--ruleset", "fw"]) == 2
    err = capsys.readouterr().err
    assert "no such card in the daemornia catalog" in err and "did you mean Ashfang Raider" in err
    assert main(["card", "show", "qqqqqqqq", "--ruleset", "conquest"]) == 2
    assert "fwlab card list --ruleset conquest" in capsys.readouterr().err


def test_CARD_CLI_3_list_names_the_cards_of_a_type(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "list", "--ruleset", "conquest", "--type", "magic", "--json"]) == 0
    names = [c["name"] for c in json.loads(capsys.readouterr().out)]
    assert "Claim" in names and "Militia" not in names


PROBE = """import sys
sys.argv = ['fwlab', *sys.argv[1:]]
from fwlab.cli import main
code = main()
heavy = [m for m in ('pandas', 'scipy', 'polars', 'plotly', 'duckdb', 'streamlit') if m in sys.modules]
print('HEAVY=' + ','.join(heavy), file=sys.stderr)
sys.exit(code)
"""


def test_CARD_CLI_4_card_show_starts_light(tmp_path: Path) -> None:
    """CLI-START-1: the command imports no dataframe, chart or database library."""
    proc = subprocess.run([sys.executable, "-c", PROBE, "card", "show", "Nominod", "--svg", str(tmp_path / "n.svg")],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "HEAVY=\n" in proc.stderr or proc.stderr.strip().endswith("HEAVY=")


def test_CARD_CLI_5_a_plugin_game_without_a_face_hook_gets_the_generic_face(tmp_path: Path) -> None:
    plugin = ROOT / "examples" / "plugin-game"
    env = {k: v for k, v in os.environ.items() if k not in ("FWLAB_PLUGINS", "FWLAB_DATA")}
    env.update(PYTHONPATH=os.pathsep.join([str(plugin), *filter(None, [os.environ.get("PYTHONPATH")])]),
               FWLAB_PLUGINS="tinyduel")
    svg = tmp_path / "fox.svg"
    proc = subprocess.run([sys.executable, "-m", "fwlab.cli", "card", "show", "Ember Fox", "--ruleset", "tinyduel",
                           "--svg", str(svg), "--json"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    face = json.loads(proc.stdout)["face"]
    assert face["corner"][0]["text"] == "1"
    assert [(s["label"], s["value"]) for s in face["stats"]] == [("Power", "2"), ("Guard", "1")]
    assert face["keywords"] == ["Swift"]
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    assert "Ember Fox" in " ".join(root.itertext())
