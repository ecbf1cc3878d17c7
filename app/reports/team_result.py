"""A session played in fixed partnerships, as its exports show it
(GAME_FORMAT.md ``teams``; RULES.md §5 "Partnerships"): one entry a team
("Kari & Per") in the standings, the hand table, the CSV's columns and the
chart, places and winners by team (:func:`scoring.team_standings.team_standings`).
A session not in teams is shown as it is. No flet import.
"""

from __future__ import annotations

from dataclasses import replace

from scoring import SessionDoc, SessionResult
from scoring.team_standings import session_teams, team_name, team_standings

__all__ = ["by_team", "teams_of"]


def teams_of(doc: SessionDoc) -> tuple[tuple[str, ...], ...] | None:
    """The teams ``doc`` is played in, each its players in seat order, or
    ``None`` for a session not played in teams."""
    return session_teams(doc.rules, doc.options, doc.players)


def by_team(doc: SessionDoc, result: SessionResult) -> SessionResult:
    """``result`` (``scoring.score_session(doc)``) with the teams' standings
    in place of the players' when ``doc`` is played in teams (the hand
    scores stay the players'); else ``result`` itself. A result already by
    team is returned as it is.

    >>> from scoring import Hand, Pile, game_for, score_session
    >>> partners = game_for("kasino").options_from_dict({"partners": True})
    >>> deal = Hand(None, captured={  # RULES.md §5.2, example 4
    ...     "Kari": Pile(30, {"S": 9}, ("10D", "2S", "AS"), {"sweep": 1}),
    ...     "Ola": Pile(22, {"S": 4}, ("AH", "AD", "AC"), {"sweep": 2})})
    >>> doc = SessionDoc("kasino", partners, ("Kari", "Ola", "Per", "Liv"), (deal,))
    >>> table = by_team(doc, score_session(doc)).standings
    >>> dict(table.totals), dict(table.places)
    ({'Kari & Per': 9, 'Ola & Liv': 5}, {'Kari & Per': 1, 'Ola & Liv': 2})
    """
    teams = teams_of(doc)
    if teams is None or result.standings.players == tuple(team_name(t) for t in teams):
        return result
    return replace(result, standings=team_standings(result.standings, teams))
