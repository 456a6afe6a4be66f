"""Bot specs: a bot name with parameters, ``name[:key=value,...]`` (``ismcts:iters=400,c=0.7``).

Everywhere a bot is named (``fwlab simulate --bots``, the ladder, leagues, the what-if lab, the
tuner) a spec is accepted: :func:`parse_bot_spec` reads its syntax, and the registry
(:meth:`fwlab.rules.engines.Engine.check_bot`) checks the parameters against those the bot's class
declares as data (``PARAMS``, a tuple of :class:`BotParam`). A plain name is a spec without
parameters, so every bot name stays a valid spec.

In a comma-separated list of bots (``--bots``) a piece ``key=value`` continues the parameters of
the spec before it, so ``ismcts:iters=400,c=0.7,heuristic`` is two bots (:func:`split_bot_list`).

>>> parse_bot_spec("ismcts:iters=400,c=0.7")
BotSpec(name='ismcts', params=(('iters', '400'), ('c', '0.7')))
>>> str(parse_bot_spec(" ismcts : c=0.7 , iters=400 "))
'ismcts:c=0.7,iters=400'
>>> split_bot_list("random,ismcts:iters=400,c=0.7,heuristic")
['random', 'ismcts:iters=400,c=0.7', 'heuristic']
>>> parse_bot_spec("ismcts:iters")
Traceback (most recent call last):
...
fwlab.rules.botspec.BotSpecError: bot spec 'ismcts:iters': parameter 'iters' has no value (expected key=value)
>>> BotParam("iters", "int", 400, "iterations per decision", min=1).parse("ismcts", "0")
Traceback (most recent call last):
...
fwlab.rules.botspec.BotSpecError: bot ismcts: parameter 'iters' must be at least 1, not 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["BotParam", "BotSpec", "BotSpecError", "check_bot_params", "parse_bot_spec", "split_bot_list"]

_TYPES = ("bool", "int", "float", "str")
_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


class BotSpecError(ValueError):
    """A bot spec that cannot be read or whose parameters do not fit its bot; ``key`` names the
    bad parameter (empty when the fault is the spec as a whole)."""

    def __init__(self, spec: str, key: str, message: str) -> None:
        self.spec, self.key = spec, key
        super().__init__(message)


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: the bot's name and its parameters as text, in the order given."""

    name: str
    params: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params)


@dataclass(frozen=True)
class BotParam:
    """One parameter a bot takes: name, type (``bool``, ``int``, ``float``, ``str``), default, one
    line of doc, and the allowed values (``choices``, or ``min``/``max`` for a number)."""

    name: str
    type: str
    default: Any
    doc: str
    min: float | None = None
    max: float | None = None
    choices: tuple[Any, ...] | None = None

    def __post_init__(self) -> None:
        if self.type not in _TYPES:
            raise ValueError(f"bot parameter {self.name!r}: type must be one of {', '.join(_TYPES)}")

    def allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(str(c) for c in self.choices)
        kind = {"bool": "true or false", "int": "a whole number", "float": "a number", "str": "text"}[self.type]
        if self.min is not None:
            kind += f", at least {_show(self.min)}"
        if self.max is not None:
            kind += f", at most {_show(self.max)}"
        return kind

    def parse(self, bot: str, raw: str) -> Any:
        """The text ``raw`` as this parameter's value; a :class:`BotSpecError` naming it otherwise."""
        where = f"bot {bot}: parameter {self.name!r}"
        text = raw.strip()
        try:
            if self.type == "bool":
                if text.lower() not in _TRUE | _FALSE:
                    raise ValueError(text)
                value: Any = text.lower() in _TRUE
            elif self.type == "int":
                value = int(text)
            elif self.type == "float":
                value = float(text)
                if value != value or value in (float("inf"), float("-inf")):
                    raise ValueError(text)
            else:
                value = text
        except ValueError:
            raise BotSpecError(bot, self.name, f"{where}: {raw!r} is not {self.allowed()}") from None
        if self.choices is not None and value not in self.choices:
            raise BotSpecError(bot, self.name, f"{where}: {raw!r} is not {self.allowed()}")
        if self.min is not None and value < self.min:
            raise BotSpecError(bot, self.name, f"{where} must be at least {_show(self.min)}, not {_show(value)}")
        if self.max is not None and value > self.max:
            raise BotSpecError(bot, self.name, f"{where} must be at most {_show(self.max)}, not {_show(value)}")
        return value

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default, "doc": self.doc}
        for k in ("min", "max"):
            if getattr(self, k) is not None:
                out[k] = getattr(self, k)
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out


def _show(v: Any) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


def _name_ok(name: str) -> bool:
    return bool(name) and name.replace("-", "").replace("_", "").isalnum()


def parse_bot_spec(text: str) -> BotSpec:
    """A spec's syntax: ``name`` or ``name:key=value[,key=value...]`` (spaces around the parts are
    ignored); a :class:`BotSpecError` saying what is wrong (a key without a value, a key given twice)."""
    if not isinstance(text, str):
        raise BotSpecError(str(text), "", f"a bot spec is text, not {type(text).__name__}")
    name, colon, rest = text.partition(":")
    name = name.strip()
    if not _name_ok(name):
        raise BotSpecError(text, "", f"bot spec {text!r}: {name!r} is not a bot name")
    if not colon:
        return BotSpec(name)
    if not rest.strip():
        raise BotSpecError(text, "", f"bot spec {text!r}: ':' must be followed by key=value parameters")
    params: list[tuple[str, str]] = []
    for item in rest.split(","):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not key:
            raise BotSpecError(text, "", f"bot spec {text!r}: an empty parameter (expected key=value)")
        if not eq or not value:
            raise BotSpecError(text, key, f"bot spec {text!r}: parameter {key!r} has no value (expected key=value)")
        if any(k == key for k, _ in params):
            raise BotSpecError(text, key, f"bot spec {text!r}: parameter {key!r} is given twice")
        params.append((key, value))
    return BotSpec(name, tuple(params))


def check_bot_params(spec: BotSpec, declared: Sequence[BotParam]) -> dict[str, Any]:
    """The spec's parameters checked against the bot's ``declared`` ones and parsed (the others
    keep their defaults, which the bot's class holds); an unknown key is a :class:`BotSpecError`
    naming it and the known ones."""
    known: Mapping[str, BotParam] = {p.name: p for p in declared}
    out: dict[str, Any] = {}
    for key, raw in spec.params:
        p = known.get(key)
        if p is None:
            names = ", ".join(known) or "none (it takes no parameters)"
            raise BotSpecError(str(spec), key, f"bot {spec.name}: unknown parameter {key!r}; known: {names}")
        out[key] = p.parse(spec.name, raw)
    return out


def split_bot_list(text: str) -> list[str]:
    """A comma-separated list of bot specs, where a piece ``key=value`` (an ``=`` and no ``:``
    before it) belongs to the spec before it: ``a,ismcts:iters=9,c=1,b`` is three bots."""
    out: list[str] = []
    for piece in text.split(","):
        eq, colon = piece.find("="), piece.find(":")
        if out and eq >= 0 and (colon < 0 or colon > eq) and ":" in out[-1]:
            out[-1] = out[-1] + "," + piece.strip()
        else:
            out.append(piece.strip())
    return out
