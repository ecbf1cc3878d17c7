"""Session list index covers the "unfinished first, newest first" order.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_index("ix_game_session_listing")
        batch_op.create_index(
            "ix_game_session_list", ["deleted_at", "finished_at", "started_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_index("ix_game_session_list")
        batch_op.create_index("ix_game_session_listing", ["deleted_at", "started_at"], unique=False)
