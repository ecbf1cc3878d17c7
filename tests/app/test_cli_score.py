"""``kortpoeng score`` and ``--version`` as a user runs them (a real subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "assets" / "samples"


def kortpoeng(
    *args: str, stdin: str | None = None, lang: str = "en"
) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def test_version():
    done = kortpoeng("--version")
    assert done.returncode == 0
    assert done.stdout.startswith("kortpoeng ")


def test_score_four_suit_rummy_sample():
    done = kortpoeng("score", str(SAMPLES / "four_suit_rummy.json"))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out == {
        "game": "four_suit_rummy",
        "players": ["Anna", "Bjørn"],
        "hands": [{"points": {"Anna": 155, "Bjørn": 110}}, {"points": {"Anna": 201, "Bjørn": 210}}],
        "totals": {"Anna": 356, "Bjørn": 320},
        "ranks": {"Anna": 1, "Bjørn": 2},
        "finished": False,
        "winners": [],
    }
    # Example 2's 9♦ in both runs: a warning line on stderr, exit status 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "2" in lines[0] and "9" in lines[0]


def test_score_reads_standard_input():
    text = (SAMPLES / "rummy.json").read_text(encoding="utf-8")
    done = kortpoeng("score", "-", stdin=text)
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert out["totals"] == {"Ingrid": 45, "Åse": 44, "Øystein": 51, "Per": 56}
    assert out["finished"] is True and out["winners"] == ["Åse"]


BAD = {
    "bad card": (
        '{"format":"kortpoeng-session","version":1,"game":"rummy","players":["Ola","Kari"],'
        '"hands":[{"went_out":"Ola","left":{"Kari":["K"]}},{"went_out":"Ola","left":{"Kari":["K","7X"]}}]}',
        ["2", "Kari", "7X"],
    ),
    "unknown player": (
        '{"format":"kortpoeng-session","version":1,"game":"rummy","players":["Ola","Kari"],'
        '"hands":[{"went_out":"Per","left":{}}]}',
        ["1", "Per"],
    ),
    "bad run": (
        '{"format":"kortpoeng-session","version":1,"game":"four_suit_rummy","players":["A","B"],'
        '"hands":[{"went_out":null,"runs":{"B":[{"cards":["6H","7H","AH"]}]},"left":{}}]}',
        ["1", "B", "5", "8"],
    ),
    "unknown version": (
        '{"format":"kortpoeng-session","version":9,"game":"rummy","players":["A","B"],"hands":[]}',
        ["9"],
    ),
    "unknown option": (
        '{"format":"kortpoeng-session","version":1,"game":"rummy","options":{"jokers":true},'
        '"players":["A","B"],"hands":[]}',
        ["jokers"],
    ),
    "truncated": ('{"format":"kortpoeng-session","version":1,"ga', []),
    "not json": ("\x00\x01garbage", []),
    "array": ("[1, 2, 3]", []),
    "empty": ("", []),
    "deep": ("[" * 100000, []),
}


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_bad_input_exits_2_with_one_line_and_no_traceback(name, lang):
    text, words = BAD[name]
    done = kortpoeng("score", "-", stdin=text, lang=lang)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0]


def test_messages_are_translated():
    text, _ = BAD["bad card"]
    english = kortpoeng("score", "-", stdin=text, lang="en").stderr
    norwegian = kortpoeng("score", "-", stdin=text, lang="nb").stderr
    assert english != norwegian
    assert "Hand 2" in english and "Runde 2" in norwegian


@pytest.mark.parametrize("path", ["/nonexistent/file.json", "/"])
def test_unreadable_file(path):
    done = kortpoeng("score", path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and path in done.stderr


def test_binary_file(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(bytes(range(256)))
    done = kortpoeng("score", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_score_loads_neither_the_database_layer_nor_the_ui():
    """``kortpoeng score`` stays fast: no SQLModel/SQLAlchemy, no Flet."""
    code = (
        "import sys, contextlib, io\n"
        "from app.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main(['score', {str(SAMPLES / 'rummy.json')!r}])\n"
        "heavy = sorted(m for m in ('sqlmodel', 'sqlalchemy', 'flet') if m in sys.modules)\n"
        "print(status, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "0 []", done.stderr


@pytest.mark.parametrize(
    ("lang", "tie", "typed"),
    [
        (
            "en",
            "Hand 1: Nobody scores: Anna and Bo share the lowest hand, 5 points each",
            "Hand 2: Bo's cards were entered as points, so they cannot be checked",
        ),
        (
            "nb",
            "Runde 1: Ingen får poeng: Anna og Bo deler den laveste hånden, 5 poeng hver",
            "Runde 2: Kortene til Bo er ført som poeng, så de kan ikke kontrolleres",
        ),
    ],
)
def test_score_says_why_nobody_scored_and_that_typed_points_are_unchecked(lang, tie, typed):
    """RULES.md §1 (a blocked tie for lowest: nobody scores) and §4 (typed
    points cannot be checked): ``kortpoeng score`` says both, on standard error."""
    session = {
        "format": "kortpoeng-session",
        "version": 1,
        "game": "swedish_rummy",
        "players": ["Anna", "Bo", "Cato"],
        "hands": [
            {"went_out": None, "left": {"Anna": ["5"], "Bo": ["5"], "Cato": ["9"]}},
            {"went_out": "Anna", "left": {"Bo": 12, "Cato": ["K"]}},
        ],
    }
    done = kortpoeng("score", "-", stdin=json.dumps(session), lang=lang)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"] == {"Anna": 22, "Bo": 0, "Cato": 0}
    assert sorted(done.stderr.strip().splitlines()) == sorted([tie, typed])


def test_a_yes_no_value_in_a_file_is_named_as_the_file_spells_it():
    session = {
        "format": "kortpoeng-session",
        "version": 1,
        "game": "rummy",
        "players": ["Ola", "Kari"],
        "hands": [{"went_out": "Kari", "left": {"Ola": True}}],
    }
    done = kortpoeng("score", "-", stdin=json.dumps(session))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "Hand 1, Ola: cards left in hand must be a list of cards or a whole number, not true"
    )


#: Five Crowns, one round (3 cards dealt, 3s wild): Bo left with 14 cards and
#: a joker 8 times across the hand: a file can hold what no table can.
IMPOSSIBLE = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "five_crowns",
    "options": {},
    "players": ["Ada", "Bo", "Cy"],
    "hands": [
        {
            "went_out": "Ada",
            "left": {"Bo": ["K"] * 6 + ["JKR"] * 8, "Cy": ["5"]},
        }
    ],
}


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "Hand 1: joker entered 8 times, but the cards in play hold only 6",
                "Hand 1: Bo has 14 cards left, but this round dealt 3",
            ],
        ),
        (
            "nb",
            None,  # translated: the same two lines in Norwegian, naming Bo and hand 1
        ),
    ],
)
def test_import_says_the_warnings_of_the_hands_it_stores_as_score_does(tmp_path, lang, lines):
    """``kortpoeng import`` stores a file's hands as the file has them and
    says their warnings on standard error, the same lines as ``kortpoeng
    score`` (it said nothing: a hand no table can deal was stored without a
    word, and the app showed Bo +570)."""
    path = tmp_path / "impossible.json"
    path.write_text(json.dumps(IMPOSSIBLE), encoding="utf-8")
    scored = kortpoeng("score", str(path), lang=lang)
    said = [line for line in scored.stderr.splitlines() if line]
    assert len(said) == 2 and all("Bo" in line or "6" in line for line in said), said
    if lines is not None:
        assert said == lines
    imported = kortpoeng("--db", str(tmp_path / "kp.db"), "import", str(path), lang=lang)
    assert imported.returncode == 0, imported.stderr
    assert [line for line in imported.stderr.splitlines() if line] == said


@pytest.mark.parametrize(
    ("version", "lang", "line"),
    [
        ('"2"', "en", 'This session file\'s version is "2": it must be a whole number, 1 to 3'),
        ("2.0", "en", "This session file's version is 2.0: it must be a whole number, 1 to 3"),
        ('"2"', "nb", 'Partifilens versjon er "2": den må være et helt tall, 1 til 3'),
        (
            "7",
            "en",
            "This session file has version 7; this version of Kortpoeng reads versions 1 to 3",
        ),
    ],
)
def test_a_version_of_the_wrong_kind_is_not_called_a_version_too_new(tmp_path, version, lang, line):
    """``"version": "2"`` was refused with "has version "2"; … reads versions 1
    to 2", which reads as if 2 were unreadable: a version that is not a whole
    number is named as such; a whole number the app does not read is still
    said as before."""
    path = tmp_path / "v.json"
    head = '{"format": "kortpoeng-session", "version": '
    path.write_text(
        head + version + ', "game": "rummy", "options": {}, "players": ["A", "B"], "hands": []}',
        encoding="utf-8",
    )
    done = kortpoeng("score", str(path), lang=lang)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == line
