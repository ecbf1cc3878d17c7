"""app.stats_service on a real temporary SQLite database, against hand-computed
statistics and the export formats."""

from __future__ import annotations

import json
import time

import pytest

from app import services, stats_service
from app.exports import FORMATS
from models.errors import SessionNotFound
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
    first = services.start_session("rummy", ["Kari", "Ola", "Per"], {"rounds": 2})
    services.record_hand(first.id, hand("Kari", {"Ola": ["K", "7", "A"], "Per": ["5"]}))
    services.record_hand(first.id, hand("Ola", {"Kari": ["Q", "J"], "Per": ["2"]}))
    time.sleep(1.05)  # finish times are stored to the second: keep them apart
    second = services.start_session("rummy", ["Kari", "Ola"], {"rounds": 1})
    services.record_hand(second.id, hand("Kari", {"Ola": ["9"]}))
    running = services.start_session("rummy", ["Kari", "Ola"], {"rounds": 2})
    services.record_hand(running.id, hand("Ola", {"Kari": ["K"]}))
    trashed = services.start_session("rummy", ["Kari", "Per"], {"rounds": 1})
    services.record_hand(trashed.id, hand("Per", {"Kari": ["K", "K"]}))
    services.delete_session(trashed.id)
    return {"first": first.id, "second": second.id, "running": running.id}


def test_no_finished_sessions_no_statistics(db) -> None:
    assert stats_service.game_statistics() == ()
    view = services.start_session("rummy", ["Kari", "Ola"], {"rounds": 2})
    services.record_hand(view.id, hand("Kari", {"Ola": ["K"]}))
    assert stats_service.game_statistics() == ()


def test_statistics_match_the_hand_computed_values(db) -> None:
    seed()
    [game] = stats_service.game_statistics()
    assert (game.game, game.lowest_wins, game.sessions) == ("rummy", True, 2)
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
        out = stats_service.export_file(ids["first"], fmt, "nb")
        assert out.filename.startswith("kortpoeng-rummy-")
        assert out.filename.endswith("." + spec.extension)
        assert out.media_type == spec.media_type
        assert out.data
    assert stats_service.export_file(ids["first"], "pdf", "en").data.startswith(b"%PDF")
    doc = json.loads(stats_service.export_file(ids["first"], "json", "en").data)
    assert doc["players"] == ["Kari", "Ola", "Per"]
    assert len(doc["hands"]) == 2
    csv_nb = stats_service.export_file(ids["first"], "csv", "nb").data.decode("utf-8-sig")
    csv_en = stats_service.export_file(ids["first"], "csv", "en").data.decode("utf-8-sig")
    assert ";" in csv_nb.splitlines()[0] and "," in csv_en.splitlines()[0]


def test_export_text_follows_the_language(db) -> None:
    ids = seed()
    english = stats_service.export_text(ids["first"], "en")
    norwegian = stats_service.export_text(ids["first"], "nb")
    assert "Winner: Per" in english
    assert "Per" in norwegian and "Winner" not in norwegian
    assert english != norwegian


def test_export_errors(db) -> None:
    ids = seed()
    with pytest.raises(ValueError):
        stats_service.export_file(ids["first"], "docx", "en")
    with pytest.raises(ValueError):
        stats_service.export_file(ids["first"], "txt", "de")
    with pytest.raises(SessionNotFound):
        stats_service.export_file(9999, "txt", "en")
