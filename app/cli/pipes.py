"""A command whose reader goes away ends quietly: ``kortpoeng trash | head -3``.

When the program reading ``kortpoeng``'s output stops reading (``head``,
``less`` quit early, a closed socket), the next write raises
``BrokenPipeError``; uncaught, it printed a traceback, and Python's own flush
of standard output at exit printed another. The standard remedy (Python's
documentation, "Note on SIGPIPE" in :mod:`signal`): catch it where the
program starts, point standard output at :data:`os.devnull` so nothing more
is written into the closed pipe (the exit's flush included), and end with the
status a shell gives a program that a closed pipe ended: 128 + SIGPIPE = 141.
Nothing reaches standard error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from app.cli.status import ExitStatus

__all__ = ["CLOSED_PIPE", "let_closed_pipe_through", "quiet_when_closed"]

#: The exit status of a command whose output was closed before it ended:
#: what a POSIX shell reports for a program ended by SIGPIPE (128 + 13).
CLOSED_PIPE = ExitStatus.CLOSED_PIPE


def quiet_when_closed(command: Callable[[], int]) -> int:
    """Run ``command`` and flush standard output; its exit status, or
    :data:`CLOSED_PIPE` when the reader of standard output (or of standard
    error) went away meanwhile — then standard output is :data:`os.devnull`
    from here on and nothing is said. A ``SystemExit`` (argparse's ``--help``)
    passes as it is when its output got through.
    """
    try:
        try:
            return command()
        finally:
            sys.stdout.flush()  # what is still buffered: a closed pipe shows here
    except BrokenPipeError:
        _stdout_to_devnull()
        return CLOSED_PIPE


def _stdout_to_devnull() -> None:
    """Standard output's file descriptor (and Python's object for it) now
    write to :data:`os.devnull`: the interpreter's flush at exit, and anything
    a library prints later, go nowhere instead of raising again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by an object with no file
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives to the end
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def let_closed_pipe_through(error: OSError) -> None:
    """Raise ``error`` again when it is a closed pipe (``EPIPE``: the reader
    of standard output went away), so that :func:`quiet_when_closed` ends the
    command with :data:`CLOSED_PIPE` and says nothing; any other ``OSError``
    returns, for the caller to name the file it could not write. Every
    ``except OSError`` around a write to standard output calls it first
    (``kortpoeng export 20 | true`` printed "Cannot write -: Broken pipe")."""
    if isinstance(error, BrokenPipeError):
        raise error
