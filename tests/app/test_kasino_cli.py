"""``kortpoeng score`` and ``kortpoeng import``/``export`` of a Kasino session
file (SESSION_FORMAT.md ``captured``, RULES.md §5.2 example 3): the totals,
the shared win, the tie said in words, and the file given back as written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scoring import Hand, Pile, SessionDoc, game_for, write_session

ROOT = Path(__file__).resolve().parents[2]


def kortpoeng(*args: str, lang: str = "en") -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def pile(cards: int, spades: int, named: str = "", sweeps: int = 0) -> Pile:
    return Pile(cards, {"S": spades}, tuple(named.split()), {"sweep": sweeps} if sweeps else {})


#: Example 1, a deal to Kari 19 / Ola 18, and example 3 (tests/scoring/test_kasino.py).
HANDS = (
    Hand(None, captured={"Kari": pile(29, 8, "10D AS AH", 2), "Ola": pile(23, 5, "2S AD AC", 1)}),
    Hand(None, captured={"Kari": pile(20, 5, "", 9), "Ola": pile(32, 8, "10D 2S AS AH AD AC", 3)}),
    Hand(None, captured={"Kari": pile(26, 7, "2S AS AH"), "Ola": pile(26, 6, "10D AD AC", 1)}),
)


def test_score_and_import_a_kasino_session_to_its_shared_win(tmp_path):
    game = game_for("kasino")
    text = write_session(SessionDoc("kasino", game.default_options(), ("Kari", "Ola"), HANDS))
    path = tmp_path / "kasino.json"
    path.write_text(text, encoding="utf-8")
    scored = kortpoeng("score", str(path), lang="nb")
    assert scored.returncode == 0, scored.stderr
    out = json.loads(scored.stdout)
    assert [h["points"] for h in out["hands"]] == [
        {"Kari": 10, "Ola": 4},
        {"Kari": 9, "Ola": 14},
        {"Kari": 4, "Ola": 5},
    ]
    assert out["totals"] == {"Kari": 23, "Ola": 23}
    assert out["finished"] and out["winners"] == ["Kari", "Ola"]
    # the tie on most cards is said in words, as the hand's note
    assert (
        scored.stderr.strip() == "Runde 3: Ingen får poeng for flest kort: Kari og Ola har 26 hver"
    )
    db = str(tmp_path / "kp.db")
    imported = kortpoeng("--db", db, "import", str(path))
    assert imported.returncode == 0, imported.stderr
    assert "Kasino, Kari, Ola, 3 hands" in imported.stdout
    exported = kortpoeng("--db", db, "export", "1")
    assert exported.returncode == 0, exported.stderr
    again = json.loads(exported.stdout)
    assert again["version"] == 3 and again["game"] == "kasino"
    assert [h["captured"] for h in again["hands"]] == [
        h["captured"] for h in json.loads(text)["hands"]
    ]
