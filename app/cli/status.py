"""The exit statuses of ``kortpoeng`` (as httpie's ``ExitStatus``)."""

from __future__ import annotations

from enum import IntEnum, unique

__all__ = ["ExitStatus"]


@unique
class ExitStatus(IntEnum):
    """What a command's exit status means.

    ``OK``: done. ``NOTHING_DONE``: nothing to do (a session file that is
    already stored). ``BAD_INPUT``: input that cannot be read, scored or found,
    or a database that cannot be used; one line on standard error says why.
    """

    OK = 0
    NOTHING_DONE = 1
    BAD_INPUT = 2
