"""docs/rule-options.md is the registry's rule options, every one (OPTIONS-DOC-1).

Rewrite the page after changing an engine's options:

    .venv/bin/python tests/rules/test_rule_options_doc.py
"""

from __future__ import annotations

from pathlib import Path

from fwlab.rules.engines import rule_options
from fwlab.rulesets import RULESETS

DOC = Path(__file__).resolve().parents[2] / "docs" / "rule-options.md"

INTRO = """# Rule options

Every ruling a reasonable player could want the other way is an option of its ruleset, declared as data
by its engine (`fwlab/rules/options.py`: name, type, default, allowed values, one line of doc, the rule
ID in [rules.md](rules.md) it changes), the way OpenSpiel's game types declare their parameters.
`fwlab engines --options` lists them (`fwlab engines --json`: `"options": [{"name", "type", "default",
"doc", "rule"}]`). `fwlab simulate|league|position start --rule NAME=VALUE` (repeatable) and a
position's `options` object set them; an unknown option or a bad value is exit 2 naming it and the
known ones. Options travel with the batches to worker processes and the Dask cluster, are part of a
simulation's JSON (`"options"`), are kept in a game's record (it replays under them) and in a league's
stored matches (`matches.rules`, [match-logs.md](match-logs.md)).

This page is written from the registry (`.venv/bin/python tests/rules/test_rule_options_doc.py`); a
test fails when it is out of date.
"""


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(map(str, v)) or "(empty)"
    return str(v)


def render() -> str:
    lines = [INTRO]
    for r in RULESETS:
        lines += [f"## `{r}`", "", "| option | type | default | allowed | rule | what it changes |",
                  "|---|---|---|---|---|---|"]
        for o in rule_options(r):
            allowed = o.allowed().replace("|", "\\|")
            lines.append(f"| `{o.name}` | {o.type} | `{_value(o.default)}` | {allowed} | {o.rule} | {o.doc} |")
        lines.append("")
    return "\n".join(lines)


def test_OPTIONS_DOC_1_the_page_lists_every_option_of_every_ruleset_as_the_registry_declares_it():
    assert DOC.read_text(encoding="utf-8") == render(), \
        "docs/rule-options.md is out of date: run .venv/bin/python tests/rules/test_rule_options_doc.py"


def test_OPTIONS_DOC_1_every_option_names_a_rule_of_rules_md():
    rules = (DOC.parent / "rules.md").read_text(encoding="utf-8")
    missing = [(r, o.name, o.rule) for r in RULESETS for o in rule_options(r) if o.rule not in rules]
    assert not missing, f"options naming a rule ID that docs/rules.md does not have: {missing}"


if __name__ == "__main__":
    DOC.write_text(render(), encoding="utf-8")
    print(f"wrote {DOC}")
