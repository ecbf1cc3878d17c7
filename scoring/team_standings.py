"""Team standings: a session played in fixed partnerships (GAME_FORMAT.md
``teams``; RULES.md §5 "Partnerships", example 4) seen a team at a time.

A hand of such a session is scored per team and each partner scores the
team's points (:func:`scoring.captures.seating`, ``_in_teams``), so the
per-player :class:`~scoring.standings.Standings` show every team's total
once per partner: places 1, 1, 3, 3 and a winner per partner. Here the same
standings are folded into one entry a team, named by its players in seat
order ("Kari & Per"): its points per hand and running total (its first
player's, which every partner shares: never their sum, which would count
the team's points once per partner), places by team (1 and 2), the leaders,
the winners and the distance to the target per team. Nothing is rescored:
a per-player standings in, the teams' standings out.

>>> from scoring.registry import game_for
>>> from scoring.hands import HandScore
>>> kasino = game_for("kasino")
>>> options = kasino.options_from_dict({"partners": True})
>>> players = ["Kari", "Ola", "Per", "Liv"]
>>> teams = session_teams(kasino, options, players)
>>> teams
(('Kari', 'Per'), ('Ola', 'Liv'))
>>> hand = HandScore({"Kari": 9, "Ola": 5, "Per": 9, "Liv": 5}, {}, {})
>>> table = team_standings(kasino.bind(options, players).standings([hand]), teams)
>>> table.players, dict(table.totals), dict(table.places)
(('Kari & Per', 'Ola & Liv'), {'Kari & Per': 9, 'Ola & Liv': 5}, {'Kari & Per': 1, 'Ola & Liv': 2})
>>> dict(table.gap_to_target), table.leaders
({'Kari & Per': 12, 'Ola & Liv': 16}, ('Kari & Per',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .errors import OptionError
from .standings import PerHand, Standings, place_totals

if TYPE_CHECKING:
    from .options import GameOptions
    from .rules import GameRules

__all__ = ["TEAM_JOIN", "session_teams", "team_name", "team_standings"]

#: What stands between two partners' names in a team's name ("Kari & Per"):
#: a sign, the same in every language.
TEAM_JOIN = " & "


def team_name(team: Sequence[str]) -> str:
    """A team's name: its players in seat order joined by ``&``.

    >>> team_name(("Kari", "Per"))
    'Kari & Per'
    """
    return TEAM_JOIN.join(team)


def session_teams(
    game: GameRules, options: GameOptions, players: Sequence[str]
) -> tuple[tuple[str, ...], ...] | None:
    """The teams of a session played in partnerships (with T teams, team k
    holds seats k, k + T…: :func:`scoring.captures.seating`), or ``None``
    when the session is not played in teams (a game without ``teams``, or the
    partnerships option off). Never raises for a session that could start:
    a player count that makes no teams (``teams_uneven``) is ``None`` too."""
    definition = game.definition
    if definition is None or definition.teams is None:
        return None
    # loaded for a game that has teams only: a coded game's session is shown
    # and exported without the definitions' code
    from .captures import seating

    try:
        teams = seating(game, options, players)
    except OptionError:
        return None
    if all(len(team) == 1 for team in teams):
        return None
    return teams


def team_standings(table: Standings, teams: Sequence[Sequence[str]]) -> Standings:
    """``table`` (a session's per-player standings) with one entry a team.

    Args:
        table: the standings of a session played in ``teams``.
        teams: the teams in order, each its players in seat order (every
            player of ``table`` in exactly one).

    Returns:
        :class:`Standings` whose ``players`` are the teams' names
        (:func:`team_name`) and whose figures are the teams' (in points):
        a team's points in a hand and its running total are its first
        player's (each partner scores the team's points), places are by team
        (RULES.md §4: equal totals share a place), ``leaders`` and
        ``winners`` are teams, ``dealer`` is the name of the team whose
        player deals next; the end, the target and the rounds are the
        session's.

    Raises:
        ValueError: a player of ``table`` in no team or in two, or a name
            in ``teams`` that is not a player of ``table``.
    """
    teams = tuple(tuple(team) for team in teams)
    seated = [player for team in teams for player in team]
    if sorted(seated) != sorted(table.players) or len(set(seated)) != len(seated):
        raise ValueError("every player in exactly one team")
    names = tuple(team_name(team) for team in teams)
    firsts = tuple(team[0] for team in teams)
    team_of = {player: name for name, team in zip(names, teams, strict=True) for player in team}
    hand_points, running = table.hand_points, table.running

    def column(rows: Sequence[Mapping[str, int]]) -> PerHand:
        return PerHand(names, len(rows), lambda index: [rows[index][p] for p in firsts])

    totals = {name: table.totals[first] for name, first in zip(names, firsts, strict=True)}
    places = place_totals(totals, lowest_wins=table.lowest_wins)
    leaders = tuple(name for name in names if places[name] == 1)
    best = totals[leaders[0]]
    target = table.target
    return Standings(
        players=names,
        hand_points=column(hand_points),
        running=column(running),
        totals=totals,
        places=places,
        leaders=leaders,
        finished=table.finished,
        finished_after=table.finished_after,
        winners=leaders if table.finished else (),
        dealer=team_of[table.dealer],
        gap_to_leader={name: abs(best - totals[name]) for name in names},
        target=target,
        gap_to_target=None
        if target is None
        else {name: max(0, target - totals[name]) for name in names},
        rounds=table.rounds,
        rounds_left=table.rounds_left,
        lowest_wins=table.lowest_wins,
    )
