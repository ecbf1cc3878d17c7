"""An ``OSError`` met while writing a file names the file the user knows.

A writer that goes through a temporary file (:func:`models.safe_files.atomic_path`)
or through SQLite (whose errors name no file at all) raises an ``OSError``
whose ``filename`` is the hidden temporary file, or nothing: a message built
from it read "Cannot write : the disk is full". :func:`naming` gives such an
error the file being written, so every "Cannot write FILE: …" names it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["naming"]


@contextmanager
def naming(
    path: str | os.PathLike[str], *, within: str | os.PathLike[str] | None = None
) -> Iterator[None]:
    """Run a block that writes ``path``; an ``OSError`` it raises that names
    no file, or a file in the folder ``within`` (by default ``path``'s own:
    the temporary file written first, SQLite's journal of it), leaves it as
    the same kind of ``OSError`` (its ``errno`` and ``strerror``) naming
    ``path``, the original chained as its cause. An error naming a file
    elsewhere or a file of the user's (the folder that could not be made,
    the file read) passes
    unchanged.

    >>> import errno
    >>> with naming("/backups/k.db"):
    ...     raise OSError(errno.ENOSPC, "No space left on device", "/backups/.k.db.1f.tmp")
    Traceback (most recent call last):
    ...
    OSError: [Errno 28] No space left on device: '/backups/k.db'
    """
    folder = Path(within) if within is not None else Path(path).parent
    try:
        yield
    except OSError as error:
        shown = error.filename
        if error.filename2 is not None and _ours(error.filename2, folder):
            # shutil.copyfile's write failing (a full disk) names the file it
            # read as ``filename`` and the one it wrote as ``filename2``.
            shown = error.filename2
        if shown is not None:
            if not isinstance(shown, str | bytes | os.PathLike):
                raise
            named = Path(os.fsdecode(shown))
            if named.parent != folder or not named.name.startswith("."):
                raise
        number = error.errno or 0
        raise OSError(number, error.strerror or os.strerror(number), os.fspath(path)) from error


def _ours(shown: object, folder: Path) -> bool:
    """Whether ``shown`` (an error's file name) is a hidden file in ``folder``
    (the temporary file being written) or ``folder`` itself."""
    if not isinstance(shown, str | bytes | os.PathLike):
        return False
    named = Path(os.fsdecode(shown))
    return named == folder or (named.parent == folder and named.name.startswith("."))
