"""The statistics and export use cases on a real temporary SQLite database, against hand-computed
statistics and the export formats."""

from __future__ import annotations

import json
import time

import pytest

from app import storage
from app.reports import FORMATS, export_file, export_text
from app.reports.statistics import game_statistics
from models.errors import SessionNotFound
from models.services import delete_session, record_hand, start_session
from scoring import Hand, parse_cards


def hand(went_out: str, left: dict[str, list[str]]) -> Hand:
    """A hand from rank tokens."""
    return Hand(went_out, {player: parse_cards(cards) for player, cards in left.items()})


def seed() -> dict[str, int]:
    """Rummy (penalty scoring: lowest total wins; A 1, 2–10 face, J Q K 10):

    * "first": 2 rounds, Kari/Ola/Per. Hand 1 Kari out, Ola K 7 A = 18, Per 5 = 5;
      hand 2 Ola out, Kari Q J = 20, Per 2 = 2. Totals 20 / 18 / 7: Per wins.
    * "second" (finishes a second later): 1 round, Kari/Ola. Kari out, Ola 9 = 9:
      Kari wins.
    * "running": 2 rounds with one hand played — not finished, not counted.
    * "trashed": finished, then deleted — not counted.
    """
    first = start_session(
        engine=storage.engine(),
        game_id="rummy",
        players=["Kari", "Ola", "Per"],
        options={"rounds": 2},
    )
    record_hand(
        engine=storage.engine(),
        session_id=first.id,
        hand=hand("Kari", {"Ola": ["K", "7", "A"], "Per": ["5"]}),
    )
    record_hand(
        engine=storage.engine(),
        session_id=first.id,
        hand=hand("Ola", {"Kari": ["Q", "J"], "Per": ["2"]}),
    )
    time.sleep(1.05)  # finish times are stored to the second: keep them apart
    second = start_session(
        engine=storage.engine(), game_id="rummy", players=["Kari", "Ola"], options={"rounds": 1}
    )
    record_hand(engine=storage.engine(), session_id=second.id, hand=hand("Kari", {"Ola": ["9"]}))
    running = start_session(
        engine=storage.engine(), game_id="rummy", players=["Kari", "Ola"], options={"rounds": 2}
    )
    record_hand(engine=storage.engine(), session_id=running.id, hand=hand("Ola", {"Kari": ["K"]}))
    trashed = start_session(
        engine=storage.engine(), game_id="rummy", players=["Kari", "Per"], options={"rounds": 1}
    )
    record_hand(
        engine=storage.engine(), session_id=trashed.id, hand=hand("Per", {"Kari": ["K", "K"]})
    )
    delete_session(engine=storage.engine(), session_id=trashed.id)
    return {"first": first.id, "second": second.id, "running": running.id}


def test_no_finished_sessions_no_statistics(db) -> None:
    assert game_statistics(engine=storage.engine()) == ()
    view = start_session(
        engine=storage.engine(), game_id="rummy", players=["Kari", "Ola"], options={"rounds": 2}
    )
    record_hand(engine=storage.engine(), session_id=view.id, hand=hand("Kari", {"Ola": ["K"]}))
    assert game_statistics(engine=storage.engine()) == ()


def test_statistics_match_the_hand_computed_values(db) -> None:
    seed()
    [game] = game_statistics(engine=storage.engine())
    assert (game.game_id, game.lowest_wins, game.sessions) == ("rummy", True, 2)
    rows = {
        p.player: (p.sessions, p.wins, p.hands, p.win_rate, p.average_hand, p.best_hand, p.streak)
        for p in game.players
    }
    assert rows == {
        # 1 of 1 won; hands 5 + 2 = 7 over 2; best (lowest) 2; won the latest.
        "Per": (1, 1, 2, 1.0, 3.5, 2, 1),
        # won "second" (latest), lost "first": streak 1; 0 + 20 + 0 = 20 over 3.
        "Kari": (2, 1, 3, 0.5, pytest.approx(20 / 3), 0, 1),
        # 18 + 0 + 9 = 27 over 3 hands; never won.
        "Ola": (2, 0, 3, 0.0, 9.0, 0, 0),
    }
    assert [p.player for p in game.players] == ["Per", "Kari", "Ola"]  # wins, then rate


def test_export_file_in_every_format(db) -> None:
    ids = seed()
    for fmt, spec in FORMATS.items():
        out = export_file(engine=storage.engine(), session_id=ids["first"], fmt=fmt, lang="nb")
        assert out.filename.startswith("kortpoeng-rummy-")
        assert out.filename.endswith("." + spec.extension)
        assert out.media_type == spec.media_type
        assert out.data
    assert export_file(
        engine=storage.engine(), session_id=ids["first"], fmt="pdf", lang="en"
    ).data.startswith(b"%PDF")
    doc = json.loads(
        export_file(engine=storage.engine(), session_id=ids["first"], fmt="json", lang="en").data
    )
    assert doc["players"] == ["Kari", "Ola", "Per"]
    assert len(doc["hands"]) == 2
    csv_nb = export_file(
        engine=storage.engine(), session_id=ids["first"], fmt="csv", lang="nb"
    ).data.decode("utf-8-sig")
    csv_en = export_file(
        engine=storage.engine(), session_id=ids["first"], fmt="csv", lang="en"
    ).data.decode("utf-8-sig")
    assert ";" in csv_nb.splitlines()[0] and "," in csv_en.splitlines()[0]


def test_export_text_follows_the_language(db) -> None:
    ids = seed()
    english = export_text(engine=storage.engine(), session_id=ids["first"], lang="en")
    norwegian = export_text(engine=storage.engine(), session_id=ids["first"], lang="nb")
    assert "Winner: \u2068Per\u2069" in english  # the name isolated (FSI … PDI)
    assert "Per" in norwegian and "Winner" not in norwegian
    assert english != norwegian


def test_export_errors(db) -> None:
    ids = seed()
    with pytest.raises(ValueError):
        export_file(engine=storage.engine(), session_id=ids["first"], fmt="docx", lang="en")
    with pytest.raises(ValueError):
        export_file(engine=storage.engine(), session_id=ids["first"], fmt="txt", lang="de")
    with pytest.raises(SessionNotFound):
        export_file(engine=storage.engine(), session_id=9999, fmt="txt", lang="en")
