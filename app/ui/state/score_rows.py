"""The rows of a hand's "Points this hand" panel, in plain Python: a row a
player, or, in a session played in partnerships (RULES.md §5 "Partnerships"),
a row a partnership named as the score sheet names it ("Kari & Per",
:func:`scoring.team_standings.team_name`). Partners score the same points,
so a row a player would list each pair's points twice ("Kari 9, Ola 5,
Per 9, Siv 5" for a deal of 14 points). No flet import.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.team_standings import team_name

from .hand_draft import HandDraft, Preview
from .hand_screen import breakdown_shown, points_shown

__all__ = ["ScoreRow", "score_rows"]


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One row of the panel.

    Attributes:
        name: a player's name, or a partnership's ("Kari & Per").
        player: whose points and breakdown the row shows (a partnership's
            first player in seat order: every partner scores the same).
        points: the points as shown ("9"; "–" while the hand cannot be
            scored).
        breakdown: how the points add up ("+3 for most cards (30); …"), or "".
    """

    name: str
    player: str
    points: str
    breakdown: str


def score_rows(draft: HandDraft, preview: Preview) -> tuple[ScoreRow, ...]:
    """The panel's rows for ``draft`` and its live score ``preview``, in seat
    order: one a partnership when the hand's piles are a partnership's
    (:class:`~app.ui.state.capture_draft.PileFacts` ``teams``), else one a
    player. The same for a new hand and for a saved hand opened again.

    >>> from app.i18n import use_language
    >>> from app.ui.state.hand_draft import Preview
    >>> from scoring import HandScore
    >>> class Draft:  # the parts of a HandDraft the rows read
    ...     players = ("Kari", "Ola", "Per", "Siv")
    ...     capture = None
    >>> score = HandScore({"Kari": 9, "Ola": 5, "Per": 9, "Siv": 5}, {}, {})
    >>> with use_language("en"):
    ...     [(r.name, r.points) for r in score_rows(Draft(), Preview(score))]
    [('Kari', '9'), ('Ola', '5'), ('Per', '9'), ('Siv', '5')]
    """
    capture = draft.capture
    teams = capture.facts.teams if capture is not None else ()
    sides = (
        tuple((team_name(team), team[0]) for team in teams)
        if any(len(team) > 1 for team in teams)
        else tuple((player, player) for player in draft.players)
    )
    return tuple(
        ScoreRow(
            name, player, points_shown(preview, player), breakdown_shown(draft, preview, player)
        )
        for name, player in sides
    )
