"""The analyst path of the README, command by command: one notebook run with papermill parameters on
the kernel its files name, exported to HTML with nbconvert, and the HTML drawing every chart offline.

The notebook is run the way the README says (``papermill NB.ipynb OUT.ipynb -p NAME VALUE --cwd
notebooks``, then ``jupyter nbconvert --to html OUT.ipynb``), as subprocesses of this interpreter's
modules (the venv's ``papermill`` and ``jupyter nbconvert``). The exported page must hold a rendering
of each Plotly figure, not only its JSON: nbconvert drops ``application/vnd.plotly.v1+json``
outputs, so a notebook left on plotly's mimetype renderer exports a page without charts. The
notebooks set ``plotly_mimetype+notebook``, which adds a ``text/html`` rendering with plotly.js
embedded once per notebook. With Debian's chromium (``$FWLAB_CHROMIUM``) the page is also opened
with every network request refused, and each figure must draw its SVG.

This notebook (01) is executed here rather than in ``test_notebooks.py`` (which runs the others),
so ``make test`` runs it once.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
EXPORTED = "01_to_hit_and_combat"
#: papermill parameters: fewer games than the CI default, and a value the output shows
N_COMBATS = 400
CHROMIUM = os.environ.get("FWLAB_CHROMIUM", "/usr/bin/chromium")
PLOTLY_MIME = "application/vnd.plotly.v1+json"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "FWLAB_DB"}
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[nbformat.NotebookNode, str, Path]:
    """Run notebook 01 with papermill and export it: (executed notebook, HTML text, HTML path)."""
    out = tmp_path_factory.mktemp("nb-export")
    run = out / f"{EXPORTED}.ipynb"
    done = subprocess.run(
        [sys.executable, "-m", "papermill", str(NOTEBOOK_DIR / f"{EXPORTED}.ipynb"), str(run),
         "-p", "N_COMBATS", str(N_COMBATS), "-y", "ER_TURNS: [1, 2]", "--cwd", str(NOTEBOOK_DIR),
         "--execution-timeout", "600", "--no-progress-bar"],
        capture_output=True, text=True, env=_env(), cwd=out, timeout=900)
    assert done.returncode == 0, f"papermill failed:\n{done.stderr[-4000:]}"
    done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(run)],
                          capture_output=True, text=True, env=_env(), cwd=out, timeout=300)
    assert done.returncode == 0, f"nbconvert failed:\n{done.stderr[-4000:]}"
    html = run.with_suffix(".html")
    return nbformat.read(run, as_version=4), html.read_text(encoding="utf-8"), html


def _figures(nb: nbformat.NotebookNode) -> list[dict]:
    return [o["data"] for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if PLOTLY_MIME in o.get("data", {})]


def test_the_py_twin_names_a_kernel_this_jupyter_starts_with_this_python():
    """`jupytext --execute notebooks/X.py` needs a kernelspec in the py:percent header."""
    from jupyter_client.kernelspec import KernelSpecManager

    for twin in sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.py")):
        spec = jupytext.read(twin, fmt="py:percent").metadata.get("kernelspec")
        assert spec and spec.get("name"), f"{twin.name}: no kernelspec in its header"
        kernel = KernelSpecManager().get_kernel_spec(spec["name"])
        # jupyter_client starts a spec whose argv[0] is a bare "python" with its own interpreter
        assert kernel.argv[0] in ("python", "python3", sys.executable), (twin.name, kernel.argv)


def test_papermill_parameters_reach_the_run(exported: tuple[nbformat.NotebookNode, str, Path]):
    nb, html, _ = exported
    injected = [c for c in nb.cells if "injected-parameters" in c.metadata.get("tags", [])]
    assert len(injected) == 1 and f"N_COMBATS = {N_COMBATS}" in injected[0].source
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    # the cross-check chart's title is built from N_COMBATS
    assert f"Exact chances against {N_COMBATS} games per check" in html


def test_exported_html_renders_every_plotly_figure(exported: tuple[nbformat.NotebookNode, str, Path]):
    """Each figure has an HTML rendering (not only its JSON), plotly.js is in the page, from no CDN."""
    nb, html, _ = exported
    figures = _figures(nb)
    assert len(figures) >= 5, f"the notebook drew {len(figures)} figures"
    assert all("text/html" in f and "Plotly.newPlot(" in f["text/html"] for f in figures), (
        "a Plotly figure has only its JSON: set pio.renderers.default = 'plotly_mimetype+notebook'")
    assert html.count("Plotly.newPlot(") == len(figures)
    assert "window.Plotly = Plotly" in html, "plotly.js is not embedded in the exported page"
    assert not re.search(r"<script[^>]+src=[\"'][^\"']*plotly", html), "plotly.js is loaded from outside"


@pytest.mark.e2e
def test_exported_html_draws_the_charts_offline_in_chromium(exported: tuple[nbformat.NotebookNode, str, Path]):
    if not Path(CHROMIUM).exists():
        if os.environ.get("FWLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"FWLAB_REQUIRE_BROWSER=1 but no chromium at {CHROMIUM}")
        pytest.skip(f"no chromium at {CHROMIUM} (set FWLAB_CHROMIUM)")
    from playwright.sync_api import sync_playwright

    nb, _, path = exported
    n = len(_figures(nb))
    refused: list[str] = []
    errors: list[str] = []

    def only_local(route) -> None:  # noqa: ANN001 (playwright's Route)
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.route("**/*", only_local)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(path.as_uri())
            page.wait_for_function(f"document.querySelectorAll('.js-plotly-plot .main-svg').length >= {n}",
                                   timeout=60_000)
            # SVG elements each chart drew (axes, ticks, bars, cells, slices)
            drawn = page.evaluate("() => [...document.querySelectorAll('.js-plotly-plot')]"
                                  ".map(el => el.querySelectorAll('.main-svg *').length)")
        finally:
            browser.close()
    assert len(drawn) == n, f"{len(drawn)} charts drawn for {n} figures"
    assert all(k > 20 for k in drawn), drawn
    assert not errors, errors
