"""Typed errors of the storage services, for the UI to translate.

Every error has a stable ``code`` and the ``params`` a translated message needs;
``str(error)`` is an English sentence for logs and the command line. Rule errors
(a card that is not a card, a run that is not a run, a hand after the end) are not
wrapped: they propagate as :class:`scoring.ScoringError` subclasses, with the same
``code``/``params`` shape plus ``hand``/``player``/``field``/``card``. Whatever is
raised, the service has written nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from scoring import ScoreWarning

__all__ = [
    "AmbiguousSession",
    "DuplicateSession",
    "HandChanged",
    "HandNotFound",
    "ImportInvalid",
    "ImportTooLarge",
    "InvalidName",
    "NextHandChanged",
    "PlayerNotFound",
    "ServiceError",
    "SessionNotFound",
    "WarningsNeedConfirmation",
]


class ServiceError(Exception):
    """Base of the storage services' own errors.

    Attributes:
        code: stable identifier, e.g. ``"session_not_found"``.
        params: the facts a message needs (names, numbers), all plain values.
    """

    code: str = "service_error"
    template: str = "storage error"

    def __init__(self, **params: Any) -> None:
        self.params: dict[str, Any] = params
        super().__init__(self.code)

    def __str__(self) -> str:
        try:
            return self.template.format(**self.params)
        except (KeyError, IndexError):  # pragma: no cover - template/params mismatch
            return self.code


class SessionNotFound(ServiceError):
    """No session (or none outside the trash) answers to ``params["session"]``."""

    code = "session_not_found"
    template = "no session {session}"


class AmbiguousSession(ServiceError):
    """A UUID prefix that matches several sessions (``params["matches"]`` of them)."""

    code = "session_ambiguous"
    template = "{session} matches {matches} sessions: give more of the id"


class HandNotFound(ServiceError):
    """The session has no hand number ``params["hand"]``."""

    code = "hand_not_found"
    template = "session {session} has no hand {hand}"


class HandChanged(ServiceError):
    """Hand ``params["hand"]`` of session ``params["session"]`` is no longer the
    hand the caller read before changing it: it was changed, or deleted and
    another hand took its number, in the meantime (on another phone). Nothing
    was written."""

    code = "hand_changed"
    template = "hand {hand} of session {session} was changed in the meantime"


class NextHandChanged(ServiceError):
    """The hand was to be saved as hand ``params["hand"]`` but the session's
    next hand is ``params["next"]``: another phone saved or deleted a hand
    meanwhile. Nothing was written."""

    code = "next_hand_changed"
    template = "the next hand of session {session} is {next}, not {hand}"


class PlayerNotFound(ServiceError):
    """No player with id ``params["player"]``."""

    code = "player_not_found"
    template = "no player {player}"


class InvalidName(ServiceError):
    """A player name that cannot be stored.

    ``code`` says why: ``name_empty``, ``name_too_long`` (``params["maximum"]``
    characters), ``name_control`` (control characters), ``name_duplicate``
    (twice in one session) or ``name_taken`` (another player has it).
    """

    _TEMPLATES: ClassVar[dict[str, str]] = {
        "name_empty": "a player's name is empty",
        "name_too_long": "the name {name!r} is longer than {maximum} characters",
        "name_control": "the name {name!r} contains control characters",
        "name_duplicate": "{name!r} is in the session twice",
        "name_taken": "another player is already called {name!r}",
    }

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.template = self._TEMPLATES[code]
        super().__init__(**params)


class DuplicateSession(ServiceError):
    """An import whose ``id`` is already stored (``params``: ``id``, ``session``
    (its short number) and ``in_trash``); nothing new is created."""

    code = "duplicate_session"
    template = "session {id} is already stored (number {session})"


class ImportTooLarge(ServiceError):
    """An import larger than ``params["limit"]`` bytes, refused before parsing."""

    code = "import_too_large"
    template = "the file is larger than {limit} bytes"


class ImportInvalid(ServiceError):
    """An import that is not even text (``params["detail"]``); the document's own
    faults are :class:`scoring.SessionFileError` and friends."""

    code = "import_invalid"
    template = "not a session file: {detail}"


class WarningsNeedConfirmation(ServiceError):
    """The hand is scorable but physically unlikely; nothing was saved.

    ``warnings`` holds the :class:`scoring.ScoreWarning` items (with ``hand``
    set); call again with ``confirm_warnings=True`` to save the hand anyway.
    """

    code = "warnings_need_confirmation"
    template = "the hand has {count} warning(s) to confirm"

    def __init__(self, warnings: Sequence[ScoreWarning]) -> None:
        self.warnings: tuple[ScoreWarning, ...] = tuple(warnings)
        super().__init__(count=len(self.warnings))
