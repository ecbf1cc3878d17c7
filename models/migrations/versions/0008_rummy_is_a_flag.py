"""A hand's flags are data (issue 27, item 1): *rummy* is the flag ``rummy``
of the game's definition, stored where every hand flag is, not a column.

Every hand (in ``hand`` and in the trash, ``hand_trash``) whose ``rummy``
column was true keeps it as the flag ``rummy`` called for the player who went
out: ``entry["flags"]["rummy"]`` is that player's seat (as text, like every
flag's), the form a Rummy hand with the flag is stored in since. Then the
column goes. A blocked hand never had it (scoring refused *rummy* without a
player who went out, so no such hand was stored). Downgrading moves the flag
back into the column.

SQLite copies ``hand`` into a new table to drop a column: the highest id it
ever gave (``sqlite_sequence``) is kept, so a deleted hand's id is still never
given again (0007). The score sheet pieces (a cache that held each hand's
*rummy* too) are dropped, to be made anew when a session is next shown.

Revision ID: 0008
Revises: 0007 (the hand trash)
Create Date: 2026-12-04
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TABLES = ("hand", "hand_trash")
_FLAG = "rummy"


def _table(name: str, *, with_rummy: bool = True) -> sa.TableClause:
    columns = [
        sa.column("id", sa.Integer()),
        sa.column("went_out_seat", sa.Integer()),
        sa.column("entry", sa.JSON()),
    ]
    if with_rummy:
        columns.append(sa.column("rummy", sa.Boolean()))
    return sa.table(name, *columns)


def _sequence(bind: sa.engine.Connection) -> int | None:
    """SQLite's highest ``hand`` id given so far (``None`` elsewhere)."""
    if bind.dialect.name != "sqlite":
        return None
    row = bind.execute(sa.text("SELECT seq FROM sqlite_sequence WHERE name = 'hand'")).first()
    return None if row is None else int(row[0])


def _keep_sequence(bind: sa.engine.Connection, before: int | None) -> None:
    """After ``hand`` was copied into a new table: its sequence at least
    ``before`` again."""
    if before is None:
        return
    now = _sequence(bind)
    if now is None:
        bind.execute(
            sa.text("INSERT INTO sqlite_sequence (name, seq) VALUES ('hand', :seq)"),
            {"seq": before},
        )
    elif now < before:
        bind.execute(
            sa.text("UPDATE sqlite_sequence SET seq = :seq WHERE name = 'hand'"), {"seq": before}
        )


def _recreated(name: str) -> dict[str, Any]:
    """The batch arguments that keep a table as it is when SQLite copies it."""
    return {"table_kwargs": {"sqlite_autoincrement": True}} if name == "hand" else {}


def upgrade() -> None:
    bind = op.get_bind()
    for name in _TABLES:
        table = _table(name)
        rows = bind.execute(
            sa.select(table.c.id, table.c.entry, table.c.went_out_seat).where(
                table.c.rummy == sa.true(), table.c.went_out_seat.is_not(None)
            )
        ).all()
        for hand_id, entry, seat in rows:
            data = dict(entry or {})
            data["flags"] = {**(data.get("flags") or {}), _FLAG: str(seat)}
            bind.execute(table.update().where(table.c.id == hand_id).values(entry=data))
    before = _sequence(bind)
    for name in _TABLES:
        with op.batch_alter_table(name, schema=None, **_recreated(name)) as batch_op:
            batch_op.drop_column("rummy")
    _keep_sequence(bind, before)
    # the score sheet pieces held each hand's rummy too: a cache, made anew when read
    op.execute("DELETE FROM score_sheet_chunk")


def downgrade() -> None:
    bind = op.get_bind()
    before = _sequence(bind)
    for name in _TABLES:
        with op.batch_alter_table(name, schema=None, **_recreated(name)) as batch_op:
            batch_op.add_column(
                sa.Column("rummy", sa.Boolean(), nullable=False, server_default=sa.false())
            )
        with op.batch_alter_table(name, schema=None, **_recreated(name)) as batch_op:
            batch_op.alter_column("rummy", existing_type=sa.Boolean(), server_default=None)
    _keep_sequence(bind, before)
    op.execute("DELETE FROM score_sheet_chunk")
    for name in _TABLES:
        table = _table(name)
        rows = bind.execute(
            sa.select(table.c.id, table.c.entry, table.c.went_out_seat).where(
                table.c.went_out_seat.is_not(None)
            )
        ).all()
        for hand_id, entry, seat in rows:
            flags = dict((entry or {}).get("flags") or {})
            if flags.get(_FLAG) != str(seat):
                continue
            del flags[_FLAG]
            data = {key: value for key, value in entry.items() if key != "flags"}
            if flags:
                data["flags"] = flags
            bind.execute(table.update().where(table.c.id == hand_id).values(entry=data, rummy=True))
