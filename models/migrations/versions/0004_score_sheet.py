"""The score sheet cache: a session's hands as one row, for opening it quickly.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Derived data: written by the services on the next write to, or opening
    # of, each session (until then a session opens from its hand rows).
    op.create_table(
        "score_sheet",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("scored_with", sa.String(length=64), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("sheet", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_session.id"],
            name=op.f("fk_score_sheet_session_id_game_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_score_sheet")),
    )


def downgrade() -> None:
    op.drop_table("score_sheet")
