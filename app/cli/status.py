"""The exit statuses of ``kortpoeng`` (as httpie's ``ExitStatus``)."""

from __future__ import annotations

from enum import IntEnum, unique

__all__ = ["ExitStatus"]


@unique
class ExitStatus(IntEnum):
    """What a command's exit status means.

    ``OK``: done (``import``: every file is stored, some maybe already).
    ``NOTHING_DONE``: nothing to do (``import``: every session file given is
    stored already). ``BAD_INPUT``: input that cannot be read, scored or
    found (``import``: a file was refused, the others are still stored), or a
    database that cannot be used; one line on standard error says why.
    """

    OK = 0
    NOTHING_DONE = 1
    BAD_INPUT = 2
