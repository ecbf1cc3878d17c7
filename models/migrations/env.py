"""Alembic environment for Kortpoeng.

Run by :func:`models.db.init_db` with a connection in ``config.attributes``; from
the command line (``alembic -c models/alembic.ini ...``) it uses ``KORTPOENG_DB``
or the default database (see :func:`models.db.database_url`).
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlmodel import SQLModel

import models.tables  # noqa: F401  (registers the tables on SQLModel.metadata)
from models.db import make_engine

target_metadata = SQLModel.metadata


def _configure(connection: Any) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things: copy-and-move
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on the given connection, or on a fresh engine."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        return
    engine = make_engine(context.config.get_main_option("sqlalchemy.url") or None)
    try:
        with engine.connect() as conn:
            _configure(conn)
            conn.commit()
    finally:
        engine.dispose()


def run_migrations_offline() -> None:
    """Write the SQL for the migrations instead of running it."""
    context.configure(
        url=context.config.get_main_option("sqlalchemy.url") or "sqlite://",
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _offline() -> bool | None:
    """Alembic's mode, or None when this file is imported outside Alembic (for
    instance by ``pytest --doctest-modules``): then there is nothing to run."""
    try:
        return context.is_offline_mode()
    except NameError:
        return None


_MODE = _offline()
if _MODE is True:
    run_migrations_offline()
elif _MODE is False:
    run_migrations_online()
