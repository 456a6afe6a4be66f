"""The game viewer's in-browser stepper (fwlab/ui/viewer_fast.py, issue 30 part 3 and its speed):
one document holds every step of the replay, each card face once, and the script that steps it."""

from __future__ import annotations

import json
import re

import pytest

from fwlab.decks.starters import starter_decks
from fwlab.rulesets import info
from fwlab.sim import replay as rp
from fwlab.ui.viewer_views import fast_document as stepper_document


def _replay(ruleset: str) -> rp.Replay:
    r = info(ruleset)
    setups = list(starter_decks(ruleset)[:2]) if r.uses_decks else [None] * r.seats[0]
    return rp.replay_game(ruleset, setups, None, 1, 0)


@pytest.mark.parametrize("ruleset", ["fw", "fr", "eredan", "conquest"])
def test_VIEWER_FAST_1_the_document_holds_every_step_and_each_face_once(ruleset):
    replay = _replay(ruleset)
    doc = stepper_document(replay, None, start=3)
    data = doc[doc.index("<script>") + len("<script>"):doc.rindex("</script>")]
    assert "</" not in data.replace("<\\/", "")   # nothing in the data closes the script early
    steps = json.loads(re.search(r"const S = (\[.*?\]);\n", data, re.S).group(1).replace("<\\/", "</"))
    faces = json.loads(re.search(r"const F = (\[.*?\]);\n", data, re.S).group(1).replace("<\\/", "</"))
    assert len(steps) == len(replay.steps)
    for i, body in enumerate(steps):
        assert f"Step {i + 1} of {len(replay.steps)}" in body
        assert 'src="data:' not in body            # faces by reference only
        for ref in re.findall(r'data-f="(\d+)"', body):
            assert int(ref) < len(faces)
    assert len(faces) == len(set(faces)) and all(f.startswith("data:image/svg+xml") for f in faces)
    assert "const START = 3;" in data
    last = steps[-1]
    if replay.places:
        assert "Result: " + replay.result_text().split()[0] in last


def test_VIEWER_FAST_2_a_seats_view_hides_what_that_seat_cannot_see():
    """A seat's view draws the opponent's hand face down: fewer distinct faces reach the page than
    in the whole truth, and the step bodies differ."""
    replay = _replay("fw")
    truth = stepper_document(replay, None)
    seat_a = stepper_document(replay, 0)
    assert truth != seat_a
    count = lambda d: len(json.loads(re.search(r"const F = (\[.*?\]);\n", d, re.S).group(1)))  # noqa: E731
    assert count(seat_a) < count(truth)
