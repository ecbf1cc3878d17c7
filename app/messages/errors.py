"""The one describer of coded errors, for the app and the command line."""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from app.i18n import N_, _
from app.messages._echo import _SHOWN, _shown, _where
from app.messages.app_errors import APP_ERRORS
from app.messages.scoring_errors import SCORING_ERRORS, Describer
from scoring import CodedError
from scoring.codes import ErrorCode

_ERRORS: Mapping[StrEnum, Describer] = {**SCORING_ERRORS, **APP_ERRORS}

#: Every error code :func:`describe_error` has a sentence for (scoring's and storage's).
ERROR_CODES: frozenset[StrEnum] = frozenset(_ERRORS)

# Codes whose sentence names the player itself (no "Kari:" prefix then).
_NAMES_PLAYER = frozenset(
    {
        ErrorCode.UNKNOWN_PLAYER,
        ErrorCode.WENT_OUT_HOLDS_CARDS,
        ErrorCode.PLAYER_NAME_CONTROL,
        ErrorCode.PLAYER_NAME_LONG,
        ErrorCode.PLAYER_NAME_GLYPH,
        ErrorCode.PLAYER_NAME_INVISIBLE,
        ErrorCode.PLAYER_DUPLICATE,
        ErrorCode.PLAYER_LOOKALIKE,
        ErrorCode.PLAYER_REPEATED,
        ErrorCode.ALSO_OUT_NOT_ALLOWED,
    }
)


def describe_error(error: BaseException, *, ids: bool = True) -> str:
    """One translated line for a coded error (scoring's or the storage
    services', :class:`scoring.CodedError`), naming the hand, the player and
    the card or field — the one describer for the app and the command line.

    ``ids=False`` (the app) leaves out the stored ids a command takes (a
    trashed hand's ``H23``, a session's short id): a screen names a hand by
    its number and session, as the user sees them.

    Anything else (a bug, or a library's exception) gets a plain translated
    sentence: no library's own text ever reaches a user.

    Returns:
        e.g. ``"Hand 2, Kari: “KD” (card 3) is not a card"``; in Norwegian
        ``"Runde 2, Kari: «KD» (kort nr. 3) er ikke et kort"``.
    """
    if not isinstance(error, CodedError):
        return _("Something went wrong; nothing was changed")
    params: Mapping[str, Any] = error.params or {}
    if not ids and "id" in params:
        params = {key: value for key, value in params.items() if key != "id"}
    describer = _ERRORS.get(error.code)
    if describer is None:
        problem = _("Something went wrong ({code}); nothing was changed", code=str(error.code))
    else:
        problem = describer(error, params)
    names_player = error.code in _NAMES_PLAYER or (
        error.code == ErrorCode.BAD_POINTS and isinstance(params.get("value"), str)
    )
    hand, player = error.hand, error.player
    if str(error.code).startswith("file_") and error.code != ErrorCode.FILE_DUPLICATE_KEY:
        from app.messages.session_fields import file_where

        hand, player = file_where(error)  # a session file's hand and player, from its path
    return _where(hand, None if names_player else player, problem)


def os_reason(error: OSError) -> str:
    """Why a file could not be read or written, in the active language.

    >>> import errno
    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"))
    'filen finnes ikke'
    """
    denied = N_("permission denied")
    reasons = {
        errno.ENOENT: N_("there is no such file"),
        errno.EISDIR: N_("it is a folder, not a file"),
        errno.ENOTDIR: N_("a part of the path is not a folder"),
        errno.EACCES: denied,
        errno.EPERM: denied,
        errno.EROFS: N_("the file system is read-only"),
        errno.ENOSPC: N_("the disk is full"),
        errno.EBADF: N_("it is closed"),
    }
    reason = reasons.get(error.errno or 0)
    if reason is not None:
        return _(reason)
    return _shown(error.strerror or error, 2 * _SHOWN)


def cannot_read(file: str | os.PathLike[str], reason: str) -> str:
    """The line "Cannot read FILE: REASON" (``reason`` from :func:`os_reason`,
    or its own words).

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     cannot_read("s.json", "there is no such file")
    'Cannot read s.json: there is no such file'
    """
    return _("Cannot read {file}: {reason}", file=os.fspath(file), reason=reason)


def cannot_write(file: str | os.PathLike[str], reason: str) -> str:
    """The line "Cannot write FILE: REASON" (``reason`` from :func:`os_reason`)."""
    return _("Cannot write {file}: {reason}", file=os.fspath(file), reason=reason)
