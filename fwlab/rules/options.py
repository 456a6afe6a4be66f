"""Rule options: the rulings a reasonable player could want the other way, declared as data.

Each engine declares, per ruleset, a tuple of :class:`RuleOption` (name, type, default, allowed
values, one line of doc, the rule ID it changes), the way OpenSpiel's game types declare their
parameters with defaults. Everything above ``rules/`` reads them from the registry
(``fwlab engines --json``, ``fwlab simulate --rule NAME=VALUE``, a position's ``options``), so a
new option is one line in its engine and nowhere else.

Values arrive as text (``--rule turn_cap=50``) or as JSON/TOML values (a position, a change set);
:meth:`RuleOption.parse` reads both and :func:`check_options` checks a whole set against the
declared ones, raising :class:`OptionError` naming the option and the known ones.

>>> cap = RuleOption("turn_cap", "int", 200, "a game still going after this turn is a draw", "SIM-CAP-1", min=1)
>>> cap.parse("50"), cap.parse(60)
(50, 60)
>>> check_options("toy", (cap,), {"turn_cap": "0"})
Traceback (most recent call last):
...
fwlab.rules.options.OptionError: rule option 'turn_cap' of toy: must be at least 1, not 0
>>> check_options("toy", (cap,), {"cap": 3})
Traceback (most recent call last):
...
fwlab.rules.options.OptionError: unknown rule option 'cap' for toy; known: turn_cap
>>> parse_assignments(["turn_cap=50", "mulligans = false"])
{'turn_cap': '50', 'mulligans': 'false'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["OptionError", "RuleOption", "check_options", "non_default", "parse_assignments"]

TYPES = ("bool", "int", "float", "str", "ints")
_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


class OptionError(ValueError):
    """An unknown rule option or a bad value for one; ``name`` is the option (or the bad text)."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        super().__init__(message)


@dataclass(frozen=True)
class RuleOption:
    """One rule option of a ruleset.

    ``type`` is ``bool``, ``int``, ``float``, ``str`` or ``ints`` (a list of integers, e.g. a
    multiset of field difficulties); ``choices`` lists the allowed values when they are few;
    ``min``/``max`` bound a number (or each of ``ints``); ``rule`` is the rule ID in
    docs/rules.md that the option changes.
    """

    name: str
    type: str
    default: Any
    doc: str
    rule: str
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"rule option {self.name!r}: type must be one of {', '.join(TYPES)}, not {self.type!r}")

    def allowed(self) -> str:
        """The allowed values in words (for errors and help)."""
        if self.choices is not None:
            return "one of " + ", ".join(_show(c) for c in self.choices)
        kind = {"bool": "true or false", "int": "a whole number", "float": "a number", "str": "text",
                "ints": "a list of whole numbers (e.g. 2,3,4)"}[self.type]
        if self.min is not None and self.max is not None:
            return f"{kind} from {_show(self.min)} to {_show(self.max)}"
        if self.min is not None:
            return f"{kind}, at least {_show(self.min)}"
        if self.max is not None:
            return f"{kind}, at most {_show(self.max)}"
        return kind

    def parse(self, raw: Any, ruleset: str = "") -> Any:
        """``raw`` (text from the command line, or a JSON/TOML value) as this option's value."""
        where = f"rule option {self.name!r}" + (f" of {ruleset}" if ruleset else "")
        try:
            value = self._convert(raw)
        except (TypeError, ValueError):
            raise OptionError(self.name, f"{where}: {raw!r} is not {self.allowed()}") from None
        if self.choices is not None and value not in self.choices:
            raise OptionError(self.name, f"{where}: {_show(value)} is not {self.allowed()}")
        for v in (value if self.type == "ints" else (value,) if self.type in ("int", "float") else ()):
            if self.min is not None and v < self.min:
                raise OptionError(self.name, f"{where}: must be at least {_show(self.min)}, not {_show(v)}")
            if self.max is not None and v > self.max:
                raise OptionError(self.name, f"{where}: must be at most {_show(self.max)}, not {_show(v)}")
        return value

    def _convert(self, raw: Any) -> Any:
        t = self.type
        if t == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
                return raw.strip().lower() in _TRUE
            raise ValueError(raw)
        if t == "int":
            if isinstance(raw, bool) or isinstance(raw, float) and not raw.is_integer():
                raise ValueError(raw)
            return int(raw.strip()) if isinstance(raw, str) else int(raw)
        if t == "float":
            if isinstance(raw, bool):
                raise ValueError(raw)
            return float(raw)
        if t == "str":
            if not isinstance(raw, str):
                raise ValueError(raw)
            return raw.strip()
        # ints
        items = [x for x in raw.replace(" ", "").split(",") if x] if isinstance(raw, str) else list(raw)
        if any(isinstance(x, bool) for x in items):
            raise ValueError(raw)
        return tuple(int(x) for x in items)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``fwlab engines --json``: name, type, default, doc, rule, and the allowed values."""
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": _json(self.default),
                               "doc": self.doc, "rule": self.rule}
        if self.choices is not None:
            out["choices"] = [_json(c) for c in self.choices]
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        return out


def _json(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, tuple):
        return ",".join(map(str, v))
    return str(v)


def check_options(ruleset: str, declared: Sequence[RuleOption], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """``given`` (name -> text or value) checked against the ``declared`` options of ``ruleset``: the
    parsed values, in declaration order. An unknown name or a bad value is an :class:`OptionError`
    naming it (and the known options)."""
    if not given:
        return {}
    known = {o.name: o for o in declared}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none (this ruleset has no rule options)"
            raise OptionError(name, f"unknown rule option {name!r} for {ruleset}; known: {names}")
    return {o.name: o.parse(given[o.name], ruleset) for o in declared if o.name in given}


def non_default(declared: Iterable[RuleOption], values: Mapping[str, Any]) -> dict[str, Any]:
    """The values that differ from their option's default (what a record or a match log keeps)."""
    defaults = {o.name: o.default for o in declared}
    return {k: v for k, v in values.items() if k not in defaults or defaults[k] != v}


def parse_assignments(items: Iterable[str] | None) -> dict[str, str]:
    """``["name=value", ...]`` (``--rule``, repeatable) as ``{name: value}`` text; a bit without ``=``
    is an :class:`OptionError`. A name given twice keeps its last value."""
    out: dict[str, str] = {}
    for item in items or ():
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise OptionError(item, f"--rule {item!r}: expected NAME=VALUE")
        out[name.strip()] = value.strip()
    return out
