"""The Balance lab page's pieces (issue 17): the change-set editor (a table of the catalog's numeric
and keyword fields, or an uploaded change-set TOML), the rule options (issue 27: one widget per
option the engine declares; the options set away from their default are the change set's
``[rules]``), the field of decks, long runs with a progress bar and a Cancel button, and the result
views (matchup heatmaps, per-deck deltas with their paired intervals, equilibrium shares, the
health figures before and after, sweep lines, two runs side by side).

Long runs (what-if, sweep, the deck builder's tuner and field test) go through :func:`run_cancellable`:
a Cancel button above the progress bar sets an event the lab call polls as ``should_stop`` between
batches; Streamlit also stops the running script at its next Streamlit call once a click reruns the
page. Either way the lab call leaves through an exception, which cancels the batches still queued
(a local pool's or a Dask cluster's), and the next run of the page says the run was cancelled.
"""

from __future__ import annotations

import json
import re
import threading
import tomllib
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ..catalog import Catalog, CatalogError, load_catalog
from ..catalog.overrides import normalize_overrides
from ..catalog.schemas import SCHEMAS
from ..lab import Cancelled, LabDeck, starter_field
from ..lab.changes import (
    ChangeSet,
    check_lab_ruleset,
    check_rules,
    json_rules,
    merge_changes,
    parse_change_set,
)
from ..rules.engines import engine_for, engine_rulesets, rule_options
from ..rules.options import RuleOption
from ..store.queries import slug
from . import data
from .cluster_views import executor
from .widgets import MISSING, chart, download_csv, download_json, table

Changes = dict[str, dict[str, Any]]

#: session keys: the last result of each kind, and per run area the token of the run in flight
RESULT = {"whatif": "lab-result-whatif", "sweep": "lab-result-sweep"}
RUNNING = "lab-running"
STOPPED = "lab-stopped"

#: events of the runs in flight (token -> event): process-wide, as a Cancel click arrives in another run
_EVENTS: dict[str, threading.Event] = {}
_EVENTS_LOCK = threading.Lock()


def lab_rulesets() -> list[str]:
    """Rulesets the lab plays: 2-seat deck games with a rules engine."""
    out = []
    for r in engine_rulesets():
        try:
            check_lab_ruleset(r)
        except ValueError:
            continue
        out.append(r)
    return out


def short(deck: str) -> str:
    """``fw/ashfang-raid`` -> ``ashfang-raid``."""
    return deck.split("/", 1)[-1]


# ---- change sets: TOML text ---------------------------------------------------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_value(v: Any) -> str:
    """A value as TOML inline text (what a change set file holds).

    >>> toml_value([{"kw": "swift"}, {"kw": "last_gasp", "n": 1}])
    '[{ kw = "swift" }, { kw = "last_gasp", n = 1 }]'
    """
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{k if _BARE.match(str(k)) else json.dumps(str(k))} = {toml_value(x)}"
                                for k, x in v.items()) + " }"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise TypeError(f"no TOML form for {v!r}")


def changes_toml(changes: Mapping[str, Mapping[str, Any]] | ChangeSet) -> str:
    """A change set as the TOML file ``fwlab whatif --changes`` reads (with its ``[base_rules]`` and
    ``[rules]`` tables when it is a :class:`~fwlab.lab.changes.ChangeSet` that has them).

    >>> print(changes_toml({"Ashfang Raider": {"att": 2, "res": 4}}), end="")
    ["Ashfang Raider"]
    att = 2
    res = 4
    >>> print(changes_toml(ChangeSet({}, {"turn_cap": 8, "cycle": (1, 2)})), end="")
    [rules]
    turn_cap = 8
    cycle = [1, 2]
    """
    cards = changes.cards if isinstance(changes, ChangeSet) else changes
    parts = []
    for card, fields in cards.items():
        lines = [f"[{json.dumps(card, ensure_ascii=False)}]"] + [f"{k} = {toml_value(v)}" for k, v in fields.items()]
        parts.append("\n".join(lines) + "\n")
    if isinstance(changes, ChangeSet):
        for key in ("base_rules", "rules"):
            tbl = getattr(changes, key)
            if tbl:
                parts.append("\n".join([f"[{key}]"] + [f"{k} = {toml_value(v)}" for k, v in tbl.items()]) + "\n")
    return "\n".join(parts)


# ---- the change-set editor: a table of the catalog ----------------------------------------------

def editable_fields(cat: Catalog) -> tuple[list[str], str | None]:
    """The catalog's whole-number fields (cost, attack, defense first) and its keyword field."""
    schema = SCHEMAS[cat.family]
    names: list[str] = []
    for spec in (schema.common, *schema.per_type.values()):
        for k, f in spec.items():
            if f.kind == "int" and k not in names:
                names.append(k)
    first = [*dict.fromkeys(schema.cost.values()), schema.attack, schema.defense]
    ordered = [f for f in first if f in names] + [f for f in names if f not in first]
    return ordered, schema.abilities_field


def _has(cat: Catalog, card_type: str, field: str) -> bool:
    schema = SCHEMAS[cat.family]
    return field in schema.common or field in schema.per_type.get(card_type, {})


def editor_frame(cat: Catalog) -> pd.DataFrame:
    """One row per card (by name): its type, whole-number fields and keywords (TOML inline text)."""
    ints, kw = editable_fields(cat)
    rows = []
    for card in sorted(cat, key=lambda c: c.name):
        row: dict[str, Any] = {"card": card.name, "type": card.type}
        for f in ints:
            v = card.fields.get(f)
            row[f] = v if isinstance(v, int) and not isinstance(v, bool) and _has(cat, card.type, f) else None
        if kw:
            row[kw] = toml_value(list(card.fields.get(kw) or [])) if _has(cat, card.type, kw) else None
        rows.append(row)
    df = pd.DataFrame(rows, columns=["card", "type", *ints, *([kw] if kw else [])])
    for f in ints:
        df[f] = df[f].astype("Int64")
    return df


def edits_to_changes(cat: Catalog, frame: pd.DataFrame, edited_rows: Mapping[Any, Mapping[str, Any]]) -> Changes:
    """The change set of a table's edited cells (``data_editor``'s ``edited_rows``: row position ->
    {column: value}); a cell edited back to its value, or cleared, is no change. Checked by the
    catalog (a :class:`CatalogError` names the card and field)."""
    ints, kw = editable_fields(cat)
    out: Changes = {}
    for pos, cells in edited_rows.items():
        row = frame.iloc[int(pos)]
        card = str(row["card"])
        for col, value in cells.items():
            if value is None or (isinstance(value, float) and pd.isna(value)):
                continue
            old = row.get(col)
            if col in ints:
                try:
                    new: Any = int(value)
                except (TypeError, ValueError):
                    raise CatalogError(f"must be a whole number, got {value!r}", file="the table", card=card,
                                       field=col) from None
                if not pd.isna(old) and int(old) == new:
                    continue
            elif col == kw:
                text = str(value).strip()
                if text == str(old or "").strip():
                    continue
                try:
                    new = tomllib.loads(f"v = {text or '[]'}")["v"]
                except tomllib.TOMLDecodeError as exc:
                    raise CatalogError(f"keywords are a TOML list like [{{ kw = \"swift\" }}]: {exc}",
                                       file="the table", card=card, field=col) from None
            else:
                continue
            out.setdefault(card, {})[col] = new
    return normalize_overrides(cat, out, "the table")


def change_editor(ruleset: str) -> ChangeSet | None:
    """The catalog as an editable table plus a change-set upload; returns the checked change set
    (the upload, then the table's edits on top; the upload's ``[rules]`` and ``[base_rules]`` too),
    or None after showing why it is refused. :func:`show_change_set` shows it."""
    cat = load_catalog(ruleset)
    frame = editor_frame(cat)
    ints, kw = editable_fields(cat)
    gen = st.session_state.get(f"lab-editor-gen-{ruleset}", 0)
    key = f"lab-editor-{ruleset}-{gen}"
    st.caption("Edit any cell of the cards' numbers or keywords; the changed cells are the change set (applied in "
               "memory, never to `data/`). Keywords are a TOML list, as in a change-set file: "
               "`[{ kw = \"swift\" }, { kw = \"last_gasp\", n = 1 }]`. Search the table with its toolbar.")
    config: dict[str, Any] = {"card": st.column_config.TextColumn("card", disabled=True),
                              "type": st.column_config.TextColumn("type", disabled=True)}
    for f in ints:
        config[f] = st.column_config.NumberColumn(f, min_value=0, step=1, format="%d")
    if kw:
        config[kw] = st.column_config.TextColumn(kw, width="large")
    st.data_editor(frame, key=key, hide_index=True, column_config=config, num_rows="fixed", height=320,
                   placeholder=MISSING)
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    upload = c1.file_uploader("Or upload a change set (.toml or .json; its [rules] are used too)",
                              type=["toml", "json"], key=f"lab-upload-{ruleset}")
    c2.button("Reset the table", key=f"lab-editor-reset-{ruleset}", on_click=_reset_editor, args=(ruleset,))
    uploaded = ChangeSet()
    try:
        if upload is not None:
            uploaded = parse_change_set(upload.getvalue().decode("utf-8"), ruleset, upload.name)
        edits = st.session_state.get(key, {}).get("edited_rows", {})
        table_changes = edits_to_changes(cat, frame, edits)
        changes = normalize_overrides(cat, merge_changes(uploaded.cards, table_changes), "the change set")
    except (CatalogError, UnicodeDecodeError) as exc:
        st.error(f"The change set is refused: {exc}")
        return None
    st.session_state[f"lab-uploaded-cards-{ruleset}"] = bool(uploaded.cards)
    return ChangeSet(changes, uploaded.rules, uploaded.base_rules)


def show_change_set(cs: ChangeSet, ruleset: str) -> None:
    """The change set in use, as the TOML file it would be, with a download (or a note when empty)."""
    if cs.cards or cs.rules or cs.base_rules:
        parts = []
        if cs.cards:
            parts.append(f"{len(cs.cards)} card(s) changed" + (" (the upload, then the table's edits)" if
                                                                st.session_state.get(f"lab-uploaded-cards-{ruleset}")
                                                                else ""))
        if cs.rules:
            parts.append(f"{len(cs.rules)} rule option(s) changed")
        if cs.base_rules:
            parts.append(f"{len(cs.base_rules)} rule option(s) played before and after")
        st.markdown("**Change set**: " + "; ".join(parts))
        st.code(changes_toml(cs).rstrip("\n"), language="toml")
        st.download_button("Download the change set (.toml)", changes_toml(cs), file_name="changes.toml",
                           mime="application/toml", key="lab-changes-download")
    else:
        st.caption("No change yet: a what-if with no change plays the same games twice (every delta is 0).")


# ---- the rule options: one widget per option of the engine ----------------------------------------

def rule_key(ruleset: str, name: str) -> str:
    """The session key of a rule option's widget."""
    return f"lab-rule-{ruleset}-{name}"


def _option_widget(ruleset: str, o: RuleOption, base: Any) -> Any:
    key = rule_key(ruleset, o.name)
    label = f"{o.name} [{o.rule}]"
    helptext = f"{o.doc} (default: {toml_value(json_rules({'v': o.default})['v'])})"
    if o.type == "bool":
        return st.checkbox(label, value=bool(base), key=key, help=helptext)
    if o.choices is not None:
        choices = list(o.choices)
        return st.selectbox(label, choices, index=choices.index(base) if base in choices else 0, key=key,
                            help=helptext)
    if o.type == "int":
        return st.number_input(label, value=int(base), step=1, key=key, help=helptext,
                               min_value=None if o.min is None else int(o.min),
                               max_value=None if o.max is None else int(o.max))
    if o.type == "float":
        return st.number_input(label, value=float(base), key=key, help=helptext,
                               min_value=None if o.min is None else float(o.min),
                               max_value=None if o.max is None else float(o.max))
    if o.type == "ints":
        return st.text_input(label, ",".join(str(x) for x in base), key=key, help=helptext + "; a list: 1,2,3")
    return st.text_input(label, str(base), key=key, help=helptext)


def rules_editor(ruleset: str, base_rules: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """One widget per rule option of the ruleset (from the registry: a checkbox for a yes/no option, a
    number or a choice for the others), starting at the rules the "before" side plays (the
    ruleset's defaults, or ``base_rules``); the options set away from those are returned, checked,
    as the change set's ``[rules]`` (the "after" side). None after showing why a value is refused."""
    declared = rule_options(ruleset)
    if not declared:
        st.caption(f"The {ruleset} engine declares no rule options.")
        return {}
    base = {o.name: o.default for o in declared} | dict(base_rules or {})
    st.caption("Each option is one ruling of `docs/rules.md` (its rule ID in brackets). The options you change "
               "here are the change set's `[rules]`: played on the \"after\" side only, on the same seeds and "
               "seats, so the health figures below the result (first-player win rate, end-reason mix) and the "
               "win rates change by the rule alone." + (" The upload's `[base_rules]` are played on both sides."
                                                        if base_rules else ""))
    cols = st.columns(3)
    given: dict[str, Any] = {}
    for i, o in enumerate(declared):
        with cols[i % 3]:
            given[o.name] = _option_widget(ruleset, o, base[o.name])
    try:
        values = check_rules(ruleset, given, "the rule options")
    except CatalogError as exc:
        st.error(f"The rule options are refused: {exc}")
        return None
    return {k: v for k, v in values.items() if k not in base or base[k] != v}


def with_rules(cs: ChangeSet, rules: Mapping[str, Any]) -> ChangeSet:
    """The change set with the rule widgets' ``[rules]`` on top of its own."""
    return ChangeSet(cs.cards, {**cs.rules, **rules}, cs.base_rules)


def _reset_editor(ruleset: str) -> None:
    k = f"lab-editor-gen-{ruleset}"
    st.session_state[k] = st.session_state.get(k, 0) + 1


# ---- the field -----------------------------------------------------------------------------------

def field_decks(ruleset: str, db: str | None) -> dict[str, tuple[str, LabDeck]]:
    """Decks a field can hold, by id: (label, deck): the starters, the deck builder's deck and the
    store's saved or imported decks of the ruleset."""
    from . import deck_state

    out: dict[str, tuple[str, LabDeck]] = {}
    for d in starter_field(ruleset):
        out[d.id] = (f"{d.deck.name} (starter)", d)
    if st.session_state.get(deck_state.RULESET) == ruleset and deck_state.counts():
        built = deck_state.current(ruleset)
        did = f"{ruleset}/builder-{slug(built.name)}"
        out[did] = (f"{built.name} (deck builder)", LabDeck(did, built))
    if db is not None:
        stored = data.decks(db, ruleset)
        for did, source in zip(stored["deck_id"], stored["source"]):
            if source == "starter" or did in out:
                continue
            try:
                stored_deck = deck_state.from_text(data.deck_text(db, did), did)
            except CatalogError:
                continue
            out[did] = (f"{stored_deck.name} ({source}, {did})", LabDeck(did, stored_deck))
    return out


def field_picker(ruleset: str, db: str | None, key: str = "lab-field") -> list[LabDeck]:
    decks = field_decks(ruleset, db)
    starters = [d for d in decks if decks[d][0].endswith("(starter)")]
    chosen = st.multiselect("Field (every pairing is played, mirrors included)", list(decks), default=starters,
                            key=f"{key}-{ruleset}", format_func=lambda d: decks[d][0] if d in decks else d)
    return [decks[d][1] for d in chosen if d in decks]


# ---- long runs: progress bar and Cancel -------------------------------------------------------------

def _event(token: str | None) -> threading.Event | None:
    with _EVENTS_LOCK:
        return _EVENTS.get(token) if token else None


def cancel(area: str) -> None:
    """The Cancel button's callback: the run of ``area`` in flight stops at its next batch."""
    token = st.session_state.get(RUNNING, {}).get(area)
    ev = _event(token)
    if ev is not None:
        ev.set()
    st.session_state.setdefault(STOPPED, {})[area] = "cancelled"


def stopped_notice(area: str) -> None:
    """Say so when the last run of ``area`` was cancelled or interrupted (the page was rerun mid-run)."""
    running = dict(st.session_state.get(RUNNING, {}))
    stopped = dict(st.session_state.get(STOPPED, {}))
    token = running.pop(area, None)
    why = stopped.pop(area, None)
    if token is None and why is None:
        return
    ev = _event(token)
    if ev is not None:   # a run interrupted by another click: make sure it stops too
        ev.set()
    st.session_state[RUNNING] = running
    st.session_state[STOPPED] = stopped
    partial = st.session_state.pop(f"{area}-partial", None)
    if why == "cancelled":
        st.warning("The run was cancelled: its batches still queued were dropped and nothing was kept. "
                   "Run it again to get a result.", icon=":material/cancel:")
    else:
        st.warning("The run was stopped before it finished (the page was rerun while it played). "
                   "Run it again to get a result.", icon=":material/cancel:")
    if isinstance(partial, Mapping) and partial.get("swaps"):
        swaps = "; ".join(f"−1 {s['out']}, +1 {s['in']}" for s in partial["swaps"])
        st.caption(f"What the tuner had found when it stopped (not re-tested): {swaps}")


def run_cancellable(area: str, call: Callable[..., Any], engine: str, label: str) -> Any | None:
    """Run ``call(executor=..., progress=..., should_stop=...)`` with a progress bar and a Cancel
    button; return its result, or None when it was cancelled (the page then says so)."""
    token = uuid.uuid4().hex
    ev = threading.Event()
    with _EVENTS_LOCK:
        _EVENTS[token] = ev
    st.session_state[RUNNING] = {**st.session_state.get(RUNNING, {}), area: token}
    st.session_state.get(STOPPED, {}).pop(area, None)
    slot = st.empty()
    slot.button("Cancel", key=f"{area}-cancel", on_click=cancel, args=(area,), icon=":material/stop_circle:")
    bar = st.progress(0.0, text=label)

    def progress(done: int, total: int) -> None:
        if not ev.is_set():      # once cancelled, let should_stop end the run
            bar.progress(min(1.0, done / total) if total else 1.0, text=f"{done:,} of {total:,} games played")

    def done() -> None:
        running = dict(st.session_state.get(RUNNING, {}))
        running.pop(area, None)
        st.session_state[RUNNING] = running

    try:
        with executor(engine) as ex:
            result = call(executor=ex, progress=progress, should_stop=ev.is_set)
    except Cancelled as exc:
        if exc.partial:
            st.session_state[f"{area}-partial"] = exc.partial
        st.session_state.setdefault(STOPPED, {})[area] = "cancelled"
        slot.empty()
        bar.empty()
        stopped_notice(area)
        return None
    except Exception:      # an error (shown by the caller), not an interrupted run
        done()
        slot.empty()
        bar.empty()
        raise
    finally:
        with _EVENTS_LOCK:
            _EVENTS.pop(token, None)
    if ev.is_set():
        return None
    done()
    slot.empty()
    bar.progress(1.0, text=f"Done ({label.rstrip('…').lower()})")
    return result


def workers_input(key: str) -> int:
    import os

    cores = os.cpu_count() or 1
    return int(st.number_input("Worker processes", 1, max(1, cores), 1, key=key,
                               help="Processes that play the games on this machine (1 keeps the app responsive); "
                                    "ignored when the sidebar names a Dask cluster."))


# ---- keeping runs in the store -------------------------------------------------------------------

def keep_run(kind: str, ruleset: str, params: dict[str, Any], result: dict[str, Any], summary: str) -> str | None:
    """Save a run in the store's ``lab_runs`` with the app's write path (the read-only connection is
    closed first); a store that cannot be written is a warning. Returns the run id."""
    from ..lab import save_run
    from ..store import StoreError

    problem = data.store_problem()
    if problem:
        st.info(f"Not kept in the store (it cannot be read: {problem}).")
        return None
    try:
        run_id = data.write(lambda path: save_run(path, kind, ruleset, params, result, summary))
    except (StoreError, OSError) as exc:
        st.warning(f"The run was not kept in the store: {exc}")
        return None
    return run_id


def changes_summary(changes: Mapping[str, Mapping[str, Any]], rules: Mapping[str, Any] | None = None,
                    base_rules: Mapping[str, Any] | None = None) -> str:
    """``Card: field=value, ...; rules: name=value`` (``(no change)`` when there is none)."""
    cards = ", ".join(f"{c}: " + ", ".join(f"{k}={v}" for k, v in f.items()) for c, f in changes.items())
    parts = [cards] if cards else []
    for label, tbl in (("base rules", base_rules), ("rules", rules)):
        if tbl:
            parts.append(f"{label}: " + ", ".join(f"{k}={toml_value(v)}" for k, v in tbl.items()))
    return "; ".join(parts) or "(no change)"


def _summary_of(d: Mapping[str, Any]) -> str:
    return changes_summary(d["changes"], d.get("rules"), d.get("base_rules"))


# ---- what-if and sweep runs --------------------------------------------------------------------------

def run_whatif(ruleset: str, changes: Changes | ChangeSet, field: Sequence[LabDeck], n: int, seed: int,
               workers: int) -> dict[str, Any] | None:
    from ..lab import whatif

    cs = changes if isinstance(changes, ChangeSet) else ChangeSet(dict(changes))

    ids = [d.id for d in field]
    games = 2 * n * len(field) * (len(field) + 1) // 2
    res = run_cancellable("lab", lambda **kw: whatif(ruleset, cs, list(field), n=n, seed=seed, workers=workers,
                                                     **kw),
                          engine_for(ruleset).name, f"Playing {games:,} games…")
    if res is None:
        return None
    d = res.to_dict()
    params = {"ruleset": ruleset, "changes": cs.cards, "rules": json_rules(cs.rules),
              "base_rules": json_rules(cs.base_rules), "decks": ids, "n": n, "seed": seed, "source": "app"}
    run_id = keep_run("whatif", ruleset, params, d, _summary_of(d))
    d["run_id"] = run_id
    return {"kind": "whatif", "ruleset": ruleset, "result": d, "run_id": run_id}


def run_sweep(ruleset: str, spec: str, changes: Changes | ChangeSet, field: Sequence[LabDeck], n: int, seed: int,
              workers: int) -> dict[str, Any] | None:
    from ..lab import parse_sweep, sweep

    cs = changes if isinstance(changes, ChangeSet) else ChangeSet(dict(changes))

    sw = parse_sweep(spec, ruleset)
    k = len(field)
    games = n * k * (k + 1) // 2 * (len(sw.values) + 1)
    res = run_cancellable("lab", lambda **kw: sweep(ruleset, sw, list(field), n=n, seed=seed, changes=cs,
                                                    workers=workers, **kw),
                          engine_for(ruleset).name, f"Playing {games:,} games…")
    if res is None:
        return None
    d = res.to_dict()
    params = {"ruleset": ruleset, "changes": cs.cards, "rules": json_rules(cs.rules),
              "base_rules": json_rules(cs.base_rules), "decks": [x.id for x in field], "n": n, "seed": seed,
              "sweep": spec, "source": "app"}
    summary = f"{res.card}.{res.field} = {res.values[0]}..{res.values[-1]}"
    if res.rules:
        summary += "; rules: " + ", ".join(f"{k}={toml_value(v)}" for k, v in res.rules.items())
    run_id = keep_run("sweep", ruleset, params, d, summary)
    d["run_id"] = run_id
    return {"kind": "sweep", "ruleset": ruleset, "result": d, "run_id": run_id}


def default_sweep(ruleset: str) -> str:
    """``Card.attack=lo..hi`` around the attack of the first starter's first creature."""
    cat = load_catalog(ruleset)
    attack = SCHEMAS[cat.family].attack
    for d in starter_field(ruleset):
        for name in d.deck.counts():
            card = cat.lookup(name)
            if card is not None and attack and isinstance(card.fields.get(attack), int):
                v = int(card.fields[attack])
                return f"{card.name}.{attack}={max(0, v - 2)}..{v + 2}"
    return ""


# ---- result views -----------------------------------------------------------------------------------

_MARGIN = {"l": 10, "r": 10, "t": 50, "b": 10}


def heatmap(matrix: Sequence[Sequence[float]], ids: Sequence[str], title: str, *, delta: bool = False) -> go.Figure:
    """A matchup matrix: the row deck's win rate against the column deck (or its change)."""
    names = [short(i) for i in ids]
    z = [list(map(float, row)) for row in matrix]
    text = [[(f"{x:+.2f}" if delta else f"{x:.2f}") for x in row] for row in z]
    span = max((abs(x) for row in z for x in row), default=0.0) or 0.05
    fig = go.Figure(go.Heatmap(
        z=z, x=names, y=names, text=text, texttemplate="%{text}", colorscale="RdBu",
        zmid=0.0 if delta else 0.5, zmin=-span if delta else 0.0, zmax=span if delta else 1.0,
        hovertemplate="%{y} against %{x}: %{text}<extra></extra>",
        colorbar={"title": {"text": "change" if delta else "win rate"}}))
    fig.update_layout(title={"text": title}, margin=_MARGIN, height=max(340, 160 + 40 * len(names)),
                      yaxis={"autorange": "reversed", "title": {"text": "deck"}},
                      xaxis={"title": {"text": "against"}})
    return fig


def deltas_figure(rows: Sequence[Mapping[str, Any]], title: str) -> go.Figure:
    """Each deck's change of field win rate with its paired 95% interval."""
    names = [short(r["deck"]) for r in rows]
    d = [float(r["delta"]) for r in rows]
    hi = [float(r["delta_ci95"][1]) - x for r, x in zip(rows, d)]
    lo = [x - float(r["delta_ci95"][0]) for r, x in zip(rows, d)]
    fig = go.Figure(go.Bar(x=names, y=d, error_y={"type": "data", "array": hi, "arrayminus": lo, "visible": True},
                           marker_color=["#2ca02c" if x >= 0 else "#d62728" for x in d],
                           hovertemplate="%{x}: %{y:+.3f}<extra></extra>"))
    fig.add_hline(y=0, line_dash="dot")
    fig.update_layout(title={"text": title}, margin=_MARGIN, height=360,
                      yaxis={"title": {"text": "change of field win rate"}}, xaxis={"title": {"text": "deck"}})
    return fig


def equilibrium_figure(before: Mapping[str, float], after: Mapping[str, float] | None, ids: Sequence[str]) -> go.Figure:
    names = [short(i) for i in ids]
    bars = [go.Bar(x=names, y=[float(before.get(i, 0.0)) for i in ids], name="before", marker_color="#9aa5b1")]
    if after is not None:
        bars.append(go.Bar(x=names, y=[float(after.get(i, 0.0)) for i in ids], name="after", marker_color="#1f77b4"))
    fig = go.Figure(bars)
    fig.update_layout(barmode="group", title={"text": "Equilibrium meta: each deck's share"}, margin=_MARGIN,
                      height=max(340, 160 + 40 * len(ids)), yaxis={"title": {"text": "share"}, "range": [0, 1]})
    return fig


def whatif_frame(d: Mapping[str, Any]) -> pd.DataFrame:
    rows = []
    for r in d["decks"]:
        rows.append({"deck": r["deck"], "name": r["name"], "before": r["before"], "after": r["after"],
                     "delta": r["delta"], "delta_ci95_low": r["delta_ci95"][0], "delta_ci95_high": r["delta_ci95"][1],
                     "equilibrium_before": d["equilibrium_before"].get(r["deck"], 0.0),
                     "equilibrium_after": d["equilibrium_after"].get(r["deck"], 0.0)})
    return pd.DataFrame(rows)


def show_whatif(d: Mapping[str, Any], key: str = "lab") -> None:
    """A what-if result (fresh or reopened from the store)."""
    ids = [r["deck"] for r in d["decks"]]
    st.subheader(f"What-if, {d['ruleset']}: {len(ids)} decks, {d['games_per_pairing']} games per pairing before "
                 f"and after")
    changed = bool(d["changes"] or d.get("rules"))
    st.caption(f"{d['games']:,} games, seed {d['seed']}, {d.get('seconds', 0):.1f} s; "
               + ("changes: " + _summary_of(d) if changed else "no change: the same games twice")
               + (f" ({changes_summary({}, base_rules=d['base_rules'])})" if d.get("base_rules") and not changed
                  else "")
               + (f"; kept in the store as `{d['run_id']}`" if d.get("run_id") else ""))
    biggest = max(d["decks"], key=lambda r: abs(r["delta"]))
    c1, c2, c3 = st.columns(3)
    c1.metric("Largest change", short(biggest["deck"]), f"{biggest['delta']:+.1%}")
    c1.caption(f"paired 95% CI [{biggest['delta_ci95'][0]:+.1%}, {biggest['delta_ci95'][1]:+.1%}]")
    top_after = max(d["equilibrium_after"].items(), key=lambda kv: kv[1])
    c2.metric("Top of the equilibrium after", short(top_after[0]), f"{top_after[1]:.0%} share", delta_color="off")
    c3.metric("Games", f"{d['games']:,}")
    chart(deltas_figure(d["decks"], "Change of each deck's field win rate (paired 95% interval)"), key=f"{key}-deltas")
    st.caption("Each game is played before and after the change on the same seed (common random numbers), so the "
               "interval is on the paired differences: much narrower than comparing two separate runs.")
    st.markdown("**Matchup matrices**: the row deck's win rate against the column deck")
    h1, h2 = st.columns(2)
    with h1:
        chart(heatmap(d["matrix_before"], ids, "Before"), key=f"{key}-heat-before")
    with h2:
        chart(heatmap(d["matrix_after"], ids, "After"), key=f"{key}-heat-after")
    h3, h4 = st.columns(2)
    with h3:
        chart(heatmap(d["matrix_delta"], ids, "Change (after − before)", delta=True), key=f"{key}-heat-delta")
    with h4:
        chart(equilibrium_figure(d["equilibrium_before"], d["equilibrium_after"], ids), key=f"{key}-equilibrium")
    st.caption("The equilibrium meta: the mix of decks that no deck beats on the matchup matrix (a symmetric "
               "zero-sum game, solved exactly); a share of 0 is a deck the meta does not need.")
    df = whatif_frame(d)
    table(df, f"{d['ruleset']}-whatif.csv", key=f"{key}-decks", column_config={
        c: st.column_config.NumberColumn(format="%.3f") for c in df.columns[2:]})
    if d.get("health"):
        show_health(d["health"], d["ruleset"], key)
    download_json(dict(d), "whatif.json", key=f"{key}-json", label="Download the whole result (JSON)")


def health_frame(h: Mapping[str, Any]) -> pd.DataFrame:
    """The health figures of a what-if, one row each: before, after, change and its paired interval."""
    rows = []
    named = [("first player's win rate", h["first_player"]), ("draws", h["draws"]), ("turns a game", h["turns"])]
    named += [(f"ended by {r}", f) for r, f in h["end_reasons"].items()]
    for label, f in named:
        rows.append({"figure": label, "before": f["before"], "after": f["after"], "delta": f["delta"],
                     "delta_ci95_low": f["delta_ci95"][0], "delta_ci95_high": f["delta_ci95"][1]})
    return pd.DataFrame(rows)


def end_reasons_figure(h: Mapping[str, Any]) -> go.Figure:
    """Each end reason's share of the games before and after."""
    reasons = list(h["end_reasons"])
    fig = go.Figure([go.Bar(x=reasons, y=[float(h["end_reasons"][r][side]) for r in reasons], name=side,
                            marker_color=color) for side, color in (("before", "#9aa5b1"), ("after", "#1f77b4"))])
    fig.update_layout(barmode="group", title={"text": "How the games end: each end reason's share"}, margin=_MARGIN,
                      height=340, yaxis={"title": {"text": "share of games"}, "range": [0, 1]})
    return fig


def show_health(h: Mapping[str, Any], ruleset: str, key: str) -> None:
    """The health deltas: first-player win rate, draws, game length and the end-reason mix."""
    st.markdown(f"**Game health** over the field ({h['games']:,} games a side, every pairing, mirrors included)")
    fp, dr, tu = h["first_player"], h["draws"], h["turns"]
    c1, c2, c3 = st.columns(3)
    c1.metric("First player's win rate", f"{fp['before']:.1%} → {fp['after']:.1%}", f"{fp['delta']:+.1%}",
              delta_color="off")
    c1.caption(f"paired 95% CI [{fp['delta_ci95'][0]:+.1%}, {fp['delta_ci95'][1]:+.1%}]")
    c2.metric("Draws", f"{dr['before']:.1%} → {dr['after']:.1%}", f"{dr['delta']:+.1%}", delta_color="off")
    c2.caption(f"paired 95% CI [{dr['delta_ci95'][0]:+.1%}, {dr['delta_ci95'][1]:+.1%}]")
    c3.metric("Turns a game", f"{tu['before']:.1f} → {tu['after']:.1f}", f"{tu['delta']:+.1f}", delta_color="off")
    c3.caption(f"paired 95% CI [{tu['delta_ci95'][0]:+.2f}, {tu['delta_ci95'][1]:+.2f}]")
    chart(end_reasons_figure(h), key=f"{key}-end-reasons")
    df = health_frame(h)
    table(df, f"{ruleset}-whatif-health.csv", key=f"{key}-health", column_config={
        c: st.column_config.NumberColumn(format="%.3f") for c in df.columns[1:]})
    st.caption("The first player's win rate counts a draw as half; each game is played before and after with the "
               "same seed and first seat, so every interval is on paired differences (an empty change set gives "
               "exactly 0). `fwlab health` gives the full report with its bands.")


def sweep_figure(d: Mapping[str, Any]) -> go.Figure:
    values = [str(v) for v in d["values"]]
    fig = go.Figure([go.Scatter(x=values, y=rates, mode="lines+markers", name=short(deck))
                     for deck, rates in d["win_rates"].items()])
    fig.add_hline(y=0.5, line_dash="dot")
    fig.update_layout(title={"text": f"Field win rate along {d['card']}.{d['field']}"}, margin=_MARGIN, height=400,
                      xaxis={"title": {"text": f"{d['card']}.{d['field']}"}, "type": "category"},
                      yaxis={"title": {"text": "field win rate"}})
    return fig


def show_sweep(d: Mapping[str, Any], key: str = "lab") -> None:
    st.subheader(f"Sweep, {d['ruleset']}: {d['card']}.{d['field']} over {', '.join(map(str, d['values']))}")
    st.caption(f"{len(d['deck_names'])} decks, {d['games_per_pairing']} games per pairing and value "
               f"({d['games']:,} games, seed {d['seed']}, {d.get('seconds', 0):.1f} s)"
               + (f"; on top of: {changes_summary(d['changes'], d.get('rules'))}" if d["changes"] or d.get("rules")
                  else "")
               + (f"; kept in the store as `{d['run_id']}`" if d.get("run_id") else ""))
    chart(sweep_figure(d), key=f"{key}-sweep")
    base = {r["deck"]: r["before"] for r in d["points"][0]["decks"]}
    rows = []
    for deck, rates in d["win_rates"].items():
        row: dict[str, Any] = {"deck": deck, "base": base.get(deck)}
        row.update({str(v): x for v, x in zip(d["values"], rates)})
        row["nearest 50%"] = d["nearest_50"].get(deck)
        rows.append(row)
    df = pd.DataFrame(rows)
    table(df, f"{d['ruleset']}-sweep.csv", key=f"{key}-sweep-rows", column_config={
        c: st.column_config.NumberColumn(format="%.3f") for c in df.columns[1:-1]})
    download_json(dict(d), "sweep.json", key=f"{key}-sweep-json", label="Download the whole result (JSON)")


def show_tune(d: Mapping[str, Any], key: str = "lab") -> None:
    st.subheader(f"Tuner: {d['deck']} ({d['ruleset']}) against {len(d['gauntlet'])} decks")
    c1, c2, c3 = st.columns(3)
    c1.metric("Start win rate", f"{d['start_win_rate']:.1%}")
    c2.metric("Best win rate", f"{d['best_win_rate']:.1%}", f"{d['delta']:+.1%}")
    c3.metric("Games", f"{d['games']:,} of {d['budget']:,}")
    st.caption(f"Re-test on fresh seeds: change {d['delta']:+.3f}, 95% CI [{d['delta_ci95'][0]:+.3f}, "
               f"{d['delta_ci95'][1]:+.3f}]; {d.get('stopped') or 'done'}")
    diff = d.get("counts_diff") or {}
    table(pd.DataFrame({"card": list(diff), "change": list(diff.values())}), "tune-diff.csv", key=f"{key}-tune-diff")
    st.code(d["decklist"], language="text")


def show(run: Mapping[str, Any], key: str = "lab") -> None:
    {"whatif": show_whatif, "sweep": show_sweep, "tune": show_tune}[run["kind"]](run["result"], key=key)


# ---- past runs -----------------------------------------------------------------------------------------

def compare_frame(a: Mapping[str, Any], b: Mapping[str, Any]) -> pd.DataFrame:
    """Two what-if runs' per-deck deltas side by side (decks of either run)."""
    ra = {r["deck"]: r for r in a["decks"]}
    rb = {r["deck"]: r for r in b["decks"]}
    rows = []
    for deck in dict.fromkeys([*ra, *rb]):
        row: dict[str, Any] = {"deck": deck}
        for tag, rs in (("A", ra), ("B", rb)):
            r = rs.get(deck)
            row[f"delta {tag}"] = r["delta"] if r else None
            row[f"low {tag}"] = r["delta_ci95"][0] if r else None
            row[f"high {tag}"] = r["delta_ci95"][1] if r else None
        rows.append(row)
    return pd.DataFrame(rows)


def compare_figure(df: pd.DataFrame, labels: tuple[str, str]) -> go.Figure:
    bars = []
    for tag, label, color in (("A", labels[0], "#1f77b4"), ("B", labels[1], "#ff7f0e")):
        sub = df[df[f"delta {tag}"].notna()]
        bars.append(go.Bar(x=[short(x) for x in sub["deck"]], y=sub[f"delta {tag}"].tolist(), name=label,
                           marker_color=color, error_y={
                               "type": "data", "visible": True,
                               "array": (sub[f"high {tag}"] - sub[f"delta {tag}"]).tolist(),
                               "arrayminus": (sub[f"delta {tag}"] - sub[f"low {tag}"]).tolist()}))
    fig = go.Figure(bars)
    fig.add_hline(y=0, line_dash="dot")
    fig.update_layout(barmode="group", title={"text": "Per-deck change, two runs side by side (paired 95% CI)"},
                      margin=_MARGIN, height=380, yaxis={"title": {"text": "change of field win rate"}})
    return fig


def past_runs(db: str | None) -> None:
    """The runs kept in the store: select one to reopen it, two what-ifs to compare them."""
    if db is None:
        st.info("Past runs live in the store, which cannot be read (see the Home page).")
        return
    runs = data.lab_runs(db)
    if runs.empty:
        st.info("No lab run in the store yet: run a what-if or a sweep (or `fwlab whatif`, `fwlab tune`).")
        return
    gen = st.session_state.get("lab-runs-gen", 0)
    st.caption("Select a run to reopen it; select two what-if runs to compare their per-deck changes.")
    event = st.dataframe(runs, key=f"lab-runs-{gen}", on_select="rerun", selection_mode="multi-row",
                         hide_index=True, placeholder=MISSING, column_config={"created_at": st.column_config.DatetimeColumn(
                             "created", format="YYYY-MM-DD HH:mm:ss")})
    download_csv(runs, "lab-runs.csv", key="lab-runs-csv")
    rows = list(event.selection.rows) if event is not None else []
    chosen = [str(runs.iloc[i]["run_id"]) for i in rows if i < len(runs)]
    if not chosen:
        return
    if len(chosen) == 1:
        run = data.lab_run(db, chosen[0])
        st.markdown(f"**{run['run_id']}** ({run['kind']}, {run['ruleset']}, {run['created_at']})")
        show(run, key="lab-past")
        return
    a, b = (data.lab_run(db, r) for r in chosen[:2])
    if len(chosen) > 2:
        st.caption("Comparing the first two selected runs.")
    if a["kind"] != "whatif" or b["kind"] != "whatif":
        st.info("Comparing shows two what-if runs' per-deck changes side by side; select two what-if runs.")
        return
    labels = (f"A: {a['run_id']}", f"B: {b['run_id']}")
    st.markdown(f"**A** `{a['run_id']}`: {a['summary'] or _summary_of(a['result'])}  \n"
                f"**B** `{b['run_id']}`: {b['summary'] or _summary_of(b['result'])}")
    df = compare_frame(a["result"], b["result"])
    chart(compare_figure(df, labels), key="lab-compare")
    table(df, "lab-compare.csv", key="lab-compare-rows", column_config={
        c: st.column_config.NumberColumn(format="%.3f") for c in df.columns[1:]})


__all__ = ["RESULT", "cancel", "change_editor", "changes_toml", "compare_frame",
           "default_sweep", "edits_to_changes", "editor_frame", "field_picker", "health_frame", "heatmap", "keep_run",
           "lab_rulesets", "past_runs", "rule_key", "rules_editor", "run_cancellable", "run_sweep", "run_whatif",
           "show", "show_change_set", "show_health", "show_sweep", "show_whatif", "stopped_notice", "toml_value",
           "with_rules", "workers_input"]
