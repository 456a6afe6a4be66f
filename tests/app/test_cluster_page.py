"""The sidebar's Dask cluster setting (issue 18): with a scheduler address, the simulator page
sends its batches to the cluster, shows the same result as a local run and names the workers."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def _run(at: AppTest) -> dict:
    at.switch_page("fwlab/ui/pages/simulator.py").run()
    at.number_input(key="sim-games").set_value(300).run()
    at.button(key="sim-run").click().run()
    assert not at.exception and not at.error
    return at.session_state["sim-result"]["result"]


def test_simulator_on_the_sidebar_cluster_gives_the_local_result(store: Path, cluster: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.run()
    assert at.text_input(key="cluster-address").value == ""
    local = _run(at)
    at.text_input(key="cluster-address").set_value(cluster).run()
    remote = _run(at)
    assert remote == local
    captions = " ".join(c.value for c in at.caption)
    assert "Ran on the Dask cluster" in captions and "batches" in captions


def test_unreachable_cluster_is_an_error_on_the_page(store: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FWLAB_CLUSTER_TIMEOUT", "1")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.run()
    at.text_input(key="cluster-address").set_value("tcp://127.0.0.1:9").run()
    at.switch_page("fwlab/ui/pages/simulator.py").run()
    at.number_input(key="sim-games").set_value(20).run()
    at.button(key="sim-run").click().run()
    assert not at.exception
    assert any("cannot reach the Dask scheduler at tcp://127.0.0.1:9" in e.value for e in at.error)
