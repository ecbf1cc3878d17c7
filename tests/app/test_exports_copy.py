"""A family's copy of a built-in game exports exactly like the built-in
(issue 27, item 1): Swedish Rummy's definition exported, given a new id and
imported again is played with "draw two" and "reverse queens", with a blocked
hand; its text and CSV exports, its options in words and its rules say what
the built-in's do — the same "Played with: …" line, "Blocked" for the blocked
hand. Everything through the real services and export code, on a SQLite file."""

from __future__ import annotations

import json

import pytest

from app.game_text import rules_text
from app.i18n import use_language
from app.messages import describe_options
from app.reports.exports import export_file
from models import services
from models.db import init_db, make_engine
from scoring import Hand, parse_cards

OPTIONS = {"target": 300, "draw_two": True, "reverse_queens": True}
PLAYERS = ["Mormor", "Lise", "Jonas"]
HANDS = [
    Hand("Lise", {"Mormor": parse_cards(["Q", "8", "2"]), "Jonas": parse_cards(["5", "K"])}),
    # blocked: Mormor 12, Lise 20, Jonas 35 → Mormor collects 8 + 23 (RULES.md §1)
    Hand(None, {"Mormor": parse_cards(["10", "2"]), "Lise": parse_cards(["K", "J"]), "Jonas": 35}),
]


@pytest.fixture(autouse=True)
def one_start_time(monkeypatch):
    """Both sessions start at the same moment: the exports say when a session
    started, and two started a minute apart (a minute that turned between
    them) differed in that line alone."""
    from datetime import UTC, datetime

    import models.services.sessions
    import models.tables

    monkeypatch.setattr(models.tables, "utcnow", lambda: datetime(2026, 12, 4, 20, 15, tzinfo=UTC))
    monkeypatch.setattr(models.services.sessions, "now_iso", lambda: "2026-12-04T21:15:00+01:00")


@pytest.fixture
def engine(tmp_path):
    engine = make_engine(tmp_path / "family.db")
    init_db(engine)
    yield engine
    engine.dispose()


def family_copy(engine) -> str:
    """Swedish Rummy's definition as the family exports it, under an id and a
    name of its own, imported again: the copy's id."""
    document = json.loads(services.export_game(engine=engine, game_id="swedish_rummy"))
    document["id"] = "family_swedish"
    document["name"] = {"nb": "Familiens vri åtter", "en": "The family's Swedish Rummy"}
    imported = services.import_game(engine=engine, data=json.dumps(document))
    assert imported.outcome == "added"
    return imported.entry.game_id


def played(engine, game_id: str) -> int:
    view = services.start_session(engine=engine, game_id=game_id, players=PLAYERS, options=OPTIONS)
    for hand in HANDS:
        view = services.record_hand(
            engine=engine, session_id=view.id, hand=hand, confirm_warnings=True
        )
    return view.id


def exported(engine, session_id: int, fmt: str, lang: str) -> list[str]:
    """The export's lines, but the title (the copy's own name)."""
    text = export_file(engine=engine, session_id=session_id, fmt=fmt, lang=lang).data
    return text.decode("utf-8-sig").splitlines()[1:]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_copy_of_swedish_rummy_exports_like_the_built_in(engine, lang):
    copy_id = family_copy(engine)
    builtin, copy = played(engine, "swedish_rummy"), played(engine, copy_id)
    for fmt in ("txt", "csv"):
        assert exported(engine, copy, fmt, lang) == exported(engine, builtin, fmt, lang), fmt
    text = "\n".join(exported(engine, copy, "txt", lang))
    played_with, blocked = {
        "en": (
            "Played with: Two makes the next player draw two; Queen reverses direction",
            "Blocked",
        ),
        "nb": ("Spilt med: Toer: neste spiller trekker to; Dame snur spilleretningen", "Låst"),
    }[lang]
    assert played_with in text
    assert "2026" in text.splitlines()[0] and "21:15" in text.splitlines()[0]  # the one start
    assert blocked in text.split()
    assert "Nobody went out" not in text and "Ingen gikk ut" not in text
    views = {
        game: services.open_session(engine=engine, session_id=session)
        for game, session in (("builtin", builtin), ("copy", copy))
    }
    with use_language(lang):
        lines = {
            game: describe_options(view.rules.game, view.options_dict)
            for game, view in views.items()
        }
        rules = {game: rules_text(view.rules.game) for game, view in views.items()}
    assert lines["copy"] == lines["builtin"] and len(lines["copy"]) == 3  # target too
    assert rules["copy"] == rules["builtin"] != []
    assert views["copy"].rules.blocked_term == views["builtin"].rules.blocked_term == "blocked"


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_copy_of_swedish_rummy_reads_like_the_built_in_on_the_screens(engine, lang, monkeypatch):
    """The rules screen's and the session screen's "Played with" lines of the
    copy are the built-in's, in a server that has not named the copy before
    (a rules screen opened from a link): they were "The game's own rules."
    and nothing, as the issue found."""
    import app.messages.games
    from app.ui.state.rules_screen import session_text
    from app.ui.state.session_screen import blocked_word, heading

    copy_id = family_copy(engine)
    builtin, copy = played(engine, "swedish_rummy"), played(engine, copy_id)
    monkeypatch.setattr(app.messages.games, "_SEEN", {})  # nothing named yet
    views = [services.open_session(engine=engine, session_id=s) for s in (builtin, copy)]
    with use_language(lang):
        rules = [session_text(view) for view in views]
        played_with = [heading(view)[1] for view in views]
        blocked = [blocked_word(view) for view in views]
    assert rules[1] == rules[0] and rules[0].count("• ") == 3  # target, draw two, queens
    assert played_with[1] == played_with[0] and len(played_with[0]) == 3
    assert blocked[1] == blocked[0] == {"en": "Blocked", "nb": "Låst"}[lang]
