"""One game replayed step by step, for any engine: what the game viewer and ``fwlab replay`` show.

A :class:`Replay` is a list of :class:`Step`: one position per action (the engine's own
:func:`~fwlab.rules.engines.position_of`, every deck in full), the action taken from it and by whom,
the turn, the chance that action brought in (the dice it rolled, the cards it took from the top of
a deck: draws, Free Realms' flips and scores, Conquest's shared deck) and the figures the engine
logs per turn (Capital, scored cards, Life and score, coins), then the final position with the
outcome. Nothing here knows a game: it goes through the registry, like the simulator.

Four ways in:

- :func:`replay_match`: one game from its own seed, first seat, setups, bots and rules, played as
  :func:`~fwlab.sim.play.play_match` plays it (a stored league match: :mod:`fwlab.store.stored_game`
  reads those from the store);
- :func:`replay_game`: game ``index`` of a simulation run seeded ``seed`` (decks, bots, rules), the
  very game :func:`fwlab.sim.runner.run_batch` plays: seed :func:`~fwlab.sim.runner.game_seed`
  ``(seed, index)``, seat ``index mod seats`` first, the bots seeded as :func:`~fwlab.sim.play.play_match`
  seeds them;
- :func:`replay_record`: a :class:`~fwlab.rules.core.GameRecord` (a stored match's), its actions
  applied in order;
- :func:`replay_position`: a position file (docs/positions.md), then the bots play on.

:func:`find_game` picks a game of a simulation ("show me a game": a win, a loss, the longest, one
where a card was drawn) by replaying games by index; :func:`why_not` says why an action was not
legal at a step, in the engine's words.

>>> from fwlab.decks.starters import starter_decks
>>> a, b = starter_decks("fw")[:2]
>>> r = replay_game("fw", [a, b], ["heuristic", "heuristic"], seed=1, index=0)
>>> r.steps[0].turn, r.steps[-1].action is None, len(r.steps) == len(r.actions) + 1
(1, True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.core import Action, GameRecord, IllegalAction
from ..rules.engines import engine_for, load_position, position_of
from ..rulesets import SEAT_LABELS
from .play import Setup, _names, bot_seed, check_setups, start_match
from .runner import game_seed

__all__ = ["Replay", "Step", "WHAT", "find_game", "game_at", "replay_game", "replay_match", "replay_position", "replay_record",
           "alternatives", "why_not", "figures_of", "card_names", "view_of", "HIDDEN"]

#: what :func:`find_game` can look for
WHAT: tuple[str, ...] = ("win", "loss", "draw", "longest", "shortest", "card")


@dataclass
class Step:
    """One position of a replayed game and the action taken from it.

    ``index`` counts actions from 0; the last step of a replay is the final position (``action``
    None, ``seat`` -1). ``dice``: the die results the action rolled; ``revealed``: per seat (None:
    a deck the seats share) the cards the action took from the top of that deck, top first (a
    deck rebuilt by a shuffle counts the cards that left it); ``figures``: name -> one value per seat,
    in this position (before the action).
    """

    index: int
    turn: int
    seat: int
    decision: str
    action: str | None
    legal: list[str]
    position: dict[str, Any]
    figures: dict[str, list[int]] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)
    revealed: list[tuple[int | None, list[str]]] = field(default_factory=list)
    reshuffled: list[int | None] = field(default_factory=list)

    def chance_text(self) -> str:
        """The chance the action brought in, as text (empty when none)."""
        bits = []
        if self.dice:
            bits.append("dice " + ", ".join(map(str, self.dice)))
        for seat, cards in self.revealed:
            who = "the shared deck" if seat is None else f"seat {SEAT_LABELS[seat]}'s deck"
            bits.append(f"from {who}: {', '.join(cards)}")
        for seat in self.reshuffled:
            bits.append(("the shared deck" if seat is None else f"seat {SEAT_LABELS[seat]}'s deck") + " reshuffled")
        return "; ".join(bits)


@dataclass
class Replay:
    """A whole game, step by step (:class:`Step`), with what it was replayed from (``source``)."""

    ruleset: str
    setups: list[tuple[str, ...] | None]
    bots: list[str]
    seed: int                 # the game's own seed
    first: int
    options: dict[str, Any]
    steps: list[Step]
    places: tuple[int, ...]
    end_reason: str
    turns: int
    source: dict[str, Any] = field(default_factory=dict)
    start_position: dict[str, Any] | None = None

    @property
    def actions(self) -> list[str]:
        return [s.action for s in self.steps if s.action is not None]

    @property
    def num_seats(self) -> int:
        return len(self.places)

    @property
    def winner(self) -> str:
        """The sole winner's seat label, or ``draw`` when the first place is shared."""
        w = [s for s, p in enumerate(self.places) if p == 1]
        return SEAT_LABELS[w[0]] if len(w) == 1 else "draw"

    def result_text(self) -> str:
        w = self.winner
        who = f"seat {w} wins" if w != "draw" else "the first place is shared (a draw)"
        places = ", ".join(f"{SEAT_LABELS[s]} {p}" for s, p in enumerate(self.places))
        return f"{who} ({self.end_reason}) after {self.turns} turns; places {places}"

    def turn_starts(self) -> list[int]:
        """The step index at which each turn begins (the first step of each distinct turn number)."""
        out, last = [], None
        for s in self.steps:
            if s.turn != last:
                out.append(s.index)
                last = s.turn
        return out

    def to_dict(self) -> dict[str, Any]:
        """The replay as JSON (``fwlab replay --json``): the source, the setup, every step, the outcome."""
        return {"ruleset": self.ruleset, "source": self.source, "seed": self.seed, "first": self.first,
                "bots": self.bots, "options": self.options,
                "setups": [None if s is None else list(s) for s in self.setups],
                "outcome": {"places": list(self.places), "end_reason": self.end_reason, "turns": self.turns,
                            "winner": self.winner},
                "steps": [{"index": s.index, "turn": s.turn, "seat": None if s.seat < 0 else SEAT_LABELS[s.seat],
                           "decision": s.decision, "action": s.action, "chance": {
                               "dice": s.dice, "revealed": [{"seat": None if seat is None else SEAT_LABELS[seat],
                                                             "cards": cards} for seat, cards in s.revealed],
                               "reshuffled": [None if seat is None else SEAT_LABELS[seat] for seat in s.reshuffled]},
                           "figures": s.figures, "legal_actions": s.legal} for s in self.steps]}


# ---------------------------------------------------------------------- what a position shows
def _cards(zone: Any) -> list[str] | None:
    """The card names of a zone (a list of names or ``{"card": ...}`` objects), or None when the
    value is not a zone of cards."""
    if not isinstance(zone, list):
        return None
    out = []
    for c in zone:
        if isinstance(c, str):
            out.append(c)
        elif isinstance(c, dict) and isinstance(c.get("card"), str):
            out.append(c["card"])
        else:
            return None
    return out


def _decks(pos: Mapping[str, Any]) -> dict[int | None, list[str]]:
    """Every deck written in full in a position: per seat (``seats[i].deck``), None for a shared one."""
    out: dict[int | None, list[str]] = {}
    for s, seat in enumerate(pos.get("seats", [])):
        names = _cards(seat.get("deck")) if isinstance(seat, dict) else None
        if names is not None:
            out[s] = names
    shared = _cards(pos.get("deck"))
    if shared is not None:
        out[None] = shared
    return out


def _left(before: list[str], after: list[str]) -> tuple[list[str], bool]:
    """The cards that left a deck from ``before`` to ``after`` (top first), and whether it was
    reshuffled (``after`` is not what was left of ``before`` under its top cards)."""
    k = len(before) - len(after)
    if k >= 0 and before[k:] == after:
        return before[:k], False
    gone = Counter(before) - Counter(after)
    out = []
    for c in before:
        if gone[c] > 0:
            gone[c] -= 1
            out.append(c)
    return out, True


def figures_of(ruleset: str, pos: Mapping[str, Any]) -> dict[str, list[int]]:
    """The engine's per-turn figures (:attr:`~fwlab.rules.engines.Engine.track`, ``track2``) read
    from a position, one value per seat: a seat's own number of that name, else the sum of it over
    the seat's pieces that carry it (Eredan's Life: its characters'). A figure a position does not
    show is left out."""
    eng = engine_for(ruleset)
    out: dict[str, list[int]] = {}
    for name in (eng.track, eng.track2):
        if not name:
            continue
        values = []
        for seat in pos.get("seats", []):
            v = seat.get(name) if isinstance(seat, dict) else None
            if isinstance(v, bool) or not isinstance(v, int):
                total, found = 0, False
                for zone in (seat.values() if isinstance(seat, dict) else ()):
                    if isinstance(zone, list):
                        for piece in zone:
                            if isinstance(piece, dict) and isinstance(piece.get(name), int):
                                total += piece[name]
                                found = True
                v = total if found else None
            values.append(v)
        if values and all(v is not None for v in values):
            out[name] = [int(v) for v in values]  # type: ignore[arg-type]
    return out


def card_names(pos: Mapping[str, Any]) -> dict[int, str]:
    """Card instance id -> name, for every card a position writes with its id, but those in decks
    (an action never names a card still in a deck)."""
    names: dict[int, str] = {}

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            if isinstance(v.get("id"), int) and isinstance(v.get("card"), str):
                names.setdefault(v["id"], v["card"])
            for k, x in v.items():
                if k != "deck":
                    walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(pos)
    return names


HIDDEN = "(hidden)"


def view_of(pos: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees of a position (None: the whole truth, as written): every deck as its size
    only, the other seats' hands and face-down cards as :data:`HIDDEN` (their ids kept, so an action
    naming one still reads). The whole truth keeps the decks, top card first."""
    out = dict(pos)
    if seat is None:
        return out

    def hide(zone: Any) -> Any:
        if not isinstance(zone, list):
            return zone
        return [({**c, "card": HIDDEN} if isinstance(c, dict) else HIDDEN) if c is not None else None for c in zone]

    def face_down(zone: Any) -> Any:
        if not isinstance(zone, list):
            return zone
        return [{**c, "card": HIDDEN} if isinstance(c, dict) and c.get("face_down") else c for c in zone]

    seats = []
    for s, st in enumerate(pos.get("seats", [])):
        st = dict(st)
        if isinstance(st.get("deck"), list):
            st["deck_size"] = len(st.pop("deck"))
        if s != seat:
            if "hand" in st:
                st["hand"] = hide(st["hand"])
            for k, v in list(st.items()):
                st[k] = face_down(v)
        seats.append(st)
    out["seats"] = seats
    if isinstance(out.get("deck"), list):
        out["deck_size"] = len(out.pop("deck"))
    return out


# ---------------------------------------------------------------------- stepping through a game
def _step(ruleset: str, g: Any, index: int, pos: dict[str, Any] | None = None) -> Step:
    """The step at ``g``'s position now (``pos``: that position, when already read)."""
    if pos is None:
        pos = position_of(ruleset, g, deck=True)
    seat = -1 if g.is_terminal() else int(g.current_player())
    return Step(index, int(pos.get("turn", 0)), seat, str(pos.get("decision", "")), None,
                [str(a) for a in pos.get("legal_actions", [])], pos, figures_of(ruleset, pos))


def _apply(ruleset: str, g: Any, step: Step, action: Action | str) -> Step:
    """Apply ``action``, note on ``step`` what it was and the chance it brought in; the next step."""
    rolled = len(g.record.dice)
    g.apply(action)
    step.action = str(action)
    step.dice = [int(d) for d in g.record.dice[rolled:]]
    nxt = _step(ruleset, g, step.index + 1)
    after = _decks(nxt.position)
    for seat, before in _decks(step.position).items():
        gone, shuffled = _left(before, after.get(seat, []))
        if gone:
            step.revealed.append((seat, gone))
        if shuffled:
            step.reshuffled.append(seat)
    return nxt


def _play(ruleset: str, g: Any, bots: Sequence[Any], limit: int = 100_000) -> list[Step]:
    """Every step of ``g`` from now to its end, the bots choosing."""
    steps: list[Step] = []
    step = _step(ruleset, g, 0)
    i = 0
    while not g.is_terminal():
        action = bots[step.seat].choose(g)
        nxt = _apply(ruleset, g, step, action)
        steps.append(step)
        step = nxt
        i += 1
        if i > limit:
            raise RuntimeError(f"the game went on for more than {limit} actions")
    steps.append(step)
    return steps


def _finish(ruleset: str, g: Any, steps: list[Step], setups: list[tuple[str, ...] | None], bots: list[str],
            seed: int, first: int, options: Mapping[str, Any], source: dict[str, Any],
            start: dict[str, Any] | None = None) -> Replay:
    out = g.outcome
    if out is None:
        places: tuple[int, ...] = ()
        end, turns = "unfinished", int(steps[-1].turn)
    else:
        places, end, turns = tuple(out.places), str(out.end_reason), int(out.turns)
    return Replay(ruleset, setups, bots, seed, first, dict(options), steps, places, end, turns, source, start)


def _inputs(ruleset: str, setups: Sequence[Setup], bots: Sequence[str] | None,
            options: Mapping[str, Any] | None) -> tuple[list[str], dict[str, Any]]:
    """Each seat's bot (the engine's default when None) and the checked rule options, once the bots,
    options and setups are known to be the ruleset's."""
    from ..rules.engines import check_rule_options

    names = _bot_names(ruleset, bots, len(setups))
    opts = check_rule_options(ruleset, options)
    check_setups(ruleset, setups)
    return names, opts


def _bot_names(ruleset: str, bots: Sequence[str] | None, seats: int) -> list[str]:
    eng = engine_for(ruleset)
    names = list(bots) if bots is not None else [eng.default_bot] * seats
    if len(names) != seats:
        raise ValueError(f"{seats} seats need {seats} bots, not {len(names)}")
    for b in names:
        eng.check_bot(b)
    return names


def replay_game(ruleset: str, setups: Sequence[Setup], bots: Sequence[str] | None = None, seed: int = 0,
                index: int = 0, options: Mapping[str, Any] | None = None) -> Replay:
    """Game ``index`` of the simulation of ``setups`` (one per seat) seeded ``seed``, step by step:
    the same game, move for move, that :func:`~fwlab.sim.simulate_match` plays as its game ``index``."""
    if index < 0:
        raise ValueError(f"the game index is 0 or more, not {index}")
    # SIM-FIRST-1, as run_batch: game i has its own seed and seat i % n plays first
    return replay_match(ruleset, setups, bots, game_seed(seed, index), index % len(setups), options,
                        {"kind": "simulation", "seed": seed, "index": index})


def replay_match(ruleset: str, setups: Sequence[Setup], bots: Sequence[str] | None, seed: int, first: int = 0,
                 options: Mapping[str, Any] | None = None, source: dict[str, Any] | None = None) -> Replay:
    """The game :func:`~fwlab.sim.play.play_match` plays from these arguments (``seed`` the game's own
    seed, ``first`` the seat that plays first), step by step: how a stored league match is replayed
    (``source``: where it came from, e.g. ``{"kind": "store", "match_id": ..., "recorded": {...}}``)."""
    eng = engine_for(ruleset)
    n = len(setups)
    if not 0 <= first < n:
        raise ValueError(f"the first seat is one of the {n} seats, not {first}")
    names, opts = _inputs(ruleset, setups, bots, options)
    g = start_match(ruleset, setups, seed, first, log_cards=False, record=True, **opts)
    players = eng.game_bots(names, [bot_seed(seed, s) for s in range(n)])
    steps = _play(ruleset, g, players)
    src = dict(source) if source is not None else {"kind": "game", "seed": seed}
    return _finish(ruleset, g, steps, [_names(s) for s in setups], names, seed, first, opts, src)


def replay_record(record: GameRecord, bots: Sequence[str] | None = None,
                  source: dict[str, Any] | None = None) -> Replay:
    """A game rebuilt from its record: the same setups, seed, first seat and rule options, then every
    recorded action in order (a record made from a position starts from that position). An action
    the engine refuses is an :class:`~fwlab.rules.core.IllegalAction` naming it."""
    ruleset = record.ruleset
    opts = {k: v for k, v in record.options.items() if k != "position"}
    start = record.options.get("position")
    if isinstance(start, dict):
        g = load_position(start)
    else:
        opts = {k: tuple(v) if isinstance(v, list) else v for k, v in opts.items()}
        g = start_match(ruleset, list(record.setups), record.seed, record.first, log_cards=False, record=True,
                        **opts)
    actions = [a if isinstance(a, Action) else Action.parse(str(a)) for _, a in record.actions]
    steps: list[Step] = []
    step = _step(ruleset, g, 0)
    for i, (seat, a) in enumerate(zip((p for p, _ in record.actions), actions)):
        if step.seat != seat:
            raise IllegalAction(f"replay diverged at action {i + 1} {a}: the record says seat "
                                f"{SEAT_LABELS[seat]} acts, the game says seat {SEAT_LABELS[step.seat]}")
        try:
            nxt = _apply(ruleset, g, step, a)
        except IllegalAction as exc:
            raise IllegalAction(f"action {i + 1} {a}: {exc}") from None
        steps.append(step)
        step = nxt
    steps.append(step)
    names = list(bots) if bots is not None else ["recorded"] * record.num_seats
    return _finish(ruleset, g, steps, list(record.setups), names, record.seed, record.first, opts,
                   dict(source or {"kind": "record"}), start if isinstance(start, dict) else None)


def replay_position(data: Mapping[str, Any], bots: Sequence[str] | None = None, seed: int | None = None,
                    catalog: Any = None, source: dict[str, Any] | None = None) -> Replay:
    """From a position (docs/positions.md) to the end, the bots playing on (default: the engine's
    default bot in every seat; bot ``s`` seeded as :func:`~fwlab.sim.play.play_match` seeds it from
    ``seed``, default the position's ``seed`` or 0). The first step is the position itself."""
    data = dict(data)
    if seed is not None:
        data["seed"] = seed
    g = load_position(data, catalog)
    ruleset = str(data["ruleset"])
    n = int(g.num_seats)
    names = _bot_names(ruleset, bots, n)
    s = int(data.get("seed", 0) or 0)
    players = [engine_for(ruleset).make_bot(b, bot_seed(s, i)) for i, b in enumerate(names)]
    steps = _play(ruleset, g, players)
    setups: list[tuple[str, ...] | None] = [None] * n
    return _finish(ruleset, g, steps, setups, names, s, int(g.record.first), dict(data.get("options") or {}),
                   dict(source or {"kind": "position"}), dict(data))


def game_at(replay: Replay, index: int) -> Any:
    """The engine's game at step ``index`` of ``replay`` (its first ``index`` actions applied again
    from its start): what :func:`why_not` asks."""
    if not 0 <= index < len(replay.steps):
        raise ValueError(f"step {index} is not one of the {len(replay.steps)} steps")
    if replay.start_position is not None:
        g = load_position(replay.start_position)
    else:
        opts: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in replay.options.items()}
        g = start_match(replay.ruleset, replay.setups, replay.seed, replay.first, log_cards=False, record=True,
                        **opts)
    for s in replay.steps[:index]:
        assert s.action is not None
        g.apply(s.action)
    return g


def why_not(replay: Replay, index: int, action: str) -> str | None:
    """Why ``action`` (as the engine prints actions) was not legal at step ``index``, in the engine's
    words; None when it was legal. Text that is no action is a ``ValueError``."""
    a = Action.parse(action)
    step = replay.steps[index]
    if str(a) in step.legal:
        return None
    g = game_at(replay, index)
    why = getattr(g, "why_illegal", None)
    if why is not None:
        reason = why(a)
        if reason is not None:
            return str(reason)
    try:
        g.apply(a)
    except IllegalAction as exc:
        return str(exc)
    return None


def alternatives(replay: Replay, index: int, near: int = 3, most: int = 40) -> list[str]:
    """Actions to ask "why not?" about at step ``index``: those the same seat could take at its
    ``near`` decisions before and after this one that it cannot take now (an attack it made last
    turn, a card it played later), at most ``most``."""
    step = replay.steps[index]
    if step.seat < 0:
        return []
    mine = [s for s in replay.steps if s.seat == step.seat]
    at = next((i for i, s in enumerate(mine) if s.index == index), 0)
    legal = set(step.legal)
    out: list[str] = []
    for s in mine[max(0, at - near): at] + mine[at + 1: at + 1 + near]:
        for a in s.legal:
            if a not in legal and a not in out:
                out.append(a)
    return out[:most]


# ---------------------------------------------------------------------- "show me a game"
def find_game(ruleset: str, setups: Sequence[Setup], what: str, bots: Sequence[str] | None = None, seed: int = 0,
              games: int = 100, seat: int = 0, card: str | None = None,
              options: Mapping[str, Any] | None = None) -> tuple[int, Any] | None:
    """The index (and the :class:`~fwlab.sim.play.GameResult`) of a game of the simulation seeded
    ``seed`` among its first ``games``: the first that ``seat`` won (``win``), lost (``loss``), whose
    win was shared (``draw``), in which ``seat`` drew ``card`` (``card``), or the longest or shortest
    of them (the first such on equal turns). None when none of them is one. The games are played
    again by index exactly as the simulator plays them."""
    from .play import play_match

    if what not in WHAT:
        raise ValueError(f"what is one of {', '.join(WHAT)}, not {what!r}")
    if what == "card" and not card:
        raise ValueError("what='card' needs the card's name")
    n = len(setups)
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not one of the {n} seats")
    names, opts = _inputs(ruleset, setups, bots, options)
    best: tuple[int, Any] | None = None
    label = SEAT_LABELS[seat]
    for i in range(games):
        r = play_match(ruleset, setups, names, seed=game_seed(seed, i), first=i % n, log_cards=what == "card",
                       **opts)
        winners = [s for s, p in enumerate(r.places) if p == 1]
        hit = False
        if what == "win":
            hit = winners == [seat]
        elif what == "loss":
            hit = seat not in winners
        elif what == "draw":
            hit = len(winners) > 1
        elif what == "card":
            assert card is not None
            key = card.casefold()
            hit = any(ev["seat"] == label and str(ev["card"]).casefold() == key and ev.get("drawn_turn") is not None
                      for ev in r.card_events)
        elif what == "longest":
            if best is None or r.turns > best[1].turns:
                best = (i, r)
        elif what == "shortest":
            if best is None or r.turns < best[1].turns:
                best = (i, r)
        if hit:
            return i, r
    return best

