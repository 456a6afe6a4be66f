"""Small action vocabularies: abilities written as data tables ``{do = "...", n = 2, ...}``.

A family declares, per list field (power-ups, effects …), the actions a card may name and the
parameters each takes as :class:`~fwlab.catalog.spec.F` specs. :func:`check_actions` rejects an
unknown action, a missing or unknown parameter and a badly typed value, naming the entry as
``field[index]`` so a card writer finds it at once. Each action carries its meaning in words, so the
family documents and the engines read the same definition.

>>> from fwlab.catalog.spec import F
>>> vocab = {"draw": Action("you draw n cards", {"n": F("int", min=1)})}
>>> check_actions("effects", [{"do": "draw", "n": 2}], vocab)
[]
>>> check_actions("effects", [{"do": "fly"}], vocab)
[('effects[0]', "unknown action do='fly'; known: draw")]
>>> check_actions("effects", [{"do": "draw", "n": 0}], vocab)
[('effects[0]', 'draw: n must be at least 1, got 0')]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..spec import F, Problem, check_value


@dataclass(frozen=True)
class Action:
    """One action of a vocabulary: what it means and the parameters it takes (besides ``do``)."""

    meaning: str
    params: Mapping[str, F] = field(default_factory=dict)


Vocabulary = Mapping[str, Action]


def check_action(where: str, act: Mapping[str, Any], vocab: Vocabulary,
                 extra: Mapping[str, F] | None = None) -> list[Problem]:
    """Problems with one action table; ``extra`` are parameters every entry of the list takes."""
    do = act.get("do")
    if not isinstance(do, str) or do not in vocab:
        return [(where, f"unknown action do={do!r}; known: {', '.join(sorted(vocab))}")]
    params = {**(extra or {}), **vocab[do].params}
    problems: list[Problem] = []
    for key, spec in params.items():
        if key not in act:
            if spec.required:
                problems.append((where, f"{do}: needs parameter {key!r}"))
            continue
        reason = check_value(spec, act[key])
        if reason:
            problems.append((where, f"{do}: {key} {reason}"))
    for key in act:
        if key != "do" and key not in params:
            known = ", ".join(sorted(params)) or "none"
            problems.append((where, f"{do}: takes no parameter {key!r} (it takes: {known})"))
    return problems


def check_actions(field_name: str, acts: list[Mapping[str, Any]], vocab: Vocabulary,
                  extra: Mapping[str, F] | None = None) -> list[Problem]:
    """Problems with every entry of a list of action tables, each named ``field[index]``."""
    problems: list[Problem] = []
    for i, act in enumerate(acts):
        problems += check_action(f"{field_name}[{i}]", act, vocab, extra)
    return problems


def describe(vocab: Vocabulary) -> list[str]:
    """One line per action, ``do(param, param?) - meaning``, for documents and help text.

    >>> describe({"draw": Action("you draw n cards", {"n": F("int", min=1)})})
    ['draw(n) - you draw n cards']
    """
    lines = []
    for name, act in vocab.items():
        params = ", ".join(k if spec.required else f"{k}?" for k, spec in act.params.items())
        lines.append(f"{name}({params}) - {act.meaning}")
    return lines
