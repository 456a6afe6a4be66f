"""docs/bots.md matches the code: its table of the ``ismcts`` parameters lists every one of
``fwlab.bots.ismcts.PARAMS`` with its type, default and doc, and names the engines' defaults."""

from __future__ import annotations

from pathlib import Path

from fwlab.bots.ismcts import PARAMS
from fwlab.rules.engines import engine_for

DOC = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")


def _shown(v: object) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def test_the_doc_lists_every_ismcts_parameter_with_its_default_and_doc():
    rows = {line.split("|")[1].strip().strip("`"): [c.strip() for c in line.split("|")[2:5]]
            for line in DOC.splitlines() if line.startswith("| `")}
    for p in PARAMS:
        assert p.name in rows, p.name
        typ, default, doc = rows[p.name]
        assert (typ, default, doc) == (p.type, _shown(p.default), p.doc), p.name


def test_the_doc_names_each_engine_default_of_the_search():
    for r in ("fw", "fr", "eredan", "conquest"):
        for k, v in engine_for(r).search_hooks().defaults.items():
            assert f"`{k}={v}`" in DOC, (r, k, v)
