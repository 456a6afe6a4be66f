"""The game viewer's in-browser stepper: every step of a replay drawn once, on the server, into one
self-contained HTML document (the faces each sent once, the steps as JSON), stepped by its own
buttons, slider and keys in the browser. A click costs no Streamlit round trip (about 150-300 ms
here, whatever the page draws), only swapping one step's HTML: a few milliseconds, which the
document shows under the board ("drawn in N ms").

It shows what the app stepper shows of a step (the step line, the action with its card names, the
chance, each seat's figures and zones, the table) from one view (the whole truth or a seat's); the
"Why not…?" questions and the text board need the engine, so they stay with the app stepper.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..catalog.faces import esc
from ..rulesets import SEAT_LABELS
from ..sim import replay as rp

_SRC = re.compile(r'src="(data:[^"]+)"')

#: the document's script: ``S`` the steps, ``F`` the faces, ``T`` the turn starts
_SCRIPT = """
const root = document.getElementById('fv-step'), slider = document.getElementById('fv-slider');
const timing = document.getElementById('fv-ms');
let cur = 0;
function draw(i) {
  const t0 = performance.now();
  cur = Math.max(0, Math.min(S.length - 1, i));
  root.innerHTML = S[cur];
  for (const img of root.querySelectorAll('img[data-f]')) img.src = F[+img.dataset.f];
  slider.value = cur;
  timing.textContent = 'step ' + (cur + 1) + ' drawn in ' + (performance.now() - t0).toFixed(1) + ' ms';
}
function turn(dir) {
  if (dir < 0) { let t = 0; for (const s of T) if (s < cur) t = s; draw(t); }
  else { let t = S.length - 1; for (const s of T) if (s > cur) { t = s; break; } draw(t); }
}
const go = {first: () => draw(0), pturn: () => turn(-1), prev: () => draw(cur - 1), next: () => draw(cur + 1),
            nturn: () => turn(1), last: () => draw(S.length - 1)};
for (const b of document.querySelectorAll('button[data-go]')) b.addEventListener('click', () => go[b.dataset.go]());
slider.addEventListener('input', () => draw(+slider.value));
document.addEventListener('keydown', (e) => {
  const k = {ArrowRight: 'next', ArrowLeft: 'prev', ArrowDown: 'nturn', ArrowUp: 'pturn', Home: 'first', End: 'last'}[e.key];
  if (k && e.target !== slider) { e.preventDefault(); go[k](); }
});
draw(START);
"""

_CSS = ("<style>body{font-family:'Source Sans Pro',sans-serif;font-size:15px;margin:0;color:#31333f}"
        ".fv-bar{display:flex;gap:6px;align-items:center;margin:4px 0 8px 0;flex-wrap:wrap}"
        ".fv-bar button{padding:4px 10px;border:1px solid #ccc;border-radius:6px;background:#fff;cursor:pointer}"
        ".fv-bar button.primary{background:#ff4b4b;color:#fff;border-color:#ff4b4b}"
        "#fv-slider{flex:1;min-width:200px}#fv-ms{color:#666;font-size:12px}"
        ".fv-seat{margin:6px 0}.fv-cap{color:#666;font-size:13px}</style>")


#: what the stepper draws with, from the viewer (fwlab/ui/viewer_views.py): the card names an action
#: names, its chance, and a step's zones (step_html)
Parts = tuple[Callable[[rp.Step, "int | None"], str], Callable[[rp.Step, "int | None"], str],
              Callable[..., dict[str, Any]]]


def _step_body(replay: rp.Replay, i: int, view: int | None, faces: dict[str, int], draw: Parts) -> str:
    _names, _chance, step_html = draw
    step = replay.steps[i]
    who = "game over" if step.seat < 0 else f"seat {SEAT_LABELS[step.seat]} decides: {esc(step.decision)}"
    parts = [f"<div><b>Step {i + 1} of {len(replay.steps)}</b> · turn {step.turn} · {who}</div>"]
    if step.action is not None:
        parts.append(f"<div>Action: <b><code>{esc(step.action)}</code></b>{esc(_names(step, view))}</div>")
    chance = _chance(step, view)
    if chance:
        parts.append(f"<div class='fv-cap'>Chance of this action: {esc(chance)}</div>")
    if step.seat < 0:
        parts.append(f"<div><b>Result: {esc(replay.result_text())}</b></div>" if replay.places
                     else "<div>The game did not finish.</div>")
    drawn = step_html(replay.ruleset, step.position, view)

    def ref(m: re.Match[str]) -> str:
        return f'data-f="{faces.setdefault(m.group(1), len(faces))}"'

    for s, seat in enumerate(drawn["seats"]):
        figs = " · ".join(f"{esc(name)} {values[s]}" for name, values in step.figures.items())
        mark = " (deciding)" if s == step.seat else ""
        line = " · ".join(x for x in (figs, seat["figures"]) if x)
        parts.append(f"<div class='fv-seat'><b>Seat {SEAT_LABELS[s]}</b>{mark}: {line}</div>")
        parts.append(_SRC.sub(ref, seat["html"]))
    if drawn["table_figures"] or "<img" in drawn["table"]:
        parts.append("<div class='fv-seat'><b>The table</b>"
                     + (f": {esc(drawn['table_figures'])}" if drawn["table_figures"] else "") + "</div>")
        parts.append(_SRC.sub(ref, drawn["table"]))
    return "".join(parts)


def stepper_document(replay: rp.Replay, view: int | None, parts: Parts, start: int = 0) -> str:
    """The whole in-browser stepper of ``replay`` from ``view`` (None: the whole truth), opening at
    step ``start``, drawn with the viewer's ``parts``: one HTML document with its faces, steps and
    script. The viewer's :func:`~fwlab.ui.viewer_views.fast_document` passes them."""
    faces: dict[str, int] = {}
    steps = [_step_body(replay, i, view, faces, parts) for i in range(len(replay.steps))]
    n = len(steps)
    bar = ("<div class='fv-bar'>"
           "<button data-go='first' title='Home'>Start</button>"
           "<button data-go='pturn' title='the start of the previous turn (key: Up)'>◀◀ Turn</button>"
           "<button data-go='prev' title='one action back (key: Left)'>◀ Action</button>"
           "<button data-go='next' class='primary' title='the next action (key: Right)'>Action ▶</button>"
           "<button data-go='nturn' title='the start of the next turn (key: Down)'>Turn ▶▶</button>"
           "<button data-go='last' title='End'>End</button>"
           f"<input id='fv-slider' type='range' min='0' max='{n - 1}' value='0' aria-label='Step'>"
           "<span id='fv-ms'></span></div>")
    data = (f"const S = {json.dumps(steps)};\nconst F = {json.dumps(list(faces))};\n"
            f"const T = {json.dumps(replay.turn_starts())};\nconst START = {max(0, min(start, n - 1))};\n")
    data = data.replace("</", "<\\/")   # no step's HTML may close the script early
    return f"<!doctype html><html><head>{_CSS}</head><body>{bar}<div id='fv-step'></div>" \
           f"<script>{data}{_SCRIPT}</script></body></html>"

