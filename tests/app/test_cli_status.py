"""One exit-status vocabulary for the command line, mapped in one place
(issue 27, item 5: :mod:`app.cli.status`), and the README saying the same."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.cli.status import ExitStatus, status_of
from models import errors

ROOT = Path(__file__).resolve().parents[2]


def test_the_numbers() -> None:
    assert {status.name: int(status) for status in ExitStatus} == {
        "OK": 0,
        "NOTHING_DONE": 1,
        "BAD_INPUT": 2,
        "DATABASE_UNUSABLE": 3,
        "CANNOT_SERVE": 4,
        "INTERRUPTED": 130,
        "CLOSED_PIPE": 141,
    }


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (errors.DuplicateSession(id="x", session=1, in_trash=False), ExitStatus.NOTHING_DONE),
        (errors.StoredSessionHasMore(id="x", session=1, in_trash=True), ExitStatus.NOTHING_DONE),
        (errors.SessionNotFound(session=9), ExitStatus.BAD_INPUT),
        (errors.ImportInvalid(detail="not UTF-8 text"), ExitStatus.BAD_INPUT),
        (errors.BackupUnavailable(database="postgresql://x"), ExitStatus.BAD_INPUT),
        (errors.DatabaseBusy(database="kp.db"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseReadOnly(database="kp.db"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DiskFull(database="kp.db"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseDamaged(database="kp.db", backup=None), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseNewer(database="kp.db", revision="9999"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseUnopenable(database="kp.db"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseUnreachable(database="pg"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseLoginRefused(database="pg"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseFault(database="kp.db"), ExitStatus.DATABASE_UNUSABLE),
        (errors.DatabaseFileGone(database="kp.db", replaced=False), ExitStatus.DATABASE_UNUSABLE),
        (KeyboardInterrupt(), ExitStatus.INTERRUPTED),
        (BrokenPipeError(), ExitStatus.CLOSED_PIPE),
    ],
)
def test_each_error_has_its_status(error: BaseException, status: ExitStatus) -> None:
    assert status_of(error) is status


def test_ctrl_c_ends_a_command_with_130_and_no_traceback(monkeypatch, capsys) -> None:
    """Ctrl+C while a command runs (here: while ``kortpoeng score`` reads its
    file): status 130, nothing on standard output or error (it had no status
    and printed a traceback)."""

    monkeypatch.setattr(sys, "stdin", _Interrupting())
    status = main(["score", "-"])
    out, err = capsys.readouterr()
    assert (status, out, err) == (ExitStatus.INTERRUPTED, "", "")


class _Interrupting:
    """A standard input whose read is cut short by Ctrl+C."""

    @property
    def buffer(self) -> _Interrupting:
        return self

    def read(self, *_args: object) -> bytes:
        raise KeyboardInterrupt


def test_the_readme_lists_every_status() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(
        r"Every exit status of the command\s+line \(`app/cli/status.py`\):(.*?)\.", readme, re.S
    )
    assert found is not None
    numbers = [int(n) for n in re.findall(r"(\d+) [a-z`]", found.group(1))]
    assert numbers == [int(status) for status in ExitStatus]
