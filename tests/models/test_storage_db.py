"""The database layer: location, pragmas, migrations agree with the models."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel

import models.tables  # noqa: F401
from models.db import (
    BUSY_TIMEOUT_MS,
    HEAD_REVISION,
    alembic_config,
    database_url,
    default_database_path,
    init_db,
    make_engine,
    schema_revision,
)


def test_database_url_accepts_url_path_and_env(tmp_path, monkeypatch):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    assert database_url("postgresql://u@h/db") == "postgresql://u@h/db"
    assert database_url(tmp_path / "a.db") == f"sqlite:///{tmp_path / 'a.db'}"
    monkeypatch.setenv("KORTPOENG_DB", str(tmp_path / "env.db"))
    assert database_url() == f"sqlite:///{tmp_path / 'env.db'}"
    monkeypatch.setenv("KORTPOENG_DB", "sqlite:///elsewhere.db")
    assert database_url() == "sqlite:///elsewhere.db"
    # an explicit --db wins over the environment
    assert database_url(tmp_path / "b.db") == f"sqlite:///{tmp_path / 'b.db'}"


def test_default_location_prefers_flet_storage(tmp_path, monkeypatch):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert default_database_path() == tmp_path / "flet" / "kortpoeng.db"
    assert database_url() == f"sqlite:///{tmp_path / 'flet' / 'kortpoeng.db'}"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    path = default_database_path()
    assert path.name == "kortpoeng.db"
    assert path.is_absolute()
    assert "Kortpoeng" in path.parts or "kortpoeng" in str(path).lower()


def test_make_engine_creates_parent_folder(tmp_path):
    engine = make_engine(tmp_path / "deep" / "er" / "k.db")
    init_db(engine)
    engine.dispose()
    assert (tmp_path / "deep" / "er" / "k.db").is_file()


@pytest.mark.sqlite_only
def test_pragmas_on_every_connection(engine):
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == BUSY_TIMEOUT_MS == 3_000
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_foreign_keys_are_enforced(engine):
    with Session(engine) as s, pytest.raises(IntegrityError):
        s.exec(
            text(
                "INSERT INTO hand (session_id, number, entry, warnings, "
                "created_at, updated_at) VALUES (999, 1, '{}', '[]', "
                "'2026-01-01', '2026-01-01')"
            )
        )
        s.commit()


def test_init_db_is_idempotent_and_at_head(engine, db_path):
    init_db(engine)  # second start: nothing to do
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with engine.connect() as conn:
        assert MigrationContext.configure(conn).get_current_revision() == head
    tables = set(inspect(engine).get_table_names())
    assert {"player", "game_session", "session_player", "hand", "alembic_version"} <= tables
    if engine.dialect.name != "sqlite":
        return
    # a plain sqlite3 reader sees a healthy file
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_head_revision_constant_is_alembics_head(engine):
    """Start-up skips Alembic when the file is at HEAD_REVISION: it must be the
    newest migration, or a new migration would never run."""
    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == HEAD_REVISION
    assert schema_revision(engine) == HEAD_REVISION


def test_an_older_revision_is_upgraded_on_start(tmp_path: Path):
    """A file at an older migration is upgraded by init_db (not skipped)."""
    from alembic import command

    path = tmp_path / "older.db"
    engine = make_engine(path)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0002")
    assert schema_revision(engine) == "0002"
    init_db(engine)
    assert schema_revision(engine) == HEAD_REVISION
    assert "totals" in {c["name"] for c in inspect(engine).get_columns("game_session")}
    engine.dispose()


def test_migrations_match_models(engine):
    """The migrations produce exactly the schema the table models describe."""
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        diff = compare_metadata(context, SQLModel.metadata)
    assert diff == []


def test_upgrade_from_an_empty_older_file(tmp_path: Path):
    """A database file that predates the schema (empty) is upgraded on start."""
    path = tmp_path / "old.db"
    sqlite3.connect(path).close()
    engine = make_engine(path)
    init_db(engine)
    assert "hand" in inspect(engine).get_table_names()
    engine.dispose()


def test_an_older_database_is_upgraded_on_start_and_keeps_its_data(tmp_path: Path):
    """A file left at the first migration (with a session in it) is upgraded by
    ``init_db`` and everything stored before is still there and scores the same."""
    from alembic import command

    from models.services import list_sessions, open_session

    path = tmp_path / "old.db"
    engine = make_engine(path)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0001")
    now = "2026-11-29 19:30:00.000000"
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO player (id, name, name_key, created_at) VALUES "
            f"(1, 'Kari', 'kari', '{now}'), (2, 'Ola', 'ola', '{now}')"
        )
        conn.exec_driver_sql(
            "INSERT INTO game_session (id, uuid, game, options, started_at, created_at, "
            "updated_at, winner_seats) VALUES (1, '3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a10', "
            f"'rummy', '{{}}', '{now}', '{now}', '{now}', '[]')"
        )
        conn.exec_driver_sql(
            "INSERT INTO session_player (session_id, seat, player_id) VALUES (1, 0, 1), (1, 1, 2)"
        )
        conn.exec_driver_sql(
            "INSERT INTO hand (session_id, number, went_out_seat, entry, rummy, warnings, "
            "created_at, updated_at) VALUES (1, 1, 0, "
            """'{"left": {"1": ["K", "7", "A"]}}', 0, '[]', """
            f"'{now}', '{now}')"
        )
    init_db(engine)
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with engine.connect() as conn:
        assert MigrationContext.configure(conn).get_current_revision() == head != "0001"
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
    view = open_session(engine=engine, session_id=1)
    assert view.standings.totals == {"Kari": 0, "Ola": 18}  # K + 7 + A
    assert list_sessions(engine=engine).items[0].uuid == "3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a10"
    engine.dispose()


def test_migrations_downgrade_to_nothing_and_up_again(engine):
    from alembic import command

    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    init_db(engine)
    assert "hand" in inspect(engine).get_table_names()


def test_upgrading_to_stored_results_fills_them_for_every_session(tmp_path: Path):
    """Migration 0005 scores every stored session and fills ``session_result``
    (a session that cannot be scored gets none and is marked for a rescore)."""
    from alembic import command

    from models.services import game_statistics, open_session

    path = tmp_path / "at4.db"
    engine = make_engine(path)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0004")
    now = "2026-11-29 19:30:00.000000"
    later = "2026-11-29 21:30:00.000000"
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO player (id, name, name_key, created_at) VALUES "
            f"(1, 'Kari', 'kari', '{now}'), (2, 'Ola', 'ola', '{now}'), (3, 'Per', 'per', '{now}')"
        )
        sessions = [
            # rummy, one round: Kari 0, Ola 18 -> Kari wins (lowest total)
            (1, "rummy", '{"rounds": 1}', f"'{later}'", "[0]", [(0, 1), (1, 2)]),
            # Swedish Rummy to 100, not finished: Per 10
            (2, "swedish_rummy", "{}", "NULL", "[]", [(0, 3), (1, 1)]),
            # a hand naming a seat that does not exist: cannot be scored
            (3, "rummy", "{}", "NULL", "[]", [(0, 2), (1, 3)]),
        ]
        for sid, game, options, finished, winners, seats in sessions:
            conn.exec_driver_sql(
                "INSERT INTO game_session (id, uuid, game, options, started_at, created_at, "
                "updated_at, finished_at, winner_seats, scored_with) VALUES "
                f"({sid}, '3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a1{sid}', '{game}', '{options}', "
                f"'{now}', '{now}', '{now}', {finished}, '{winners}', 'old')"
            )
            for seat, pid in seats:
                conn.exec_driver_sql(
                    "INSERT INTO session_player (session_id, seat, player_id) "
                    f"VALUES ({sid}, {seat}, {pid})"
                )
        for sid, seat, entry in [
            (1, 0, '{"left": {"1": ["K", "7", "A"]}}'),
            (2, 0, '{"left": {"1": ["K"]}}'),
            (3, 0, '{"left": {"5": ["K"]}}'),
        ]:
            conn.exec_driver_sql(
                "INSERT INTO hand (session_id, number, went_out_seat, entry, rummy, warnings, "
                f"created_at, updated_at) VALUES ({sid}, 1, {seat}, '{entry}', 0, '[]', "
                f"'{now}', '{now}')"
            )
    init_db(engine)
    with engine.connect() as conn:
        rows = conn.exec_driver_sql(
            "SELECT session_id, seat, player_id, total, place, won, hands, best_hand, "
            "lowest_wins FROM session_result ORDER BY session_id, seat"
        ).all()
        stale = (
            conn.exec_driver_sql("SELECT id FROM game_session WHERE scored_with IS NULL")
            .scalars()
            .all()
        )
    assert [tuple(r) for r in rows] == [
        (1, 0, 1, 0, 1, 1, 1, 0, 1),
        (1, 1, 2, 18, 2, 0, 1, 18, 1),
        (2, 0, 3, 10, 1, 0, 1, 10, 0),
        (2, 1, 1, 0, 2, 0, 1, 0, 0),
    ]
    assert stale == [3]
    [rummy] = game_statistics(engine=engine)  # session 3 stays out (logged)
    assert (rummy.game_id, rummy.lowest_wins, rummy.sessions) == ("rummy", True, 1)
    assert [(p.player, p.wins, p.best_hand) for p in rummy.players] == [
        ("Kari", 1, 0),
        ("Ola", 0, 18),
    ]
    assert open_session(engine=engine, session_id=2).standings.totals == {"Per": 10, "Kari": 0}
    engine.dispose()
