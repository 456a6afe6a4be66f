"""The calculators page's sections, each a thin form over an exact calculator of :mod:`fwlab.calc`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ..calc import conquest as cq_calc
from ..calc import eredan as er_calc
from ..calc import fighter as fighter_calc
from ..calc import gems as gem_calc
from ..calc.attack import DISTINCT_RULESETS, EXP_LOSS_RULESET, Attack, whole_attack
from ..calc.combat import fight
from ..calc.conquest import FOLLOWERS, Board, board_fields, conquer_chance, conquerable
from ..calc.eredan import ErCharacter, Play, eredan_exchange, takes_ally
from ..calc.fighter import Fighter
from ..calc.gems import FlipDeck, PowerUp, battle_odds
from ..calc.tohit import DICE_RULESETS, LITERAL_TWO_RULESET, chart_rows, need_to_hit, p_hit_exact
from ..catalog import load_catalog
from ..decks import Deck
from .widgets import chart, pmf_bar, ruleset_label, table

_STATS = ("att", "defense", "dmg", "hp", "shield", "damage_taken", "exp")


# ---- to-hit --------------------------------------------------------------------------------------

def tohit_section() -> None:
    c1, c2, c3, c4 = st.columns(4)
    ruleset = c1.radio("Ruleset", DICE_RULESETS, horizontal=True, key="tohit-ruleset")
    literal = c2.toggle(f"{LITERAL_TWO_RULESET} literal reading: a 2 always misses", key="tohit-literal",
                        disabled=ruleset != LITERAL_TWO_RULESET,
                        help="Battlegrounds' text says a roll of 2 always misses; its chart does not. fwlab follows "
                             "the chart unless you switch this on.")
    literal = bool(literal and ruleset == LITERAL_TWO_RULESET)
    att = int(c3.number_input("Att", 0, 20, 3, key="tohit-att"))
    defense = int(c4.number_input("Def", 0, 20, 4, key="tohit-def"))
    need = need_to_hit(att, defense, literal_two=literal)
    p = p_hit_exact(att, defense, literal_two=literal)
    if need is None:
        st.metric("Chance to hit", "0", help="A card with Att 0 never strikes.")
    else:
        st.metric(f"Att {att} against Def {defense} needs", f"{need}+ on a D6")
        st.caption(f"p = {p} = {float(p):.3f}")
    defs, atts, grid = chart_rows(ruleset, literal_two=literal)
    z = [[float("nan") if n is None else n for n in row] for row in grid]
    fig = go.Figure(go.Heatmap(z=z, x=atts, y=defs, text=[[("-" if n is None else str(n)) for n in row] for row in grid],
                               texttemplate="%{text}", colorscale="RdYlGn_r", zmin=2, zmax=6,
                               colorbar={"title": "need"},
                               hovertemplate="Att %{x} vs Def %{y}: needs %{text}+<extra></extra>"))
    fig.update_layout(title=f"To-hit chart ({ruleset_label(ruleset)}{', literal 2' if literal else ''})",
                      xaxis_title="attacker's Att", yaxis_title="defender's Def", height=480,
                      xaxis={"dtick": 1}, yaxis={"dtick": 1, "autorange": "reversed"})
    chart(fig, key="tohit-heatmap")


# ---- combat --------------------------------------------------------------------------------------

def _fighter_inputs(key: str, default: Sequence[int]) -> Fighter:
    cols = st.columns(7)
    values = [int(col.number_input(label, 0 if label != "Hp" else 1, 30, int(d), key=f"{key}-{s}"))
              for col, label, s, d in zip(cols, ("Att", "Def", "Dmg", "Hp", "Shield", "Damage taken", "Exp"),
                                           _STATS, (*default, 0, 0, 0))]
    kwargs = dict(zip(_STATS, values))
    kwargs["damage_taken"] = min(kwargs["damage_taken"], kwargs["hp"] - 1)
    return Fighter(**kwargs, name=key)


def _attacker_from_card() -> None:
    """Fill the attacker's inputs from the chosen Daemornia creature (keyword shield and exp included)."""
    name = str(st.session_state.get("attacker-card", ""))
    cat = load_catalog(fighter_calc.RULESET)
    if name not in cat:
        return
    f = Fighter.from_card(cat[name])
    for stat in _STATS:
        st.session_state[f"attacker-{stat}"] = int(getattr(f, stat))


def _blockers_frame(key: str) -> pd.DataFrame:
    start = pd.DataFrame([{"att": 3, "defense": 4, "dmg": 2, "hp": 2, "shield": 0, "damage_taken": 0, "exp": 0},
                          {"att": 2, "defense": 2, "dmg": 1, "hp": 3, "shield": 0, "damage_taken": 0, "exp": 0}])
    edited = st.data_editor(start, num_rows="dynamic", key=key, hide_index=True,
                            column_config={c: st.column_config.NumberColumn(min_value=0, step=1) for c in _STATS})
    return edited.dropna(subset=["att", "defense", "dmg", "hp"])


def _to_fighters(frame: pd.DataFrame, label: str) -> list[Fighter]:
    out = []
    for i, row in enumerate(frame.to_dict("records")):
        out.append(Fighter(**{k: int(row.get(k) or 0) for k in _STATS}, name=f"{label} {i + 1}"))
    return out


def combat_section() -> None:
    c1, c2 = st.columns(2)
    literal = c1.toggle(f"{LITERAL_TWO_RULESET} literal reading (a 2 always misses)", key="combat-literal")
    ruleset = c2.radio("Ruleset", DISTINCT_RULESETS, horizontal=True, key="combat-ruleset",
                       help=f"{EXP_LOSS_RULESET}: dead creatures also cost their owner their Exp in Capital")
    st.markdown("**Attacker**")
    creatures = ["(type the stats)"] + sorted(c.name for c in load_catalog(fighter_calc.RULESET) if c.type == "creature")
    st.selectbox("Take the attacker's stats from a card", creatures, key="attacker-card", on_change=_attacker_from_card)
    try:
        attacker = _fighter_inputs("attacker", (3, 3, 2, 3))
        st.markdown("**Blockers** (one row each; add or delete rows)")
        blockers = _to_fighters(_blockers_frame("combat-blockers"), "blocker")
    except ValueError as exc:
        st.error(str(exc))
        return
    if not blockers:
        st.info("Add at least one blocker.")
        return
    choices = ["likeliest kill"] + [f"blocker {i + 1}" for i in range(len(blockers))]
    pick = st.selectbox("The attacker strikes", choices, key="combat-target")
    target = None if pick == choices[0] else choices.index(pick) - 1
    try:
        res = fight(attacker, blockers, target=target, literal_two=literal)
    except ValueError as exc:
        st.error(str(exc))
        return
    cols = st.columns(1 + len(blockers))
    cols[0].metric("P(attacker dies)", f"{res.p_attacker_dies:.4f}")
    for i, p in enumerate(res.p_blocker_dies):
        cols[i + 1].metric(f"P(blocker {i + 1} dies)" + (" — struck" if i == res.target else ""), f"{p:.4f}")
    left, right = st.columns(2)
    with left:
        chart(pmf_bar(res.attacker_damage, "damage", "Damage the attacker takes"), key="combat-att-dmg")
    with right:
        assert res.target is not None
        chart(pmf_bar(res.blocker_damage[res.target], "damage", f"Damage blocker {res.target + 1} takes"),
              key="combat-blk-dmg")
    st.markdown("---\n**Whole attack**: every attacker at once (exact convolution of the independent fights)")
    whole_attack_section(ruleset, literal)


def whole_attack_section(ruleset: str, literal: bool) -> None:
    st.caption('Each row is one attacker "att,def,dmg,hp[,exp=N,raider=N]" and its blockers separated by ";" '
               "(empty: it raids the Capital).")
    start = pd.DataFrame({"attacker": ["4,3,2,3,exp=1", "3,3,2,4", "2,2,3,2"],
                          "blockers": ["3,3,2,2,exp=2", "2,4,1,3; 1,1,1,1", ""]})
    rows = st.data_editor(start, num_rows="dynamic", key="attack-rows", hide_index=True,
                          column_config={"attacker": st.column_config.TextColumn(required=True),
                                         "blockers": st.column_config.TextColumn()})
    try:
        attacks = [Attack(Fighter.parse(str(r["attacker"]), name=f"attacker {i + 1}"),
                          tuple(Fighter.parse(b, name=f"blocker of {i + 1}")
                                for b in str(r.get("blockers") or "").split(";") if b.strip()))
                   for i, r in enumerate(rows.to_dict("records")) if str(r.get("attacker") or "").strip()]
        res = whole_attack(attacks, ruleset=ruleset, literal_two=literal)
    except ValueError as exc:
        st.error(str(exc))
        return
    m = st.columns(4)
    m[0].metric("Raid damage (certain)", res.raid_damage)
    m[1].metric("Expected Capital lost by the defender", f"{res.defender_capital_loss.mean:.3f}")
    m[2].metric("Expected defender creatures lost", f"{res.defender_creatures_lost.mean:.3f}")
    m[3].metric("Expected attacker creatures lost", f"{res.attacker_creatures_lost.mean:.3f}")
    c = st.columns(3)
    with c[0]:
        chart(pmf_bar(res.defender_capital_loss.probs, "Capital", "Defender's Capital loss"), key="attack-def-cap")
    with c[1]:
        chart(pmf_bar(res.defender_creatures_lost.probs, "creatures", "Defender's creatures lost"), key="attack-def-cr")
    with c[2]:
        chart(pmf_bar(res.attacker_creatures_lost.probs, "creatures", "Attacker's creatures lost"), key="attack-att-cr")


# ---- Free Realms ---------------------------------------------------------------------------------

def flip_deck(deck: Deck) -> FlipDeck:
    cat = load_catalog(gem_calc.RULESET)
    return FlipDeck.from_cards((cat[name], n) for name, n in deck.counts().items() if name in cat)


def battle_section(decks: dict[str, Deck]) -> None:
    if not decks:
        st.info("No Free Realms decks to flip from.")
        return
    names = list(decks)
    c1, c2 = st.columns(2)
    a = c1.selectbox("Attacker's deck", names, key="fr-deck-a")
    b = c2.selectbox("Defender's deck", names, index=min(1, len(names) - 1), key="fr-deck-b")
    attack = int(c1.number_input("Attacking creature's attack", 0, 20, 3, key="fr-attack"))
    defense = int(c2.number_input("Defending creature's defense", 0, 20, 3, key="fr-defense"))
    pa = c1.text_input("Attacker power-ups (SPHERE:attack:N, comma-separated)", key="fr-pa")
    pb = c2.text_input("Defender power-ups (SPHERE:defense:N, comma-separated)", key="fr-pb")
    try:
        odds = battle_odds(attack, defense, flip_deck(decks[a]), flip_deck(decks[b]),
                           attacker_powerups=[PowerUp.parse(p) for p in pa.split(",") if p.strip()],
                           defender_powerups=[PowerUp.parse(p) for p in pb.split(",") if p.strip()])
    except ValueError as exc:
        st.error(str(exc))
        return
    m = st.columns(3)
    m[0].metric("Attacker wins", f"{odds.p_win:.4f}")
    m[1].metric("Tie (both destroyed)", f"{odds.p_tie:.4f}")
    m[2].metric("Defender wins", f"{odds.p_lose:.4f}")
    fig = go.Figure([go.Bar(name=side, x=[str(k) for k in totals], y=list(totals.values()))
                     for side, totals in (("attacker", odds.attacker_totals), ("defender", odds.defender_totals))],
                    layout={"title": {"text": "Battle totals (stat + flipped gems + power-ups)"}, "barmode": "group",
                            "xaxis": {"title": {"text": "total"}}, "yaxis": {"title": {"text": "probability"}},
                            "height": 320})
    chart(fig, key="fr-totals")
    st.caption("A flip is a uniformly random card of the whole deck; tricks are not modelled.")
    table(pd.DataFrame({"sphere": list(odds.attacker_triggers), "attacker's flip triggers": list(odds.attacker_triggers.values()),
                        "defender's flip triggers": [odds.defender_triggers.get(s, 0.0) for s in odds.attacker_triggers]}),
          "fr-triggers.csv", key="fr-triggers")


# ---- Eredan --------------------------------------------------------------------------------------

NO_CARD = "(no card)"


def eredan_section() -> None:
    cat = load_catalog(er_calc.RULESET)
    characters = sorted(c.name for c in cat if c.type == "character")
    every_card = sorted(c.name for c in cat if c.type != "character")
    c1, c2, c3 = st.columns([2, 2, 1])
    a = c1.selectbox("Character A", characters, key="er-a")
    b = c2.selectbox("Character B", characters, index=min(1, len(characters) - 1), key="er-b")
    turn = int(c3.number_input("Turn", 1, 10, 1, key="er-turn"))
    chooser = c3.radio("Chooser", ("A", "B"), horizontal=True, key="er-chooser",
                       help="The player who chose the fighters: their cards resolve first (their first card, the "
                            "other's first, their second, the other's second).")
    show_all = c3.toggle("Every card", key="er-every",
                         help="Offer every card, also those the character may not play (such a play is refused, "
                              "with the engine's reason, and not computed).")
    picks: dict[str, Any] = {}
    refused: list[str] = []
    for side, col, name in (("a", c1, a), ("b", c2, b)):
        label = side.upper()
        allies = [n for n in col.multiselect(f"{label}'s other living characters (for ally and area cards and "
                                             "the deck's guild)", characters, max_selections=2,
                                             key=f"er-allies-{side}") if n != name]
        # the engine's rule (through the registry): who may play which card, in a deck of these characters
        who = er_calc.who_may_play(name, every_card, cat, allies)
        col.caption(f"{name} may play {len(who.allowed)} of the {len(every_card)} cards. Guild: {who.guild_reason}.")
        offered = [NO_CARD, *(every_card if show_all else who.allowed)]
        chosen = []
        for key, text in ((f"er-card-{side}", f"{label} plays"),
                          (f"er-card-{side}2", f"{label}'s second card (only after a card that opens a chain)")):
            held = st.session_state.get(key)
            if held is not None and held not in offered:  # the character changed: its card is not one it may play
                st.session_state[key] = NO_CARD
                col.warning(f"{held} was taken off {label}'s cards: {who.refused.get(held, 'not offered')}.")
            chosen.append(col.selectbox(text, offered, key=key))
        taken = int(col.number_input(f"Damage {label} has taken before this fight", 0, 30, 0, key=f"er-taken-{side}"))
        target = col.selectbox(f"{label}'s ally cards go to", [name, *allies], key=f"er-ally-{side}")
        life = max(1, int(cat[name].fields["life"]) - taken)
        plays = []
        for pick in chosen:
            if pick in who.refused:
                refused.append(f"{label}: {who.refused[pick]}")
            card = None if pick == NO_CARD else cat[pick]
            plays.append(None if card is None else Play(card, target if takes_ally(card) else None))
        while plays and plays[-1] is None:
            plays.pop()
        picks[side] = (ErCharacter(cat[name], life=life), plays, [cat[n] for n in allies])
    if refused:
        st.error("Not a legal play, so nothing is computed. " + " ".join(f"{r}." for r in refused))
        return
    try:
        x = eredan_exchange(picks["a"][0], picks["b"][0], turn, cards_a=picks["a"][1], cards_b=picks["b"][1],
                            chooser=chooser.lower(), allies_a=picks["a"][2], allies_b=picks["b"][2])
    except ValueError as exc:
        st.error(str(exc))
        return
    m = st.columns(4)
    m[0].metric(f"Damage to {a}", x.damage_to_a, f"physical {x.physical_to_a}, cards {x.spell_to_a}", delta_color="off",
                delta_arrow="off")
    m[1].metric(f"Damage to {b}", x.damage_to_b, f"physical {x.physical_to_b}, cards {x.spell_to_b}", delta_color="off",
                delta_arrow="off")
    m[2].metric(f"Life of {a} after", x.life_a if x.life_a is not None else "-", "dies" if x.dead_a else None,
                delta_color="off", delta_arrow="off")
    m[3].metric(f"Life of {b} after", x.life_b if x.life_b is not None else "-", "dies" if x.dead_b else None,
                delta_color="off", delta_arrow="off")
    st.write(f"Score: A {x.score_a}, B {x.score_b} (Life removed from enemies + Life restored to your own)")
    if x.healing_a or x.healing_b:
        st.write(f"Healing: {a} {x.healing_a}, {b} {x.healing_b}")
    if x.order:
        st.write("Cards in the order they resolve: " + "; ".join(f"{i}. {o}" for i, o in enumerate(x.order, 1)))
    if len(x.characters) > 2:
        table(pd.DataFrame([c.to_dict() for c in x.characters]), "eredan-characters.csv", key="er-characters")
    for note in x.notes:
        st.caption(note)


# ---- Conquest ------------------------------------------------------------------------------------

def _default_board() -> pd.DataFrame:
    rows = []
    for q, r in board_fields():
        ring = max(abs(q), abs(r), abs(q + r))
        rows.append({"q": q, "r": r, "difficulty": (4, 6, 8)[ring] if ring else 9, "owner": "", "support": 0})
    rows[0]["owner"], rows[0]["support"] = "me", 2
    return pd.DataFrame(rows)


def conquest_section() -> None:
    cat = load_catalog(cq_calc.RULESET)
    troops = sorted(c.name for c in cat if c.type == "troop")
    others = sorted(c.name for c in cat if c.type != "troop")
    st.caption("The board: 19 fields (axial q, r). Set each field's difficulty, and who holds it with what Support "
               "(owner `me` for your fields).")
    board_rows = st.data_editor(_default_board(), key="cq-board", hide_index=True, disabled=["q", "r"],
                                column_config={"difficulty": st.column_config.NumberColumn(min_value=1, max_value=12),
                                               "owner": st.column_config.TextColumn(),
                                               "support": st.column_config.NumberColumn(min_value=0)})
    hand = st.multiselect("Cards in hand (troops, fortifications, magic)", troops + others, default=troops[:3],
                          key="cq-hand")
    cols = st.columns(len(FOLLOWERS) + 1)
    followers = {f: int(c.number_input(f"Unexpended {_plural(f)}", 0, 10, 2, key=f"cq-{f}"))
                 for f, c in zip(FOLLOWERS, cols)}
    coins = int(cols[-1].number_input("Coins (5 or more: one hire)", 0, 200, 0, key="cq-coins"))
    cards = [cat[t] for t in hand]
    try:
        board = Board.new({(int(r["q"]), int(r["r"])): int(r["difficulty"]) for r in board_rows.to_dict("records")})
        for r in board_rows.to_dict("records"):
            owner = str(r.get("owner") or "").strip()
            if owner:
                board = board.claim((int(r["q"]), int(r["r"])), owner, support=int(r.get("support") or 0))
        options = conquerable(board, "me", cards, followers)
        plans = conquerable(board, "me", cards, followers, plan=True, coins=coins)
    except (ValueError, TypeError) as exc:
        st.error(str(exc))
        return
    st.write(f"**{len(options)}** (troop, field) conquests possible now.")
    df = pd.DataFrame([o.to_dict() for o in options], columns=["troop", "field", "attack", "support", "difficulty", "reward"])
    df["field"] = df["field"].astype(str)
    left, right = st.columns(2)
    with left:
        table(df, "conquest-options.csv", key="cq-options")
    with right:
        chart(_board_figure(board_rows, {tuple(o.field) for o in plans}), key="cq-board-chart")
    st.write(f"**{len(plans)}** fields can be conquered this turn with the hand's plays (fortifications, Boost and "
             "steal-support magic, refreshes, a conquest next to the field first"
             + (", one hire" if coins >= 5 else "") + "), each by its cheapest plan:")
    cols_plan = ["field", "difficulty", "plan", "followers_spent", "spent", "troop", "attack", "boost", "support",
                 "reward", "turn_reward", "hire"]
    pdf = pd.DataFrame([o.to_dict() for o in plans], columns=cols_plan)
    pdf["field"] = pdf["field"].astype(str)
    table(pdf, "conquest-plans.csv", key="cq-plans")
    _conquest_chance(board, cards, followers, coins, {tuple(o.field) for o in plans})


def _plural(follower: str) -> str:
    """A follower kind in the plural, for labels: warriors, craftsmen, mages."""
    return follower[:-3] + "men" if follower.endswith("man") else follower + "s"


def _interesting_field(board: Board, open_fields: list[Any], taken_now: set[Any]) -> Any:
    """The field the chance lookup opens on: one no plan of the hand takes this turn (there P = 1
    whatever the draws), of the median difficulty of those, first in board order; every field when
    the plans take them all."""
    pool = [h for h in open_fields if h not in taken_now] or open_fields
    diffs = sorted(board.difficulty[h] for h in pool)
    median = diffs[(len(diffs) - 1) // 2]
    return next(h for h in pool if board.difficulty[h] == median)


def _conquest_chance(board: Board, cards: list[Any], followers: dict[str, int], coins: int,
                     taken_now: set[Any]) -> None:
    st.markdown("**Chance the hand plus the next draws conquers a field** (the board as it is, the followers "
                "above; the deck is the shared deck less the hand)")
    open_fields = [h for h in board.difficulty if h not in board.claims]
    if not open_fields:
        st.info("Every field is taken.")
        return
    c1, c2, c3 = st.columns(3)
    field = c1.selectbox("Field", open_fields, key="cq-chance-field",
                         index=open_fields.index(_interesting_field(board, open_fields, taken_now)),
                         format_func=lambda h: f"{h} (difficulty {board.difficulty[h]})",
                         help="It opens on a field of median difficulty that no plan of the hand takes this turn: "
                              "there the answer depends on the draws.")
    draws = int(c2.number_input("Next N draws", 0, 20, 1, key="cq-draws"))
    samples = int(c3.number_input("Monte Carlo samples (when exact is too big)", 100, 50_000, 2000, step=100,
                                  key="cq-samples"))
    try:
        ch = conquer_chance(board, "me", cards, followers, field, draws=draws, samples=samples, seed=0,
                            coins=coins if coins >= 5 else None)
    except ValueError as exc:
        st.error(str(exc))
        return
    st.metric(f"P(conquer {field} within {draws} draws)", f"{ch.p:.3f}")
    if field in taken_now:
        st.caption(f"A plan of the hand already takes {field} this turn (the plans above), so it is certain "
                   "whatever the draws: pick a field the plans do not list for a chance that depends on them.")
    else:
        st.caption(f"No plan of the hand takes {field} (difficulty {board.difficulty[field]}) this turn, so the "
                   f"chance is that the next {draws} draw(s) bring the troop, fortification or magic it lacks.")
    if ch.method == "exact":
        st.caption(f"Exact: {ch.outcomes} distinct draws of the {ch.deck_size}-card deck enumerated "
                   "(hypergeometric weights over card kinds).")
    else:
        st.caption(f"Monte Carlo: {ch.samples} seeded draws of the {ch.deck_size}-card deck; 95% interval "
                   f"{ch.low:.3f} to {ch.high:.3f}.")


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#rrggbb`` colour."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (the higher WCAG contrast ratio)."""
    lum = _luminance(fill)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


def _board_figure(rows: pd.DataFrame, open_fields: set[Any]) -> go.Figure:
    xs, ys, text, colour, ink = [], [], [], [], []
    for r in rows.to_dict("records"):
        q, rr = int(r["q"]), int(r["r"])
        xs.append(math.sqrt(3) * (q + rr / 2))
        ys.append(-1.5 * rr)
        owner = str(r.get("owner") or "").strip()
        text.append(f"{r['difficulty']}" + (f"<br>{owner}" if owner else ""))
        colour.append("#1f77b4" if owner == "me" else "#d62728" if owner else
                      "#2ca02c" if (q, rr) in open_fields else "#bbbbbb")
        ink.append(text_colour(colour[-1]))
    fig = go.Figure(go.Scatter(x=xs, y=ys, mode="markers+text", text=text, textposition="middle center",
                               textfont={"color": ink, "size": 14},
                               marker={"symbol": "hexagon", "size": 46, "color": colour}, hoverinfo="text"))
    fig.update_layout(title="Board: blue yours, red others', green conquerable now", height=420, showlegend=False,
                      xaxis={"visible": False}, yaxis={"visible": False, "scaleanchor": "x"})
    return fig
