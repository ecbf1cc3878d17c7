"""Issue 26, item 7: reads and writes on PostgreSQL have a time limit.

The report: while another client held ``LOCK TABLE hand``, the other
process's tab waited 21 s to open a session's rules (reads had no limit).
Now a statement waits at most ``lock_timeout`` for a lock and runs at most
``statement_timeout`` (:mod:`models.server_limits`); either leaves as
:class:`DatabaseBusy` ("busy, try again"), and what does not need the lock
keeps answering. The assertions are about what is raised, never how long it
took (the limit is what ends the wait: without one, the read waits as long as
the lock is held, here until the test gives up).
"""

from __future__ import annotations

import threading

import psycopg
import pytest

from app.i18n import use_language
from app.messages import describe_error
from models import server_limits
from models.db import init_db, make_engine, open_database, read_only
from models.errors import DatabaseBusy
from models.faults import storage_faults
from models.services import list_games, list_players, open_session, record_hand, start_session
from scoring import Hand, parse_cards


def _hand(note: str) -> Hand:
    return Hand("A", {"B": parse_cards(["KH", "7S"])}, note=note)


@pytest.fixture
def engine(pg_url):
    eng = make_engine(pg_url)
    init_db(eng)
    yield eng
    eng.dispose()


@pytest.fixture
def session_id(engine) -> int:
    sid = start_session(engine=engine, game_id="rummy", players=["A", "B"]).id
    record_hand(engine=engine, session_id=sid, hand=_hand("before the lock"))
    return sid


@pytest.fixture
def hand_locked(engine):
    """Another client holding ``LOCK TABLE hand`` (released after the test)."""
    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url) as other:
        other.execute("LOCK TABLE hand IN ACCESS EXCLUSIVE MODE")
        yield
        other.rollback()


def _run_bounded(work, limit_s: float = 120.0):
    """``work()`` in a thread: what it returned or raised; fails the test when
    it is still waiting after ``limit_s`` (far beyond any limit of ours)."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = work()
        except BaseException as error:  # handed to the test
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(limit_s)
    if thread.is_alive():
        pytest.fail(f"still waiting for the lock after {limit_s} s: no time limit")
    return outcome


def test_opening_a_session_while_another_client_locks_the_hands_is_busy(
    engine, session_id, hand_locked
):
    # the report's case: the rules screen opens the session (its snapshot and hands)
    outcome = _run_bounded(lambda: open_session(engine=engine, session_id=session_id).game_rules)
    assert isinstance(outcome.get("error"), DatabaseBusy), outcome
    with use_language("en"):
        assert "busy" in describe_error(outcome["error"]) and "try again" in describe_error(
            outcome["error"]
        )
    with use_language("nb"):
        assert "opptatt" in describe_error(outcome["error"])
    # other tabs keep answering: what does not need the hands still reads
    assert [(p.name, p.sessions) for p in list_players(engine=engine)] == [("A", 1), ("B", 1)]
    # a save waits no longer either, and writes nothing
    saved = _run_bounded(lambda: record_hand(engine=engine, session_id=session_id, hand=_hand("x")))
    assert isinstance(saved.get("error"), DatabaseBusy), saved


def test_the_lock_released_the_same_reads_and_writes_work(engine, session_id, pg_url):
    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url) as other:
        other.execute("LOCK TABLE hand IN ACCESS EXCLUSIVE MODE")
        refused = _run_bounded(lambda: open_session(engine=engine, session_id=session_id))
        other.rollback()
    assert isinstance(refused.get("error"), DatabaseBusy)
    view = record_hand(engine=engine, session_id=session_id, hand=_hand("after the lock"))
    assert [h.note for h in view.hands] == ["before the lock", "after the lock"]


def test_the_command_lines_quick_reads_have_the_limit_too(engine, session_id, hand_locked, pg_url):
    quick = open_database(pg_url)
    try:
        assert quick.quick  # read with psycopg alone
        outcome = _run_bounded(lambda: open_session(engine=quick, session_id=session_id))
        assert isinstance(outcome.get("error"), DatabaseBusy), outcome
        assert list_games(engine=quick)  # answers
    finally:
        quick.dispose()


def _settings(reader) -> tuple[str, str]:
    return reader.value("SHOW lock_timeout"), reader.value("SHOW statement_timeout")


def test_both_kinds_of_handle_are_opened_with_the_limits(engine, pg_url):
    assert (server_limits.LOCK_TIMEOUT_MS, server_limits.STATEMENT_TIMEOUT_MS) == (3000, 10000)
    with read_only(engine) as reader:
        assert _settings(reader) == ("3s", "10s")
    quick = open_database(pg_url)
    try:
        assert quick.quick  # read with psycopg alone
        with read_only(quick) as reader:
            assert _settings(reader) == ("3s", "10s")
    finally:
        quick.dispose()


def test_a_urls_own_options_are_kept_and_win(pg_url):
    engine = make_engine(f"{pg_url}?options=-c%20lock_timeout%3D1500%20-c%20search_path%3Dpublic")
    try:
        with read_only(engine) as reader:
            assert _settings(reader) == ("1500ms", "10s")
            assert reader.value("SHOW search_path") == "public"
    finally:
        engine.dispose()


def test_a_statement_over_its_time_limit_is_busy(engine):
    # the limit itself is 10 s; here one transaction lowers it to 50 ms
    with pytest.raises(DatabaseBusy), storage_faults(engine), engine.connect() as connection:
        connection.exec_driver_sql("SET LOCAL statement_timeout = 50")
        connection.exec_driver_sql("SELECT pg_sleep(30)")


def test_a_migration_runs_without_the_limits_and_only_it(pg_cluster, monkeypatch):
    from alembic import command

    name = pg_cluster.fresh_database(migrated=False)
    engine = make_engine(pg_cluster.url(name))
    seen: list[tuple[str, str]] = []
    real_upgrade = command.upgrade

    def upgrade(config, revision):
        connection = config.attributes["connection"]
        shown = [
            connection.exec_driver_sql(f"SHOW {s}").scalar()
            for s in ("lock_timeout", "statement_timeout")
        ]
        seen.append(tuple(shown))
        return real_upgrade(config, revision)

    monkeypatch.setattr(command, "upgrade", upgrade)
    try:
        init_db(engine)  # a long upgrade of a big database is not cut off half-way
        assert seen == [("0", "0")]
        with read_only(engine) as reader:  # SET LOCAL: the pool's connection has them again
            assert _settings(reader) == ("3s", "10s")
    finally:
        engine.dispose()
        pg_cluster.drop(name)
