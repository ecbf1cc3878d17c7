"""Scoring a whole session: every hand, then the standings (RULES.md §4).

What was entered (a :class:`~scoring.session_file.SessionDoc`, or a game, its
options, the players and their hands) becomes a :class:`SessionResult`: one
:class:`~scoring.hands.HandScore` per hand, the standings and every warning.
The session file itself is read and written by :mod:`scoring.session_file`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import ScoringError
from .hands import Hand, HandScore, ScoreWarning
from .options import GameOptions
from .rules import GameRules
from .session_file import SessionDoc
from .standings import Standings, standings

__all__ = ["SessionResult", "score_hands", "score_session"]


@dataclass(frozen=True)
class SessionResult:
    """A scored session: one :class:`HandScore` per hand, the standings, and all
    warnings (each with its ``hand`` number)."""

    hand_scores: tuple[HandScore, ...]
    standings: Standings
    warnings: tuple[ScoreWarning, ...]


def score_hands(
    game: GameRules, options: GameOptions, players: Sequence[str], hands: Sequence[Hand]
) -> SessionResult:
    """Score every hand and fold the standings.

    Raises :class:`ScoringError` subclasses (a hand the rules cannot score,
    ``session_over`` for a hand after the end), each carrying its hand number;
    warnings are returned with theirs.
    """
    scores = []
    warnings: list[ScoreWarning] = []
    for number, hand in enumerate(hands, 1):
        try:
            score = game.score_hand(options, players, hand, number)
        except ScoringError as error:
            raise error.at_hand(number) from None
        scores.append(score)
        warnings += [
            ScoreWarning(w.code, w.card, w.player, w.count, w.expected, number)
            for w in score.warnings
        ]
    table = standings(game, options, players, scores)
    return SessionResult(tuple(scores), table, tuple(warnings))


def score_session(doc: SessionDoc) -> SessionResult:
    """Score a whole session document (see :func:`score_hands`)."""
    return score_hands(doc.rules, doc.options, doc.players, doc.hands)
