"""Issue 9, item 11: one rule for the times a session file may hold
(``started_at``, ``played_at``: a date in the years 1900 to 9999 once converted
to UTC and to any local time), the same in ``score``, ``import`` and what the
app saves; nothing stored that cannot be shown, in any time zone."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from safety_helpers import RUMMY, one_line, run, session_file

from app.i18n import format_date
from models.db import init_db, make_engine
from models.services import import_session, list_sessions, session_doc
from scoring import SessionFileError, read_session
from scoring.session_file import EARLIEST, LATEST, in_range

ZONES = ("America/New_York", "Pacific/Kiritimati")
#: The issue's cases: each crashed ``import`` or a later ``list``/``show``.
REFUSED = (
    "0001-01-01T00:30:00+01:00",  # OverflowError on import (exit 1); score accepted it
    "9999-12-31T23:59:59-14:00",  # the same at the other end
    "0001-01-01T00:00:00+00:00",  # imported, then list/show crashed under America/New_York
)
#: The first and last moments accepted, and a late one written with +14:00.
ACCEPTED = (
    "1900-01-02T00:00:00+00:00",
    "1900-01-01T12:00:00-12:00",
    "9999-12-30T23:59:59+00:00",
    "9999-12-31T12:00:00+14:00",
)


@pytest.fixture(params=ZONES)
def zone(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """This process's local time zone (``TZ``) for the test."""
    monkeypatch.setenv("TZ", request.param)
    time.tzset()
    yield request.param
    monkeypatch.undo()
    time.tzset()


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("moment", REFUSED)
def test_score_and_import_refuse_the_same_way(
    moment: str, zone: str, tmp_path: Path, capsys
) -> None:
    """In this process, its local time zone ``zone`` (the commands as
    ``main`` runs them; the crashes were raised by the conversions, not the
    process)."""
    db = tmp_path / "kp.db"
    path = _file(tmp_path, "s.json", session_file(started_at=moment))
    line = f"The start time must be a time in the years 1900 to 9999, not “{moment}”"
    for command in (("score", str(path)), ("--db", str(db), "import", str(path))):
        status, out, err = run(capsys, *command)
        assert status == 2 and out == "", err
        assert one_line(err) == line
    status, out, _err = run(capsys, "--db", str(db), "list")
    assert (status, out) == (0, "No sessions yet.\n")


@pytest.mark.parametrize("moment", REFUSED)
def test_a_hand_time_follows_the_same_rule(moment: str, tmp_path: Path, capsys) -> None:
    hands = [dict(RUMMY["hands"][0], played_at=moment)]
    path = _file(tmp_path, "s.json", session_file(hands=hands))
    line = f"Hand 1: time played must be a time in the years 1900 to 9999, not “{moment}”"
    status, _out, err = run(capsys, "score", str(path))
    assert (status, one_line(err)) == (2, line)
    status, _out, err = run(capsys, "--db", str(tmp_path / "kp.db"), "import", str(path))
    assert (status, one_line(err)) == (2, line)
    status, _out, err = run(capsys, "score", str(path), lang="nb")
    assert one_line(err) == (
        f"Runde 1: spilletidspunktet må være et tidspunkt i årene 1900 til 9999, ikke «{moment}»"
    )


@pytest.mark.parametrize("moment", ACCEPTED)
def test_the_edges_that_are_accepted_can_be_shown_everywhere(
    moment: str, zone: str, tmp_path: Path, capsys
) -> None:
    db = tmp_path / "kp.db"
    hands = [dict(hand, played_at=moment) for hand in RUMMY["hands"]]
    path = _file(tmp_path, "s.json", session_file(started_at=moment, hands=hands))
    status, out, err = run(capsys, "score", str(path))
    assert status == 0, err
    status, _out, err = run(capsys, "--db", str(db), "import", str(path))
    assert status == 0, err
    for command in (("list",), ("show", "1"), ("export", "1", "--format", "txt")):
        status, out, err = run(capsys, "--db", str(db), *command)
        assert (status, err) == (0, ""), command
        assert moment[:4] in out, (command, out)  # the year, in this zone too
    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "pdf", "-o", str(tmp_path / "s.pdf")
    )
    assert (status, err) == (0, f"Wrote {tmp_path / 's.pdf'}\n")
    # what the app's session list shows: the stored UTC date, in years 1900-9999
    engine = make_engine(db)
    try:
        [item] = list_sessions(engine=engine).items
        assert 1900 <= item.started_at.astimezone().year <= 9999
        assert format_date(item.started_at)
        assert session_doc(engine=engine, session_id=1).started_at == moment
    finally:
        engine.dispose()


def test_the_rule_at_its_boundaries() -> None:
    assert in_range(EARLIEST) and in_range(LATEST)
    for text in REFUSED:
        assert not in_range(datetime.fromisoformat(text))
    for text in ACCEPTED:
        assert in_range(datetime.fromisoformat(text))
    assert not in_range(datetime.fromisoformat("1900-01-01T23:59:59+00:00"))
    assert not in_range(datetime.fromisoformat("9999-12-31T00:00:00+00:00"))
    doc = json.loads(session_file(started_at="1900-01-01T23:59:59+00:00"))
    with pytest.raises(SessionFileError) as caught:
        read_session(doc)
    assert caught.value.params == {
        "value": "1900-01-01T23:59:59+00:00",
        "earliest": 1900,
        "latest": 9999,
    }


def test_a_time_stored_before_the_rule_still_shows(zone: str, tmp_path: Path, capsys) -> None:
    """A database written by an older Kortpoeng may hold 0001-01-01T00:00Z:
    ``list`` and ``show`` crashed on it under America/New_York."""
    db = tmp_path / "kp.db"
    engine = make_engine(db)
    init_db(engine)
    import_session(engine=engine, data=session_file())
    engine.dispose()
    with sqlite3.connect(db) as raw:
        raw.execute(
            "UPDATE game_session SET started_at = '0001-01-01 00:00:00.000000', "
            "started_at_iso = '0001-01-01T00:00:00+00:00'"
        )
    raw.close()
    for command in (("list",), ("show", "1")):
        status, out, err = run(capsys, "--db", str(db), *command)
        assert (status, err) == (0, ""), command
        # as stored (UTC): there is no local date for it in every zone
        assert re.search(r"\b1 Jan 1\b", out), out
