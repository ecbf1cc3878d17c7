"""The score sheet cache (``score_sheet_chunk``): a session opens and is
written from a few rows whatever its length, a write rewrites only the pieces
it changes, and a missing, stale or broken sheet is never believed."""

from __future__ import annotations

import functools
import json
import sys
from array import array

import pytest
from sqlalchemy import text
from sqlmodel import Session, select
from storage_helpers import FSR_EXAMPLE_1, FSR_EXAMPLE_2, hand

import models.services.sheet as sheet_module
from models.db import read_only
from models.services import (
    delete_hand,
    export_session,
    import_session,
    open_session,
    start_session,
    undo_last_hand,
)
from models.services import edit_hand as _edit_hand
from models.services import insert_hand as _insert_hand
from models.services import record_hand as _record_hand
from models.services.loading import load, load_shown
from models.services.sheet import Sheet, digest
from models.tables import SheetChunkRow
from models.views import HandLine, HandLines

# The sheet's arithmetic is what these tests check. Their hands leave some
# players' cards out, which scoring asks about (RULES.md §4, a player who did
# not go out holds something): the writes here confirm it.
record_hand = functools.partial(_record_hand, confirm_warnings=True)
edit_hand = functools.partial(_edit_hand, confirm_warnings=True)
insert_hand = functools.partial(_insert_hand, confirm_warnings=True)


@pytest.fixture
def small_chunks(monkeypatch):
    """Pieces of 4 hands, so that a few hands make several pieces."""
    monkeypatch.setattr(sheet_module, "CHUNK", 4)
    return 4


def _pieces(engine, session_id: int) -> list[SheetChunkRow]:
    with Session(engine) as db:
        return list(
            db.exec(
                select(SheetChunkRow)
                .where(SheetChunkRow.session_id == session_id)
                .order_by(SheetChunkRow.chunk)
            ).all()
        )


def _unpacked(typecode: str, text: str) -> list[int]:
    """A packed column (little-endian whole numbers in hex) as numbers."""
    column = array(typecode, bytes.fromhex(text))
    if sys.byteorder != "little":
        column.byteswap()
    return column.tolist()


def _packed(typecode: str, values: list[int]) -> str:
    column = array(typecode, values)
    if sys.byteorder != "little":
        column.byteswap()
    return column.tobytes().hex()


def _columns(engine, session_id: int) -> dict:
    """Every column of the stored sheet, the pieces put together (``out``
    with ``None`` for blocked, ``points`` per hand, as the seats' columns say)."""
    columns: dict = {}
    for piece in _pieces(engine, session_id):
        packed = json.loads(piece.scores)
        scores = {
            "out": [None if s < 0 else s for s in _unpacked("b", packed["out"])],
            "points": [
                list(row)
                for row in zip(*(_unpacked("q", c) for c in packed["points"]), strict=True)
            ],
        }
        for part in (scores, json.loads(piece.lines)):
            for name, values in part.items():
                columns.setdefault(name, []).extend(values)
    return columns


def _opened_from_rows(engine, session_id: int):
    """The session opened with its score sheet removed (from the hand rows)."""
    with Session(engine) as db:
        db.exec(  # type: ignore[call-overload]
            text("DELETE FROM score_sheet_chunk WHERE session_id = :sid").bindparams(sid=session_id)
        )
        db.commit()
    return open_session(engine=engine, session_id=session_id)


def _same(a, b) -> None:
    assert tuple(a.hands) == tuple(b.hands)
    assert a.standings == b.standings
    assert a.finished_at == b.finished_at


def _swedish(engine, hands: int = 6):
    view = start_session(engine=engine, game_id="swedish_rummy", players=["Åse", "Bo", "Cato"])
    for n in range(hands):
        went_out = view.players[n % 3]
        other = view.players[(n + 1) % 3]
        view = record_hand(
            engine=engine,
            session_id=view.id,
            hand=hand(went_out, {other: ["K", "3"]}, note="a note" if n == 2 else None),
        )
    return view


def _shown(engine, session_id: int):
    with read_only(engine) as reader:
        return load_shown(reader, session_id)[1]


@pytest.mark.parametrize("chunk", [128, 4])
def test_every_write_leaves_a_sheet_that_opens_like_the_hand_rows(engine, monkeypatch, chunk):
    monkeypatch.setattr(sheet_module, "CHUNK", chunk)
    view = _swedish(engine, hands=9)
    sid = view.id
    checks = [
        lambda: edit_hand(
            engine=engine, session_id=sid, number=2, hand=hand("Bo", {"Åse": ["Q", "9"]})
        ),
        lambda: delete_hand(engine=engine, session_id=sid, number=3).view,
        lambda: undo_last_hand(engine=engine, session_id=sid),
        lambda: record_hand(engine=engine, session_id=sid, hand=hand("Cato", {"Bo": 40})),
        lambda: insert_hand(
            engine=engine, session_id=sid, number=1, hand=hand("Åse", {"Cato": ["8"]})
        ),
    ]
    for write in checks:
        written = write()
        pieces = _pieces(engine, sid)
        assert [p.chunk for p in pieces] == list(range(len(pieces)))
        assert sum(p.hands for p in pieces) == len(written.hands)
        assert all(p.hands == chunk for p in pieces[:-1])
        columns = _columns(engine, sid)
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


def test_recording_rewrites_only_the_last_piece(engine, small_chunks):
    """A hand recorded into a long session changes one piece (a new one when
    the last is full); an edit changes only the piece holding the hand."""
    view = _swedish(engine, hands=9)  # pieces of 4, 4, 1
    before = [(p.chunk, p.scores, p.lines) for p in _pieces(engine, view.id)]
    record_hand(engine=engine, session_id=view.id, hand=hand("Bo", {"Cato": ["2"]}))
    after = [(p.chunk, p.scores, p.lines) for p in _pieces(engine, view.id)]
    assert after[:2] == before[:2] and after[2] != before[2]
    for _ in range(3):  # fill the third piece, then one more starts a fourth
        record_hand(engine=engine, session_id=view.id, hand=hand("Bo", {"Cato": ["2"]}))
    full = [(p.chunk, p.scores, p.lines) for p in _pieces(engine, view.id)]
    assert len(full) == 4 and full[:3] == [*after[:2], full[2]]
    edit_hand(engine=engine, session_id=view.id, number=6, hand=hand("Åse", {"Bo": ["K"]}))
    edited = [(p.chunk, p.scores, p.lines) for p in _pieces(engine, view.id)]
    assert [e == f for e, f in zip(edited, full, strict=True)] == [True, False, True, True]


def test_showing_and_writing_read_the_sheet(engine, db):
    view = _swedish(engine, hands=4)
    shown = _shown(engine, view.id)
    assert shown is not None and len(shown.sheet) == 4
    written = load(db, view.id)
    assert not written.rebuilt and len(written.sheet) == 4
    db.rollback()
    db.exec(  # type: ignore[call-overload]
        text("DELETE FROM score_sheet_chunk WHERE session_id = :sid").bindparams(sid=view.id)
    )
    db.commit()
    assert _shown(engine, view.id) is None
    rebuilt = load(db, view.id)
    assert rebuilt.rebuilt and not rebuilt.rescored and len(rebuilt.sheet) == 4
    assert rebuilt.sheet.points == written.sheet.points
    db.rollback()


@pytest.mark.parametrize("how", ["start", "rematch"])
def test_a_new_session_is_shown_from_its_sheet(engine, how):
    """A session just started (or a rematch) has its empty sheet: showing it
    needs no write."""
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    if how == "rematch":
        from models.services import rematch

        view = rematch(engine=engine, session_id=view.id)
    assert _shown(engine, view.id) is not None


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
    assert sum(p.hands for p in _pieces(engine, view.id)) == 2  # written again


def _put(
    engine, session_id: int, column: str, value: str | dict, chunk: int = 0, *, sign: bool = False
) -> None:
    """Write ``value`` into a stored piece (with ``sign``, with the digest that
    makes changed lines look as written by the services)."""
    value = value if isinstance(value, str) else json.dumps(value)
    with Session(engine) as db:
        db.exec(  # type: ignore[call-overload]
            text(
                f"UPDATE score_sheet_chunk SET {column} = :v WHERE session_id = :sid AND chunk = :c"
            ).bindparams(v=value, sid=session_id, c=chunk)
        )
        if sign:
            db.exec(  # type: ignore[call-overload]
                text(
                    "UPDATE score_sheet_chunk SET lines_digest = :d "
                    "WHERE session_id = :sid AND chunk = :c"
                ).bindparams(d=digest(value), sid=session_id, c=chunk)
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


def _repack(typecode: str, key: str, seat: int | None, index: int, value: int):
    """Change one packed number of ``scores`` (``points``: the seat's column)."""

    def change(scores: dict) -> None:
        holder, at = (scores, key) if seat is None else (scores[key], seat)
        values = _unpacked(typecode, holder[at])
        values[index] = value
        holder[at] = _packed(typecode, values)

    return change


BROKEN_VALUE = {
    "seat out of range": ("scores", _repack("b", "out", None, 0, 7)),
    "seat below nobody": ("scores", _repack("b", "out", None, 0, -2)),
    "seats as a list": ("scores", lambda scores: scores.update(out=[0, 1, 2, 0])),
    "points not hex": ("scores", _set("points", 0, "zz")),
    "points a byte short": (
        "scores",
        lambda scores: scores["points"].__setitem__(1, scores["points"][1][:-2]),
    ),
    "points a hand short": (
        "scores",
        lambda scores: scores["points"].__setitem__(2, scores["points"][2][:-16]),
    ),
    "points as numbers": ("scores", _set("points", 0, [1, 2, 3, 4])),
    "points missing a seat": ("scores", lambda scores: scores["points"].pop()),
    "leftover as text": ("lines", _set("leftover", 1, "x", 2)),
    "leftover missing a seat": ("lines", _set("leftover", 1, [1, 2])),
    # a piece written before rummy became a hand flag (migration 0008 drops them)
    "an old rummy column": (
        "lines",
        lambda columns: columns.update(rummy=[0] * len(columns["note"])),
    ),
    "note a number": ("lines", _set("note", 0, 5)),
    "warnings as text": ("lines", _set("warnings", 0, "oops")),
    "a warning that reads back wrong": ("lines", _set("warnings", 0, [{"nope": 1}])),
    "a column too short": ("lines", lambda columns: columns["at"].pop()),
    "an extra column": ("scores", lambda columns: columns.update(extra="00")),
}


BROKEN = [(how, column) for how in BROKEN_TEXT for column in ("scores", "lines")] + [
    (how, column) for how, (column, _) in BROKEN_VALUE.items()
]


@pytest.mark.parametrize(("how", "column"), BROKEN)
def test_a_broken_sheet_is_ignored_and_rewritten(engine, small_chunks, how, column):
    """Nothing in a sheet is believed unless it is well-formed: the session
    shows (and can be written) as its hand rows say, and the sheet is rebuilt."""
    view = _swedish(engine)  # pieces of 4 and 2 hands
    if how in BROKEN_TEXT:
        _put(engine, view.id, column, BROKEN_TEXT[how], chunk=1)
    else:
        change = BROKEN_VALUE[how][1]
        piece = _pieces(engine, view.id)[0]
        values = json.loads(getattr(piece, column))
        change(values)
        _put(engine, view.id, column, values)
    reopened = open_session(engine=engine, session_id=view.id)
    _same(reopened, view)  # every line read
    assert _shown(engine, view.id) is not None  # rebuilt
    after = record_hand(engine=engine, session_id=view.id, hand=hand("Bo", {"Cato": 1}))
    assert len(after.hands) == 7


@pytest.mark.parametrize("how", [h for h, (column, _) in BROKEN_VALUE.items() if column == "lines"])
def test_lines_that_do_not_read_back_though_signed_are_not_believed(engine, small_chunks, how):
    """Lines are read when shown; should a piece's lines not read back even
    with their digest (never written so by the services), its lines show what
    the standings know, and a write that changes a hand of that piece (or an
    earlier one) rebuilds the sheet from the hand rows."""
    view = _swedish(engine)
    piece = _pieces(engine, view.id)[0]
    values = json.loads(piece.lines)
    BROKEN_VALUE[how][1](values)
    _put(engine, view.id, "lines", values, sign=True)
    shown = open_session(engine=engine, session_id=view.id)
    assert shown.standings == view.standings
    assert [line.running for line in shown.hands] == [line.running for line in view.hands]
    assert tuple(shown.hands[4:]) == tuple(view.hands[4:])  # the other piece reads as written
    with Session(engine) as db:
        assert not load(db, view.id).rebuilt  # recording reads the last piece only
        db.rollback()
        assert load(db, view.id, lines=(1, 1)).rebuilt  # a write to hand 2 reads its piece
        db.rollback()
    first = view.hands[1]
    again = edit_hand(
        engine=engine,
        session_id=view.id,
        number=2,
        hand=hand("Bo", {"Cato": ["K", "3"]}, played_at=first.played_at),
    )
    assert tuple(again.hands) == tuple(view.hands)
    assert tuple(open_session(engine=engine, session_id=view.id).hands) == tuple(view.hands)


@pytest.mark.parametrize(
    "change",
    [
        "DELETE FROM score_sheet_chunk WHERE session_id = :sid AND chunk = 0",
        "UPDATE score_sheet_chunk SET chunk = 5 WHERE session_id = :sid AND chunk = 1",
        "UPDATE score_sheet_chunk SET hands = 3 WHERE session_id = :sid AND chunk = 0",
        "UPDATE score_sheet_chunk SET hands = 0 WHERE session_id = :sid AND chunk = 1",
        "UPDATE score_sheet_chunk SET scored_with = 'older' WHERE session_id = :sid AND chunk = 1",
    ],
)
def test_pieces_missing_or_out_of_place_are_not_believed(engine, db, small_chunks, change):
    view = _swedish(engine)
    db.exec(text(change).bindparams(sid=view.id))  # type: ignore[call-overload]
    db.commit()
    assert _shown(engine, view.id) is None
    _same(open_session(engine=engine, session_id=view.id), view)
    assert _shown(engine, view.id) is not None


def test_a_sheet_from_other_scoring_code_is_ignored(engine, db):
    view = _swedish(engine, hands=2)
    db.exec(  # type: ignore[call-overload]
        text(
            "UPDATE score_sheet_chunk SET scored_with = 'older' WHERE session_id = :sid"
        ).bindparams(sid=view.id)
    )
    db.commit()
    assert _shown(engine, view.id) is None
    with read_only(engine) as reader:
        assert load_shown(reader, view.id)[1] is None
    _same(open_session(engine=engine, session_id=view.id), view)


def test_imported_sessions_get_a_sheet(engine):
    view = start_session(engine=engine, game_id="four_suit_rummy", players=["Anna", "Bjørn"])
    record_hand(engine=engine, session_id=view.id, hand=FSR_EXAMPLE_1)
    record_hand(engine=engine, session_id=view.id, hand=FSR_EXAMPLE_2)
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
    assert db.exec(select(SheetChunkRow)).all() == []


def test_the_sheet_parses_only_whole_pieces():
    sheet = Sheet(2, [(0, [1, 2], None, None, [], [0, 3])] * 5)
    pieces = [(*sheet.chunk_texts(0), digest(sheet.chunk_texts(0)[2]))]
    assert Sheet.parse(pieces, 5, 2) is not None
    assert Sheet.parse(pieces, 4, 2) is None  # the hand rows say otherwise
    assert Sheet.parse(pieces, 5, 3) is None  # another number of seats
    assert Sheet.parse([], 0, 2) is not None  # no hands, no pieces


# -- HandLines ---------------------------------------------------------------------


def _line(number: int) -> HandLine:
    return HandLine(number, None, {"A": number}, {"A": number}, {}, None, None, ())


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
