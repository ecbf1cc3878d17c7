"""A PostgreSQL server that is down, goes away mid-write or refuses the login
(issue 13, "Bad input and faults"): one translated line (the command line
exits 3; the app's message says to try again), never the library's text, and
no write half-done."""

from __future__ import annotations

import contextlib

import pg_cluster as pgc
import pytest
from sqlalchemy import event

from app.cli import main
from app.i18n import use_language
from app.messages import describe_error
from models.db import init_db, make_engine, read_only
from models.errors import DatabaseLoginRefused, DatabaseUnopenable, DatabaseUnreachable
from models.services import open_session, record_hand, start_session
from scoring import Hand, parse_cards


def _hand(i: int) -> Hand:
    return Hand("A", {"B": parse_cards(["KH", "7S"][: 1 + i % 2])}, note=f"h{i}")


def _cli(capsys, url: str, *args: str) -> tuple[int, str, str]:
    status = main(["--db", url, *args])
    out, err = capsys.readouterr()
    return status, out, err


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for library_words in ("Traceback", "Error", "connection failed", "sqlalche", "FATAL"):
        assert library_words not in err
    return lines[0]


@pytest.fixture
def restarted(pg_cluster):
    """The session's server, started again after the test whatever happened."""
    yield pg_cluster
    with contextlib.suppress(RuntimeError):  # it was running already
        pg_cluster.start()


def test_server_stopped_between_two_statements_of_a_write_writes_nothing(restarted, pg_url, capsys):
    cluster = restarted
    engine = make_engine(pg_url)
    init_db(engine)
    sid = start_session(engine=engine, game_id="rummy", players=["A", "B"]).id
    for i in range(3):
        record_hand(engine=engine, session_id=sid, hand=_hand(i))
    before = open_session(engine=engine, session_id=sid)

    statements: list[str] = []

    def stop_after_the_first_write(_conn, _cursor, statement, *_args) -> None:
        statements.append(statement)
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE")) and len(statements) < 99:
            statements.extend([""] * 99)  # once
            cluster.stop()  # the hand row is written; the totals and results are not

    event.listen(engine, "after_cursor_execute", stop_after_the_first_write)
    with pytest.raises(DatabaseUnreachable) as caught:
        record_hand(engine=engine, session_id=sid, hand=_hand(3))
    event.remove(engine, "after_cursor_execute", stop_after_the_first_write)
    assert len(statements) >= 100, "the server was never stopped mid-write"
    assert caught.value.params["database"] == engine.url.render_as_string(hide_password=True)

    # while it is down: reads and writes say so in one line, nothing else
    with pytest.raises(DatabaseUnreachable):
        open_session(engine=engine, session_id=sid)
    url = engine.url.render_as_string(hide_password=False)
    status, out, err = _cli(capsys, url, "list")
    assert status == 3 and out == ""
    line = _one_line(err)
    assert "cannot be reached" in line and "try again" in line
    assert pgc.PASSWORD not in line and "***" in line

    cluster.start()
    after = open_session(engine=engine, session_id=sid)  # the pool's dead connections replaced
    assert after == before  # nothing of the fourth hand: no hand row, no totals
    with read_only(engine) as reader:
        assert reader.value("SELECT count(*) FROM hand WHERE session_id = :s", s=sid) == 3
        results = reader.rows(
            "SELECT seat, total, hands FROM session_result WHERE session_id = :s ORDER BY seat",
            s=sid,
        )
    assert [tuple(r) for r in results] == [
        (0, before.standings.totals["A"], 3),
        (1, before.standings.totals["B"], 3),
    ]
    view = record_hand(engine=engine, session_id=sid, hand=_hand(3))  # works again
    assert [h.note for h in view.hands] == ["h0", "h1", "h2", "h3"]
    engine.dispose()


@pytest.mark.parametrize(("language", "words"), [("en", "try again"), ("nb", "prøv igjen")])
def test_a_server_not_listening_is_one_line(pg_cluster, capsys, language, words):
    url = pg_cluster.url("postgres").replace(f":{pg_cluster.port}/", f":{pgc._free_port()}/")
    engine = make_engine(url)
    with pytest.raises(DatabaseUnreachable):
        init_db(engine)
    engine.dispose()
    with use_language(language):
        status, out, err = _cli(capsys, url, "list")
        assert status == 3 and out == ""
        assert words in _one_line(err).lower()
        assert words in describe_error(DatabaseUnreachable(database="x")).lower()


def test_web_does_not_start_on_a_server_that_is_down(pg_cluster, capsys):
    url = pg_cluster.url("postgres").replace(f":{pg_cluster.port}/", f":{pgc._free_port()}/")
    status, out, err = _cli(capsys, url, "web", "--port", "0")
    assert status == 3 and out == ""
    assert "cannot be reached" in _one_line(err)


def test_a_refused_login_is_one_line_without_the_password(pg_cluster, capsys):
    url = pg_cluster.url("postgres", password="not-the-password")
    engine = make_engine(url)
    with pytest.raises(DatabaseLoginRefused):
        init_db(engine)
    engine.dispose()
    status, out, err = _cli(capsys, url, "list")
    assert status == 3 and out == ""
    line = _one_line(err)
    assert "refused the login" in line and "not-the-password" not in line
    assert "try again" in describe_error(DatabaseLoginRefused(database="x"))


def test_a_database_that_does_not_exist_is_one_line(pg_cluster, capsys):
    url = pg_cluster.url("no_such_database")
    engine = make_engine(url)
    with pytest.raises(DatabaseUnopenable):
        init_db(engine)
    engine.dispose()
    status, _out, err = _cli(capsys, url, "show", "1")
    assert status == 3
    assert "Cannot open the database" in _one_line(err)


def test_a_url_without_a_driver_uses_psycopg(pg_url, capsys):
    plain = pg_url.replace("postgresql+psycopg://", "postgresql://")
    engine = make_engine(plain)
    assert engine.url.drivername == "postgresql+psycopg"
    start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    engine.dispose()
    status, out, err = _cli(capsys, plain, "list")
    assert status == 0, err
    assert "Kari" in out and "Ola" in out
