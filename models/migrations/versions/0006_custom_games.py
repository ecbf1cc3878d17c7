"""Custom games (game definitions a family made or imported) and, per
session, the snapshot of the definition it is played by.

Sessions stored before this migration are of the coded games (Swedish Rummy,
Four Suit Rummy, Rummy), which need no snapshot: their ``definition`` stays
empty.

Revision ID: 0006
Revises: 0005 (results and score-sheet chunks)
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "custom_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("definition", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_custom_game")),
        sa.UniqueConstraint("game_id", name=op.f("uq_custom_game_game_id")),
    )
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("definition", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_column("definition")
    op.drop_table("custom_game")
