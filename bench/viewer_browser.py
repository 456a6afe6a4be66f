"""The game viewer's round trip in a real browser (issue 30: a step under 100 ms): per ruleset, the
time from a click on "Action ▶" to the next step's "Step N of M" line drawn, and to the app idle
again (the status widget gone), over ``--steps`` clicks. The stepper is an ``st.fragment``, so a
click reruns the viewer only, not the page's pickers.

    FWLAB_CHROMIUM=/usr/bin/chromium .venv/bin/python bench/viewer_browser.py [--steps 20] [--rulesets fw,fr]

It builds a small store (``fwlab init``, 10 league matches) in a temporary folder unless ``--db`` is
given, serves ``app.py`` on a free port and drives Debian's chromium with Playwright. Wall-clock
figures: run it on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

#: true once the viewer shows a "Step N of M" line whose N differs from ``arg``
STEP_CHANGED = """(before) => {
  for (const e of document.querySelectorAll('*')) {
    const m = /^Step (\\d+) of \\d+$/.exec((e.textContent || '').trim());
    if (m && Number(m[1]) !== before) return true;
  }
  return false;
}"""


#: in the stepper's frame: click "Action ▶" and resolve, after the next paint, with the milliseconds
#: from the click to that paint (two animation frames: the frame the new step is painted in)
CLICK_TO_PAINT = """() => new Promise((done) => {
  const b = [...document.querySelectorAll('button')].find((x) => x.dataset.go === 'next');
  const t0 = performance.now();
  b.click();
  requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));
})"""


def fast_steps(page: object, steps: int) -> str:
    """Turn the in-browser stepper on and time ``steps`` clicks on its "Action ▶": from the click to
    the next paint, in the page's own clock, and the step's swap as the document measures it."""
    import screenshots as sc

    page.get_by_text("Step in the browser", exact=True).click()  # type: ignore[attr-defined]
    sc.settle(page)
    page.frame_locator("iframe").first.locator("#fv-ms:has-text('drawn in')").wait_for()  # type: ignore[attr-defined]
    frame = page.locator("iframe").first.element_handle().content_frame()  # type: ignore[attr-defined]
    paints, draws = [], []
    for _ in range(steps):
        paints.append(float(frame.evaluate(CLICK_TO_PAINT)))
        draws.append(float(frame.inner_text("#fv-ms").split(" drawn in ")[1].split()[0]))
    return (f"click to the next paint {statistics.median(paints):.0f} ms (max {max(paints):.0f}) · "
            f"the step's swap {statistics.median(draws):.1f} ms (max {max(draws):.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20, help="clicks per ruleset")
    ap.add_argument("--rulesets", default="fw,bg,fr,eredan,conquest")
    ap.add_argument("--db", type=Path, help="a store to serve (default: a fresh small one)")
    ap.add_argument("--fast", action="store_true",
                    help="time the in-browser stepper (the \"Step in the browser\" toggle) instead of the app's")
    args = ap.parse_args()
    import screenshots as sc  # scripts/screenshots.py: the store, the server and the viewer helpers
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("FWLAB_CHROMIUM", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = args.db or sc.build_store(folder)
        with sc.serve(db, folder / "streamlit.log") as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(120_000)
            print(f"load average {os.getloadavg()[0]:.1f}; {args.steps} clicks a ruleset")
            print(f"{'ruleset':<9} {'to the step drawn ms (median, max)':>36} {'to idle ms (median, max)':>28}")
            for ruleset in args.rulesets.split(","):
                sc.open_viewer_game(page, base, ruleset, step=1)
                if args.fast:
                    print(f"{ruleset:<9} {fast_steps(page, args.steps)}")
                    continue
                drawn, idle = [], []
                for _ in range(args.steps):
                    if page.get_by_text("Result: ", exact=False).count():
                        break
                    now = sc._shown_step(page)
                    t0 = time.perf_counter()
                    page.get_by_role("button", name="Action ▶").click()
                    page.wait_for_function(STEP_CHANGED, arg=now, polling="raf")
                    t1 = time.perf_counter()
                    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached")
                    t2 = time.perf_counter()
                    drawn.append((t1 - t0) * 1000)
                    idle.append((t2 - t0) * 1000)
                if drawn:
                    print(f"{ruleset:<9} {statistics.median(drawn):>24.0f} {max(drawn):>11.0f}"
                          f" {statistics.median(idle):>17.0f} {max(idle):>10.0f}")
            browser.close()


if __name__ == "__main__":
    main()
