"""Player statistics checked against values worked out by hand.

The sessions (card values from RULES.md):

S1 Swedish Rummy, target 50, Anna/Bjørn/Cecilie, finished 1 Nov:
   hand 1 Anna out; Bjørn K (10), Cecilie 5 (5)    -> Anna 15
   hand 2 Bjørn out; Anna 8 (50), Cecilie 2 (2)    -> Bjørn 52, ends: Bjørn wins
S2 Swedish Rummy, target 50, "anna"/Bjørn, finished 2 Nov:
   hand 1 anna out; Bjørn 8 (50)                    -> anna 50, ends: anna wins
S3 Swedish Rummy, target 50, Anna/Bjørn/Cecilie, finished 3 Nov:
   hand 1 Anna out; Bjørn 8 K (60)                  -> Anna 60, ends: Anna wins
S4 Swedish Rummy, target 50, Anna/Bjørn: hand 1 Anna out, Bjørn 2 -> not finished
S5 Rummy penalty, 2 rounds, Anna/Cecilie, finished 4 Nov:
   hand 1 Anna out; Cecilie K Q -> Cecilie 20; hand 2 Cecilie out; Anna 3 -> Anna 3
   totals Anna 3, Cecilie 20: Anna wins (lowest)
S6 Rummy winner_collects, target 10, Anna/Cecilie, finished 5 Nov:
   hand 1 Cecilie out; Anna K -> Cecilie 10, ends: Cecilie wins

Swedish Rummy: Anna 3 sessions, 2 wins, 4 hands, 15+0+50+60 = 125 points
(average 31.25), best 60, streak 2 (S3, S2 won; S1 lost). Bjørn 3 sessions,
1 win, 4 hands, 52 points (13.0), best 52, streak 0. Cecilie 2 sessions, 0
wins, 3 hands, 0 points, best 0, streak 0.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from statistics_reference import finished_entries, player_statistics

from app.reports.chart import SAMPLES
from app.reports.statistics import GameStatistics, PlayerStatistics, game_statistics
from models.db import init_db, make_engine
from scoring import SessionDoc, read_session, score_session


def doc(game: str, players: list[str], hands: list[dict], **options: object) -> SessionDoc:
    return read_session(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": game,
            "options": options,
            "players": players,
            "hands": hands,
        }
    )


def day(n: int) -> datetime:
    return datetime(2026, 11, n, 20, 0, tzinfo=UTC)


S1 = doc(
    "swedish_rummy",
    ["Anna", "Bjørn", "Cecilie"],
    [
        {"went_out": "Anna", "left": {"Bjørn": ["K"], "Cecilie": ["5"]}},
        {"went_out": "Bjørn", "left": {"Anna": ["8"], "Cecilie": ["2"]}},
    ],
    target=50,
)
S2 = doc(
    "swedish_rummy", ["anna", "Bjørn"], [{"went_out": "anna", "left": {"Bjørn": ["8"]}}], target=50
)
S3 = doc(
    "swedish_rummy",
    ["Anna", "Bjørn", "Cecilie"],
    [{"went_out": "Anna", "left": {"Bjørn": ["8", "K"]}}],
    target=50,
)
S4 = doc(
    "swedish_rummy", ["Anna", "Bjørn"], [{"went_out": "Anna", "left": {"Bjørn": ["2"]}}], target=50
)
S5 = doc(
    "rummy",
    ["Anna", "Cecilie"],
    [
        {"went_out": "Anna", "left": {"Cecilie": ["K", "Q"]}},
        {"went_out": "Cecilie", "left": {"Anna": ["3"]}},
    ],
    rounds=2,
)
S6 = doc(
    "rummy",
    ["Anna", "Cecilie"],
    [{"went_out": "Cecilie", "left": {"Anna": ["K"]}}],
    scoring="winner_collects",
    target=10,
)
ENTRIES = [
    (S1, score_session(S1), day(1)),
    (S2, score_session(S2), day(2)),
    (S3, score_session(S3), day(3)),
    (S4, score_session(S4), None),
    (S5, score_session(S5), day(4)),
    (S6, score_session(S6), day(5)),
]


def by_name(game: GameStatistics) -> dict[str, PlayerStatistics]:
    return {p.player: p for p in game.players}


def test_games_are_grouped_by_game_and_direction_in_game_order() -> None:
    stats = player_statistics(ENTRIES)
    assert [(g.game_id, g.lowest_wins, g.sessions) for g in stats] == [
        ("swedish_rummy", False, 3),  # S4 is not finished: left out
        ("rummy", False, 1),
        ("rummy", True, 1),
    ]


def test_swedish_rummy_by_hand() -> None:
    swedish = player_statistics(ENTRIES)[0]
    assert [p.player for p in swedish.players] == ["Anna", "Bjørn", "Cecilie"]
    assert by_name(swedish) == {
        "Anna": PlayerStatistics("Anna", 3, 2, 4, 2 / 3, 31.25, 60, 2),
        "Bjørn": PlayerStatistics("Bjørn", 3, 1, 4, 1 / 3, 13.0, 52, 0),
        "Cecilie": PlayerStatistics("Cecilie", 2, 0, 3, 0.0, 0.0, 0, 0),
    }


def test_rummy_penalty_best_hand_is_the_lowest() -> None:
    penalty = player_statistics(ENTRIES)[2]
    assert by_name(penalty) == {
        "Anna": PlayerStatistics("Anna", 1, 1, 2, 1.0, 1.5, 0, 1),
        "Cecilie": PlayerStatistics("Cecilie", 1, 0, 2, 0.0, 10.0, 0, 0),
    }


def test_rummy_winner_collects_is_its_own_group() -> None:
    collects = player_statistics(ENTRIES)[1]
    assert by_name(collects) == {
        "Cecilie": PlayerStatistics("Cecilie", 1, 1, 1, 1.0, 10.0, 10, 1),
        "Anna": PlayerStatistics("Anna", 1, 0, 1, 0.0, 0.0, 0, 0),
    }


def test_input_order_does_not_matter_and_the_latest_name_is_shown() -> None:
    shuffled = ENTRIES[:]
    random.Random(3).shuffle(shuffled)
    assert player_statistics(shuffled) == player_statistics(ENTRIES)
    # Move S2 to the latest date: the name shown follows the most recent session.
    moved = [(d, r, day(9) if d is S2 else at) for d, r, at in ENTRIES]
    anna = player_statistics(moved)[0].players[0]
    assert anna.player == "anna"
    assert anna.streak == 2  # S2 (won) then S3 (won), then S1 (lost)


def test_shared_win_counts_for_each_winner_and_keeps_streaks() -> None:
    tie = doc(
        "rummy", ["Anna", "Cecilie"], [{"went_out": "Anna", "left": {}}], rounds=1
    )  # both 0: a shared win
    stats = player_statistics([*ENTRIES, (tie, score_session(tie), day(6))])
    penalty = by_name(stats[2])
    assert penalty["Anna"].wins == 2 and penalty["Anna"].streak == 2
    assert penalty["Cecilie"].wins == 1 and penalty["Cecilie"].streak == 1
    assert penalty["Anna"].sessions == 2 and penalty["Anna"].hands == 3


def test_finished_at_falls_back_to_started_at_and_naive_means_utc() -> None:
    early = read_session({**_dict(S1), "started_at": "2026-10-01T18:00:00+02:00"})
    late = read_session({**_dict(S3), "started_at": "2026-10-02T18:00:00+02:00"})
    stats = player_statistics(
        [
            (late, score_session(late), None),
            (early, score_session(early), datetime(2026, 9, 1, 12, 0)),  # naive, earlier
        ]
    )
    anna = by_name(stats[0])["Anna"]
    assert anna.streak == 1  # S3 (late, won) is most recent; S1 (lost) before it


def test_nothing_finished_gives_nothing() -> None:
    assert player_statistics([]) == ()
    assert player_statistics([ENTRIES[3]]) == ()


def _dict(d: SessionDoc) -> dict:
    from scoring import session_to_dict

    return session_to_dict(d)


# -- through the database -------------------------------------------------------


@pytest.fixture
def engine(tmp_path):
    made = make_engine(tmp_path / "stats.db")
    init_db(made)
    yield made
    made.dispose()


def test_stored_sessions_feed_the_statistics(engine) -> None:
    from models.services import import_session

    for name in ("rummy", "swedish_rummy", "four_suit_rummy"):  # the last is unfinished
        import_session(engine=engine, data=(SAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    entries = list(finished_entries(engine=engine, page_size=1))  # paging works
    assert sorted(d.game_id for d, _, _ in entries) == ["rummy", "swedish_rummy"]
    assert all(at is not None for _, _, at in entries)
    stats = game_statistics(engine=engine)
    assert [(g.game_id, g.lowest_wins) for g in stats] == [
        ("swedish_rummy", False),
        ("rummy", True),
    ]
    rummy = by_name(stats[1])
    # Åse: hands 18, 3, 0, 8, 15 -> 44 points over 5 hands; lowest hand 0; won.
    assert rummy["Åse"] == PlayerStatistics("Åse", 1, 1, 5, 1.0, 8.8, 0, 1)
    # Lise won Swedish Rummy with hands 105, 0, 0, 117.
    assert by_name(stats[0])["Lise"] == PlayerStatistics("Lise", 1, 1, 4, 1.0, 55.5, 117, 1)
