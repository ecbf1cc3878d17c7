"""Migration 0008 (issue 27, item 1): a hand's *rummy* is the flag ``rummy``
of the game's definition, stored with the other hand flags; the ``rummy``
column of ``hand`` and ``hand_trash`` is gone. A database made at 0007 keeps
every hand's rummy as the flag — in the trash too — and scores the same; a
deleted hand's id is still never given again; downgrading puts the column back.

On a real SQLite file made at 0007, and on both backends (SQLite and the
test session's PostgreSQL, ``pg_url``) by going down to 0007 and up again."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import models.tables  # noqa: F401 - the table models compared with the schema
from models.db import alembic_config, init_db, make_engine
from models.services import (
    export_session,
    open_session,
    record_hand,
    restore_hand,
    session_doc,
)
from scoring import Hand

NOW = "2026-11-29 19:30:00.000000"
WINNER_COLLECTS = '{"scoring": "winner_collects", "target": 500}'


def _fill_at_0007(connection) -> None:
    """A Rummy session (winner collects) at revision 0007: hand 1 Kari went
    rummy over Ola's K and 7 (17, doubled 34), hand 2 Ola went out plainly over
    Kari's 5; a deleted hand in the trash that went rummy (id 9, the highest
    ever given); a Hearts session whose hand has a flag of its own."""
    run = connection.exec_driver_sql
    run(
        "INSERT INTO player (id, name, name_key, created_at) VALUES "
        f"(1, 'Kari', 'kari', '{NOW}'), (2, 'Ola', 'ola', '{NOW}'), (3, 'Per', 'per', '{NOW}')"
    )
    run(
        "INSERT INTO game_session (id, uuid, game, options, started_at, created_at, "
        "updated_at, winner_seats) VALUES "
        "(1, '3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a10', 'rummy', "
        f"'{WINNER_COLLECTS}', '{NOW}', '{NOW}', '{NOW}', '[]'), "
        "(2, '3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a11', 'hearts', "
        f"'{{}}', '{NOW}', '{NOW}', '{NOW}', '[]')"
    )
    run(
        "INSERT INTO session_player (session_id, seat, player_id) VALUES "
        "(1, 0, 1), (1, 1, 2), (2, 0, 1), (2, 1, 2), (2, 2, 3)"
    )
    run(
        "INSERT INTO hand (id, session_id, number, went_out_seat, entry, rummy, warnings, "
        "created_at, updated_at) VALUES "
        f"""(3, 1, 1, 0, '{{"left": {{"1": ["K", "7"]}}}}', TRUE, '[]', '{NOW}', '{NOW}'), """
        f"""(5, 1, 2, 1, '{{"left": {{"0": ["5"]}}}}', FALSE, '[]', '{NOW}', '{NOW}'), """
        f"""(7, 2, 1, NULL, '{{"left": {{"0": ["QS"]}}, "flags": {{"moon": "1"}}}}', FALSE, """
        f"'[]', '{NOW}', '{NOW}')"
    )
    run(
        "INSERT INTO hand_trash (id, session_id, number, went_out_seat, entry, rummy, "
        "warnings, created_at, deleted_at, session_finished) VALUES "
        f"""(9, 1, 3, 0, '{{"left": {{"1": ["Q"]}}}}', TRUE, '[]', '{NOW}', '{NOW}', FALSE)"""
    )
    if connection.dialect.name == "sqlite":  # hand 9 was in ``hand`` once
        run("UPDATE sqlite_sequence SET seq = 9 WHERE name = 'hand'")
    else:
        run("SELECT setval(pg_get_serial_sequence('hand', 'id'), 9)")


def _entries(engine, table: str) -> dict[int, dict]:
    with engine.connect() as connection:
        rows = connection.execute(text(f"SELECT id, entry FROM {table}")).all()
    return {
        hand_id: entry if isinstance(entry, dict) else json.loads(entry) for hand_id, entry in rows
    }


def _check_upgraded(engine) -> None:
    """What 0008 must have made of :func:`_fill_at_0007`'s rows."""
    for table in ("hand", "hand_trash"):
        assert "rummy" not in {c["name"] for c in inspect(engine).get_columns(table)}
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
    hands = _entries(engine, "hand")
    assert hands[3] == {"left": {"1": ["K", "7"]}, "flags": {"rummy": "0"}}  # Kari's seat
    assert hands[5] == {"left": {"0": ["5"]}}
    assert hands[7] == {"left": {"0": ["QS"]}, "flags": {"moon": "1"}}  # untouched
    assert _entries(engine, "hand_trash")[9] == {"left": {"1": ["Q"]}, "flags": {"rummy": "0"}}
    # scored as before: 17 doubled for Kari, 5 for Ola
    view = open_session(engine=engine, session_id=1)
    assert view.standings.totals == {"Kari": 34, "Ola": 5}
    assert session_doc(engine=engine, session_id=1).hands[0].flags == {"rummy": "Kari"}
    exported = json.loads(export_session(engine=engine, session_id=1))
    assert [h.get("rummy") for h in exported["hands"]] == [True, None]
    # the hand in the trash comes back with its rummy (Q 10, doubled)
    back = restore_hand(engine=engine, hand_id=9)
    assert [dict(line.points)["Kari"] for line in back.hands] == [34, 0, 20]
    # no id is given twice: the next hand's is above the highest ever given
    record_hand(
        engine=engine,
        session_id=1,
        hand=Hand("Ola", {"Kari": 1}),
        confirm_warnings=True,
    )
    with engine.connect() as connection:
        assert connection.execute(text("SELECT MAX(id) FROM hand")).scalar_one() == 10


def test_a_sqlite_file_made_at_0007_keeps_every_rummy_as_the_flag(tmp_path: Path):
    path = tmp_path / "at7.db"
    engine = make_engine(path)
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection), "0007")
            _fill_at_0007(connection)
        init_db(engine)  # what starting the app does
        with sqlite3.connect(path) as raw:
            seq = raw.execute("SELECT seq FROM sqlite_sequence WHERE name = 'hand'").fetchone()
        assert seq[0] == 9  # kept through the copy SQLite makes to drop a column
        _check_upgraded(engine)
    finally:
        engine.dispose()


def test_both_backends_upgrade_from_0007_and_downgrade_again(engine):
    """The session's database (SQLite, and PostgreSQL through ``pg_url``),
    taken down to 0007, filled, upgraded; then down to 0007 again: the flag
    is the column once more."""
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0007")
        _fill_at_0007(connection)
    init_db(engine)
    _check_upgraded(engine)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0007")
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT id, rummy FROM hand ORDER BY id")).all()
        trashed = connection.execute(text("SELECT id, rummy FROM hand_trash")).all()
    assert [(hand_id, bool(rummy)) for hand_id, rummy in rows] == [
        (3, True),
        (5, False),
        (7, False),
        (9, True),
        (10, False),
    ]
    assert trashed == []  # hand 9 is back in the session (restored above)
    assert _entries(engine, "hand")[3] == {"left": {"1": ["K", "7"]}}
    assert _entries(engine, "hand")[9] == {"left": {"1": ["Q"]}}
    init_db(engine)  # and up again
    assert _entries(engine, "hand")[9] == {"left": {"1": ["Q"]}, "flags": {"rummy": "0"}}
