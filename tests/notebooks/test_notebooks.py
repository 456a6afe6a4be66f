"""The analyst notebooks: each runs top to bottom with its CI parameters, and is stored as it should be.

Every ``notebooks/*.ipynb`` is executed with nbclient on the ``python3`` kernel (jupyter_client
starts it with this interpreter, i.e. the venv's), from the ``notebooks/`` folder, with
``FWLAB_DB`` unset so the store-reading notebooks build their own small temporary store; a cell
that raises fails the test with that cell's traceback. The cheap checks hold the pairing contract:
no stored outputs, a first code cell tagged ``parameters``, and the py:percent twin in step. Every
Plotly figure a notebook draws must also come out as ``text/html`` (plotly.js embedded), the output
an exported HTML page keeps. Notebook 01 is run by ``test_notebook_export.py`` instead (with
papermill and nbconvert, the README's commands), so each notebook runs once.
"""

from __future__ import annotations

import time
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb"))
#: run through papermill and exported to HTML by test_notebook_export.py
EXPORTED = "01_to_hit_and_combat"
EXPECTED = ("01_to_hit_and_combat", "02_deck_tuning", "03_balance_report", "04_elo_history", "05_balance_lab")
#: Generous per-cell limit: CI sizes take seconds; this only stops a hung kernel.
CELL_TIMEOUT = 600


def _ids(path: Path) -> str:
    return path.stem


def _code_sources(nb: nbformat.NotebookNode) -> list[tuple[str, str]]:
    return [(c.cell_type, c.source.strip()) for c in nb.cells]


def test_every_notebook_is_there_as_a_pair():
    for stem in EXPECTED:
        assert (NOTEBOOK_DIR / f"{stem}.ipynb").is_file(), f"{stem}.ipynb is missing"
        assert (NOTEBOOK_DIR / f"{stem}.py").is_file(), f"{stem}.py (py:percent twin) is missing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_notebook_is_stored_without_outputs(path: Path):
    nb = nbformat.read(path, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells)
             if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, f"{path.name}: cells {dirty} have stored outputs; clear them and run `jupytext --sync`"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_first_code_cell_is_tagged_parameters(path: Path):
    nb = nbformat.read(path, as_version=4)
    first = next(c for c in nb.cells if c.cell_type == "code")
    assert "parameters" in first.metadata.get("tags", []), f"{path.name}: first code cell is not tagged parameters"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_py_percent_twin_has_the_same_cells(path: Path):
    twin = path.with_suffix(".py")
    assert twin.is_file(), f"{twin.name} is missing"
    text = jupytext.read(twin, fmt="py:percent")
    nb = nbformat.read(path, as_version=4)
    assert _code_sources(text) == _code_sources(nb), (
        f"{path.name} and {twin.name} differ; run `jupytext --sync notebooks/{twin.name}`")
    tags = [c.metadata.get("tags", []) for c in text.cells]
    assert tags == [c.metadata.get("tags", []) for c in nb.cells], f"{path.name}: cell tags differ from {twin.name}"


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.stem != EXPORTED], ids=_ids)
def test_notebook_runs_top_to_bottom(path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("FWLAB_DB", raising=False)
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK_DIR)}})
    start = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as exc:
        pytest.fail(f"{path.name}: a cell failed\n{exc}", pytrace=False)
    seconds = time.perf_counter() - start
    print(f"{path.name}: {seconds:.1f} s")
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
    ran = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert all(c.get("execution_count") for c in ran), f"{path.name}: some code cells did not run"
    figures = [o.data for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
               if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert figures, f"{path.name}: drew no Plotly figure"
    only_json = [i for i, f in enumerate(figures) if "Plotly.newPlot(" not in f.get("text/html", "")]
    assert not only_json, (f"{path.name}: figures {only_json} have no HTML rendering (an exported page shows no "
                           "chart); set pio.renderers.default = 'plotly_mimetype+notebook'")
