"""A session's standings as its screens show them: one side a player, or, in
a session played in fixed partnerships (GAME_FORMAT.md ``teams``; RULES.md
§5 "Partnerships", example 4), one side a team named by its players in seat
order ("Kari & Per"), with its total, its place among the teams (1 and 2,
not 1, 1, 3, 3), its distance to the target and the teams that won
(:func:`scoring.team_standings.team_standings`). In plain Python, read from
the session's view; the sheet, the winner banner, the progress line, the
table screen, the chart and the session list's winner line draw these.

>>> teams_in("kasino", None, {"partners": True}, ("Kari", "Ola", "Per", "Liv"))
(('Kari', 'Per'), ('Ola', 'Liv'))
>>> teams_in("kasino", None, {}, ("Kari", "Ola")) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.i18n import _, join_names, ngettext
from scoring.team_standings import session_teams, team_name, team_standings

if TYPE_CHECKING:
    from app.ui.state.views import SessionSummary, SessionView
    from scoring import GameDefinition, Standings

__all__ = [
    "Side",
    "Sides",
    "deals_text",
    "sides",
    "summary_line",
    "teams_in",
]


@dataclass(frozen=True, slots=True)
class Side:
    """One column of the sheet, one line of the standings.

    Attributes:
        name: what it is called: the player's name, or the team's ("Kari &
            Per"); the key of :attr:`Sides.standings`.
        key: the player whose points and running totals of the hands it
            shows (a team's first player: each partner scores the team's).
        players: its players in seat order (one, or the team's).
    """

    name: str
    key: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Sides:
    """A session's sides and their standings.

    Attributes:
        sides: in seat order (a team's place is its first player's seat).
        standings: keyed by the sides' names: the session's own standings,
            or its teams' (totals, places, leaders, winners, the distance to
            the target, the running totals a team at a time).
        teams: the session is played in teams.
        dealer: the player who deals next (a player, in teams too).
    """

    sides: tuple[Side, ...]
    standings: Standings
    teams: bool
    dealer: str

    @property
    def names(self) -> tuple[str, ...]:
        """The sides' names, in seat order."""
        return tuple(side.name for side in self.sides)

    def players_of(self, name: str) -> tuple[str, ...]:
        """The players of side ``name`` (its own name for a player)."""
        return next((s.players for s in self.sides if s.name == name), (name,))


def teams_in(
    game_id: str,
    definition: GameDefinition | None,
    options: Mapping[str, Any],
    players: Sequence[str],
) -> tuple[tuple[str, ...], ...] | None:
    """The teams of a session of game ``game_id`` (its ``definition`` when it
    is not built in) with stored ``options`` and ``players``, or ``None`` when
    it is not played in teams or its game cannot be read."""
    from scoring import ScoringError, game_for

    try:
        game = game_for(game_id, definition)
        return session_teams(game, game.options_from_dict(dict(options)), players)
    except (ScoringError, KeyError, ValueError):
        return None


def sides(view: SessionView) -> Sides:
    """The sides of ``view``: its players, or its teams when it is played in
    teams (nothing rescored: :func:`scoring.team_standings.team_standings`
    over the view's standings)."""
    table = view.standings
    teams = session_teams(view.game_rules, view.options, view.players)
    if teams is None:
        return Sides(
            tuple(Side(p, p, (p,)) for p in view.players), table, teams=False, dealer=table.dealer
        )
    return Sides(
        tuple(Side(team_name(team), team[0], team) for team in teams),
        team_standings(table, teams),
        teams=True,
        dealer=table.dealer,
    )


def deals_text(shown: Sides, side: Side, finished: bool) -> str:
    """What the sheet says under a side's name about the next deal: "deals"
    under the dealer, "Per deals" under the team whose player deals; a space
    for the others and once the session has finished (the line keeps its
    height)."""
    if finished or shown.dealer not in side.players:
        return " "
    if shown.teams:
        return _("{player} deals", player=shown.dealer)
    return _("deals")


def summary_line(item: SessionSummary) -> str | None:
    """The session list's line about who won or leads a session played in
    teams ("Winning team: Kari & Per", "Leading team: Kari & Per"), or
    ``None`` for a session not in teams (or with no hands yet): the list's
    own words for players then."""
    teams = teams_in(item.game_id, item.definition, item.options, item.players)
    if teams is None:
        return None
    name_of = {player: team_name(team) for team in teams for player in team}
    if item.finished:
        won = list(dict.fromkeys(name_of[p] for p in item.winners if p in name_of))
        if not won:
            return None
        return ngettext(
            "Winning team: {names}", "Winning teams: {names}", len(won), names=join_names(won)
        )
    if not item.hand_count or not item.leaders:
        return None
    leading = list(dict.fromkeys(name_of[p] for p in item.leaders if p in name_of))
    if not leading:
        return None
    return ngettext(
        "Leading team: {names}", "Leading teams: {names}", len(leading), names=join_names(leading)
    )
