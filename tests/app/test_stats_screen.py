"""The statistics screen's model without a browser (issue 5), on a real
SQLite file seeded by importing assets/samples/*.json: Swedish Rummy
(finished, Lise wins: 4 hands, best hand 117), Rummy (finished, Åse wins
with 44 over 5 hands: average 8.8, best 0) and Four Suit Rummy (not
finished: not counted); a club of twelve shows ten players, then all.
(The browser keeps the cards drawn at phone and desktop size, a long name
ending in "…" inside its card, and the dark theme:
tests/e2e/test_stats_export.py.)"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from app import storage
from app.i18n import set_language, use_language
from app.ui.state.stats_screen import SHOWN, StatsScreen, fields, group_key, heading, more_label
from models import services

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def seed_samples() -> dict[str, int]:
    engine = storage.engine()
    return {
        path.stem: services.import_session(engine=engine, data=path.read_bytes()).id
        for path in sorted(SAMPLES.glob("*.json"))
    }


def loaded(table) -> StatsScreen:
    model = StatsScreen(ports=table.ports)
    asyncio.run(model.load())
    assert not model.failed and model.games is not None
    return model


def shown(model: StatsScreen) -> dict[str, str]:
    """What the screen shows, by the semantics id it shows it under."""
    assert model.games is not None
    out: dict[str, str] = {}
    for game in model.games:
        key = group_key(game)
        for index, player in enumerate(model.shown(game)):
            prefix = f"stats-{key}-{index}"
            out[f"{prefix}-name"] = player.player
            for field, _label, value in fields(player):
                out[f"{prefix}-{field}"] = value
    return out


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_the_samples_figures_in_both_languages(table, lang) -> None:
    seed_samples()
    swedish, rummy = "stats-swedish_rummy-high", "stats-rummy-low"
    percent = "100\xa0%" if lang == "nb" else "100%"
    with use_language(lang):
        model = loaded(table)
        numbers = shown(model)
        titles = [heading(game)[0] for game in model.games or ()]
    expected = {
        f"{swedish}-0-name": "Lise",
        f"{swedish}-0-sessions": "1",
        f"{swedish}-0-wins": "1",
        f"{swedish}-0-rate": percent,
        f"{swedish}-0-average": "55,5" if lang == "nb" else "55.5",
        f"{swedish}-0-best": "117",
        f"{swedish}-0-streak": "1",
        f"{swedish}-1-name": "Jonas",
        f"{swedish}-1-rate": "0\xa0%" if lang == "nb" else "0%",
        f"{swedish}-1-streak": "0",
        f"{rummy}-0-name": "Åse",
        f"{rummy}-0-wins": "1",
        f"{rummy}-0-average": "8,8" if lang == "nb" else "8.8",
        f"{rummy}-0-best": "0",
    }
    assert {key: numbers.get(key) for key in expected} == expected
    assert "stats-four_suit_rummy-high-0-name" not in numbers  # not finished: not counted
    assert titles == (["Vri åtter", "Rummy"] if lang == "nb" else ["Swedish Rummy", "Rummy"])


def one_hand_of_swedish_rummy(players: list[str], left: dict) -> None:
    """One finished Swedish Rummy session to 100: the first went out."""
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "swedish_rummy",
        "options": {"target": 100},
        "players": players,
        "hands": [{"went_out": players[0], "left": left}],
    }
    services.import_session(engine=storage.engine(), data=json.dumps(doc).encode("utf-8"))


@pytest.mark.parametrize(
    ("lang", "words"), [("nb", "Vis alle 12 spillere"), ("en", "Show all 12 players")]
)
def test_a_club_of_twelve_shows_ten_players_then_all(table, lang, words) -> None:
    """A game with more players than a family (twelve at one Swedish Rummy
    table) shows its first ten, in place order, and a button for the rest."""
    players = [f"Spiller {n:02d}" for n in range(1, 13)]
    one_hand_of_swedish_rummy(players, {p: ["8", "8"] for p in players[1:]})
    model = loaded(table)
    (game,) = model.games or ()
    numbers = shown(model)
    assert numbers["stats-swedish_rummy-high-0-name"] == players[0]
    assert "stats-swedish_rummy-high-9-name" in numbers
    assert "stats-swedish_rummy-high-10-name" not in numbers
    assert len(model.shown(game)) == SHOWN and model.has_more(game)
    with use_language(lang):
        assert more_label(game) == words
    model.show_every(game)
    assert "stats-swedish_rummy-high-11-name" in shown(model)
    assert not model.has_more(game)  # the button goes


def test_no_finished_session_shows_the_empty_screen_and_a_fault_says_so(table, monkeypatch) -> None:
    model = loaded(table)
    assert model.games == ()
    import app.reports.statistics as statistics

    def broken(**_arguments):
        raise RuntimeError("the figures broke")

    monkeypatch.setattr(statistics, "game_statistics", broken)
    failing = StatsScreen(ports=table.ports)
    asyncio.run(failing.load())
    assert failing.failed and failing.games is None
