"""Two players of one session whose names only look alike are refused
(issue 26 follow-up, item 3): a session file with "Anna" and "Аnna" (a
Cyrillic А) was stored, and the statistics showed two rows of Anna."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language
from app.messages import describe_error
from app.ui.state.new_session import NewSessionDraft
from models.db import init_db, make_engine
from scoring import ErrorCode, OptionError

CYRILLIC_ANNA = "\u0410nna"  # А: CYRILLIC CAPITAL LETTER A


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = tmp_path / "kp.db"
    engine = make_engine(str(path))
    init_db(engine)
    engine.dispose()
    return path


def _session_file(tmp_path: Path, players: list[str]) -> Path:
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "rummy",
        "players": players,
        "hands": [],
    }
    path = tmp_path / "session.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def run(capsys, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    with use_language(lang):
        status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("second", [CYRILLIC_ANNA, "\u0391nna", "\u0410NNA"])  # Greek Alpha too
def test_a_session_file_with_two_lookalike_players_is_refused_naming_both(
    tmp_path, capsys, db, second
):
    session = _session_file(tmp_path, ["Anna", "Bo", second])
    status, out, err = run(capsys, "--db", str(db), "import", str(session))
    assert (status, out) == (2, "")  # was: 0, stored
    assert "Player 3" in err and "looks just like player 1, “Anna”" in err
    status, out, err = run(capsys, "--db", str(db), "import", str(session), lang="nb")
    assert status == 2 and "ligner helt på spiller 1, «Anna»" in err
    status, out, _ = run(capsys, "--db", str(db), "list")
    assert "Bo" not in out


def test_the_message_names_both_seats_in_both_languages():
    error = OptionError(
        ErrorCode.PLAYER_LOOKALIKE,
        player=CYRILLIC_ANNA,
        params={"seat": 2, "other": "Anna", "other_seat": 1},
    )
    with use_language("en"):
        assert describe_error(error).startswith("Player 2, “")
        assert "looks just like player 1, “Anna”: every player needs a name" in describe_error(
            error
        )
    with use_language("nb"):
        assert "ligner helt på spiller 1, «Anna»: alle spillerne må ha navn" in describe_error(
            error
        )


def test_the_new_session_form_refuses_two_lookalike_players():
    draft = NewSessionDraft()
    draft.game_id = "rummy"
    draft.players = ("Anna", CYRILLIC_ANNA)
    with pytest.raises(OptionError) as caught:
        draft.start_args()  # was: ('rummy', ('Anna', 'Аnna'), {})
    assert caught.value.code == ErrorCode.PLAYER_LOOKALIKE
    assert caught.value.params == {"seat": 2, "other": "Anna", "other_seat": 1}
    draft.players = ("Anna", "Anne")
    assert draft.start_args()[1] == ("Anna", "Anne")


def test_distinct_names_still_import(tmp_path, capsys, db):
    session = _session_file(tmp_path, ["Anna", "Anne", "Bo"])
    status, _, err = run(capsys, "--db", str(db), "import", str(session))
    assert (status, err) == (0, "")
