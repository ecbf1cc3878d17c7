"""A progress game's phases in a session's exports (GAME_FORMAT.md
``progress``; RULES.md §8 Phase 10): how the session ends ("ends when a
player completes phase 10; of those, the lowest total wins"), each player's
phase as the score sheet shows it ("phase 10 ✓", "phase 3") and the phases
completed after each hand (the CSV's columns). No flet import.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from app.i18n import _, format_number
from scoring import SessionResult

__all__ = ["phase_end", "phase_label", "stages_after_each_hand"]


def phase_label(done: int, last: int) -> str:
    """A player's phase as the score sheet shows it under the total: the
    phase played next ("phase 3" after 2 completed), or the last one ticked
    once it is completed ("phase 10 ✓").

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     phase_label(0, 10), phase_label(2, 10), phase_label(10, 10)
    ('phase 1', 'phase 3', 'phase 10 ✓')
    """
    if done >= last:
        return _("phase {n} ✓", n=format_number(last))
    return _("phase {n}", n=format_number(done + 1))


def phase_end(last: int, *, lowest_wins: bool) -> str:
    """How a progress game's session ends, for an export's rules line
    (the rules screen's words, :func:`app.game_text_progress.progress_end`,
    shortened to one line).

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     phase_end(10, lowest_wins=True)
    'Ends when a player completes phase 10; of those, the lowest total wins'
    """
    if lowest_wins:
        return _(
            "Ends when a player completes phase {n}; of those, the lowest total wins",
            n=format_number(last),
        )
    return _(
        "Ends when a player completes phase {n}; of those, the highest total wins",
        n=format_number(last),
    )


def stages_after_each_hand(
    players: Sequence[str], result: SessionResult
) -> tuple[tuple[int, ...], ...]:
    """Per hand, each player's phases completed after it (seat order of
    ``players``; whole numbers, RULES.md §8).

    >>> from scoring import HandScore, SessionResult
    >>> hands = (HandScore({}, {}, {}, completed=("Ada",)),
    ...          HandScore({}, {}, {}, completed=("Ada", "Bo")))
    >>> stages_after_each_hand(("Ada", "Bo"), SessionResult(hands, None, ()))
    ((1, 0), (2, 1))
    """
    rows = (_completed_row(players, score.completed or ()) for score in result.hand_scores)
    return tuple(
        tuple(row)
        for row in accumulate(rows, lambda a, b: [x + y for x, y in zip(a, b, strict=True)])
    )


def _completed_row(players: Sequence[str], completed: Sequence[str]) -> list[int]:
    done = set(completed)
    return [1 if player in done else 0 for player in players]
