"""The QA pass's bad input on the command line: one translated line on standard
error, exit status 2, no traceback, and the database unchanged."""

from __future__ import annotations

import errno
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language
from app.messages import describe_error, os_reason
from scoring import CardParseError, HandError, OptionError, SessionFileError

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "assets" / "samples"
RUMMY = json.loads((SAMPLES / "rummy.json").read_text(encoding="utf-8"))


def kortpoeng(
    *args: str, lang: str = "en", db: str | None = None, **run
) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    if db:
        env["KORTPOENG_DB"] = db
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        **run,
    )


def one_line(done: subprocess.CompletedProcess, status: int = 2) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == status, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as con:
        return list(con.iterdump())


def run(capsys, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    with use_language(lang):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- score ---------------------------------------------------------------------


def test_score_accepts_a_notepad_bom(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (SAMPLES / "rummy.json").read_bytes())
    done = kortpoeng("score", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["Åse"]


def test_score_refuses_a_lone_surrogate_instead_of_crashing(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**RUMMY, "players": ["In\ud800grid", "Åse", "Øystein", "Per"]}))
    line = one_line(kortpoeng("score", str(path), lang="nb"))
    assert line == "Spiller 1 inneholder tekst som ikke er gyldig Unicode"


@pytest.mark.parametrize("command", ["score", "import"])
def test_closed_standard_input(tmp_path, command):
    done = kortpoeng(command, "-", db=str(tmp_path / "kp.db"), stdin=subprocess.DEVNULL)
    assert done.returncode == 2  # empty input: not JSON
    closed = subprocess.run(
        [sys.executable, "-m", "app.cli", command, "-"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en", "KORTPOENG_DB": str(tmp_path / "k")},
        timeout=60,
        stdin=None,
        preexec_fn=lambda: __import__("os").close(0),
    )
    assert one_line(closed) == "Cannot read -: it is closed"


def test_score_gives_the_os_reason_in_norwegian(tmp_path):
    assert one_line(kortpoeng("score", str(tmp_path), lang="nb")).endswith(
        ": det er en mappe, ikke en fil"
    )
    assert one_line(kortpoeng("score", str(tmp_path / "nope.json"), lang="nb")).endswith(
        ": filen finnes ikke"
    )


def test_score_has_the_import_size_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (6 * 1024 * 1024))
    assert one_line(kortpoeng("score", str(path))).startswith("The file is too large")


def test_duplicate_keys_are_refused_by_score_and_import(tmp_path):
    path = tmp_path / "dup.json"
    text = json.dumps(RUMMY, ensure_ascii=False)
    path.write_text(text.replace('"game": "rummy"', '"game": "rummy", "game": "rummy"'))
    db = tmp_path / "kp.db"
    assert (
        one_line(kortpoeng("score", str(path))) == "“game” is in the file twice: keep one of them"
    )
    assert one_line(kortpoeng("import", str(path), db=str(db), lang="nb")) == (
        "«game» står to ganger i filen: behold bare én av dem"
    )


# -- the database commands -------------------------------------------------------


def test_huge_points_are_refused_and_nothing_is_stored(tmp_path, capsys):
    db = tmp_path / "kp.db"
    assert run(capsys, "--db", str(db), "import", str(SAMPLES / "swedish_rummy.json"))[0] == 0
    before = dump(db)
    doc = {**RUMMY, "id": None, "hands": [{"went_out": "Ingrid", "left": {"Åse": 10**30}}]}
    del doc["id"]
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(doc))
    status, _out, err = run(capsys, "--db", str(db), "import", str(path))
    assert status == 2
    assert err.splitlines() == [
        "Hand 1, Åse: Points must be at most 100,000, not 1000000000000000000000000000000"
    ]
    assert dump(db) == before


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_database_that_cannot_be_opened(tmp_path, lang):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    line = one_line(kortpoeng("list", "--db", str(junk), lang=lang), status=3)
    start = "The database" if lang == "en" else "Databasen"
    damaged = "is damaged" if lang == "en" else "er skadet"
    assert line.startswith(f"{start} {junk} {damaged}")
    line = one_line(kortpoeng("show", "1", "--db", str(tmp_path), lang=lang), status=3)
    start = "Cannot open the database" if lang == "en" else "Kan ikke åpne databasen"
    assert line.startswith(f"{start} {tmp_path}: ")


@pytest.mark.parametrize("value", ["10000000000000000000000", "0", "-1", "x"])
def test_list_limit_out_of_range_is_a_usage_error(tmp_path, value):
    done = kortpoeng("list", "--limit", value, db=str(tmp_path / "kp.db"))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "is not a whole number from 1 to 1,000,000,000" in done.stderr


def test_export_to_a_folder_says_so(tmp_path, capsys):
    db = tmp_path / "kp.db"
    run(capsys, "--db", str(db), "import", str(SAMPLES / "rummy.json"))
    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "txt", "-o", str(tmp_path), lang="nb"
    )
    assert status == 2
    assert err.splitlines() == [f"Kan ikke skrive {tmp_path}: det er en mappe, ikke en fil"]


def test_a_session_ref_with_terminal_escapes_is_shown_escaped(tmp_path, capsys):
    ref = "\x1b[2J" * 20
    status, _out, err = run(capsys, "--db", str(tmp_path / "kp.db"), "show", ref)
    assert status == 2
    assert "\x1b" not in err and "\\x1b[2J" in err
    assert len(err.splitlines()) == 1 and len(err) < 80


# -- messages ----------------------------------------------------------------------


def test_messages_escape_and_shorten_what_the_user_typed():
    with use_language("en"):
        card = describe_error(CardParseError("card_unknown", hand=1, player="Åse", card="K\x1b[2J"))
        assert card == "Hand 1, Åse: “K\\x1b[2J” (card 1) is not a card"
        long = describe_error(
            OptionError("player_name_long", player="x" * 1000, params={"maximum": 40})
        )
        assert len(long) < 100 and "…" in long
        rtl = describe_error(HandError("unknown_player", hand=2, player="\u202eOla"))
        assert rtl == "Hand 2: “\\u202eOla” is not a player in this session"
        huge = describe_error(
            OptionError(
                "option_too_large", field="target", params={"maximum": 10**6, "value": 10**30}
            )
        )
        assert huge == "Target score must be at most 1,000,000, not 1000000000000000000000000000000"
        null = describe_error(
            SessionFileError(
                "file_type", field="hands", params={"expected": "a list", "value": None}
            )
        )
        assert null == "The hands must be a list, not null"
        assert describe_error(SessionFileError("file_json", params={"line": 3, "column": 7})) == (
            "The file is not valid JSON (line 3, column 7)"
        )


def test_os_reasons_are_translated():
    with use_language("nb"):
        assert os_reason(IsADirectoryError(errno.EISDIR, "Is a directory")) == (
            "det er en mappe, ikke en fil"
        )
        assert os_reason(PermissionError(errno.EACCES, "Permission denied")) == "ingen tilgang"
    with use_language("en"):
        assert os_reason(OSError(errno.EIO, "Input/output error")) == "Input/output error"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "nb",
            [
                "bruk: kortpoeng score [-h] FILE",
                "kortpoeng score: feil: disse argumentene må oppgis: FILE",
            ],
        ),
        (
            "en",
            [
                "usage: kortpoeng score [-h] FILE",
                "kortpoeng score: error: the following arguments are required: FILE",
            ],
        ),
    ],
)
def test_usage_errors_speak_the_language(lang, expected):
    done = kortpoeng("score", lang=lang)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == expected


def test_help_speaks_the_language():
    norsk = kortpoeng("--help", lang="nb")
    assert norsk.returncode == 0
    assert "vis denne hjelpen og avslutt" in norsk.stdout
    assert "kommandoer:" in norsk.stdout and "Poengføring for kortspill: Vri åtter" in norsk.stdout
    english = kortpoeng("web", "--help", lang="en")
    assert "show this help message and exit" in english.stdout
    assert "address to listen on" in english.stdout


def test_argparse_words_are_argparses_and_language_is_put_back(monkeypatch, capsys):
    """Each word in the catalogs for argparse is one argparse asks for (a new
    Python that rewords one shows here), and LANGUAGE is as it was after a run."""
    import argparse
    import inspect
    import os

    from app.cli import ARGPARSE_WORDS

    source = inspect.getsource(argparse)
    for word in ARGPARSE_WORDS:
        assert repr(word) in source or f'"{word}"' in source, word
    monkeypatch.setenv("LANGUAGE", "sv")
    with pytest.raises(SystemExit):
        main(["score"])
    capsys.readouterr()
    assert os.environ["LANGUAGE"] == "sv"
