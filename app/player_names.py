"""Two players of one session never have names that only look alike:
"Anna" and "Аnna" (a Cyrillic А) would show as two rows of Anna in the
statistics and as two Annas on the score sheet.

Two names are confusable when their skeletons are equal
(:func:`app.game_names.skeleton`: NFKC, case-folded, format characters
dropped, spaces made one, Unicode's confusable mappings by ICU's
SpoofChecker), the same test as for games' names. Checked on the new-session
form and for a session file's players before it is imported (the command line
and the app, :func:`app.fonts.check_session_names`).

Across sessions a lookalike of a stored player is allowed: it may be another
person.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring import ErrorCode, OptionError

__all__ = ["check_seat_lookalikes"]


def check_seat_lookalikes(names: Sequence[str]) -> None:
    """Refuse ``names`` (one session's seats, in order) when two of them look
    alike. Raises :class:`scoring.OptionError` ``player_lookalike``:
    ``player`` the later name, ``params`` ``seat`` its seat (1-based),
    ``other`` and ``other_seat`` the earlier one's.

    >>> check_seat_lookalikes(["Anna", "Bo"])
    >>> check_seat_lookalikes(["Anna", "Bo", "\\u0410nna"])
    Traceback (most recent call last):
    ...
    scoring.errors.OptionError: player 3 'Аnna' looks just like player 1 'Anna'
    """
    from app.game_names import skeleton

    seen: dict[str, tuple[int, str]] = {}
    for seat, name in enumerate(names, 1):
        key = skeleton(name)
        if key in seen:
            other_seat, other = seen[key]
            raise OptionError(
                ErrorCode.PLAYER_LOOKALIKE,
                player=name,
                params={"seat": seat, "other": other, "other_seat": other_seat},
            )
        seen[key] = (seat, name)
