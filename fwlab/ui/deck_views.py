"""The deck builder's sections: where to start from, the card picker, the deck table, what a Free
Realms deck's gems buy (exact battle odds by gap, and a simulated check against the starter gauntlet),
draw odds, saving, and the deck builder helper."""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ..calc.gem_gaps import GapOdds
from ..catalog import Catalog, CatalogError
from ..decks import Deck
from ..decks.helper import fill_deck
from ..decks.odds import deploy_odds, draw_odds
from ..decks.stats import gem_gap_odds
from ..decks.validate import validate
from ..rules.deckrules import article, count_word
from ..rules.engines import deck_rules_for, engine_for, engine_rulesets
from ..stats import wilson
from ..store import StoreError
from ..store.queries import save_deck
from . import data, deck_state
from .catalog_view import camp_column, filter_widgets
from .widgets import chart, rate_text, table

_SOURCES = ("Starter deck", "Saved deck", "Empty deck")


def _load_stored(db: str, deck_id: str) -> None:
    try:
        deck_state.set_deck(deck_state.from_text(data.deck_text(db, deck_id), deck_id))
    except CatalogError as exc:
        st.session_state["builder-load-error"] = f"{deck_id}: {exc}"


def start_from(ruleset: str, db: str | None) -> None:
    """Radio of starter / saved / empty, the deck to take, and a Load button."""
    source = st.radio("Start from", _SOURCES, horizontal=True, key="builder-source")
    if source == "Starter deck":
        decks = deck_state.starters(ruleset)
        name = st.selectbox("Starter deck", list(decks), key="builder-starter")
        st.button("Load starter deck", key="builder-load-starter", disabled=name is None,
                  on_click=deck_state.set_deck, args=(decks[name],) if name else None)
    elif source == "Saved deck":
        if db is None:
            st.info("Saved decks live in the store, which cannot be read (see the Home page).")
            return
        stored = data.decks(db, ruleset)
        ids = stored["deck_id"].tolist()
        deck_id = st.selectbox("Deck in the store", ids, key="builder-stored",
                               format_func=lambda d: f"{d} ({stored.set_index('deck_id').loc[d, 'source']})")
        st.button("Load deck from the store", key="builder-load-stored", disabled=deck_id is None,
                  on_click=_load_stored, args=(db, deck_id))
    else:
        st.button("Start an empty deck", key="builder-empty", on_click=deck_state.clear)
    err = st.session_state.pop("builder-load-error", None)
    if err:
        st.error(err)


def aside_notice(ruleset: str) -> None:
    """The decks set aside when the ruleset changed (switching back brings one back); one of the same
    catalog can be copied into an empty deck of this ruleset."""
    from ..rulesets import FAMILY

    kept = deck_state.aside()
    if not kept:
        return
    listed = "; ".join(f"**{r}**: {d.name} ({d.size} cards)" for r, d in kept.items())
    st.info(f"Set aside, not lost (choose its ruleset again to go on with it): {listed}.", icon=":material/inventory_2:")
    if deck_state.counts():
        return
    for r, d in kept.items():
        if FAMILY.get(r) == FAMILY.get(ruleset):
            st.button(f"Copy {d.name} from {r} into this {ruleset} deck", key=f"builder-bring-{r}",
                      on_click=deck_state.bring, args=(r,))


def card_picker(ruleset: str, cat: Catalog) -> None:
    """A card of the catalog, a number of copies, and Add / Remove buttons."""
    names = sorted(cat.cards)
    c1, c2, c3, c4 = st.columns([4, 1, 1, 1], vertical_alignment="bottom")
    c1.selectbox("Card", names, key=f"builder-card-{ruleset}", format_func=lambda n: deck_state.card_label(cat, n))
    c2.number_input("Copies", min_value=1, max_value=40, value=1, key="builder-copies")
    # the card and the copies are read when the button is clicked, not bound when it was drawn: a
    # number typed and the button clicked at once (the rerun of the number not yet drawn) still counts
    c3.button("Add", key="builder-add", on_click=_picked, args=(ruleset, deck_state.add), type="primary")
    c4.button("Remove", key="builder-remove", on_click=_picked, args=(ruleset, deck_state.remove))


def _picked(ruleset: str, change: Callable[[str, int], None]) -> None:
    """Add or remove (``change``) the picker's copies of its card, as the widgets hold them now."""
    name = st.session_state.get(f"builder-card-{ruleset}")
    copies = int(st.session_state.get("builder-copies") or 1)
    if name is not None:
        change(name, copies)


def catalog_frame(cat: Catalog) -> pd.DataFrame:
    """The catalog as the builder's card table: one row per card with what the filters look at."""
    camp = camp_column(cat.family)
    rows = []
    for card in sorted(cat, key=lambda c: c.name):
        row: dict[str, Any] = {"name": card.name, "type": card.type, "subtype": card.subtype, "rarity": card.rarity}
        for col in ("cost", "attack", "defense"):    # whole numbers only (an attachment's "+1" is no stat)
            v = getattr(card, col)
            row[col] = v if isinstance(v, int) and not isinstance(v, bool) else None
        if camp:
            row[camp] = card.fields.get(camp)
        row["text"] = card.text
        rows.append(row)
    df = pd.DataFrame(rows)
    for col in ("cost", "attack", "defense"):
        df[col] = df[col].astype("Int64")
    return df


@st.cache_data(show_spinner=False, max_entries=16)
def _catalog_frame(ruleset: str) -> pd.DataFrame:
    """:func:`catalog_frame` of the ruleset's catalog, built once (the builder redraws it on every + / −)."""
    return catalog_frame(deck_state.catalog(ruleset))


#: session key of a counter in the catalog table's key: bumped to clear its selection after adding
_PICK_GEN = "builder-catalog-gen"


def catalog_table(ruleset: str, cat: Catalog) -> None:
    """The filtered catalog beside the deck: select rows (several at once), then add them."""
    cards = _catalog_frame(ruleset)
    shown = filter_widgets(cards, cat.family, key=f"builder-filter-{ruleset}").apply(cards, camp_column(cat.family))
    columns = [c for c in shown.columns if shown[c].notna().any()] or list(shown.columns)
    gen = st.session_state.get(_PICK_GEN, 0)
    # the key follows the filtered rows, so a selection never points at rows of another filter
    rows_key = zlib.crc32("\n".join(shown["name"]).encode())
    event = st.dataframe(shown[columns], key=f"builder-catalog-{ruleset}-{gen}-{rows_key}", on_select="rerun",
                         selection_mode="multi-row", hide_index=True, height=380, placeholder="–",
                         column_config={"text": st.column_config.TextColumn(width="large")})
    rows = list(event.selection.rows) if event is not None else []
    names = [str(shown.iloc[i]["name"]) for i in rows if i < len(shown)]
    c1, c2 = st.columns([1, 2], vertical_alignment="bottom")
    copies = int(c1.number_input("Copies of each selected card", 1, 40, 1, key="builder-selected-copies"))
    c2.button(f"Add selected ({len(names)})" if names else "Add selected", key="builder-add-selected", type="primary",
              disabled=not names, on_click=_add_selected, args=(names, copies))
    st.caption(f"{len(shown)} of {len(cards)} cards. Tick rows (click a row's box; shift-click for a range) "
               "and add them all at once." + (f" Selected: {', '.join(names)}." if names else ""))


def _add_selected(names: list[str], copies: int) -> None:
    for name in names:
        deck_state.add(name, copies)
    st.session_state[_PICK_GEN] = st.session_state.get(_PICK_GEN, 0) + 1


def deck_frame(deck: Deck, cat: Catalog) -> pd.DataFrame:
    """The deck table: one row per card, grouped as the visual deck groups them (characters first),
    with the ruleset's own columns: the face's type line (a character's classes and race), the cost
    where the game has one, the camp (nature, sphere; Eredan's guild, unaffiliated cards as
    Mercenary), the stats its face shows (Att/Def/Dmg/Hp, Attack/Defense, Life/Att/Def/Spirit, Exp)
    and the gems where cards flip them. A column no card of the deck fills is left out; a blank cell
    is a card without that stat (shown as "–", never "None")."""
    from .deck_face_views import groups

    names = tuple(card.name for _, cards in groups(deck, cat) for card, _ in cards)
    unknown = tuple(name for name in deck.counts() if cat.lookup(name) is None)
    df = _card_rows(deck.ruleset, names, unknown) if cat is deck_state.catalog(deck.ruleset) else \
        card_rows(deck.ruleset, names, unknown, cat)
    counts = deck.counts()
    df.insert(0, "count", pd.Series([counts[n] for n in df["card"]], index=df.index, dtype="Int64"))
    return df


@st.cache_data(show_spinner=False, max_entries=64)
def _card_rows(ruleset: str, names: tuple[str, ...], unknown: tuple[str, ...]) -> pd.DataFrame:
    """:func:`card_rows` over the ruleset's own catalog, cached (a + / − changes counts, not cards)."""
    return card_rows(ruleset, names, unknown, deck_state.catalog(ruleset))


def card_rows(ruleset: str, names: Sequence[str], unknown: Sequence[str], cat: Catalog) -> pd.DataFrame:
    """The deck table without its counts: one row per card of ``names`` (catalog cards, in order),
    then one per ``unknown`` name."""
    from ..rules.faces import card_face

    rules = deck_rules_for(ruleset)
    rows: list[dict[str, Any]] = []
    for name in names:
        card = cat[name]
        spec = card_face(ruleset, card, cat)
        row: dict[str, Any] = {"card": card.name, "type": spec.type_line, "cost": card.cost}
        if rules.mix_field:
            row[rules.mix_field] = rules.mix_label(card) if rules.in_mix(card) else card.fields.get(rules.mix_field)
        for stat in spec.stats:
            row[stat.label] = stat.value
        if rules.gem_field:
            row["gems"] = len(card.fields.get(rules.gem_field) or ())
        rows.append(row)
    rows += [{"card": name, "type": "not in the catalog"} for name in unknown]
    df = pd.DataFrame(rows, columns=list(dict.fromkeys(["card", "type"] + [k for r in rows for k in r])))
    for col in df.columns[2:]:
        values = df[col].dropna()
        if len(values) and values.map(lambda v: isinstance(v, int) or bool(re.fullmatch(r"-?\d+", str(v)))).all():
            df[col] = pd.to_numeric(df[col]).astype("Int64")     # whole numbers: a numeric column
        elif len(values):
            df[col] = df[col].astype("string")
    keep = [c for c in df.columns if c in ("card", "type") or df[c].notna().any()]
    return df[keep].reset_index(drop=True)


def deck_table_config(df: pd.DataFrame) -> dict[str, Any]:
    """Column widths for the deck table: the card column as wide as the longest name (no name is cut)."""
    longest = int(df["card"].astype(str).str.len().max()) if len(df) else 10
    typeline = int(df["type"].astype(str).str.len().max()) if len(df) else 10
    return {"count": st.column_config.NumberColumn(width=56),
            "card": st.column_config.TextColumn(width=max(120, 8 * longest + 24)),
            "type": st.column_config.TextColumn(width=max(90, 7 * typeline + 16))}


def full_curve(curve: Mapping[int, int], top: int | None = None) -> dict[int, int]:
    """The resource curve with every cost from 0 to the highest (or to ``top``), a cost no card has at 0.

    >>> full_curve({2: 3, 5: 1})
    {0: 0, 1: 0, 2: 3, 3: 0, 4: 0, 5: 1}
    >>> full_curve({1: 2}, top=3)
    {0: 0, 1: 2, 2: 0, 3: 0}
    """
    last = max(curve, default=-1) if top is None else top
    return {c: int(curve.get(c, 0)) for c in range(0, last + 1)}


def curve_note(deck: Deck, cat: Catalog) -> str | None:
    """Why a deck has no resource curve (its catalog's cards have no cost, or none of the curve's
    types is in the deck yet); None when it has one."""
    rules = deck_rules_for(deck.ruleset)
    if not any(rules.in_curve(c) for c in cat):
        return (f"No resource curve: {deck.ruleset} cards have no cost (nothing is paid to play a card), so the "
                "card types and the draw odds below say how the deck plays out.")
    if not any(rules.in_curve(c) for name in deck.counts() if (c := cat.lookup(name)) is not None):
        kinds = ", ".join(rules.curve_types or ()) or "cards with a cost"
        return f"No resource curve yet: the curve counts {kinds}, and the deck has none."
    return None


def draw_odds_section(deck: Deck, cat: Catalog) -> None:
    """Draw odds by turn for a chosen card or a group of cards (a card type or a cost limit)."""
    c1, c2, c3, c4 = st.columns(4)
    what = c1.radio("Odds of", ("a card", "a group"), horizontal=True, key="odds-what")
    k = int(c3.number_input("At least k copies", 1, 4, 1, key="odds-k"))
    turns = int(c4.number_input("Turns", 1, 20, 8, key="odds-turns"))
    first = st.toggle("Going first", value=True, key="odds-first")
    try:
        if what == "a card":
            card = c2.selectbox("Card", list(deck.counts()), key="odds-card")
            odds = draw_odds(deck, card=card, k=k, turns=turns, going_first=first, catalog=cat)
        else:
            types = sorted({c.type for n in deck.counts() if (c := cat.lookup(n)) is not None})
            costs = sorted({c.cost for n in deck.counts() if (c := cat.lookup(n)) is not None and c.cost is not None})
            options = [f"type: {t}" for t in types] + [f"cost ≤ {c}" for c in costs]
            group = c2.selectbox("Group", options, key="odds-group")
            if group.startswith("type: "):
                t = group.removeprefix("type: ")
                odds = draw_odds(deck, group=lambda c: c.type == t, k=k, turns=turns, going_first=first,
                                 catalog=cat, label=group)
            else:
                limit = int(group.removeprefix("cost ≤ "))
                odds = draw_odds(deck, group=lambda c: c.cost is not None and c.cost <= limit, k=k, turns=turns,
                                 going_first=first, catalog=cat, label=group)
    except ValueError as exc:
        st.warning(str(exc))
        return
    df = pd.DataFrame({"turn": odds.turn, "cards seen": odds.seen, f"P(at least {k})": odds.p_at_least_k,
                       "P(at least 1)": odds.p_at_least_one})
    left, right = st.columns([2, 3])
    with left:
        st.caption(f"{odds.label}: {odds.copies} of {odds.deck_size} cards")
        table(df, f"draw-odds-{odds.label}.csv", key="odds", column_config={
            c: st.column_config.NumberColumn(format="%.3f") for c in df.columns[2:]})
    with right:
        chart(odds_figure(df, odds.label), key="odds-chart")
    if deck_rules_for(deck.ruleset).resource_cycle:
        try:
            dep = deploy_odds(deck, min(turns, 8), catalog=cat)
        except ValueError as exc:
            st.caption(f"Deploy odds: {exc}")
            return
        st.caption("Chance to be able to deploy something on each turn (resource cycle, exact)")
        table(pd.DataFrame({"turn": dep.turn, "Res": dep.resources, "P(can deploy)": dep.p_deploy,
                            "P(deployed every turn so far)": dep.p_every_turn}), "deploy-odds.csv", key="deploy")


def odds_figure(df: pd.DataFrame, label: str) -> go.Figure:
    """The draw-odds lines by turn (graph objects with the layout given whole: plotly express and
    update_layout cost a tenth of a second a figure, too much for a page redrawn on every + / −)."""
    turns = df["turn"].tolist()
    return go.Figure([go.Scatter(x=turns, y=df[c].tolist(), mode="lines+markers", name=c) for c in df.columns[2:]],
                     layout={"title": {"text": f"Draw odds: {label}"}, "height": 320,
                             "margin": {"l": 10, "r": 10, "t": 40, "b": 10}, "yaxis": {"range": [0, 1]},
                             "xaxis": {"title": {"text": "turn"}, "dtick": 1}})


def save(deck: Deck) -> None:
    """Save the deck with the store API's short-lived write connection, and say where it went."""
    try:
        deck_id = data.write(lambda path: save_deck(path, deck))
    except StoreError as exc:
        st.error(f"Not saved: {exc}")
    else:
        st.success(f"Saved as `{deck_id}`.")


def helper_section(deck: Deck, cat: Catalog) -> None:
    """:func:`fwlab.decks.helper.fill_deck`: a legal deck filled from the catalog around the chosen cards."""
    st.caption("Keeps the cards you chose (as the core) and fills the rest of a legal deck from the catalog; "
               "another seed gives another deck.")
    seed = int(st.number_input("Helper seed", 0, 10**6, 0, key="helper-seed"))
    st.button("Fill a legal deck around my cards", key="builder-helper", on_click=_fill, args=(deck, cat, seed))
    err = st.session_state.pop("builder-helper-error", None)
    if err:
        st.error(f"The helper could not fill the deck: {err}")


def _fill(deck: Deck, cat: Catalog, seed: int) -> None:
    try:
        filled = fill_deck(deck.ruleset, deck.counts(), seed, catalog=cat,
                           name=deck.name if deck.name != "Untitled" else None)
    except (ValueError, CatalogError) as exc:
        st.session_state["builder-helper-error"] = str(exc)
    else:
        deck_state.set_deck(filled)


# ---- Free Realms: what the gems buy --------------------------------------------------------------------

#: Whom the foe flips from, as the radio shows it.
GAP_AGAINST = {"mirror": "this same deck (a mirror)", "starters": "a starter deck drawn at random"}
#: Session key of the last simulated check: the deck it was run for and the gauntlet's result.
CHECK = "builder-check-result"


def gap_frame(rows: list[GapOdds]) -> pd.DataFrame:
    """The gap table as the page shows and downloads it."""
    return pd.DataFrame({"gap": [r.gap for r in rows], "P(win)": [r.p_win for r in rows],
                         "P(tie)": [r.p_tie for r in rows], "P(lose)": [r.p_lose for r in rows]})


def gap_figure(df: pd.DataFrame) -> go.Figure:
    """Win, tie and lose stacked at each gap (they add up to 1)."""
    colors = {"P(win)": "#2ca02c", "P(tie)": "#bbbbbb", "P(lose)": "#d62728"}
    fig = go.Figure([go.Bar(x=df["gap"].tolist(), y=df[c].tolist(), name=c.removeprefix("P(").removesuffix(")"), marker_color=col)
                     for c, col in colors.items()])
    fig.update_layout(barmode="stack", height=320, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                      title={"text": "Battle outcome by gap (your stat − the foe's)"},
                      xaxis={"title": {"text": "gap"}, "dtick": 1}, yaxis={"title": {"text": "probability"},
                                                                          "range": [0, 1]})
    return fig


def gem_odds_section(deck: Deck, cat: Catalog) -> None:
    """The exact probability of winning a battle at each attack/defense gap from this deck's gems
    (:func:`fwlab.decks.stats.gem_gap_odds`), as a stacked chart and a table with its CSV."""
    against = st.radio("The foe flips from", list(GAP_AGAINST), format_func=GAP_AGAINST.__getitem__,
                       horizontal=True, key="gems-against")
    try:
        rows = gem_gap_odds(deck, cat, against)
    except ValueError as exc:
        st.warning(str(exc))
        return
    df = gap_frame(rows)
    foe = "flips from this same deck" if against == "mirror" else \
        f"flips from one of the {deck.ruleset} starter decks, each as likely"
    st.caption("Exact chance (fwlab.calc.gems) that a creature of this deck wins, ties or loses a battle when its "
               "stat is *gap* above the foe's — attack against defense when it attacks, defense against attack "
               f"when it defends (the odds are the same) — from the gems this deck flips, while the foe {foe}. "
               "Each flip is a random card of the whole deck; power-ups and tricks are left out. A tie destroys "
               "both creatures; an attacker that wins scores a card.")
    even = next((r for r in rows if r.gap == 0), None)
    if even is not None:
        st.markdown(f"At an even fight (gap 0) these gems win **{even.p_win:.1%}**, tie {even.p_tie:.1%} and "
                    f"lose {even.p_lose:.1%} of battles.")
    left, right = st.columns([2, 3])
    with left:
        table(df, f"{deck.ruleset}-gem-gaps-{against}.csv", key="gem-gaps", column_config={
            c: st.column_config.NumberColumn(format="%.3f") for c in df.columns[1:]})
    with right:
        chart(gap_figure(df), key="gem-gaps-chart")


def _signature(deck: Deck) -> tuple[Any, ...]:
    return deck.ruleset, tuple(sorted(deck.counts().items()))


def gauntlet_rate(rows: list[dict[str, Any]]) -> tuple[float, int, tuple[float, float]]:
    """Overall points (a draw counts half), games and the 95% Wilson interval of a gauntlet's rows."""
    wins = float(sum(r["wins"] + 0.5 * r["draws"] for r in rows))
    games = int(sum(r["games"] for r in rows))
    return wins, games, wilson(wins, games)


def simulated_check(deck: Deck) -> None:
    """The deck against its ruleset's starter gauntlet with the engine's default bot on both sides
    (:func:`fwlab.ui.sim_views.run_gauntlet`); disabled, with a caption, while the ruleset has no
    engine."""
    ready = deck.ruleset in engine_rulesets()
    c1, c2 = st.columns(2)
    games = int(c1.number_input("Games per starter deck", 1, 2000, 50, step=10, key="builder-check-games",
                                disabled=not ready))
    seed = int(c2.number_input("Seed", 0, 2**31 - 1, 1, key="builder-check-seed", disabled=not ready))
    problems = validate(deck) if ready else []
    if problems:
        st.warning("The simulated check plays only legal decks (the engines refuse the others); fix the problems "
                   "above first: " + "; ".join(f"{p.rule} ({p.card or 'the deck'})" for p in problems) + ".")
    clicked = st.button("Simulated check: play the starter gauntlet", key="builder-check",
                        disabled=not ready or bool(problems))
    if not ready:
        st.caption(f"The simulated check comes with the Free Realms engine: `{deck.ruleset}` has no rules engine "
                   "yet, so no games can be played. The exact odds above need none.")
        return
    bot = engine_for(deck.ruleset).default_bot
    st.caption(f"{games} games against each {deck.ruleset} starter deck, `{bot}` bots on both sides, seats "
               "alternating who goes first; a draw counts half.")
    if clicked:
        from . import sim_views

        opponents = {f"Starter: {name}": d for name, d in deck_state.starters(deck.ruleset).items()}
        try:
            run = sim_views.run_gauntlet(deck, opponents, deck.ruleset, (bot, bot), games, seed)
        except ValueError as exc:      # includes CatalogError: a deck the engine cannot play
            st.error(f"The simulation could not run: {exc}")
        else:
            st.session_state[CHECK] = {"deck": _signature(deck), "run": run}
    done = st.session_state.get(CHECK)
    if not done:
        return
    if done["deck"] != _signature(deck):
        st.info("The deck changed since the last simulated check; run it again.")
        return
    rows = done["run"]["rows"]
    wins, n, _ = gauntlet_rate(rows)
    st.metric("Win rate against the starter gauntlet", f"{wins / n:.1%}" if n else "-")
    st.caption(rate_text(wins, n))
    table(pd.DataFrame(rows), f"{deck.ruleset}-gauntlet.csv", key="builder-check-rows")


def notes_frame(notes: dict[str, Any]) -> pd.DataFrame:
    """One row per card of the deck (not the characters), one column per character: ✓ when the
    character may play it, otherwise the engine's reason."""
    rows = []
    for r in notes["cards"]:
        row: dict[str, Any] = {"card": r["card"], "copies": r["copies"], "type": r["type"]}
        for who, why in r["by"].items():
            row[who] = "✓" if why is None else f"✗ {why}"
        row["nobody can play it"] = r["nobody"]
        rows.append(row)
    return pd.DataFrame(rows)


def has_characters(ruleset: str) -> bool:
    """Whether the builder shows :func:`character_section` for the ruleset: its decks hold
    characters (its deck rules) and its engine has notes on who may play what."""
    return bool(deck_rules_for(ruleset).characters) and engine_for(ruleset).deck_notes is not None


def character_section(deck: Deck, cat: Catalog) -> None:
    """Eredan: the three characters, the deck's guild and why, and who may play each card (the
    rules engine's own reasons: class, spell, theurgy, caste, guild, Golem items, Guemelite elements)."""
    from ..rules.engines import deck_notes

    notes = deck_notes(deck.ruleset, list(deck.cards()), cat)
    if notes is None:
        return
    chars = notes["characters"]
    if not chars:
        n = deck_rules_for(deck.ruleset).characters
        st.info(f"No characters yet: {article(deck.ruleset)} deck has {count_word(n)} different characters.")
        return
    cols = st.columns(len(chars))
    for col, c in zip(cols, chars, strict=True):
        extra = [x for x in (c["race"], c["caste"] and f"caste {c['caste']}", c["element"] and f"{c['element']} Guem")
                 if x]
        col.markdown(f"**{c['name']}**  \n{c['guild']} · {' / '.join(c['classes'])}  \n{' · '.join(extra)}")
    st.markdown(f"**Deck guild**: {notes['guild_reason']}.")
    if any(c["golem"] for c in chars):
        st.caption("A Golem may carry items of another guild; only the Golem can then equip them.")
    df = notes_frame(notes)
    if df.empty:
        return
    nobody = df[df["nobody can play it"]]
    if not nobody.empty:
        st.warning("No character of this deck can play: " + ", ".join(nobody["card"]))
    table(df, f"{deck.ruleset}-who-plays-what.csv", key="builder-who-plays")
