"""A toy 3-to-4-seat game used only by the tests: it proves the N-seat path (simulator, leagues,
store, OpenSkill, balance report, pages) end to end before any real multi-seat engine exists.

Dice race: seats take turns in order from the first seat. On its turn a seat either ``roll``s one
D6 and moves that many steps, or ``rest``s (moves 1). When a seat has reached 20 steps, the round
is played out (every seat has had as many turns) and the game ends (end reason ``finish``); the
standings are by steps, so seats on equal steps share a place (a shared win happens). After 60
turns the game ends by ``turn-cap`` with the same standings. A seat's score is its
steps. There are no decks (setups are ``None``) and no card catalog.

Importing this module registers the ruleset ``race`` (also via ``FWLAB_PLUGINS=dice_race`` with
``tests/support`` on ``PYTHONPATH``, for subprocesses).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from fwlab.rules.core import Action, GameRecord, IllegalAction, Outcome, PositionError, places_from_scores
from fwlab.rules.engines import Engine, GameSummary
from fwlab.rulesets import EngineInfo, Ruleset, register

GOAL = 20
TURN_CAP = 60
ROLL, REST = Action("roll"), Action("rest")


class RaceGame:
    def __init__(self, seats: int, seed: int, first: int, record: bool = True) -> None:
        self.num_seats = seats
        self.rng = random.Random(seed)
        self.steps = [0] * seats
        self.active = first
        self.first = first
        self.turn = 1
        self.outcome: Outcome | None = None
        self.track: list[tuple[int, ...]] = []
        self.recording = record
        self.record = GameRecord("race", seed, first, (None,) * seats)

    def current_player(self) -> int:
        return -1 if self.outcome is not None else self.active

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[Action]:
        return [] if self.outcome is not None else [ROLL, REST]

    def apply(self, action: Action | str) -> None:
        if isinstance(action, str):
            action = Action.parse(action)
        if self.outcome is not None:
            raise IllegalAction(f"{action} is not legal: the game is over")
        if action not in (ROLL, REST):
            raise IllegalAction(f"{action} is not legal: roll or rest")
        if self.recording:
            self.record.actions.append((self.active, action))
        if action == ROLL:
            die = int(self.rng.random() * 6) + 1
            self.record.dice.append(die)
            self.steps[self.active] += die
        else:
            self.steps[self.active] += 1
        self.track.append((self.turn, *self.steps))
        round_over = (self.active + 1) % self.num_seats == self.first
        if round_over and max(self.steps) >= GOAL:
            self.outcome = Outcome(places_from_scores(self.steps), "finish", self.turn)
        elif self.turn >= TURN_CAP:
            self.outcome = Outcome(places_from_scores(self.steps), "turn-cap", self.turn)
        else:
            self.turn += 1
            self.active = (self.active + 1) % self.num_seats

    def clone(self, seed: int | None = None) -> RaceGame:
        c = RaceGame(self.num_seats, 0, self.active, record=False)
        c.rng.setstate(self.rng.getstate()) if seed is None else c.rng.seed(seed)
        c.steps, c.turn, c.outcome, c.first = list(self.steps), self.turn, self.outcome, self.first
        return c


class CautiousBot:
    """Rests while ahead of every other seat, rolls otherwise."""

    name = "cautious"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, g: RaceGame) -> Action:
        me = g.steps[g.active]
        return REST if all(me > s for i, s in enumerate(g.steps) if i != g.active) else ROLL


class RollerBot:
    """Always rolls (the stronger play: a roll moves 3.5 steps on average)."""

    name = "roller"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, g: RaceGame) -> Action:
        return ROLL


def new_game(ruleset: str, setups: Sequence[Any], seed: int, first: int = 0, *, log_cards: bool = True,
             record: bool = True, catalog: Any = None, **options: Any) -> RaceGame:
    return RaceGame(len(setups), seed, first, record)


def play_out(g: RaceGame, bots: Sequence[Any]) -> None:
    while not g.is_terminal():
        g.apply(bots[g.active].choose(g))


def summary(g: RaceGame) -> GameSummary:
    return GameSummary([], list(g.track), tuple(g.steps))


def replay(record: GameRecord, catalog: Any = None) -> RaceGame:
    g = RaceGame(record.num_seats, record.seed, record.first)
    for seat, action in record.actions:
        if g.current_player() != seat:
            raise IllegalAction(f"replay diverged: record says seat {seat} acts, game says {g.current_player()}")
        g.apply(action)
    return g


def load_position(data: Any, catalog: Any = None, *, dice: Sequence[int] | None = None) -> RaceGame:
    """``{"ruleset": "race", "turn": T, "active": S, "first": F, "steps": [..], "seed": N}``."""
    if dice is not None:
        raise PositionError("dice", "the dice race rolls with its seed")
    unknown = set(data) - {"ruleset", "turn", "active", "first", "steps", "seed", "decision", "legal_actions",
                           "terminal", "outcome"}
    if unknown:
        raise PositionError(sorted(unknown)[0], "unknown key")
    steps = data.get("steps")
    if not isinstance(steps, list) or not 3 <= len(steps) <= 4:
        raise PositionError("steps", "a list of 3 or 4 step counts, one per seat")
    g = RaceGame(len(steps), int(data.get("seed", 0)), int(data.get("first", 0)))
    g.steps, g.turn, g.active = [int(x) for x in steps], int(data["turn"]), int(data["active"])
    return g


def position_of(g: RaceGame, *, deck: bool = False) -> dict[str, Any]:
    return {"ruleset": "race", "turn": g.turn, "active": g.active, "decision": "move",
            "legal_actions": [str(a) for a in g.legal_actions()], "terminal": g.is_terminal(),
            "outcome": None if g.outcome is None else {"places": list(g.outcome.places),
                                                       "end_reason": g.outcome.end_reason},
            "first": g.first, "steps": list(g.steps)}


ENGINE = Engine(
    name="dice_race", rulesets=("race",), end_reasons=("finish", "turn-cap"), track="steps",
    bots={"roller": "dice_race.RollerBot", "cautious": "dice_race.CautiousBot"}, default_bot="roller",
    new_game=new_game, play_out=play_out, summary=summary, replay=replay,
    load_position=load_position, position_of=position_of,
)

register(Ruleset("race", None, "Dice race (test game)", (3, 4), "dice_race", uses_decks=False),
         EngineInfo("dice_race", "dice_race"))
