"""Session totals and leaders, so the session list needs no scoring.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Filled in by the services on the next write to, or opening of, each session.
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("totals", sa.JSON(), server_default="[]", nullable=False))
        batch_op.add_column(
            sa.Column("leader_seats", sa.JSON(), server_default="[]", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_column("leader_seats")
        batch_op.drop_column("totals")
