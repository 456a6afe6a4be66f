"""Every named check of an import (``fwlab.store.ingest.CHECKS``) refuses its own bad file: the
problem names the check, the file, row and column, says the check's message, and nothing is stored.

One case (or more) per check; a check without a case fails ``test_every_check_has_a_bad_file_case``.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from fwlab.cli import main
from fwlab.store import ImportProblem, connect, import_files
from fwlab.store.ingest import CHECKS, Check, Problem

WIDE_HEADER = ["match_id", "played_at", "ruleset", "mode", "player_a", "player_b", "deck_a", "deck_b", "first",
               "winner", "end_reason", "turns", "source"]
WIDE = [
    ["m1", "2026-01-03T18:05:00", "fw", "pvp", "Ada", "Vex", "fw/iron-tide", "fw/grave-tide", "a", "a", "capital",
     "12", ""],
    ["m2", "2026-01-20", "bg", "bot", "Vex", "Bo", "bg/iron-wall", "", "b", "draw", "turn-cap", "30", ""],
]
EVENT_HEADER = ["match_id", "seat", "card", "in_opening_hand", "drawn_turn", "deployed_turn", "killed_turn",
                "damage_dealt"]
EVENTS = [["m1", "a", "Nominod", "true", "0", "1", "", "4"], ["m1", "b", "Steel Mill", "false", "2", "3", "5", "0"]]
TURN_HEADER = ["match_id", "turn", "capital_a", "capital_b"]
TURNS = [["m1", "1", "20", "20"], ["m1", "2", "18", "20"]]
LONG_HEADER = ["match_id", "played_at", "ruleset", "mode", "seat", "player", "deck", "first", "place", "score",
               "end_reason", "turns"]
LONG = [  # c1: conquest, 3 seats, seat 2 first, seat 3 wins; f1: fw in the long format
    ["c1", "2026-02-01T10:00:00", "conquest", "pvp", "1", "Ada", "", "false", "2", "31", "score", "40"],
    ["c1", "2026-02-01T10:00:00", "conquest", "pvp", "2", "Vex", "", "true", "3", "12", "score", "40"],
    ["c1", "2026-02-01T10:00:00", "conquest", "pvp", "3", "Bo", "", "false", "1", "44", "score", "40"],
    ["f1", "2026-02-03T08:00:00", "fw", "pvp", "1", "Ada", "fw/iron-tide", "false", "2", "-3", "capital", "14"],
    ["f1", "2026-02-03T08:00:00", "fw", "pvp", "2", "Eve", "fw/grave-tide", "true", "1", "6", "capital", "14"],
]
FIELD_HEADER = ["match_id", "field", "difficulty", "seat", "turn", "how"]
FIELDS = [["c1", "0", "3", "a", "2", "conquer"], ["c1", "5", "6", "c", "7", "claim"]]
HEADERS = {"wide": WIDE_HEADER, "events": EVENT_HEADER, "turns": TURN_HEADER, "long": LONG_HEADER,
           "fields": FIELD_HEADER}


def edit(rows: list[list[str]], header: list[str], *changes: tuple[int, str, str]) -> list[list[str]]:
    """The rows with (1-based row, column, value) changed."""
    out = [list(r) for r in rows]
    for row, column, value in changes:
        out[row - 1][header.index(column)] = value
    return out


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    return path


@dataclass(frozen=True)
class Case:
    check: str
    what: str
    files: Callable[[Path], list[Path]]            # writes the bad files into a folder, returns them
    where: tuple[str, int | None, str | None]       # file name, row, column of the problem
    value: str | None
    message: str | None      # {dir}: the folder of the files; None: only the check's message pattern is asserted
    before: Callable[[Path], list[Path]] | None = None  # files imported (successfully) first


def files(**kinds: list[list[str]]) -> Callable[[Path], list[Path]]:
    """Write each kind's rows (wide, events, turns, long, fields) to ``<kind>.csv``."""
    return lambda d: [write_csv(d / f"{kind}.csv", HEADERS[kind], rows) for kind, rows in kinds.items()]


def raw(name: str, text: str) -> Callable[[Path], list[Path]]:
    def write(d: Path) -> list[Path]:
        (d / name).write_text(text, encoding="utf-8")
        return [d / name]
    return write


def csv_text(header: list[str], *rows: list[str]) -> str:
    return "".join(",".join(r) + "\n" for r in (header, *rows))


def without(header: list[str], rows: list[list[str]], column: str) -> tuple[list[str], list[list[str]]]:
    i = header.index(column)
    return header[:i] + header[i + 1:], [r[:i] + r[i + 1:] for r in rows]


def _missing_winner(d: Path) -> list[Path]:
    header, rows = without(WIDE_HEADER, WIDE, "winner")
    return [write_csv(d / "wide.csv", header, rows)]


def _wide_with_seats(d: Path) -> list[Path]:
    return [write_csv(d / "wide.csv", [*WIDE_HEADER, "seats"], [[*WIDE[0], "2"], [*WIDE[1], "3"]])]


def _race(rows: list[tuple[int, str, int]]) -> list[list[str]]:
    """A long 'race' match (tests/support/dice_race: a game without cards) of (seat, player, place)."""
    return [["r1", "2026-03-01", "race", "bot", str(s), p, "", str(s == 1).lower(), str(pl), "", "finish", "9"]
            for s, p, pl in rows]


def _race_with_a_card(d: Path) -> list[Path]:
    import dice_race  # noqa: F401 - registers 'race'

    return [write_csv(d / "long.csv", LONG_HEADER, _race([(1, "Ada", 1), (2, "Vex", 2), (3, "Bo", 3)])),
            write_csv(d / "events.csv", EVENT_HEADER, [["r1", "a", "Nominod", "", "", "", "", ""]])]


RAGGED = csv_text(WIDE_HEADER, WIDE[0], WIDE[1][:-2])
UNQUOTED = csv_text(WIDE_HEADER, WIDE[0], ['"m2', *WIDE[1][1:]])
DUPLICATE_LONG = LONG + [["m1", *LONG[3][1:]], ["m1", *LONG[4][1:]]]

CASES: list[Case] = [
    # reading the files
    Case("file-not-found", "a missing file", lambda d: [d / "nothere.csv"], ("nothere.csv", None, None), None,
         "file not found"),
    Case("empty-file", "an empty CSV", raw("empty.csv", ""), ("empty.csv", None, None), None,
         "the file is empty (no header row)"),
    Case("file-type", "a spreadsheet", raw("m.xlsx", "PK"), ("m.xlsx", None, None), None,
         "unknown file type; use .csv, .parquet or .jsonl"),
    Case("ragged-row", "a row short of two fields", raw("wide.csv", RAGGED), ("wide.csv", 2, None),
         ",".join(WIDE[1][:-2]), "does not have the 13 fields of the header"),
    Case("bad-csv-row", "an unterminated quote", raw("wide.csv", UNQUOTED), ("wide.csv", 2, None),
         ",".join(['"m2', *WIDE[1][1:]])[:60], "cannot be read as CSV"),  # the line's first 60 characters
    Case("unreadable-file", "a Parquet file that is not one", raw("m.parquet", "garbage"), ("m.parquet", None, None),
         None, None),
    Case("required-column", "no winner column", _missing_winner, ("wide.csv", None, "winner"), None,
         "required column 'winner' is missing"),
    # every column
    Case("empty", "an empty player", files(wide=edit(WIDE, WIDE_HEADER, (1, "player_a", ""))),
         ("wide.csv", 1, "player_a"), None, "is empty"),
    Case("empty", "an empty seat of a long row", files(long=edit(LONG, LONG_HEADER, (2, "seat", "")))
         , ("long.csv", 2, "seat"), None, "is empty"),
    Case("whole-number", "turns in words", files(wide=edit(WIDE, WIDE_HEADER, (2, "turns", "many"))),
         ("wide.csv", 2, "turns"), "many", "is not a whole number"),
    Case("boolean", "a maybe", files(wide=WIDE, events=edit(EVENTS, EVENT_HEADER, (1, "in_opening_hand", "maybe"))),
         ("events.csv", 1, "in_opening_hand"), "maybe", "is not true or false"),
    Case("timestamp", "February 30th", files(wide=edit(WIDE, WIDE_HEADER, (2, "played_at", "2026-02-30T10:00"))),
         ("wide.csv", 2, "played_at"), "2026-02-30T10:00",
         "is not an ISO 8601 time in UTC (like 2026-01-31T18:05:00)"),
    Case("timestamp", "a time two hours from UTC",
         files(wide=edit(WIDE, WIDE_HEADER, (2, "played_at", "2026-01-20T10:00+02:00"))),
         ("wide.csv", 2, "played_at"), "2026-01-20T10:00+02:00",
         "is not an ISO 8601 time in UTC (like 2026-01-31T18:05:00)"),
    Case("one-of", "an unknown mode", files(wide=edit(WIDE, WIDE_HEADER, (2, "mode", "ranked"))),
         ("wide.csv", 2, "mode"), "ranked", "must be one of pvp, bot"),
    Case("one-of", "a winner given by name", files(wide=edit(WIDE, WIDE_HEADER, (1, "winner", "Vex"))),
         ("wide.csv", 1, "winner"), "Vex", "must be one of a, b, draw (a seat, not a player's name)"),
    Case("one-of", "an unknown how", files(long=LONG, fields=edit(FIELDS, FIELD_HEADER, (2, "how", "bought")))
         , ("fields.csv", 2, "how"), "bought", "must be one of conquer, claim"),
    Case("not-negative", "negative turns", files(wide=edit(WIDE, WIDE_HEADER, (2, "turns", "-1"))),
         ("wide.csv", 2, "turns"), "-1", "must not be negative"),
    Case("duplicate-key", "a match id twice", files(wide=edit(WIDE, WIDE_HEADER, (2, "match_id", "m1"))),
         ("wide.csv", 2, "match_id"), "m1", "duplicate: (match_id) also at {dir}/wide.csv row 1"),
    Case("duplicate-key", "a card event twice",
         files(wide=WIDE, events=edit(EVENTS, EVENT_HEADER, (2, "card", "Nominod"), (2, "seat", "a"))),
         ("events.csv", 2, "card"), "Nominod", "duplicate: (match_id, seat, card) also at {dir}/events.csv row 1"),
    # two-player (wide) match rows
    Case("match-already-stored", "a wide match imported twice", files(wide=WIDE), ("wide.csv", 1, "match_id"), "m1",
         "already in the store", before=files(wide=WIDE[:1])),
    Case("match-already-stored", "a long match imported twice", files(long=LONG), ("long.csv", 1, "match_id"), "c1",
         "already in the store", before=files(long=LONG[:3])),
    Case("same-player", "one player in both seats", files(wide=edit(WIDE, WIDE_HEADER, (2, "player_b", "Vex"))),
         ("wide.csv", 2, "player_b"), "Vex", "is the same player as player_a"),
    Case("wide-seats", "a wide row of three seats", _wide_with_seats, ("wide.csv", 2, "seats"), "3",
         "a two-player (wide) row has 2 seats; write one row per seat for other counts"),
    Case("wide-ruleset", "a conquest match in a wide row",
         files(wide=edit(WIDE, WIDE_HEADER, (2, "ruleset", "conquest"), (2, "deck_a", ""))),
         ("wide.csv", 2, "ruleset"), "conquest", "a conquest match has 3 to 5 seats: a two-player (wide) row cannot "
         "hold it; write one row per seat (columns seat, player, place)"),
    Case("unknown-deck", "a deck that is not stored", files(wide=edit(WIDE, WIDE_HEADER, (2, "deck_b", "bg/nope"))),
         ("wide.csv", 2, "deck_b"), "bg/nope", "unknown deck id (not in decks; save or import the deck first)"),
    Case("deck-family", "an Eredan deck in a bg match (wide)",
         files(wide=edit(WIDE, WIDE_HEADER, (2, "deck_a", "eredan/ember_court"))), ("wide.csv", 2, "deck_a"),
         "eredan/ember_court", "is a eredan deck; a bg match needs a daemornia deck"),
    Case("deck-family", "an Eredan deck in an fw match (long)",
         files(long=edit(LONG, LONG_HEADER, (5, "deck", "eredan/ember_court"))), ("long.csv", 5, "deck"),
         "eredan/ember_court", "is a eredan deck; a fw match needs a daemornia deck"),
    Case("no-decks", "a deck in a conquest match", files(long=edit(LONG, LONG_HEADER, (1, "deck", "fw/iron-tide"))),
         ("long.csv", 1, "deck"), "fw/iron-tide", "a conquest match is played without decks: leave deck empty"),
    Case("rules", "an unknown rule option in a wide row",
         lambda d: [write_csv(d / "wide.csv", [*WIDE_HEADER, "rules"],
                              [r + [rules] for r, rules in zip(WIDE, ['{"capitl": 10}', ""])])],
         ("wide.csv", 1, "rules"), '{"capitl": 10}', "must be a JSON object of fw's rule options by name "
         "(`fwlab engines --options` lists them), or empty for the ruleset's own rules"),
    Case("rules", "rules that are not JSON (long)",
         lambda d: [write_csv(d / "long.csv", [*LONG_HEADER, "rules"],
                              [r + [rules] for r, rules in zip(LONG, ["", "", "", "turn_cap=5", "turn_cap=5"])])],
         ("long.csv", 4, "rules"), "turn_cap=5", None),
    # one row per seat (long) matches
    Case("seat-number", "seat 6", files(long=edit(LONG, LONG_HEADER, (3, "seat", "6"))), ("long.csv", 3, "seat"),
         "6", "must be a seat number from 1 to 5"),
    Case("place-min", "place 0", files(long=edit(LONG, LONG_HEADER, (1, "place", "0"))), ("long.csv", 1, "place"),
         "0", "must be at least 1 (1 = best)"),
    Case("seats-numbered", "seat 2 of three missing", files(long=[LONG[0], LONG[2], *LONG[3:]]),
         ("long.csv", 1, "seat"), "1, 3", "seats must be numbered 1 to 3 with none missing (match c1 has seats 1, 3)"),
    Case("seat-count", "a conquest match of two seats", files(long=LONG[:2] + LONG[3:]), ("long.csv", 1, "seat"),
         "2", "a conquest match has 3 to 5 seats; match c1 has 2"),
    Case("no-first", "nobody first", files(long=edit(LONG, LONG_HEADER, (2, "first", "false")))
         , ("long.csv", 1, "first"), None, "no seat of match c1 played first: exactly one of its rows has first = true"),
    Case("two-first", "two seats first", files(long=edit(LONG, LONG_HEADER, (3, "first", "true"))),
         ("long.csv", 3, "first"), "true",
         "seat 2 of match c1 (row 2) played first already: exactly one seat plays first"),
    Case("places", "places 2, 3, 2", files(long=edit(LONG, LONG_HEADER, (3, "place", "2"))), ("long.csv", 1, "place"),
         "2", "does not fit the places of match c1 (2, 3, 2): tied seats share the better place and the next seat is "
         "1 + the seats ahead of it, so this one is 1"),
    Case("player-twice", "Ada in two seats", files(long=edit(LONG, LONG_HEADER, (3, "player", "Ada"))),
         ("long.csv", 3, "player"), "Ada", "is also in seat 1 of match c1 (row 1): a player takes one seat of a match"),
    Case("same-match-facts", "a seat played an hour later",
         files(long=edit(LONG, LONG_HEADER, (2, "played_at", "2026-02-01T11:00:00"))), ("long.csv", 2, "played_at"),
         "2026-02-01T11:00:00", "differs from row 1 of the same match (2026-02-01T10:00:00): every row of a match "
         "has the same played_at"),
    Case("same-match-facts", "a seat without the end reason", files(long=edit(LONG, LONG_HEADER, (3, "end_reason", ""))),
         ("long.csv", 3, "end_reason"), None,
         "differs from row 1 of the same match (score): every row of a match has the same end_reason"),
    Case("both-formats", "a match in a wide and a long file", files(wide=WIDE, long=DUPLICATE_LONG),
         ("long.csv", 6, "match_id"), "m1", "duplicate: the match is also at {dir}/wide.csv row 1"),
    # card events, turn snapshots and fields taken
    Case("event-already-stored", "a card event imported twice", files(events=EVENTS[:1]), ("events.csv", 1, "card"),
         "Nominod", "already in the store", before=files(wide=WIDE, events=EVENTS)),
    Case("event-already-stored", "a turn imported twice", files(turns=TURNS[1:]), ("turns.csv", 1, "turn"), "2",
         "already in the store", before=files(wide=WIDE, turns=TURNS)),
    Case("unknown-match", "a card event of no match", files(wide=WIDE, events=edit(EVENTS, EVENT_HEADER,
                                                                                   (2, "match_id", "m9"))),
         ("events.csv", 2, "match_id"), "m9", "unknown match (not in the imported matches nor in the store)"),
    Case("unknown-match", "a turn of no match", files(wide=WIDE, turns=edit(TURNS, TURN_HEADER, (1, "match_id", "x"))),
         ("turns.csv", 1, "match_id"), "x", "unknown match (not in the imported matches nor in the store)"),
    Case("seat-of-match", "seat c of a two-seat match",
         files(wide=WIDE, events=edit(EVENTS, EVENT_HEADER, (2, "seat", "c"))), ("events.csv", 2, "seat"), "c",
         "is not a seat of match m1, which has seats a, b"),
    Case("seat-of-match", "a field taken by seat d of three",
         files(long=LONG, fields=edit(FIELDS, FIELD_HEADER, (1, "seat", "d"))), ("fields.csv", 1, "seat"), "d",
         "is not a seat of match c1, which has seats a, b, c"),
    Case("field-index", "field -1", files(long=LONG, fields=edit(FIELDS, FIELD_HEADER, (1, "field", "-1"))),
         ("fields.csv", 1, "field"), "-1", "must not be negative (fields are numbered from 0)"),
    Case("difficulty-min", "difficulty 0", files(long=LONG, fields=edit(FIELDS, FIELD_HEADER, (2, "difficulty", "0"))),
         ("fields.csv", 2, "difficulty"), "0", "must be at least 1"),
    Case("turn-min", "turn 0 of a snapshot", files(wide=WIDE, turns=edit(TURNS, TURN_HEADER, (1, "turn", "0"))),
         ("turns.csv", 1, "turn"), "0", "must be at least 1"),
    Case("turn-min", "a field taken on turn 0", files(long=LONG, fields=edit(FIELDS, FIELD_HEADER, (1, "turn", "0"))),
         ("fields.csv", 1, "turn"), "0", "must be at least 1"),
    Case("turn-after-end", "a field taken after the end",
         files(long=LONG, fields=edit(FIELDS, FIELD_HEADER, (2, "turn", "41"))), ("fields.csv", 2, "turn"), "41",
         "is after the end of match c1 (40 turns)"),
    Case("unknown-card", "a misspelt card", files(wide=WIDE, events=edit(EVENTS, EVENT_HEADER, (2, "card", "Steel Mil"))),
         ("events.csv", 2, "card"), "Steel Mil", "unknown card: not in the daemornia catalog"),
    Case("no-catalog", "a card in a game without cards", _race_with_a_card, ("events.csv", 1, "card"), "Nominod",
         "a race match has no cards (the game has no card catalog)"),
    Case("seat-figure", "a third seat's Capital in a two-seat match",
         lambda d: [write_csv(d / "wide.csv", WIDE_HEADER, WIDE),
                    write_csv(d / "turns.csv", [*TURN_HEADER, "capital_c"], [[*TURNS[0], "7"]])],
         ("turns.csv", 1, "capital_c"), "7", "match m1 has 2 seats (a, b): leave capital_c empty"),
]


def test_every_check_has_a_bad_file_case_and_a_name_of_its_own() -> None:
    names = [c.name for c in CHECKS]
    assert len(names) == len(set(names)), names
    assert set(names) == {case.check for case in CASES}
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", n) for n in names)
    assert all(c.message for c in CHECKS)


def _check(name: str) -> Check:
    return next(c for c in CHECKS if c.name == name)


def _problem_of(case: Case, exc: ImportProblem) -> Problem:
    """The problem the case's check reported at the case's place (failing with all of them if none)."""
    for p in exc.problems:
        if p.check == case.check and (Path(p.file).name, p.row, p.column) == case.where:
            return p
    raise AssertionError(f"no {case.check} problem at {case.where}:\n{exc}")


@pytest.mark.parametrize("case", CASES, ids=[f"{c.check}: {c.what}" for c in CASES])
def test_a_bad_file_is_refused_by_its_check_with_its_message_and_nothing_is_stored(
        case: Case, store: Path, tmp_path: Path, fingerprint) -> None:
    if case.before:
        first = tmp_path / "before"
        first.mkdir()
        con = connect(store)
        import_files(con, case.before(first))
        con.close()
    bad = case.files(tmp_path)
    before = fingerprint(store)
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, bad)
    con.close()
    assert fingerprint(store) == before
    p = _problem_of(case, exc.value)
    assert p.value == case.value
    if case.message is not None:
        assert p.message == case.message.replace("{dir}", str(tmp_path))
    assert _check(case.check).matches(p.message), (case.check, _check(case.check).message, p.message)
    # the report names the check beside file, row and column
    assert f"[{case.check}]" in str(p) and str(p) in str(exc.value)
    assert str(p).startswith(str(Path(p.file)))


def test_the_cli_names_the_check_and_stores_nothing(store: Path, tmp_path: Path, fingerprint,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    bad = write_csv(tmp_path / "wide.csv", WIDE_HEADER, edit(WIDE, WIDE_HEADER, (1, "player_b", "Ada")))
    before = fingerprint(store)
    assert main(["import", str(bad), "--db", str(store)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}, row 1, column player_b: is the same player as player_a (value 'Ada') [same-player]" in err, err
    assert fingerprint(store) == before
