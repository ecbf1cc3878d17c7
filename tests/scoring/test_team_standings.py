"""Team standings (GAME_FORMAT.md ``teams``; RULES.md §5 "Partnerships",
example 4: Kari and Per against Ola and Liv): the per-player standings of a
session played in teams folded into one entry a team — totals, places by
team (1 and 2, not 1, 1, 3, 3), the distance to the target, the end and the
winners as teams — with nothing rescored; a session not in teams has no
teams."""

from __future__ import annotations

import pytest

from scoring import Hand, Pile, score_hands
from scoring.registry import game_for
from scoring.team_standings import session_teams, team_name, team_standings

GAME = game_for("kasino")
PARTNERS = GAME.options_from_dict({"partners": True})
SEATS = ("Kari", "Ola", "Per", "Liv")
TEAMS = (("Kari", "Per"), ("Ola", "Liv"))


def pile(cards: int, spades: int, named: str = "", sweeps: int = 0) -> Pile:
    return Pile(cards, {"S": spades}, tuple(named.split()), {"sweep": sweeps} if sweeps else {})


#: RULES.md §5.2, example 4: a pile a partnership, under its first player.
EXAMPLE_4 = Hand(
    None,
    captured={
        "Kari": pile(30, 9, "10D 2S AS", 1),  # 3 + 1 + 2 + 1 + 1 + 1 = 9
        "Ola": pile(22, 4, "AH AD AC", 2),  # 3 + 2 = 5
    },
)
#: Ola and Liv take the lead: 3 + 1 + 2 + 1 + 2 + 1 = 10 against 2.
SECOND = Hand(None, captured={"Kari": pile(22, 4, "AD AC"), "Ola": pile(30, 9, "10D 2S AS AH", 1)})
#: Kari and Per reach 21 first: 3 + 1 + 2 + 1 + 2 + 2 = 11 (22) against 2 (17).
WON = Hand(None, captured={"Kari": pile(30, 9, "10D 2S AS AD", 2), "Ola": pile(22, 4, "AH AC")})
#: Both reach 21 in one deal, equal: 26 cards each (nobody scores most
#: cards), 1 + 2 + 1 + 3 + 3 = 10 (21) against 1 + 5 = 6 (21).
TIED = Hand(None, captured={"Kari": pile(26, 7, "10D 2S AS AH AD", 3), "Ola": pile(26, 6, "AC", 5)})


def played(*hands: Hand):
    result = score_hands(GAME, PARTNERS, SEATS, hands)
    return result.standings, team_standings(result.standings, TEAMS)


def test_the_teams_sit_opposite_and_are_named_by_their_players_in_seat_order():
    assert session_teams(GAME, PARTNERS, SEATS) == TEAMS
    assert [team_name(t) for t in TEAMS] == ["Kari & Per", "Ola & Liv"]


def test_a_session_not_in_teams_has_no_teams():
    assert session_teams(GAME, GAME.default_options(), ("Kari", "Ola")) is None
    assert session_teams(GAME, GAME.default_options(), SEATS) is None  # partners off
    rummy = game_for("rummy")
    assert session_teams(rummy, rummy.default_options(), SEATS) is None
    # a player count that makes no teams: not teams (the start refuses it)
    assert session_teams(GAME, PARTNERS, ("Kari", "Ola", "Per")) is None


def test_example_4_a_team_total_each_and_places_one_and_two():
    players, teams = played(EXAMPLE_4)
    # per player: each partner the team's points, places 1, 1, 3, 3
    assert dict(players.totals) == {"Kari": 9, "Ola": 5, "Per": 9, "Liv": 5}
    assert dict(players.places) == {"Kari": 1, "Ola": 3, "Per": 1, "Liv": 3}
    # per team: one total a team (not the partners' sum), places 1 and 2
    assert teams.players == ("Kari & Per", "Ola & Liv")
    assert dict(teams.totals) == {"Kari & Per": 9, "Ola & Liv": 5}
    assert dict(teams.places) == {"Kari & Per": 1, "Ola & Liv": 2}
    assert teams.leaders == ("Kari & Per",)
    assert dict(teams.gap_to_leader) == {"Kari & Per": 0, "Ola & Liv": 4}
    assert teams.target == 21
    assert dict(teams.gap_to_target or {}) == {"Kari & Per": 12, "Ola & Liv": 16}
    assert list(teams.hand_points) == [{"Kari & Per": 9, "Ola & Liv": 5}]
    assert not teams.finished and teams.winners == ()
    # Kari dealt the first deal; Ola deals next: her team's turn
    assert players.dealer == "Ola" and teams.dealer == "Ola & Liv"


def test_a_session_to_21_played_to_its_end_in_teams():
    _players, teams = played(EXAMPLE_4, SECOND)
    assert dict(teams.totals) == {"Kari & Per": 11, "Ola & Liv": 15}
    assert dict(teams.places) == {"Kari & Per": 2, "Ola & Liv": 1}
    assert dict(teams.gap_to_target or {}) == {"Kari & Per": 10, "Ola & Liv": 6}
    players, teams = played(EXAMPLE_4, SECOND, WON)
    assert players.winners == ("Kari", "Per")  # each partner wins (statistics)
    assert teams.finished and teams.finished_after == 3
    assert teams.winners == ("Kari & Per",)
    assert dict(teams.totals) == {"Kari & Per": 22, "Ola & Liv": 17}
    assert dict(teams.places) == {"Kari & Per": 1, "Ola & Liv": 2}
    assert [dict(r) for r in teams.running] == [
        {"Kari & Per": 9, "Ola & Liv": 5},
        {"Kari & Per": 11, "Ola & Liv": 15},
        {"Kari & Per": 22, "Ola & Liv": 17},
    ]
    assert teams.rounds is None and teams.rounds_left is None and not teams.lowest_wins


def test_equal_team_totals_at_the_end_share_the_win():
    players, teams = played(EXAMPLE_4, SECOND, TIED)
    assert dict(teams.totals) == {"Kari & Per": 21, "Ola & Liv": 21}
    assert dict(teams.places) == {"Kari & Per": 1, "Ola & Liv": 1}
    assert teams.winners == ("Kari & Per", "Ola & Liv")
    assert players.winners == SEATS


@pytest.mark.parametrize(
    "teams",
    [
        (("Kari", "Per"), ("Ola",)),  # Liv in no team
        (("Kari", "Per"), ("Ola", "Liv", "Kari")),  # Kari in two
        (("Kari", "Per"), ("Ola", "Eva")),  # Eva not at the table
    ],
)
def test_teams_that_do_not_hold_every_player_once_are_refused(teams):
    players, _teams = played(EXAMPLE_4)
    with pytest.raises(ValueError, match="exactly one team"):
        team_standings(players, teams)
