"""The game viewer (docs/game-viewer.md): one game step by step, its board drawn as card faces.

The game comes from :mod:`fwlab.sim.replay` (a simulated game by its seed and index, a position
file, a game record); the viewer only draws positions, so it knows no game: every list of cards a
position holds is a zone of faces, the numbers beside a card are its caption, the engine's own
text board is one click away. The page's URL names the game (ruleset, decks, bots, seed, index,
rules), so a link replays it identically; the simulator links here ("show me a game").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import streamlit as st

from ..catalog.faces import esc, faces_grid_html, svg_img
from ..rules.engines import bots_for, default_bot, engine_rulesets
from ..rules.faces import face_svg
from ..rulesets import SEAT_LABELS, info
from ..sim import replay as rp
from .viewer_fast import stepper_document

PAGE = "fwlab/ui/pages/viewer.py"
#: the query parameters of a link to a game; ``deck_a``.. one per seat, ``name_a``.. their names
PARAMS = ("ruleset", "bots", "seed", "game", "rules", "players")
FACE_PX = 104
GAME = "viewer-game"
ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------- a game in a link
def encode_deck(names: Sequence[str]) -> str:
    """A deck's cards in order as ``COUNT*NAME`` runs joined by ``|`` (the order the engine deals from).

    >>> encode_deck(["Imp", "Imp", "Golem", "Imp"])
    '2*Imp|1*Golem|1*Imp'
    >>> decode_deck('2*Imp|1*Golem|1*Imp')
    ('Imp', 'Imp', 'Golem', 'Imp')
    """
    runs: list[list[Any]] = []
    for n in names:
        if runs and runs[-1][1] == n:
            runs[-1][0] += 1
        else:
            runs.append([1, n])
    return "|".join(f"{c}*{n}" for c, n in runs)


def decode_deck(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for i, run in enumerate(t for t in text.split("|") if t.strip()):
        count, sep, name = run.partition("*")
        if not sep or not count.strip().isdigit() or not name.strip():
            raise ValueError(f"deck entry {i + 1} {run!r}: expected COUNT*NAME")
        out.extend([name.strip()] * int(count))
    return tuple(out)


def game_params(game: Mapping[str, Any]) -> dict[str, str]:
    """The query parameters of a game (``ruleset``, ``setups``, ``bots``, ``seed``, ``index``,
    ``options``, ``names``): what the link carries."""
    out = {"ruleset": game["ruleset"], "bots": ",".join(game["bots"]), "seed": str(game["seed"]),
           "game": str(game["index"])}
    setups = game["setups"]
    if all(s is None for s in setups):
        out["players"] = str(len(setups))
    for s, names in enumerate(setups):
        if names is not None:
            out[f"deck_{SEAT_LABELS[s]}"] = encode_deck(names)
    for s, name in enumerate(game.get("names") or ()):
        if name:
            out[f"name_{SEAT_LABELS[s]}"] = str(name)
    if game.get("options"):
        out["rules"] = json.dumps(game["options"], sort_keys=True)
    return out


def params_game(qp: Mapping[str, str]) -> dict[str, Any]:
    """A game from its link's query parameters (a ``ValueError`` naming a bad one)."""
    ruleset = qp.get("ruleset", "")
    if ruleset not in engine_rulesets():
        raise ValueError(f"ruleset: {ruleset!r} is not a ruleset with an engine")
    if info(ruleset).uses_decks:
        setups: list[tuple[str, ...] | None] = []
        for label in SEAT_LABELS:
            if f"deck_{label}" not in qp:
                break
            setups.append(decode_deck(qp[f"deck_{label}"]))
    else:
        setups = [None] * int(qp.get("players", info(ruleset).seats[0]))
    bots = [b for b in qp.get("bots", "").split(",") if b] or [default_bot(ruleset)] * len(setups)
    try:
        seed, index = int(qp.get("seed", "0")), int(qp.get("game", "0"))
    except ValueError:
        raise ValueError("seed and game are whole numbers") from None
    options = json.loads(qp["rules"]) if qp.get("rules") else {}
    names = [qp.get(f"name_{SEAT_LABELS[s]}", "") for s in range(len(setups))]
    return {"ruleset": ruleset, "setups": setups, "bots": bots, "seed": seed, "index": index, "options": options,
            "names": names}


def link(game: Mapping[str, Any]) -> str:
    """The viewer's relative URL for a game."""
    from urllib.parse import urlencode

    return "viewer?" + urlencode(game_params(game))


# ---------------------------------------------------------------------- replays (cached)
@st.cache_data(show_spinner="Replaying the game…", max_entries=16)
def _sim_replay(ruleset: str, setups: tuple[tuple[str, ...] | None, ...], bots: tuple[str, ...], seed: int,
                index: int, options: str) -> rp.Replay:
    return rp.replay_game(ruleset, list(setups), list(bots), seed, index, json.loads(options))


def replay_of(game: Mapping[str, Any]) -> rp.Replay:
    return _sim_replay(game["ruleset"], tuple(None if s is None else tuple(s) for s in game["setups"]),
                       tuple(game["bots"]), int(game["seed"]), int(game["index"]),
                       json.dumps(game.get("options") or {}, sort_keys=True))


@st.cache_data(show_spinner=False, max_entries=16)
def _sim_result(ruleset: str, setups: tuple[tuple[str, ...] | None, ...], bots: tuple[str, ...], seed: int,
                index: int, options: str) -> dict[str, Any]:
    """What the simulator itself gets for this game (``play_match`` at the simulator's seed)."""
    from ..sim import play_match
    from ..sim.runner import game_seed

    r = play_match(ruleset, list(setups), list(bots), seed=game_seed(seed, index), first=index % len(setups),
                   log_cards=False, **json.loads(options))
    return {"places": list(r.places), "end_reason": r.end_reason, "turns": r.turns, "winner": r.winner}


# ---------------------------------------------------------------------- drawing a position
@lru_cache(maxsize=4096)
def face(ruleset: str, name: str, width: int = FACE_PX) -> str:
    """A card's face as an ``<img>`` (hidden cards as a card back; a name not in the catalog as text)."""
    if name == rp.HIDDEN:
        h = round(width * 1.4)
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 250 350">'
               '<rect x="4" y="4" width="242" height="342" rx="14" fill="#2f3b52" stroke="#111" stroke-width="6"/>'
               '<rect x="24" y="24" width="202" height="302" rx="8" fill="none" stroke="#8a9bbd" stroke-width="4"/>'
               '<text x="125" y="185" font-size="40" text-anchor="middle" fill="#8a9bbd" '
               'font-family="system-ui, sans-serif">?</text></svg>')
        return svg_img(svg, "hidden card")
    try:
        return svg_img(face_svg(ruleset, name, width), name)
    except ValueError:   # CatalogError: a card the catalog does not have
        return f'<span class="card-face missing">{esc(name)}</span>'


def _caption(piece: Mapping[str, Any]) -> str:
    bits = []
    if isinstance(piece.get("id"), int):
        bits.append(f"#{piece['id']}")
    for k, v in piece.items():
        if k in ("id", "card"):
            continue
        if isinstance(v, bool):
            if v:
                bits.append(k.replace("_", " "))
        elif isinstance(v, int | str):
            bits.append(f"{k.replace('_', ' ')} {v}")
        elif isinstance(v, dict) and all(isinstance(x, int) for x in v.values()):
            bits.append(k + " " + " ".join(f"{a} {x:+d}" if k == "buff" else f"{a} {x}" for a, x in v.items()))
    return " · ".join(bits)


def _pieces(ruleset: str, zone: Sequence[Any], width: int) -> list[tuple[str, str]]:
    """(face, caption) per card of a zone; a card's own cards (attachments, items) follow it; a
    piece that is no card but holds cards (a Conquest field's troop) shows those, captioned by it."""
    out: list[tuple[str, str]] = []
    for item in zone:
        if item is None:
            continue
        if isinstance(item, str):
            out.append((face(ruleset, item, width), ""))
            continue
        if not isinstance(item, dict):
            continue
        if isinstance(item.get("card"), str):
            out.append((face(ruleset, item["card"], width), _caption(item)))
            for k, v in item.items():
                names = rp._cards(v) if isinstance(v, list) else None
                if names:
                    for c, name in zip(v, names):
                        cap = _caption(c) if isinstance(c, dict) else ""
                        out.append((face(ruleset, name, width), f"{k[:-1] if k.endswith('s') else k} "
                                    f"on #{item.get('id', '')} {cap}".strip()))
        else:
            held = [(k, v) for k, v in item.items() if isinstance(v, dict) and isinstance(v.get("card"), str)]
            cap = _caption({k: v for k, v in item.items() if not isinstance(v, dict)})
            for k, v in held:
                out.append((face(ruleset, v["card"], width), f"{k}: {cap}"))
    return out


def _zones(ruleset: str, holder: Mapping[str, Any], width: int, skip: Sequence[str] = ()) -> tuple[list[str], str]:
    """A seat's (or the table's) zones as HTML blocks, and its plain figures as one line."""
    blocks, figs = [], []
    for k, v in holder.items():
        if k in skip:
            continue
        if isinstance(v, list):
            pieces = _pieces(ruleset, v, width)
            if isinstance(v, list) and v and all(isinstance(x, list) for x in v):   # piles per column
                sizes = ", ".join(str(len(x)) for x in v)
                figs.append(f"{k} {sizes}")
                continue
            label = k.replace("_", " ")
            if pieces:
                blocks.append(f"<div class='zone'><b>{esc(label)}</b> ({len(pieces)})"
                              + faces_grid_html(pieces, width, style=False) + "</div>")
            elif not v or all(x is None for x in v):
                figs.append(f"{label}: none")
        elif isinstance(v, bool):
            if v:
                figs.append(k.replace("_", " "))
        elif isinstance(v, int | str) and v is not None:
            figs.append(f"{k.replace('_', ' ')} {v}")
        elif isinstance(v, dict) and all(isinstance(x, int) for x in v.values()):
            figs.append(f"{k}: " + ", ".join(f"{x} {a}" for a, x in v.items()))
    return blocks, " · ".join(figs)


STYLE = ("<style>.zone{margin:4px 0 10px 0}.zone .face-grid{display:flex;flex-wrap:wrap;gap:6px}"
         ".zone figure{margin:0;text-align:center;font:11px system-ui,sans-serif;color:#333;max-width:var(--w)}"
         ".zone figcaption{line-height:1.2}.card-face.missing{display:inline-block;border:1px solid #999;"
         "padding:4px}</style>")

TABLE_SKIP = ("ruleset", "turn", "active", "decision", "deciding", "legal_actions", "terminal", "outcome", "seats",
              "options", "seed", "first", "round", "idle", "idle_seats", "initiative")


def step_html(ruleset: str, pos: Mapping[str, Any], view: int | None, width: int = FACE_PX) -> dict[str, Any]:
    """What one step draws: per seat its figures line and zones, and the table's (the board, the
    battle, the shared discard pile), from the position as ``view`` sees it."""
    seen = rp.view_of(pos, view)
    seats = []
    for st_ in seen.get("seats", []):
        blocks, figs = _zones(ruleset, st_, width, skip=("deck",))
        seats.append({"figures": figs, "html": STYLE + "".join(blocks)})
    table_blocks, table_figs = _zones(ruleset, {k: v for k, v in seen.items() if k not in TABLE_SKIP}, width,
                                      skip=("deck",))
    for k in ("combat", "battle", "answering"):   # a dict of the table's: as a figure line
        v = seen.get(k)
        if isinstance(v, dict):
            table_figs += (" · " if table_figs else "") + f"{k}: " + json.dumps(v)
    return {"seats": seats, "table": STYLE + "".join(table_blocks), "table_figures": table_figs}


# ---------------------------------------------------------------------- the page's parts
def _set_step(key: str, value: int) -> None:
    st.session_state[key] = value


def controls(replay: rp.Replay, key: str) -> int:
    """The stepping buttons (keyboard: Left/Right an action, Up/Down a turn, Home/End) and a slider;
    the step shown."""
    n = len(replay.steps)
    sk = f"{key}-step"
    i = min(int(st.session_state.get(sk, 0)), n - 1)
    starts = replay.turn_starts()
    prev_turn = max([t for t in starts if t < i] or [0])
    next_turn = min([t for t in starts if t > i] or [n - 1])
    cols = st.columns(6)
    cols[0].button("Start", key=f"{key}-first", on_click=_set_step, args=(sk, 0), shortcut="Home")
    cols[1].button("◀◀ Turn", key=f"{key}-prev-turn", on_click=_set_step, args=(sk, prev_turn), shortcut="Up",
                   help="the start of the previous turn (key: Up)")
    cols[2].button("◀ Action", key=f"{key}-prev", on_click=_set_step, args=(sk, max(0, i - 1)), shortcut="Left",
                   help="one action back (key: Left)")
    cols[3].button("Action ▶", key=f"{key}-next", on_click=_set_step, args=(sk, min(n - 1, i + 1)),
                   shortcut="Right", type="primary", help="the next action (key: Right)")
    cols[4].button("Turn ▶▶", key=f"{key}-next-turn", on_click=_set_step, args=(sk, next_turn), shortcut="Down",
                   help="the start of the next turn (key: Down)")
    cols[5].button("End", key=f"{key}-last", on_click=_set_step, args=(sk, n - 1), shortcut="End")
    st.session_state[sk] = i
    st.slider("Step", 0, n - 1, key=sk, help="one step per action; the last is the final position")
    return int(st.session_state[sk])


def why_not_block(replay: rp.Replay, i: int, key: str) -> None:
    step = replay.steps[i]
    if step.seat < 0:
        return
    with st.expander(f"Why not…? (the {len(step.legal)} legal actions here, and why others were refused)"):
        st.caption("Legal here: " + "; ".join(step.legal))
        options = rp.alternatives(replay, i)
        c1, c2 = st.columns(2)
        picked = c1.selectbox("An action this seat could take at a nearby decision", ["", *options],
                              key=f"{key}-alt-{i}")
        typed = c2.text_input("Or any action, as the engine writes it", key=f"{key}-typed-{i}",
                              placeholder="attack 12")
        ask = typed.strip() or picked
        if ask:
            try:
                reason = rp.why_not(replay, i, ask)
            except ValueError as exc:
                st.error(str(exc))
            else:
                if reason is None:
                    st.success(f"`{ask}` was legal here.")
                else:
                    st.warning(f"`{ask}`: {reason}")


def show_step(replay: rp.Replay, i: int, view: int | None) -> None:
    from ..sim.position_cli import show as text_board

    step = replay.steps[i]
    prev = replay.steps[i - 1] if i else None
    who = "game over" if step.seat < 0 else f"seat {SEAT_LABELS[step.seat]} decides: {step.decision}"
    st.markdown(f"**Step {i + 1} of {len(replay.steps)}** · turn {step.turn} · {who}")
    if step.action is not None:
        st.markdown(f"Action: **`{step.action}`**" + _names(step, view))
    chance = _chance(step, view)
    if chance:
        st.caption(f"Chance of this action: {chance}")
    if prev is not None and prev.action is not None:
        pc = _chance(prev, view)
        st.caption(f"Before: seat {SEAT_LABELS[prev.seat]} played `{prev.action}`" + (f" ({pc})" if pc else ""))
    if step.seat < 0:
        st.success(f"Result: {replay.result_text()}" if replay.places else "The game did not finish.")
    drawn = step_html(replay.ruleset, step.position, view)
    if step.figures:
        cols = st.columns(replay.num_seats)
        for s, col in enumerate(cols):
            for name, values in step.figures.items():
                delta = None if prev is None else values[s] - prev.figures.get(name, values)[s]
                col.metric(f"{SEAT_LABELS[s].upper()} {name}", values[s], delta=delta or None)
    for s, seat in enumerate(drawn["seats"]):
        mark = " (deciding)" if s == step.seat else ""
        st.markdown(f"**Seat {SEAT_LABELS[s]}**{mark}: {seat['figures']}")
        st.html(seat["html"])
    if drawn["table"] != STYLE or drawn["table_figures"]:
        st.markdown("**The table**" + (f": {drawn['table_figures']}" if drawn["table_figures"] else ""))
        if drawn["table"] != STYLE:
            st.html(drawn["table"])
    with st.expander("The board as text (as `fwlab position show` prints it)"):
        st.code(text_board(replay.ruleset, rp.view_of(step.position, view), max(step.seat, 0)), language=None)


def _names(step: rp.Step, view: int | None) -> str:
    names = rp.card_names(rp.view_of(step.position, view))
    hits = [f"#{b} {names[int(b)]}" for b in (step.action or "").split()[1:]
            if b.isdigit() and int(b) in names and names[int(b)] != rp.HIDDEN]
    return f" ({', '.join(hits[:3])})" if hits else ""


def _chance(step: rp.Step, view: int | None) -> str:
    from ..sim.replay_cli import chance_text

    return chance_text(step, view)


def fast_document(replay: rp.Replay, view: int | None, start: int = 0) -> str:
    """The in-browser stepper's document of ``replay`` (fwlab/ui/viewer_fast.py) from ``view``,
    opening at step ``start``, drawn with this page's parts."""
    return stepper_document(replay, view, (_names, _chance, step_html), start)


@st.fragment
def show_replay(replay: rp.Replay, key: str = "viewer") -> None:
    """The whole viewer over one replay: view picker, controls, the step, why-not.

    A fragment: a step button, the slider or the view reruns only this function, not the page
    (the pickers, the simulation and the store reads above it), so a click costs the step's drawing."""
    views = ["The whole truth", *[f"Seat {SEAT_LABELS[s]}'s view" for s in range(replay.num_seats)]]
    picked = st.radio("Show", views, horizontal=True, key=f"{key}-view")
    view = None if picked == views[0] else views.index(picked) - 1
    if st.toggle("Step in the browser", key=f"{key}-fast",
                 help="Every step is drawn once and sent with the page: a click or key (Left/Right, Up/Down, "
                      "Home/End once the viewer has the focus) swaps the step in the browser in a few "
                      "milliseconds, with no round trip to the app. The why-not questions and the text board "
                      "stay with the app's stepper."):
        cache_key = (id(replay), len(replay.steps), view)
        cached = st.session_state.get(f"{key}-fast-doc")
        if cached is None or cached[0] != cache_key:
            start = min(int(st.session_state.get(f"{key}-step", 0)), len(replay.steps) - 1)
            cached = (cache_key, fast_document(replay, view, start))
            st.session_state[f"{key}-fast-doc"] = cached
        st.iframe(cached[1], height=1000)
        return
    i = controls(replay, key)
    show_step(replay, i, view)
    why_not_block(replay, i, key)


# ---------------------------------------------------------------------- sources
def _pick_sim_game() -> dict[str, Any] | None:
    from . import data, deck_state

    c1, c2 = st.columns(2)
    ruleset = c1.selectbox("Ruleset", engine_rulesets(), key="viewer-ruleset")
    r = info(ruleset)
    lo, hi = r.seats
    seats = lo if lo == hi else int(c2.number_input("Seats", lo, hi, lo, key="viewer-seats"))
    bots = bots_for(ruleset)
    bi = bots.index(default_bot(ruleset))
    decks = deck_state.available_decks(ruleset, None if data.store_problem() else data.db_path()) if r.uses_decks else {}
    labels = list(decks)
    cols = st.columns(seats)
    chosen, chosen_bots = [], []
    for s in range(seats):
        lab = SEAT_LABELS[s]
        if r.uses_decks:
            chosen.append(cols[s].selectbox(f"Deck {lab.upper()}", labels, index=min(s, len(labels) - 1),
                                            key=f"viewer-deck-{lab}"))
        chosen_bots.append(cols[s].selectbox(f"Bot {lab.upper()}", bots, index=bi, key=f"viewer-bot-{lab}"))
    c1, c2 = st.columns(2)
    seed = int(c1.number_input("Simulation seed", 0, 2**31 - 1, 1, key="viewer-seed"))
    index = int(c2.number_input("Game index", 0, 10**6, 0, key="viewer-index"))
    if not st.button("Replay this game", key="viewer-go", type="primary"):
        return None
    setups = [tuple(_expand(decks[c])) for c in chosen] if r.uses_decks else [None] * seats
    return {"ruleset": ruleset, "setups": setups, "bots": chosen_bots, "seed": seed, "index": index, "options": {},
            "names": [decks[c].name for c in chosen] if r.uses_decks else []}


def _from_store() -> rp.Replay | None:
    """A simulated league match of the store (one with a game seed), picked and replayed; None until one is."""
    from ..store.stored_game import NotReplayable, replayable_matches, stored_game
    from . import data

    db = data.db_path()
    problem = data.store_problem(db)
    if problem:
        st.error(f"The fwlab store cannot be read: {problem}")
        return None
    c1, c2 = st.columns([1, 3])
    ruleset = c1.selectbox("Ruleset", ["(any)", *engine_rulesets()], key="viewer-store-ruleset")
    rows = replayable_matches(data.cursor(db), None if ruleset == "(any)" else ruleset)
    if not rows:
        st.info("No simulated league match with a game record in the store (`fwlab league` plays some; imported "
                "match logs carry no game record).")
        return None
    labels = {f"{r['match_id']} · {r['played_at']:%Y-%m-%d} · {r['players']} · winner {r['winner']} "
              f"({r['end_reason']}, {r['turns']} turns)": r["match_id"] for r in rows}
    wanted = st.session_state.pop(STORE_WANT, None)   # a link's ?match=ID, once
    if wanted is not None:
        label = next((k for k, v in labels.items() if v == wanted), None)
        if label is None:   # older than the list, or of another ruleset: offered first
            label = f"{wanted} (from the link)"
            labels = {label: wanted, **labels}
            st.session_state[STORE_EXTRA] = label
        st.session_state["viewer-store-match"] = label
    extra = st.session_state.get(STORE_EXTRA)
    if extra and extra not in labels:
        labels = {extra: extra.split(" ", 1)[0], **labels}
    picked = labels[c2.selectbox("Match (the most recent first)", list(labels), key="viewer-store-match")]
    if st.query_params.get("match") != picked:
        st.query_params.from_dict({"match": picked})   # the page's address is the link to this match
    if st.session_state.get("viewer-store-open") != picked:
        st.session_state["viewer-store-open"] = picked
        st.session_state["viewer-step"] = 0
    try:
        g = stored_game(data.cursor(db), picked)
        return _stored_replay(g)
    except (NotReplayable, ValueError) as exc:
        st.error(f"This match cannot be replayed: {exc}")
        return None


def _stored_replay(g: Any) -> rp.Replay:
    key = ("viewer-store-replay", g.match_id, g.seed)
    cached = st.session_state.get("viewer-store-cache")
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    r = rp.replay_match(g.ruleset, g.setups, g.bots, g.seed, g.first, g.options, g.source)
    st.session_state["viewer-store-cache"] = (key, r)
    return r


def _expand(deck: Any) -> list[str]:
    out: list[str] = []
    for e in deck.entries:
        out.extend([e.name] * e.count)
    return out


def _from_file(kind: str) -> rp.Replay | None:
    if kind == "position":
        examples = sorted(p.name for p in (ROOT / "data" / "positions").glob("*.json"))
        c1, c2 = st.columns(2)
        example = c1.selectbox("An example position", ["", *examples], key="viewer-example")
        up = c2.file_uploader("Or a position file (JSON)", type=["json"], key="viewer-pos-file")
        text = up.getvalue().decode("utf-8") if up is not None else (
            (ROOT / "data" / "positions" / example).read_text(encoding="utf-8") if example else "")
        name = up.name if up is not None else example
    else:
        up = st.file_uploader("A game record (JSON, GameRecord.to_dict)", type=["json"], key="viewer-rec-file")
        text, name = (up.getvalue().decode("utf-8"), up.name) if up is not None else ("", "")
    if not text:
        return None
    try:
        return _file_replay(kind, text, name)
    except (ValueError, KeyError, TypeError) as exc:
        st.error(f"{name}: {exc}")
        return None


@st.cache_data(show_spinner="Replaying the game…", max_entries=8)
def _file_replay(kind: str, text: str, name: str) -> rp.Replay:
    from ..rules.core import GameRecord

    data = json.loads(text)
    if kind == "position":
        return rp.replay_position(data, source={"kind": "position", "file": name})
    return rp.replay_record(GameRecord.from_dict(data), source={"kind": "record", "file": name})


#: session keys: a linked match to open once, and its label when the list does not hold it
STORE_WANT = "viewer-store-want"
STORE_EXTRA = "viewer-store-extra"


def page() -> None:
    """The Game viewer page."""
    qp = {k: st.query_params[k] for k in st.query_params}
    if "match" in qp and "ruleset" not in qp and st.session_state.get("viewer-match-link") != qp["match"]:
        st.session_state["viewer-match-link"] = qp["match"]   # ?match=ID: a stored match's link
        st.session_state["viewer-kind"] = "A stored match"
        st.session_state["viewer-store-ruleset"] = "(any)"
        st.session_state[STORE_WANT] = qp["match"]
    if "ruleset" in qp and st.session_state.get("viewer-link") != qp:
        st.session_state["viewer-link"] = qp
        try:
            st.session_state[GAME] = params_game(qp)
            st.session_state["viewer-step"] = 0
        except ValueError as exc:
            st.error(f"The link does not name a game: {exc}")
    kinds = {"A simulated game": "sim", "A stored match": "store", "A position file": "position",
             "A game record": "record"}
    kind = kinds[st.radio("Replay", list(kinds), horizontal=True, key="viewer-kind")]
    if kind == "sim":
        with st.expander("Choose a game of a simulation", expanded=GAME not in st.session_state):
            picked = _pick_sim_game()
        if picked is not None:
            st.session_state[GAME] = picked
            st.session_state["viewer-step"] = 0
            st.session_state["viewer-link"] = game_params(picked)
            st.query_params.from_dict(game_params(picked))
        game = st.session_state.get(GAME)
        if game is None:
            st.info("Choose decks, bots, a seed and a game index, or open a game from the simulator's results "
                    "(\"Show me a game\").")
            return
        try:
            replay = replay_of(game)
        except ValueError as exc:
            st.error(f"This game cannot be replayed: {exc}")
            return
        names = [n for n in game.get("names") or [] if n]
        st.subheader(f"{game['ruleset']}: " + (" vs ".join(names) + " · " if names else "")
                     + f"game {game['index']} of the simulation seeded {game['seed']}")
        st.caption(f"Bots {', '.join(game['bots'])} · game seed {replay.seed} · seat {SEAT_LABELS[replay.first]} "
                   f"plays first · {len(replay.actions)} actions · [a link to this game]({link(game)}) replays it "
                   "identically (the page's address is that link).")
        sim = _sim_result(replay.ruleset, tuple(None if s is None else tuple(s) for s in game["setups"]),
                          tuple(game["bots"]), int(game["seed"]), int(game["index"]),
                          json.dumps(game.get("options") or {}, sort_keys=True))
        same = (sim["places"] == list(replay.places) and sim["end_reason"] == replay.end_reason
                and sim["turns"] == replay.turns)
        st.caption(f"The simulator's result for this game: winner {sim['winner']} ({sim['end_reason']}) after "
                   f"{sim['turns']} turns — {'the same as this replay' if same else 'DIFFERENT from this replay'}.")
    elif kind == "store":
        stored = _from_store()
        if stored is None:
            return
        replay = stored
        rec = replay.source.get("recorded") or {}
        st.subheader(f"{replay.ruleset}: stored match {replay.source.get('match_id')} · "
                     + " vs ".join(str(p) for p in replay.source.get("players") or []))
        st.caption(f"Bots {', '.join(replay.bots)} · game seed {replay.seed} · seat {SEAT_LABELS[replay.first]} "
                   f"plays first · {len(replay.actions)} actions · [a link to this match](viewer?match="
                   f"{quote(str(replay.source.get('match_id')))}) opens it again from the store (the page's "
                   "address is that link)")
        same = (rec.get("winner") == replay.winner and rec.get("end_reason") == replay.end_reason
                and rec.get("turns") == replay.turns)
        text = (f"The stored result: winner {rec.get('winner')} ({rec.get('end_reason')}) after {rec.get('turns')} "
                f"turns — {'the same as this replay' if same else 'DIFFERENT from this replay'}.")
        if same:
            st.caption(text)
        else:
            st.warning(text + " A deck of this match was changed in the store after it was played, or the rules "
                              "engine changed since: this is not the game the league played.")
    else:
        replay_or_none = _from_file(kind)
        if replay_or_none is None:
            return
        replay = replay_or_none
        st.subheader(f"{replay.ruleset}: {replay.source.get('file', '')}")
        st.caption(f"Bots {', '.join(replay.bots)} · {len(replay.actions)} actions")
    show_replay(replay)


# ---------------------------------------------------------------------- from the simulator
SHOW_ME = {"a win for seat A": "win", "a loss for seat A": "loss", "a draw": "draw", "the longest": "longest",
           "the shortest": "shortest", "one where seat A drew a card": "card"}
#: games "show me a game" looks through at most (the longest/shortest among them)
SEARCH_MAX = 200


def show_me_a_game(run: Mapping[str, Any], decks: Mapping[str, Any]) -> None:
    """Below a simulator result: find one of its games (a win, a loss, the longest, one where a card
    was drawn) by replaying games by index, and link to it in the viewer. ``decks``: the simulator's
    decks by label (the run names its decks by name)."""
    if run.get("kind") not in ("matchup", "seats"):
        return
    ruleset = run["ruleset"]
    by_name = {d.name: d for d in decks.values()}
    if run["kind"] == "matchup":
        names = [run["deck_a"], run["deck_b"]]
    else:
        names = list(run["decks"])
    if any(n is not None and n not in by_name for n in names):
        return
    setups = [None if n is None else tuple(_expand(by_name[n])) for n in names]
    games = int(run["result"]["games"])
    with st.container(border=True):
        st.markdown("**Show me a game** of this simulation in the game viewer")
        c1, c2 = st.columns(2)
        what_label = c1.selectbox("Which game", list(SHOW_ME), key="showme-what")
        what = SHOW_ME[what_label]
        card = None
        if what == "card" and setups[0] is not None:
            card = c2.selectbox("The card", sorted(set(setups[0])), key="showme-card")
        look = min(games, SEARCH_MAX)
        if st.button("Find the game", key="showme-find"):
            hit = rp.find_game(ruleset, setups, what, run["bots"], int(run["seed"]), look, 0, card)
            st.session_state["showme-hit"] = (what, card, None if hit is None else hit[0], look)
        found = st.session_state.get("showme-hit")
        if found is not None and found[0] == what and found[1] == card:
            if found[2] is None:
                st.warning(f"None of the first {found[3]} games is {what_label}.")
            else:
                game = {"ruleset": ruleset, "setups": setups, "bots": list(run["bots"]), "seed": int(run["seed"]),
                        "index": found[2], "options": {}, "names": names}
                st.page_link(PAGE, label=f"Open game {found[2]} in the game viewer", icon=":material/play_circle:",
                             query_params=game_params(game))
                if what in ("longest", "shortest") and games > look:
                    st.caption(f"The {what} of the first {look} games of {games}.")
