"""The schema revisions this version of Kortpoeng knows: the Alembic
migrations in ``models/migrations`` and the newest of them.

Below :mod:`models.db` (which upgrades a database to :data:`HEAD_REVISION`)
and :mod:`models.backup_files` (which refuses a backup of a revision it has no
migration for). Alembic is imported only by the functions that need it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["HEAD_REVISION", "MIGRATIONS_DIR", "alembic_config", "known_revisions"]

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

HEAD_REVISION = "0008"
"""The newest migration in ``models/migrations`` (a test checks it is Alembic's head)."""


def alembic_config(connection: Any | None = None) -> Any:
    """Return an Alembic ``Config`` for the migrations in ``models/migrations``.

    When ``connection`` is given, migrations run on it (see ``env.py``).
    """
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def known_revisions() -> frozenset[str]:
    """Every schema revision this version of Kortpoeng has a migration for."""
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(alembic_config())
    return frozenset(script.revision for script in scripts.walk_revisions())
