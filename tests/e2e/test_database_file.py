"""The SQLite file under a running server (issue 26): deleted, its next save
is refused in words on the phone and nothing shows as saved (item 2); two
servers and the command line on one file carry each other's writes to the
open tabs without a reload (item 8)."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, Taps, enter_hand, new_session, settle, wait_for, wait_says

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bo", "Cato"]
ROOT = Path(__file__).resolve().parents[2]


def _db_file(server: h.AppServer) -> Path:
    return Path(server.env["KORTPOENG_DB"].removeprefix("sqlite:///"))


def test_a_save_after_the_file_was_deleted_is_refused_and_not_shown_saved(
    flet_app, open_page
) -> None:
    server = flet_app(APP, lang="en")
    db_file = _db_file(server)
    phone = open_page(server)
    new_session(phone, "swedish_rummy", PLAYERS, preset="100n")
    enter_hand(Taps(phone), PLAYERS, "Anna", {"Bo": ["K"]})
    wait_for(phone, "hand-row-1")
    # the next hand is being entered when the file goes (a sync client moves it)
    enter_hand(Taps(phone), PLAYERS, "Bo", {"Cato": ["9"]}, save=False)
    kept = db_file.with_name("kept.sqlite3")
    os.link(db_file, kept)  # the file the server has open, to look into afterwards
    db_file.unlink()
    settle(phone)
    h.tap(phone, "hand-save")
    wait_says(phone, "hand-error", f"The database file {db_file} is gone: nothing was saved")
    h.screenshot(phone, "database-file-gone-en-phone")
    assert h.by_id(phone, "screen-hand").count()  # still on the hand: not shown as saved
    # a reload says the file is gone, and shows no hand as saved
    phone.reload()
    h.wait_first_frame(phone)
    h.enable_semantics(phone)
    h.wait_for_text(phone, re.compile("The database file .* is gone"))
    assert not h.by_id(phone, "hand-row-2").count()
    assert not db_file.exists()  # no new, empty database made where it was
    # the file that went, with its log (still at the old path): the one hand only
    look = db_file.with_name("look.sqlite3")
    shutil.copyfile(kept, look)
    wal = Path(f"{db_file}-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(f"{look}-wal"))
    with closing(sqlite3.connect(look)) as raw:
        assert raw.execute("SELECT count(*) FROM hand").fetchone() == (1,)


def test_two_servers_and_the_command_line_on_one_file_reach_each_others_tabs(
    flet_app, open_page, tmp_path
) -> None:
    shared = tmp_path / "family.sqlite3"
    env = {"KORTPOENG_DB": f"sqlite:///{shared}"}
    laptop = flet_app(APP, lang="en", env=env)
    second = flet_app(APP, lang="en", env=env)
    phone_a = open_page(laptop)
    new_session(phone_a, "swedish_rummy", PLAYERS, preset="100n")
    enter_hand(Taps(phone_a), PLAYERS, "Anna", {"Bo": ["K"]})
    path = phone_a.url.split("/", 3)[3]
    phone_b = open_page(second, path=path)
    wait_for(phone_b, "hand-row-1")

    # saved through the laptop's server: the other server's tab shows it, no reload
    enter_hand(Taps(phone_a), PLAYERS, "Bo", {"Cato": ["9"]})
    wait_for(phone_b, "hand-row-2")
    # and the other way round
    enter_hand(Taps(phone_b), PLAYERS, "Cato", {"Anna": ["5"]})
    wait_for(phone_a, "hand-row-3")

    # the command line stores a session: the laptop's list shows it, no reload
    h.tap(phone_a, "nav-back")
    wait_for(phone_a, "screen-sessions")
    document = tmp_path / "imported.json"
    cli = [sys.executable, "-m", "app.cli", "--db", str(shared)]
    done = subprocess.run(
        [*cli, "export", "1", "--format", "json", "-o", str(document)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    _new_id(document)
    done = subprocess.run(
        [*cli, "import", str(document)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    wait_for(phone_a, "session-2")


def _new_id(document: Path) -> None:
    """The exported session as another one (a new id), to import."""
    import json
    import uuid

    data = json.loads(document.read_text(encoding="utf-8"))
    data["id"] = str(uuid.uuid4())
    document.write_text(json.dumps(data), encoding="utf-8")
