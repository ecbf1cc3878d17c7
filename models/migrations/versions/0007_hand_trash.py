"""The trash for hands: a deleted hand is kept in ``hand_trash`` (for 30 days)
and can be put back; hand ids are never used twice (``AUTOINCREMENT``), so a
hand in the trash keeps its id and goes back where it was played.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Ids of deleted hands are never handed out again (SQLite would reuse the
    # highest one): the rows are copied into a table made with AUTOINCREMENT,
    # whose counter starts at the highest id there is.
    with op.batch_alter_table(
        "hand", recreate="always", table_kwargs={"sqlite_autoincrement": True}
    ) as batch_op:
        batch_op.alter_column("id", existing_type=sa.Integer(), nullable=False)
    op.create_table(
        "hand_trash",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("went_out_seat", sa.Integer(), nullable=True),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("rummy", sa.Boolean(), nullable=False),
        sa.Column("note", sa.String(), nullable=True),
        sa.Column("played_at", sa.String(length=64), nullable=True),
        sa.Column("warnings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("session_finished", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_session.id"],
            name=op.f("fk_hand_trash_session_id_game_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand_trash")),
    )
    with op.batch_alter_table("hand_trash", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_hand_trash_session_id"), ["session_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_hand_trash_deleted_at"), ["deleted_at"], unique=False)


def downgrade() -> None:
    op.drop_table("hand_trash")
    with op.batch_alter_table(
        "hand", recreate="always", table_kwargs={"sqlite_autoincrement": False}
    ) as batch_op:
        batch_op.alter_column("id", existing_type=sa.Integer(), nullable=False)
