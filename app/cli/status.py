"""The exit statuses of ``kortpoeng`` (as httpie's ``ExitStatus``), and the one
place that says which status ends a command for what went wrong
(:func:`status_of`).

======================  ======  ==================================================
Status                  Number  When
======================  ======  ==================================================
``OK``                  0       done (``import``: every file is stored, some maybe
                                already); ``web`` stopped by Ctrl+C or SIGTERM
``NOTHING_DONE``        1       nothing to do: every session file given is stored
                                already (or an older export of a stored one),
                                a game file is stored already, ``delete`` of a
                                session in the trash
``BAD_INPUT``           2       input that cannot be read, scored or found (a
                                file, a session, a game, an option); ``import``:
                                a file was refused, the others are still stored
``DATABASE_UNUSABLE``   3       the database cannot be used: busy, read-only, on
                                a full disk, damaged, a newer Kortpoeng's, another
                                program's, gone, a server down or refusing the
                                login
``CANNOT_SERVE``        4       ``kortpoeng web`` cannot listen on its address (a
                                port in use, an address not this computer's)
``INTERRUPTED``         130     stopped with Ctrl+C (128 + SIGINT, as a shell says)
``CLOSED_PIPE``         141     the program reading the output stopped reading
                                (128 + SIGPIPE, as a shell says;
                                :mod:`app.cli.pipes`)
======================  ======  ==================================================

Every status but ``OK`` and ``CLOSED_PIPE`` comes with one translated line on
standard error saying why (``INTERRUPTED``: none, the user pressed Ctrl+C).
"""

from __future__ import annotations

from enum import IntEnum, unique

__all__ = ["ExitStatus", "status_of"]


@unique
class ExitStatus(IntEnum):
    """What a command's exit status means (see the module table)."""

    OK = 0
    NOTHING_DONE = 1
    BAD_INPUT = 2
    DATABASE_UNUSABLE = 3
    CANNOT_SERVE = 4
    INTERRUPTED = 130
    CLOSED_PIPE = 141


def status_of(error: BaseException) -> ExitStatus:
    """The exit status of a command that ``error`` ended (see the module
    table): a session stored already is ``NOTHING_DONE``, a database that
    cannot be used ``DATABASE_UNUSABLE``, Ctrl+C ``INTERRUPTED``, a closed
    pipe ``CLOSED_PIPE``, and any other refusal ``BAD_INPUT``.

    >>> from models.errors import DatabaseBusy, DuplicateSession, SessionNotFound
    >>> status_of(DuplicateSession(id="x", session=1, in_trash=False)).name
    'NOTHING_DONE'
    >>> status_of(DatabaseBusy(database="kp.db")).name, status_of(SessionNotFound(session=9)).name
    ('DATABASE_UNUSABLE', 'BAD_INPUT')
    >>> status_of(KeyboardInterrupt()), status_of(BrokenPipeError())
    (<ExitStatus.INTERRUPTED: 130>, <ExitStatus.CLOSED_PIPE: 141>)
    """
    if isinstance(error, KeyboardInterrupt):
        return ExitStatus.INTERRUPTED
    if isinstance(error, BrokenPipeError):
        return ExitStatus.CLOSED_PIPE
    from models import errors  # (loaded by then: the error came from there)

    if isinstance(error, errors.DuplicateSession):
        return ExitStatus.NOTHING_DONE
    unusable = (
        errors.DatabaseBusy,
        errors.DatabaseDamaged,
        errors.DatabaseFault,
        errors.DatabaseFileGone,
        errors.DatabaseLoginRefused,
        errors.DatabaseNewer,
        errors.DatabaseReadOnly,
        errors.DatabaseUnopenable,
        errors.DatabaseUnreachable,
        errors.DiskFull,
    )
    if isinstance(error, unusable):
        return ExitStatus.DATABASE_UNUSABLE
    return ExitStatus.BAD_INPUT
