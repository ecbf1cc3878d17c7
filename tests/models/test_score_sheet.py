"""The score sheet cache (``score_sheet``): a session opens from one row, and a
missing, stale or broken sheet is never believed."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text
from sqlmodel import Session, select
from storage_helpers import FSR_EXAMPLE_1, FSR_EXAMPLE_2, hand

from models.db import reading
from models.services import (
    delete_hand,
    edit_hand,
    export_session,
    import_session,
    open_session,
    record_hand,
    start_session,
    undo_last_hand,
)
from models.services._store import Sheet, load
from models.tables import ScoreSheetRow
from models.views import HandLine, HandLines


def _sheet(engine, session_id: int) -> ScoreSheetRow:
    with Session(engine) as db:
        return db.exec(select(ScoreSheetRow).where(ScoreSheetRow.session_id == session_id)).one()


def _opened_from_rows(engine, session_id: int):
    """The session opened with its score sheet removed (from the hand rows)."""
    with Session(engine) as db:
        db.exec(  # type: ignore[call-overload]
            text("DELETE FROM score_sheet WHERE session_id = :sid").bindparams(sid=session_id)
        )
        db.commit()
    return open_session(engine=engine, session_id=session_id)


def _same(a, b) -> None:
    assert tuple(a.hands) == tuple(b.hands)
    assert a.standings == b.standings
    assert a.finished_at == b.finished_at


def _swedish(engine, hands: int = 6):
    view = start_session(engine=engine, game="swedish_rummy", players=["Åse", "Bo", "Cato"])
    for n in range(hands):
        went_out = view.players[n % 3]
        other = view.players[(n + 1) % 3]
        view = record_hand(
            engine=engine,
            session_id=view.id,
            hand=hand(went_out, {other: ["K", "3"]}, note="a note" if n == 2 else None),
        )
    return view


def test_every_write_leaves_a_sheet_that_opens_like_the_hand_rows(engine):
    view = _swedish(engine)
    sid = view.id
    checks = [
        lambda: edit_hand(
            engine=engine, session_id=sid, number=2, hand=hand("Bo", {"Åse": ["Q", "9"]})
        ),
        lambda: delete_hand(engine=engine, session_id=sid, number=3).view,
        lambda: undo_last_hand(engine=engine, session_id=sid),
        lambda: record_hand(engine=engine, session_id=sid, hand=hand("Cato", {"Bo": 40})),
    ]
    for write in checks:
        written = write()
        sheet = _sheet(engine, sid)
        columns = json.loads(sheet.sheet)
        assert sheet.hands == len(written.hands) == len(columns["points"])
        assert columns["points"] == [
            [line.points[p] for p in written.players] for line in written.hands
        ]
        assert columns["out"] == [
            None if line.went_out is None else written.players.index(line.went_out)
            for line in written.hands
        ]
        from_sheet = open_session(engine=engine, session_id=sid)
        _same(from_sheet, written)
        _same(from_sheet, _opened_from_rows(engine, sid))


def test_showing_reads_the_sheet_and_writing_the_hand_rows(engine):
    view = _swedish(engine, hands=4)
    with reading(engine) as db:
        shown = load(db, view.id, use_sheet=True)
        assert shown.sheet is not None and not shown.sheet_stale
        assert len(shown.sheet.points) == 4
        with pytest.raises(RuntimeError):
            shown.hands  # noqa: B018 - read-only
        written = load(db, view.id)
        assert written.sheet is None and len(written.hands) == 4


@pytest.mark.parametrize("how", ["start", "rematch"])
def test_a_new_session_is_shown_from_its_sheet(engine, how):
    """A session just started (or a rematch) has its empty sheet: showing it
    needs no write."""
    view = start_session(engine=engine, game="rummy", players=["Kari", "Ola"])
    if how == "rematch":
        from models.services import rematch

        view = rematch(engine=engine, session_id=view.id)
    with reading(engine) as db:
        assert load(db, view.id, use_sheet=True).sheet is not None


def test_a_hand_row_written_behind_the_services_back_makes_the_sheet_stale(engine, db):
    """A sheet whose hand count differs from the hand rows is rebuilt."""
    view = _swedish(engine, hands=3)
    db.exec(  # type: ignore[call-overload]
        text("DELETE FROM hand WHERE session_id = :sid AND number = 3").bindparams(sid=view.id)
    )
    db.commit()
    reopened = open_session(engine=engine, session_id=view.id)
    assert len(reopened.hands) == 2
    assert reopened.standings.totals == {
        p: sum(line.points[p] for line in view.hands[:2]) for p in view.players
    }
    assert _sheet(engine, view.id).hands == 2  # written again


def _columns(engine, session_id: int) -> dict:
    return json.loads(_sheet(engine, session_id).sheet)


def _put(engine, session_id: int, sheet: str | dict) -> None:
    with Session(engine) as db:
        db.exec(  # type: ignore[call-overload]
            text("UPDATE score_sheet SET sheet = :s WHERE session_id = :sid").bindparams(
                s=sheet if isinstance(sheet, str) else json.dumps(sheet), sid=session_id
            )
        )
        db.commit()


def _set(column: str, index: int, value, inner: int | None = None):
    def change(columns: dict) -> None:
        if inner is None:
            columns[column][index] = value
        else:
            columns[column][index][inner] = value

    return change


BROKEN_TEXT = {
    "not json": "not json",
    "a list": "[[1, 2, 3]]",
    "no columns": "{}",
    "deeply nested": "[" * 100_000 + "]" * 100_000,
}
BROKEN_VALUE = {
    "seat out of range": _set("out", 0, 7),
    "seat negative": _set("out", 0, -1),
    "seat as text": _set("out", 0, "0"),
    "points as text": _set("points", 0, "10", 0),
    "points null": _set("points", 0, None, 0),
    "points with a fraction": _set("points", 0, 10.5, 0),
    "points not a number": _set("points", 0, float("nan"), 0),
    "points missing a seat": _set("points", 0, [1, 2]),
    "leftover as text": _set("leftover", 1, "x", 2),
    "rummy 2": _set("rummy", 0, 2),
    "note a number": _set("note", 0, 5),
    "warnings as text": _set("warnings", 0, "oops"),
    "a warning that reads back wrong": _set("warnings", 0, [{"nope": 1}]),
    "a column too short": lambda columns: columns["at"].pop(),
    "an extra column": lambda columns: columns.update(extra=[1] * 6),
}


@pytest.mark.parametrize("how", [*BROKEN_TEXT, *BROKEN_VALUE])
def test_a_broken_sheet_is_ignored_and_rewritten(engine, how):
    """Nothing in a sheet is believed unless it is well-formed: the session
    shows (and can be written) as its hand rows say, and the sheet is rebuilt."""
    view = _swedish(engine)
    if how in BROKEN_TEXT:
        _put(engine, view.id, BROKEN_TEXT[how])
    else:
        columns = _columns(engine, view.id)
        BROKEN_VALUE[how](columns)
        _put(engine, view.id, columns)
    reopened = open_session(engine=engine, session_id=view.id)
    _same(reopened, view)  # every line read
    assert Sheet.parse(_sheet(engine, view.id).sheet, 6, 3) is not None  # rebuilt
    after = record_hand(engine=engine, session_id=view.id, hand=hand("Bo", {"Cato": 1}))
    assert len(after.hands) == 7


def test_a_sheet_from_other_scoring_code_is_ignored(engine, db):
    view = _swedish(engine, hands=2)
    db.exec(  # type: ignore[call-overload]
        text("UPDATE score_sheet SET scored_with = 'older' WHERE session_id = :sid").bindparams(
            sid=view.id
        )
    )
    db.commit()
    with reading(engine) as fresh:
        assert load(fresh, view.id).sheet is None
    _same(open_session(engine=engine, session_id=view.id), view)


def test_imported_sessions_get_a_sheet(engine):
    view = start_session(engine=engine, game="four_suit_rummy", players=["Anna", "Bjørn"])
    record_hand(engine=engine, session_id=view.id, hand=FSR_EXAMPLE_1)
    record_hand(engine=engine, session_id=view.id, hand=FSR_EXAMPLE_2, confirm_warnings=True)
    data = json.loads(export_session(engine=engine, session_id=view.id))
    data["id"] = "7d4f0b1e-9a55-4c4b-8d0c-2f1b8e3a6c11"
    imported = import_session(engine=engine, data=json.dumps(data))
    assert _columns(engine, imported.id)["points"] == [[155, 110], [201, 210]]
    opened = open_session(engine=engine, session_id=imported.id)
    assert opened.standings.totals == {"Anna": 356, "Bjørn": 320}
    assert [dict(line.points) for line in opened.hands] == [
        {"Anna": 155, "Bjørn": 110},
        {"Anna": 201, "Bjørn": 210},
    ]
    assert opened.hands[1].warnings  # the confirmed 9♦ warning survives the sheet
    _same(opened, _opened_from_rows(engine, imported.id))


def test_deleting_a_session_for_good_removes_its_sheet(engine, db):
    from models.services import delete_session, purge_trash

    view = _swedish(engine, hands=1)
    delete_session(engine=engine, session_id=view.id)
    purge_trash(engine=engine)
    db.rollback()
    assert db.exec(select(ScoreSheetRow)).all() == []


# -- HandLines ---------------------------------------------------------------------


def _line(number: int) -> HandLine:
    return HandLine(number, None, {"A": number}, {"A": number}, {}, False, None, None, ())


def test_hand_lines_are_made_only_when_read():
    made: list[int] = []

    def line(index: int) -> HandLine:
        made.append(index)
        return _line(index + 1)

    lines = HandLines(500, line)
    assert len(lines) == 500 and made == []
    assert [h.number for h in lines[-3:]] == [498, 499, 500]
    assert lines[-1] is lines[499]  # made once
    assert sorted(made) == [497, 498, 499]
    assert lines[0].number == 1
    with pytest.raises(IndexError):
        lines[500]
    with pytest.raises(IndexError):
        lines[-501]


def test_hand_lines_read_like_a_tuple():
    lines = HandLines(3, lambda i: _line(i + 1))
    expected = (_line(1), _line(2), _line(3))
    assert lines == expected and lines == list(expected) and tuple(lines) == expected
    assert lines[1:] == expected[1:] and lines[::-1] == expected[::-1]
    assert lines != expected[:2]
    assert HandLines.of(expected) == lines
    assert not HandLines.of(()) and bool(lines)
    assert _line(2) in lines
