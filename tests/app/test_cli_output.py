"""What the command line prints (issue 25, item 14): names as typed, never
the literal ``\\u2068…\\u2069`` of an isolate shown safely; a PDF or a picture
never written to a terminal, however the terminal is named, and a file
written named on standard error; ``stats --game`` takes every game, by id
or by name, and names games by their names."""

from __future__ import annotations

import dataclasses
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language
from models.db import init_db, make_engine
from models.services import record_hand, save_game, start_session
from scoring import Hand, builtin_definition
from scoring.definition import Words

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "assets" / "samples"
FSI, PDI = "\u2068", "\u2069"
RTL_SESSION = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "rummy",
    "options": {"rounds": 1},
    "players": ["سارة", "יוסי", "Kari"],
    "hands": [{"went_out": "Kari", "left": {"سارة": 5, "יוסי": 3}}],
}


@pytest.fixture
def db(tmp_path, monkeypatch) -> str:
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    return str(tmp_path / "cli.db")


def run(capsys, *argv: str, language: str = "en") -> tuple[int, str, str]:
    with use_language(language):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _rtl(db: str, tmp_path: Path, capsys) -> str:
    path = tmp_path / "rtl.json"
    path.write_text(json.dumps(RTL_SESSION, ensure_ascii=False), encoding="utf-8")
    status, out, err = run(capsys, "--db", db, "import", str(path))
    assert status == 0, err
    return out + err


# -- names as typed ------------------------------------------------------------------


def test_list_prints_names_not_escaped_isolates(db, tmp_path, capsys) -> None:
    """The reported case: ``kortpoeng list`` printed ``\\u2068سارة\\u2069``."""
    said = _rtl(db, tmp_path, capsys)
    assert "Rummy, سارة, יוסי, Kari, 1 hand" in said  # the import's own line
    status, out, _ = run(capsys, "--db", db, "list")
    assert status == 0
    row = out.splitlines()[2].split("  ")
    assert "سارة, יוסי, Kari" in [cell.strip() for cell in row]
    for command in (["list"], ["show", "1"], ["stats"], ["trash"]):
        _, out, err = run(capsys, "--db", db, *command)
        assert "\\u206" not in out + err and FSI not in out + err, (command, out)


def test_the_text_export_keeps_its_isolates(db, tmp_path, capsys) -> None:
    """The text export isolates each right-to-left name (for chat apps): so
    it stays, written to a file or to standard output."""
    _rtl(db, tmp_path, capsys)
    status, out, _ = run(capsys, "--db", db, "export", "1", "--format", "txt", "-o", "-")
    assert status == 0
    assert f"{FSI}سارة{PDI}" in out and "\\u2068" not in out


# -- export: never to a terminal, a file named ------------------------------------------


@pytest.mark.parametrize("fmt", ["txt", "csv", "json", "pdf"])
def test_a_written_file_is_named_on_standard_error(db, tmp_path, capsys, fmt) -> None:
    assert run(capsys, "--db", db, "import", str(SAMPLES / "rummy.json"))[0] == 0
    target = tmp_path / f"out.{fmt}"
    status, out, err = run(capsys, "--db", db, "export", "1", "--format", fmt, "-o", str(target))
    assert status == 0
    assert out == "" and err == f"Wrote {target}\n"
    assert target.stat().st_size > 0
    status, _, err = run(
        capsys, "--db", db, "export", "1", "--format", fmt, "-o", str(target), language="nb"
    )
    assert status == 2 and "--force" in err  # (the refusal; nothing said as written)
    assert "Skrev" not in err


@pytest.mark.parametrize("fmt", ["pdf", "png"])
def test_a_terminal_named_as_the_output_file_is_refused_too(tmp_path, fmt) -> None:
    """``-o /dev/tty`` (or ``/dev/stdout`` of a terminal) is a terminal: the
    check for an existing file read from it (waiting for the keyboard), and
    ``--force`` would have put a PDF's bytes on the screen."""
    db = tmp_path / "kp.db"
    subprocess.run(
        [sys.executable, "-m", "app.cli", "--db", str(db), "import", str(SAMPLES / "rummy.json")],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    leader, follower = pty.openpty()
    export = ["export", "1", "--format", fmt, "--force", "-o", os.ttyname(follower)]
    try:
        done = subprocess.run(
            [sys.executable, "-m", "app.cli", "--db", str(db), *export],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "nb"},
            timeout=120,
        )
        os.set_blocking(leader, False)
        try:
            shown = os.read(leader, 65536)
        except BlockingIOError:
            shown = b""
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "En PDF eller et bilde vises ikke i en terminal: skriv det til en fil med -o FIL"
    )
    assert shown == b""


# -- stats --game: every game, by id or by name -----------------------------------------


@pytest.fixture
def played(db) -> str:
    """Finished sessions of Hearts (a built-in game defined as data) and of a
    custom copy of it, Family Hearts (id ``family_hearts``)."""
    engine = make_engine(db)
    init_db(engine)
    try:
        mine = dataclasses.replace(
            builtin_definition("hearts"),
            id="family_hearts",
            name=Words(nb="Familiehjerter", en="Family Hearts"),
        )
        save_game(engine=engine, definition=mine)
        for game in ("hearts", "family_hearts"):
            view = start_session(engine=engine, game_id=game, players=("Anna", "Bo", "Cato"))
            for _ in range(4):  # Anna takes every point: 104, the session ends
                view = record_hand(
                    engine=engine,
                    session_id=view.id,
                    hand=Hand(None, {"Anna": 26}),
                    confirm_warnings=True,
                )
            assert view.standings.finished
    finally:
        engine.dispose()
    return db


def _headings(out: str) -> list[str]:
    return [line for line in out.splitlines() if " — " in line]


def test_stats_names_a_custom_game_by_its_name(played, capsys) -> None:
    """A custom game's heading was its id (``family_hearts — …``). The
    built-in games come first, in the game picker's order (every built-in
    game is in the one id list, scoring.BUILTIN_GAME_IDS), then the others."""
    status, out, _ = run(capsys, "--db", played, "stats")
    assert status == 0
    assert _headings(out) == [
        "Hearts — 1 finished session · lowest total wins",
        "Family Hearts — 1 finished session · lowest total wins",
    ]


@pytest.mark.parametrize(
    ("wanted", "language", "heading"),
    [
        ("hearts", "en", "Hearts — 1 finished session · lowest total wins"),
        ("HEARTS", "en", "Hearts — 1 finished session · lowest total wins"),
        ("hjerter", "nb", "Hjerter — 1 ferdig parti · lavest sum vinner"),
        ("Hjerter", "en", "Hearts — 1 finished session · lowest total wins"),
        ("family_hearts", "en", "Family Hearts — 1 finished session · lowest total wins"),
        ("family hearts", "en", "Family Hearts — 1 finished session · lowest total wins"),
        (" FAMILIEHJERTER ", "nb", "Familiehjerter — 1 ferdig parti · lavest sum vinner"),
    ],
)
def test_stats_takes_every_game_by_id_or_name(played, capsys, wanted, language, heading) -> None:
    """``--game`` took only the three coded games (``hearts``: "invalid choice")."""
    status, out, err = run(capsys, "--db", played, "stats", "--game", wanted, language=language)
    assert status == 0, err
    assert _headings(out) == [heading]


def test_stats_of_a_game_with_no_finished_session_names_it(played, capsys) -> None:
    status, out, _ = run(capsys, "--db", played, "stats", "--game", "colour cards")
    assert (status, out) == (0, "No finished sessions of Colour Cards yet\n")
    status, out, _ = run(capsys, "--db", played, "stats", "--game", "vri åtter", language="nb")
    assert (status, out) == (0, "Ingen ferdige partier i Vri åtter ennå\n")


def test_stats_of_no_game_says_so_in_words_with_the_games_by_name(played, capsys) -> None:
    status, out, err = run(capsys, "--db", played, "stats", "--game", "poker")
    assert status == 2 and out == ""
    assert err == (
        "There is no game “poker”. The games: Swedish Rummy, Rummy, Four Suit Rummy, "
        "Crazy Eights, Hearts, Colour Cards, Five Crowns, Kasino, Plump, Phase 10, Family Hearts\n"
    )
