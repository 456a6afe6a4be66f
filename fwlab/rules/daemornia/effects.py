"""Events, card effects paid with Res, attachments' slots, and cards leaving play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from .cards import CHOSEN_TARGETS, CREATURE, EVENT, OP_HEAL, OP_SACRIFICE, CardDef, Eff
from .config import RulesConfig
from .decisions import ANSWER, RESOURCE
from .state import LOST_EFFECT, LOST_EXP, LOST_SCENARIO

if TYPE_CHECKING:
    from .game import Game
    from .state import Unit

ABILITY_SLOTS: Final = ("skill", "psionic", "spell")

#: How a card leaves play (FW-LEAVE-1): only KILLED fires last-gasp; SACRIFICED costs no Exp either.
KILLED: Final = 0
DESTROYED: Final = 1
RETURNED: Final = 2
SACRIFICED: Final = 3


def in_heal_step(g: Game, p: int) -> bool:
    """FW-HEAL-2: whether it is player ``p``'s own healing step (the Resource window of its turn)."""
    dec = g.resume if g.decision == ANSWER else g.decision
    return dec == RESOURCE and g.active == p


def slot_clash(cfg: RulesConfig, u: Unit, d: CardDef) -> str | None:
    """FW-ATTACH-3: one attachment of each subtype per creature; BG-SLOT-1: one Skill/Psionic/Spell,
    one Armour, one Artefact, one Weapon."""
    for _, a in u.attached:
        if cfg.bg_hand:
            if a.slot == d.slot or (a.slot in ABILITY_SLOTS and d.slot in ABILITY_SLOTS):
                return f"that creature already has a card in the {d.slot} slot (BG-SLOT-1)"
        elif a.subtype == d.subtype:
            return f"at most one {d.subtype} per creature (FW-ATTACH-3)"
    return None


# ---------------------------------------------------------------------- targets
def target_choices(g: Game, p: int, kind: str | None, source: Unit | None = None) -> list[int]:
    """Card instance ids a chosen target may be, or ``[-1]`` when the effect needs no choice."""
    if kind is None or kind not in CHOSEN_TARGETS:
        return [-1]
    me, opp = g.seats[p], g.seats[1 - p]
    if kind == "own_creature":
        return [u.iid for u in me.units]
    if kind == "enemy_creature":
        return [u.iid for u in opp.units]
    if kind == "any_creature":
        return [u.iid for u in me.units] + [u.iid for u in opp.units]
    if kind == "enemy_scenario":
        return [u.iid for u in opp.scenarios]
    if kind == "own_scenario":
        return [u.iid for u in me.scenarios]
    return []  # pragma: no cover


def has_target(g: Game, p: int, kind: str | None) -> bool:
    """Whether :func:`target_choices` would offer anything (without building the list)."""
    if kind is None or kind not in CHOSEN_TARGETS:
        return True
    me, opp = g.seats[p], g.seats[1 - p]
    if kind == "own_creature":
        return bool(me.units)
    if kind == "enemy_creature":
        return bool(opp.units)
    if kind == "any_creature":
        return bool(me.units) or bool(opp.units)
    if kind == "enemy_scenario":
        return bool(opp.scenarios)
    if kind == "own_scenario":
        return bool(me.scenarios)
    return False  # pragma: no cover


def target_ok(g: Game, p: int, kind: str | None, target: int) -> bool:
    if kind is None or kind not in CHOSEN_TARGETS:
        return target == -1
    u = g.unit(target)
    if u is None:
        return False
    if kind == "own_creature":
        return u.owner == p and u.is_creature
    if kind == "enemy_creature":
        return u.owner != p and u.is_creature
    if kind == "any_creature":
        return u.is_creature
    if kind == "enemy_scenario":
        return u.owner != p and u.is_scenario
    if kind == "own_scenario":
        return u.owner == p and u.is_scenario
    return False


# ---------------------------------------------------------------------- events
def _phase_ok(g: Game, d: CardDef) -> bool:
    if not d.phases:
        return True
    dec = g.resume if g.decision == ANSWER else g.decision
    return (d.phase_mask >> dec) & 1 == 1


def event_playable(g: Game, p: int, iid: int) -> str | None:
    """Why player ``p`` cannot play event ``iid`` now regardless of target (None when it can)."""
    d = g.defs[iid]
    answering = g.decision == ANSWER
    if g.chain and not answering:
        return "an event is already waiting for its answer"
    if d.is_counter:
        if not answering:
            return "a counter is played only as an answer to an event (FW-EVENT-2)"
        if g.cfg.interrupts_first and d.event_kind != "interrupt":
            return "only an Interrupt resolves before the event it answers (BG-EVENT-2)"
    if not _phase_ok(g, d):
        return f"this event is played only in {', '.join(sorted(d.phases))}"
    if d.is_heal and not in_heal_step(g, p):
        return "a healing card is played only in your own healing step (FW-HEAL-2)"
    if d.choose is not None and not has_target(g, p, d.choose):
        return "no legal target"
    return None


def why_event_illegal(g: Game, p: int, iid: int, target: int) -> str | None:
    s = g.seats[p]
    if iid not in s.hand:
        return "that card is not in your hand"
    d = g.defs[iid]
    if d.type != EVENT:
        return "only events are played this way"
    c = g.cost(p, d)
    if c > s.pool:
        return f"it costs {c} Res and your pool has {s.pool}"
    reason = event_playable(g, p, iid)
    if reason:
        return reason
    if not target_ok(g, p, d.choose, target):
        return f"the target must be a {d.choose}" if d.choose else "this event takes no target"
    return None


def play_event(g: Game, p: int, iid: int, target: int) -> None:
    """FW-EVENT-1: pay, put the event on the chain; FW-EVENT-2: the other player may answer first."""
    s = g.seats[p]
    s.pool -= g.cost(p, g.defs[iid])
    s.hand.remove(iid)
    if g.log_cards and g.deployed_turn[iid] < 0:
        g.deployed_turn[iid] = s.own_turns
    if g.decision == ANSWER:
        g.chain.append((p, iid, target))
        g._close_answer()
    else:
        g.chain = [(p, iid, target)]
        g._open_answer(p)


def resolve_chain(g: Game) -> None:
    """FW-EVENT-3: an answer resolves before the event it answers. BG-EVENT-2: in ``bg`` only an
    Interrupt does; other answers resolve after it, in the order played."""
    chain = g.chain
    g.chain = []
    if len(chain) == 2:
        first, answer = chain
        answer_first = not g.cfg.interrupts_first or g.defs[answer[1]].event_kind == "interrupt"
        order = [answer, first] if answer_first else [first, answer]
    else:
        order = chain
    countered: set[int] = set()
    for p, iid, target in order:
        d = g.defs[iid]
        if iid not in countered:
            for e in d.event_effects:
                if e.do == "counter":
                    countered.update(x[1] for x in chain if x[1] != iid)
                else:
                    apply_effect(g, p, e, target, iid, None)
                    g._check_end()  # FW-END-1: Capital is checked whenever it changes
                if g.is_terminal():
                    break
        g.seats[g.owner[iid]].graveyard.append(iid)
        if g.is_terminal():
            return
        check_deaths(g)
        if g.is_terminal():
            return


# ---------------------------------------------------------------------- card effects paid with Res
def effect_sources(u: Unit) -> Iterator[tuple[int, tuple[Eff, ...]]]:
    """(card id, its effects) for a unit and each of its attachments, whoever controls them."""
    if u.d.effects:
        yield u.iid, u.d.effects
    for iid, a in u.attached:
        if a.effects:
            yield iid, a.effects


def controlled_effects(g: Game, p: int) -> list[tuple[Unit, int, tuple[Eff, ...]]]:
    """(host card in play, source card id, effects) of every card effect player ``p`` controls: its
    own cards in play and the attachments it owns, wherever they are (FW-ATTACH-6: a Curse's
    effect belongs to the player who attached it, not to the cursed creature's owner)."""
    out: list[tuple[Unit, int, tuple[Eff, ...]]] = []
    owner = g.owner
    for s in g.seats:
        mine = s.idx == p
        for u in s.units:
            if mine and u.d.effects:
                out.append((u, u.iid, u.d.effects))
            for iid, a in u.attached:
                if a.effects and owner[iid] == p:
                    out.append((u, iid, a.effects))
        if mine:
            for u in s.scenarios:
                if u.d.effects:
                    out.append((u, u.iid, u.d.effects))
    return out


def _find_source(g: Game, p: int, src: int) -> Unit | None:
    """The card in play that carries effect source ``src``, if player ``p`` controls that source."""
    u = g.unit(src)
    if u is not None:
        return u if u.owner == p else None
    if not 0 <= src < len(g.owner) or g.owner[src] != p:
        return None
    for s in g.seats:
        for u in s.units:
            for iid, _ in u.attached:
                if iid == src:
                    return u
    return None


def effect_reason(g: Game, p: int, u: Unit, src: int, e: Eff, idx: int) -> str | None:
    """Why player ``p`` cannot use effect ``idx`` of source ``src`` (on host ``u``) now, regardless of
    its target (None when it can)."""
    if e.cost > g.seats[p].pool:
        return f"it costs {e.cost} Res and your pool has {g.seats[p].pool} (FW-EFFECT-1)"
    if u.used_turn.get(src * 16 + idx) == g.turn:
        return "a card effect can be used once per turn (FW-EFFECT-2)"
    if e.lock and u.locked:
        return "a locked card cannot use an ability that locks (FW-LOCK-3)"
    if e.do == "counter" and g.decision != ANSWER:
        return "a counter is used only as an answer to an event"
    if e.op == OP_HEAL and not in_heal_step(g, p):
        return "a healing effect is used only in your own healing step (FW-HEAL-2)"
    if g.cfg.scenario_delay and src == u.iid and u.is_scenario and u.deployed_turn == g.turn:
        return "a Scenario cannot use its card effects on the turn it is deployed (BG-SCEN-2)"
    return None


def _usable(g: Game, p: int, u: Unit, src: int, effs: tuple[Eff, ...]) -> bool:
    for i in range(len(effs)):
        e = effs[i]
        if effect_reason(g, p, u, src, e, i) is None and has_target(g, p, e.target):
            return True
    return False


def any_usable_effect(g: Game, p: int) -> bool:
    """Whether player ``p`` can use any card effect now (on some legal target); the same cards as
    :func:`controlled_effects`, walked without building a list (the engine asks at every window)."""
    owner = g.owner
    for s in g.seats:
        mine = s.idx == p
        for u in s.units:
            if mine and u.d.effects and _usable(g, p, u, u.iid, u.d.effects):
                return True
            if u.attached:
                for iid, a in u.attached:
                    if a.effects and owner[iid] == p and _usable(g, p, u, iid, a.effects):
                        return True
        if mine:
            for u in s.scenarios:
                if u.d.effects and _usable(g, p, u, u.iid, u.d.effects):
                    return True
    return False


def why_effect_illegal(g: Game, p: int, src: int, target: int, idx: int) -> str | None:
    u = _find_source(g, p, src)
    if u is None:
        return "that card is not yours in play (or an attachment you do not own)"
    effs = g.units[src].d.effects if src in g.units else g.defs[src].effects
    if not 0 <= idx < len(effs):
        return "that card has no such effect"
    e = effs[idx]
    reason = effect_reason(g, p, u, src, e, idx)
    if reason:
        return reason
    kind = e.target if e.chosen else None
    if not target_ok(g, p, kind, target):
        return f"the target must be a {kind}" if kind else "this effect takes no target"
    return None


def use_effect(g: Game, p: int, src: int, target: int, idx: int) -> None:
    """FW-EFFECT-1/2: pay Res from the pool, once per turn, in any phase of either player's turn."""
    u = _find_source(g, p, src)
    assert u is not None
    effs = g.units[src].d.effects if src in g.units else g.defs[src].effects
    e = effs[idx]
    g.seats[p].pool -= e.cost
    u.used_turn[src * 16 + idx] = g.turn
    if e.lock:
        u.locked = True
    if e.sacrifice:  # FW-SACRIFICE-1: the source card is sacrificed as part of the cost
        sacrifice_source(g, u, src)
    answering = g.decision == ANSWER
    if e.do == "counter" and answering:
        # the answered event is cancelled: it goes to its owner's graveyard unresolved
        for _, iid, _ in list(g.chain):
            g.seats[g.owner[iid]].graveyard.append(iid)
        g.chain = []
    else:
        apply_effect(g, p, e, target, src, u)
        g._check_end()  # FW-END-1: Capital is checked whenever it changes
        if not g.is_terminal():
            check_deaths(g)
    if g.is_terminal():
        return
    if answering:
        g._close_answer()
    else:
        g._after_instant()


# ---------------------------------------------------------------------- doing one action
def _targets(g: Game, p: int, e: Eff, target: int, source: Unit | None) -> list[Unit]:
    t = e.target
    me, opp = g.seats[p], g.seats[1 - p]
    if e.chosen:
        u = g.unit(target)
        return [u] if u is not None else []  # a target that left play: the action fizzles
    if t == "self":
        return [source] if source is not None and g.unit_at[source.iid] is not None else []
    if t == "all_creatures":
        return me.units + opp.units
    if t == "enemy_creatures":
        return list(opp.units)
    if t == "own_creatures":
        return list(me.units)
    return []


def apply_effect(g: Game, p: int, e: Eff, target: int, src: int, source: Unit | None) -> None:
    """Carry out one action of an event or a card effect for player ``p`` (FW-EVENT-4)."""
    do, n = e.do, e.n
    me, opp = g.seats[p], g.seats[1 - p]
    if do == "draw":
        for _ in range(n):
            g._draw(me)
        return
    if do == "drain":
        g._lose_capital(1 - p, n, cause=LOST_SCENARIO if source is not None and source.is_scenario else LOST_EFFECT)
        return
    if do == "gain_capital":  # CORE-CAP-1: the only way Capital rises (never from 0: the game is over)
        me.capital += n
        g.capital_gained[p] += n
        return
    if do == "gain_res":
        me.pool += n
        return
    if do == "discard":
        for _ in range(min(n, len(opp.hand))):
            iid = opp.hand.pop(int(g.rng.random() * len(opp.hand)))
            opp.graveyard.append(iid)
        return
    for u in _targets(g, p, e, target, source):
        if do == "damage":
            u.damage += n
            if g.log_cards:
                g.damage_dealt[src] += n
        elif do == "heal":
            u.damage = max(0, u.damage - n)
        elif do == "buff":
            u.buff[e.stat] += n
            g.buffed.append(u.iid)
            u.refresh()
        elif do == "lock":
            u.locked = True
        elif do == "unlock":
            u.locked = False
        elif do == "destroy":
            leave_play(g, u, DESTROYED)
        elif do == "return":
            leave_play(g, u, RETURNED)
        elif e.op == OP_SACRIFICE:
            leave_play(g, u, SACRIFICED)


# ---------------------------------------------------------------------- leaving play
def sacrifice_source(g: Game, host: Unit, src: int) -> None:
    """Sacrifice the card ``src`` (the host itself, or one of its attachments) to its owner's graveyard."""
    if src == host.iid:
        leave_play(g, host, SACRIFICED)
        return
    for k, (iid, a) in enumerate(host.attached):
        if iid == src:
            del host.attached[k]
            g.seats[g.owner[iid]].graveyard.append(iid)
            host.refresh()
            if a.has_discount:
                g.refresh_discounts(host.owner)
            return


def leave_play(g: Game, u: Unit, how: int = KILLED) -> None:
    """FW-LEAVE-1: killed and sacrificed cards go to the graveyard, Destroyed ones are removed from the
    game, returned ones go to their owner's hand; a creature's attachments go to the graveyard.
    BG-EXP-1: a killed or destroyed card costs its owner Capital equal to its Exp plus its
    attachments' (a sacrificed one does not: FW-SACRIFICE-1). KW-LAST-GASP fires only when a
    creature is killed. Capital lost here is checked by the caller (together with the rest of the
    same event or Resolution)."""
    if g.unit_at[u.iid] is None:
        return
    g.unplace(u.iid)
    s = g.seats[u.owner]
    (s.scenarios if u.is_scenario else s.units).remove(u)
    for iid, _ in u.attached:
        g.seats[g.owner[iid]].graveyard.append(iid)
    disc = s.discount
    if disc[0] or disc[1] or disc[2] or disc[3]:
        g.refresh_discounts(u.owner)
    if how == RETURNED:
        s.hand.append(u.iid)
        return
    if g.log_cards and g.killed_turn[u.iid] < 0:
        g.killed_turn[u.iid] = s.own_turns
    (s.removed if how == DESTROYED else s.graveyard).append(u.iid)
    if g.cfg.exp_loss and how != SACRIFICED:
        g._lose_capital(u.owner, u.exp_total, check=False, cause=LOST_EXP)
    if how == KILLED and u.last_gasp and u.d.type == CREATURE:  # KW-LAST-GASP
        g._lose_capital(1 - u.owner, u.last_gasp, check=False)


def check_deaths(g: Game, check_end: bool = True) -> None:
    """FW-RESOLVE-3: cards at 0 Hp or less leave play (together), then Capital is checked."""
    dead: list[Unit] = []
    for s in g.seats:  # seat by seat (the same cards as g.units, walked without a dict iterator)
        for u in s.units:
            if u.damage >= u.max_hp:
                dead.append(u)
        for u in s.scenarios:
            if u.damage >= u.max_hp:
                dead.append(u)
    for u in dead:
        leave_play(g, u)
    if check_end and dead:
        g._check_end()
