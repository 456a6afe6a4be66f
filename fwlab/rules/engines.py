"""The engine registry: which rules engine plays each ruleset, imported only when first asked for.

Every layer above ``rules/`` (simulator, store, ratings, reports, UI, notebooks) reaches a game
through here and never imports a game package itself, so adding a game touches no other game.

An engine module (named in :mod:`fwlab.rulesets`) defines ``ENGINE``, an :class:`Engine`: the
facts of the game (seats, end reasons, what it logs per turn, the bots it has) and the functions
that start, play out, summarise and replay one of its games.

>>> engine_for("bg").name
'daemornia'
>>> from fwlab.rulesets import REGISTRY, Ruleset, register
>>> register(Ruleset("solitaire", None, "A game without an engine", (1, 1), uses_decks=False))
>>> engine_for("solitaire")
Traceback (most recent call last):
...
ValueError: no rules engine for ruleset 'solitaire' yet; games are simulated for fw, fw-epic, bg, fr, eredan...
>>> del REGISTRY["solitaire"]
>>> bots_for("fw")
('random', 'heuristic', 'lookahead', 'ismcts')
>>> engine_for("fw").check_bot("ismcts:iters=50,c=0.7")
('ismcts', {'iters': 50, 'c': 0.7})
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..rulesets import ENGINE_INFO, REGISTRY, info
from .botspec import BotSpecError, check_bot_params, parse_bot_spec, split_bot_list
from .core import Action, GameRecord, PositionError
from .deckrules import DeckRules, Problem, SetupError, setup_error
from .health import Band as HealthBand
from .health import HealthFigure
from .options import RuleOption, check_options

__all__ = ["Bot", "BotSpecError", "DeckRules", "Engine", "GameSummary", "RuleOption", "SearchHooks", "SetupError",
           "bots_for", "check_bot", "check_rule_options", "check_setup", "split_bot_list", "SEARCH_BOTS",
           "deck_notes", "deck_rules_for", "deck_rulesets",
           "engine_for", "engine_rulesets", "load_position", "make_bot", "engines_table", "position_of",
           "rule_options"]


class Bot(Protocol):
    """A player: ``choose(game)`` returns an action for the game's current decision."""

    name: str

    def choose(self, g: Any) -> Action: ...


#: The bot every engine has (it needs only ``legal_actions``).
RANDOM_BOT = "fwlab.bots.random_bot.RandomBot"
#: The bots every engine with :class:`SearchHooks` has (``Engine.search``), after its own.
SEARCH_BOTS: dict[str, str] = {"ismcts": "fwlab.bots.ismcts.IsmctsBot"}


@dataclass(frozen=True)
class SearchHooks:
    """What the engine-neutral search bots (:mod:`fwlab.bots.ismcts`) need of an engine beyond the
    game API (``current_player``, ``legal_actions``, ``apply``, ``is_terminal``, ``outcome``, ``clone``).

    ``determinize(game, seat, rng)`` re-deals, in place on a clone, everything ``seat`` cannot see
    (the opponents' hands and deck orders, its own deck order, face-down cards) consistently with
    what it has seen; ``rng`` is a ``random.Random``. ``evaluate(game)`` is the engine's heuristic
    value of a state for every seat, each in [-1, 1] (from the outcome once the game is over).
    ``clock(game)`` is the turn counter a rollout horizon counts. ``rollout_bot`` names the engine's
    bot that plays rollouts and orders expansions (deterministic bots only: the same state, the same
    action). ``apply(game, action)``, when given, applies an action known to be legal without
    checking it again (faster); default ``game.apply``. ``defaults``: the engine's own defaults for
    the search bots' parameters (``{"horizon": 0}``: rollouts to the end), which a spec overrides.
    ``rollout(game, bots, stop_turn)``, when given, plays the rollout loop in the engine's own
    (compiled) code: ``bots[seat]`` chooses until the game ends or ``clock`` reaches ``stop_turn``
    (``-1``: to the end); default a loop in Python over ``bots``, ``clock`` and ``apply``.
    ``clone(game, rng)``, when given, copies the game for one iteration of the search with its chance
    drawn from ``rng`` (the search's own generator); default ``game.clone(seed=rng.getrandbits(32))``.
    ``keys(game, actions)``, when given, names each legal action for the search tree: actions with
    the same key play alike (two copies of a card in hand), so the tree keeps one child for them, and
    an opponent's play of a card is the same child in every determinization whichever copy was dealt
    (its card instances are re-dealt each time); default: each action is its own key.
    """

    determinize: Callable[[Any, int, Any], None]
    evaluate: Callable[[Any], Sequence[float]]
    clock: Callable[[Any], int]
    rollout_bot: str = "heuristic"
    apply: Callable[[Any, Action], None] | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)
    rollout: Callable[[Any, list[Any], int], None] | None = None
    clone: Callable[[Any, Any], Any] | None = None
    keys: Callable[[Any, list[Action]], list[Hashable]] | None = None


@dataclass
class GameSummary:
    """What the match logs keep of one finished game beside its outcome.

    ``card_events``: per (seat, card) rows (``seat`` a label ``a``..``e``); ``track``: the per-turn
    figure the engine logs, as ``(turn, value of seat 0, value of seat 1, ...)``; ``scores``: each
    seat's score at the end (Capital, scored cards, Life...), or None when the game has none;
    ``track2``: a second per-turn figure in the same shape and on the same turns (Eredan: the score
    beside the characters' Life), empty when the engine logs only one (stored as ``score_a``..);
    ``board_events``: per board place taken, for games with a board (Conquest: one row per field
    taken with ``field``, ``difficulty``, ``seat``, ``turn``, ``how``; stored as ``field_events``),
    empty for the others.
    """

    card_events: list[dict[str, Any]] = field(default_factory=list)
    track: list[tuple[int, ...]] = field(default_factory=list)
    scores: tuple[int, ...] | None = None
    track2: list[tuple[int, ...]] = field(default_factory=list)
    board_events: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Engine:
    """One rules engine, which may play several rulesets (``fw``, ``fw-epic`` and ``bg`` share one).

    ``new_game(ruleset, setups, seed, first, *, log_cards, record, catalog, **options)`` starts a
    game from one setup per seat (card names, or None where the seats share a deck);
    ``play_out(game, bots)`` lets the bots decide until the end; ``summary(game)`` gives the
    :class:`GameSummary`; ``replay(record, catalog)`` rebuilds a game from its record.
    ``bots`` maps a bot name to the dotted path of its class (imported when first made); ``random``
    is added for every engine. Which modules its compiled build holds is data in
    :data:`fwlab.rulesets.ENGINE_INFO` (read before any engine is imported).

    Positions as text (docs/positions.md), required (the registry refuses an engine without them):
    ``load_position(data, catalog, *, dice=None)`` sets a game up from a position's JSON (``dice``:
    die results to use in order, then :class:`~fwlab.rules.core.TooFewDice`), raising
    :class:`~fwlab.rules.core.PositionError` naming the field; ``position_of(game)`` prints one.

    ``track`` names the per-turn figure of :attr:`GameSummary.track` (stored as ``capital_a``..);
    ``track2`` the second one, when the engine logs one (stored as ``score_a``..), else None.
    """

    name: str
    rulesets: tuple[str, ...]
    end_reasons: tuple[str, ...]
    track: str
    bots: dict[str, str]
    default_bot: str
    new_game: Callable[..., Any]
    play_out: Callable[[Any, Sequence[Bot]], None]
    summary: Callable[[Any], GameSummary]
    replay: Callable[[GameRecord, Any], Any]
    load_position: Callable[..., Any] | None = None
    position_of: Callable[..., dict[str, Any]] | None = None
    #: ``render_position(position, deciding_seat)`` -> the position (a ``position_of`` dict) as a
    #: readable board for ``fwlab position show`` without ``--json``; None: the Daemornia layout
    render_position: Callable[[Mapping[str, Any], int], str] | None = None
    #: optional: ``deck_notes(names, catalog)`` -> what the deck builder shows about a setup beyond
    #: its validity (Eredan: which character may play which card, with the reason when not)
    deck_notes: Callable[[Sequence[str], Any], dict[str, Any]] | None = None
    track2: str | None = None
    #: bots whose decisions depend on neither their seed nor the games they played before (what
    #: they keep between games is checked against the game at hand): :meth:`game_bots` makes each
    #: once per thread and seat and reuses it game after game
    reusable_bots: tuple[str, ...] = ()
    #: the rule options of each of its rulesets (fwlab/rules/options.py), declared as data: every
    #: ruling a player could want the other way; ``new_game(..., **options)`` takes them by name
    options: Mapping[str, tuple[RuleOption, ...]] = field(default_factory=dict)
    #: the deck rules of each of its rulesets (fwlab/rules/deckrules.py): deck size, copies, hands,
    #: the figures of the deck statistics and the helper's quotas; a ruleset without one has no
    #: deck tools (:func:`deck_rules_for`)
    deck_rules: Mapping[str, DeckRules] = field(default_factory=dict)
    #: dotted path of the engine's :class:`SearchHooks` (imported when first asked for); an engine
    #: with them has the search bots of :data:`SEARCH_BOTS` (``ismcts``) too
    search: str | None = None
    #: optional, for ``fwlab health`` (fwlab/rules/health.py): ``health(game)`` -> the figures of one
    #: finished game (name -> value, a figure left out where it is undefined; the game started with
    #: ``log_cards=True``), called only when a health report asks (fwlab/sim/health.py);
    #: ``health_figures`` describes them (doc, mean or share, how the match logs give them);
    #: ``health_bands`` per ruleset the band of each figure, common ones included, with its reason
    #: (docs/game-health.md)
    health: Callable[[Any], Mapping[str, float]] | None = None
    health_figures: tuple[HealthFigure, ...] = ()
    health_bands: Mapping[str, tuple[HealthBand, ...]] = field(default_factory=dict)
    #: optional: dotted path of the engine's face hook, ``card_face(ruleset, card) -> FaceSpec``
    #: (:class:`fwlab.catalog.faces.FaceSpec`, what a card's face shows), imported when a face is
    #: first drawn (:func:`fwlab.rules.faces.face_svg`); None: the generic face from the card's fields
    faces: str | None = None

    def options_for(self, ruleset: str) -> tuple[RuleOption, ...]:
        """The rule options of one of this engine's rulesets (none declared: an empty tuple)."""
        return tuple(self.options.get(ruleset, ()))

    def positions(self) -> tuple[Callable[..., Any], Callable[..., dict[str, Any]]]:
        """This engine's (``load_position``, ``position_of``), or a clear error when it has none yet."""
        if self.load_position is None or self.position_of is None:
            raise ValueError(f"the {self.name} engine ({', '.join(self.rulesets)}) has no positions as text yet")
        return self.load_position, self.position_of

    def bot_names(self) -> tuple[str, ...]:
        own = [b for b in self.bots if b != "random"]
        return ("random", *own, *([b for b in SEARCH_BOTS if b not in own] if self.search else []))

    def search_hooks(self) -> SearchHooks:
        """The engine's :class:`SearchHooks` (imported once), or a clear error when it has none."""
        if self.search is None:
            raise ValueError(f"the {self.name} engine has no search hooks (Engine.search), so no search bots")
        hooks = _import(self.search)
        if not isinstance(hooks, SearchHooks):
            raise TypeError(f"{self.search} is not a SearchHooks")
        return hooks

    def _bot_path(self, name: str) -> str | None:
        if name == "random":
            return RANDOM_BOT
        path = self.bots.get(name)
        if path is None and self.search is not None:
            path = SEARCH_BOTS.get(name)
        return path

    def check_bot(self, spec: str) -> tuple[str, dict[str, Any]]:
        """A bot spec (``name`` or ``name:key=value,...``, :mod:`fwlab.rules.botspec`) checked: its
        bot name and parsed parameters. An unknown bot or parameter, or a bad value, is a
        ``ValueError`` (:class:`~fwlab.rules.botspec.BotSpecError`) naming it."""
        hit = _SPECS.get((self.name, spec))
        if hit is not None:
            return hit[0], dict(hit[2])
        parsed = parse_bot_spec(spec)
        path = self._bot_path(parsed.name)
        if path is None:
            raise BotSpecError(spec, "", f"unknown bot {parsed.name!r} for the {self.name} engine; expected "
                                         f"one of {', '.join(self.bot_names())}")
        params = check_bot_params(parsed, getattr(_bot_class(path), "PARAMS", ()))
        _SPECS[(self.name, spec)] = (parsed.name, path, params)
        return parsed.name, dict(params)

    def make_bot(self, name: str, seed: int = 0) -> Bot:
        """A bot by name or spec (``ismcts:iters=400``), seeded with its own generator (bots never
        touch the game's chance)."""
        hit = _SPECS.get((self.name, name))
        if hit is None:
            self.check_bot(name)
            hit = _SPECS[(self.name, name)]
        cls = _bot_class(hit[1])
        if getattr(cls, "TAKES_ENGINE", False):  # a search bot: the engine's defaults from the start
            return cls(seed=seed, engine=self, **hit[2])  # type: ignore[no-any-return]
        if hit[2]:
            return cls(seed=seed, **hit[2])  # type: ignore[no-any-return]
        return cls(seed=seed)  # type: ignore[no-any-return]

    def game_bots(self, names: Sequence[str], seeds: Sequence[int]) -> list[Bot]:
        """One bot per seat for a game: ``make_bot(names[s], seeds[s])``, except that a bot named in
        :attr:`reusable_bots` is made once per thread and seat and then reused."""
        if not self.reusable_bots:
            return [self.make_bot(n, seed) for n, seed in zip(names, seeds)]
        kept: dict[tuple[str, str, int], Bot] | None = getattr(_KEPT, "bots", None)
        if kept is None:
            kept = _KEPT.bots = {}
        out: list[Bot] = []
        for s, (n, seed) in enumerate(zip(names, seeds)):
            if n not in self.reusable_bots:
                out.append(self.make_bot(n, seed))
                continue
            key = (self.name, n, s)
            bot = kept.get(key)
            if bot is None:
                bot = kept[key] = self.make_bot(n, seed)
            out.append(bot)
        return out


class DeckCache:
    """Each distinct deck's card definitions, checked against the catalog and compiled once per
    catalog (a simulation plays the same decks thousands of times); the catalog is kept with them
    so its ``id`` is never reused. ``compile_deck(names, catalog)`` is the engine's own compiler.

    ``cache(cat, names, ruleset, seat)`` (what every engine's ``new_game`` calls) also checks the
    deck against ``ruleset``'s deck rules (:func:`deck_rules_for`, by
    :func:`~fwlab.rules.deckrules.deck_problems`, the check ``fwlab deck check`` makes) and raises
    a :class:`~fwlab.rules.deckrules.SetupError` naming the seat and every problem (RULINGS "Every
    game, setups"). The check is made once per deck, catalog and ruleset, like the compilation, so
    a simulation pays for it once. Without ``ruleset`` (``cache(cat, names)``) the deck is only
    compiled: that is for callers that are not setting up a game's decks (a benchmark that compiles
    the starter decks), never an engine's ``new_game``.
    """

    def __init__(self, compile_deck: Callable[[Sequence[str], Any], Any], size: int = 256) -> None:
        self._compile = compile_deck
        self._size = size
        #: (id(catalog), names) -> (catalog, definitions, the rulesets whose deck rules it passed)
        self._decks: dict[tuple[int, tuple[str, ...]], tuple[Any, Any, set[str]]] = {}
        #: id(names) -> (names, catalog, definitions, the ruleset last checked): a simulation passes
        #: the very same tuple every game, found here without hashing its card names
        self._same: dict[int, tuple[tuple[str, ...], Any, Any, str | None]] = {}

    def __call__(self, cat: Any, names: tuple[str, ...], ruleset: str | None = None, seat: int = 0) -> Any:
        same = self._same.get(id(names))
        if same is not None and same[0] is names and same[1] is cat and (ruleset is None or same[3] == ruleset):
            return same[2]
        key = (id(cat), names)
        hit = self._decks.get(key)
        if hit is None or hit[0] is not cat:
            from ..catalog import CatalogError  # only on a miss: an import statement costs ~1 us a game

            for n in names:
                if n not in cat:
                    raise CatalogError(f"unknown card: not in the {cat.family} catalog", card=n)
            if ruleset is not None:
                _check_deck(ruleset, seat, names, cat)
            if len(self._decks) > self._size:
                self._decks.clear()
            hit = self._decks[key] = (cat, self._compile(names, cat), set() if ruleset is None else {ruleset})
        elif ruleset is not None and ruleset not in hit[2]:
            _check_deck(ruleset, seat, names, cat)
            hit[2].add(ruleset)
        if len(self._same) > self._size:
            self._same.clear()
        self._same[id(names)] = (names, cat, hit[1], ruleset)
        return hit[1]


def _check_deck(ruleset: str, seat: int, names: Sequence[str], cat: Any) -> None:
    """Raise the :class:`~fwlab.rules.deckrules.SetupError` of a deck that breaks ``ruleset``'s deck rules."""
    err = setup_error(ruleset, seat, names, cat, deck_rules_for(ruleset))
    if err is not None:
        raise err


def check_setup(ruleset: str, seat: int, names: Sequence[str] | None, catalog: Any = None,
                deck: str | None = None) -> None:
    """The deck check an engine makes of a seat's setup (:class:`DeckCache`), made up front: the
    simulator, leagues and the lab call it once per deck before they hand out work, so a refusal
    names the deck (``deck``) and comes before any game is played. ``names``: the deck's card
    names (None: a seat without a deck, which only a ruleset without player decks accepts);
    ``catalog``: the catalog the games are played over (default: the ruleset's own). Raises a
    :class:`~fwlab.rules.deckrules.SetupError` (a ``ValueError``), or a
    :class:`~fwlab.catalog.CatalogError` for a card the catalog does not have."""
    if names is None:
        rules_or_none = engine_for(ruleset).deck_rules.get(ruleset)
        if rules_or_none is not None and rules_or_none.player_decks:
            raise SetupError(ruleset, seat, [Problem("DECK-SIZE", None, f"{ruleset} needs a deck for every seat; "
                                                                        "this seat has none.")], deck)
        return
    rules = deck_rules_for(ruleset)
    if catalog is None:
        from ..catalog import load_catalog

        catalog = load_catalog(ruleset)
    from ..catalog import CatalogError

    for n in names:
        if n not in catalog:
            raise CatalogError(f"unknown card: not in the {catalog.family} catalog" +
                               (f" (deck {deck!r})" if deck else ""), card=n)
    err = setup_error(ruleset, seat, names, catalog, rules, deck)
    if err is not None:
        raise err


def two_decks(ruleset: str, setups: Sequence[Sequence[str] | None], first: int) -> list[tuple[str, ...]]:
    """The two decks of a 2-seat card game's setups, checked: exactly two seats, ``first`` 0 or 1,
    a deck (card names) for each seat; a ``ValueError`` naming what is wrong otherwise."""
    if len(setups) != 2:
        raise ValueError(f"{ruleset} is a game for 2 seats, not {len(setups)}")
    if first not in (0, 1):
        raise ValueError(f"first seat must be 0 or 1 in a 2-seat game, not {first}")
    decks: list[tuple[str, ...]] = []
    for s, names in enumerate(setups):
        if names is None:
            raise ValueError(f"{ruleset} needs a deck for seat {'ab'[s]}")
        decks.append(tuple(names))
    return decks


_LOADED: dict[str, Engine] = {}
#: per thread: (engine, bot, seat) -> the bot :meth:`Engine.game_bots` reuses there
_KEPT = threading.local()
#: bot class path -> the class
_BOT_CLASSES: dict[str, Any] = {}
#: (engine, bot spec) -> (bot name, class path, parsed parameters): a simulation makes two bots a game
_SPECS: dict[tuple[str, str], tuple[str, str, dict[str, Any]]] = {}
#: dotted path -> the object (search hooks)
_OBJECTS: dict[str, Any] = {}


def _import(path: str) -> Any:
    """The object at a dotted path ``package.module.NAME``, imported once per process."""
    obj = _OBJECTS.get(path)
    if obj is None:
        module, _, attr = path.rpartition(".")
        obj = _OBJECTS[path] = getattr(importlib.import_module(module), attr)
    return obj


def _bot_class(path: str) -> Any:
    cls = _BOT_CLASSES.get(path)
    if cls is None:  # imported once per process (a simulation makes two bots a game)
        cls = _BOT_CLASSES[path] = _import(path)
    return cls


def engine_rulesets() -> tuple[str, ...]:
    """The rulesets that have an engine (built-in and registered), in registry order."""
    return tuple(r.id for r in REGISTRY.values() if r.engine)


def engine_for(ruleset: str) -> Engine:
    """The engine of a ruleset, imported on first use; a clear ``ValueError`` for an unknown
    ruleset or one without an engine yet."""
    r = info(ruleset)
    if r.engine is None:
        raise ValueError(f"no rules engine for ruleset {ruleset!r} yet; games are simulated for "
                         f"{', '.join(engine_rulesets())}")
    eng = _LOADED.get(r.engine)
    if eng is None:
        module = ENGINE_INFO[r.engine].module
        eng = importlib.import_module(module).ENGINE
        if not isinstance(eng, Engine):
            raise TypeError(f"{module}.ENGINE is not an Engine")
        if eng.load_position is None or eng.position_of is None:  # the contract: every engine has positions
            raise TypeError(f"{module}.ENGINE ({eng.name}) has no positions: Engine.load_position and "
                            "Engine.position_of are required (docs/adding-a-game.md)")
        _LOADED[r.engine] = eng
    return eng


def load_position(data: Mapping[str, Any], catalog: Any = None, *, dice: Sequence[int] | None = None) -> Any:
    """A game set up from a position (docs/positions.md) by its ruleset's engine, over ``catalog``
    (default: the ruleset's own); ``dice``: die results to use in order instead of rolling."""
    if not isinstance(data, Mapping):
        raise PositionError("", f"a position is a JSON object, not {type(data).__name__}")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str):
        raise PositionError("ruleset", "is missing" if ruleset is None else f"must be a ruleset name, not {ruleset!r}")
    try:
        load, _ = engine_for(ruleset).positions()
    except ValueError as exc:
        raise PositionError("ruleset", str(exc)) from None
    if catalog is None:
        from ..catalog import load_catalog

        catalog = load_catalog(ruleset)
    return load(data, catalog, dice=dice)


def position_of(ruleset: str, game: Any, *, deck: bool = False) -> dict[str, Any]:
    """The position of a game of ``ruleset`` in the JSON shape of docs/positions.md; ``deck=True``
    writes every hidden zone in full (decks as card names, top first), so it loads again as the
    same state."""
    _, dump = engine_for(ruleset).positions()
    return dump(game, deck=True) if deck else dump(game)


def deck_notes(ruleset: str, names: Sequence[str], catalog: Any) -> dict[str, Any] | None:
    """The engine's notes on a setup for the deck builder, or None when its engine has none (or
    the ruleset has no engine)."""
    r = info(ruleset)
    if r.engine is None:
        return None
    hook = engine_for(ruleset).deck_notes
    return None if hook is None else hook(names, catalog)


def deck_rules_for(ruleset: str) -> DeckRules:
    """The deck rules a ruleset's engine declares (:class:`~fwlab.rules.deckrules.DeckRules`); a
    ``ValueError`` for an unknown ruleset, one without an engine, or one whose engine declares none."""
    eng = engine_for(ruleset)
    rules = eng.deck_rules.get(ruleset)
    if rules is None:
        raise ValueError(f"the {eng.name} engine declares no deck rules for {ruleset!r}")
    return rules


def deck_rulesets() -> tuple[str, ...]:
    """The rulesets whose players build decks (their deck rules say ``player_decks``), in
    registry order: what the deck builder offers."""
    out = []
    for r in engine_rulesets():
        rules = engine_for(r).deck_rules.get(r)
        if rules is not None and rules.player_decks:
            out.append(r)
    return tuple(out)


def rule_options(ruleset: str) -> tuple[RuleOption, ...]:
    """The rule options a ruleset's engine declares for it (``fwlab engines --json``)."""
    return engine_for(ruleset).options_for(ruleset)


def check_rule_options(ruleset: str, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """``given`` (name -> text or value, e.g. from ``--rule NAME=VALUE``) checked against the
    ruleset's options and parsed; an unknown name or a bad value is an
    :class:`~fwlab.rules.options.OptionError` (a ``ValueError``) naming it and the known ones."""
    return check_options(ruleset, rule_options(ruleset), given)


def bots_for(ruleset: str) -> tuple[str, ...]:
    """The bot names a ruleset's engine offers (``random`` first)."""
    return engine_for(ruleset).bot_names()


def default_bot(ruleset: str) -> str:
    return engine_for(ruleset).default_bot


def check_bot(ruleset: str, spec: str) -> tuple[str, dict[str, Any]]:
    """A bot spec of ``ruleset`` checked (:meth:`Engine.check_bot`): its name and parameters."""
    return engine_for(ruleset).check_bot(spec)


def make_bot(ruleset: str, name: str, seed: int = 0) -> Bot:
    return engine_for(ruleset).make_bot(name, seed)


def engines_table() -> list[dict[str, Any]]:
    """Every ruleset with its engine state (``fwlab engines --json``): seats ``[min, max]``, bots and
    whether the compiled build of its engine is in use; rulesets without an engine have ``seats``
    None."""
    from .. import native

    rows: list[dict[str, Any]] = []
    for r in REGISTRY.values():
        if r.engine is None:
            rows.append({"ruleset": r.id, "title": r.title, "seats": None, "bots": [], "compiled": False,
                         "options": []})
            continue
        eng = engine_for(r.id)
        rows.append({"ruleset": r.id, "title": r.title, "seats": list(r.seats), "bots": list(eng.bot_names()),
                     "compiled": native.engine_compiled(eng.name), "engine": eng.name,
                     "end_reasons": list(eng.end_reasons),
                     "options": [o.to_dict() for o in eng.options_for(r.id)]})
    return rows
