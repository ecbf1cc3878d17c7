"""First schema: players, sessions, seats and hands.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "game_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uuid", sa.String(length=36), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at_iso", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("winner_seats", sa.JSON(), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("rematch_of", sa.Integer(), nullable=True),
        sa.Column("scored_with", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["rematch_of"],
            ["game_session.id"],
            name=op.f("fk_game_session_rematch_of_game_session"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_session")),
        sa.UniqueConstraint("uuid", name=op.f("uq_game_session_uuid")),
    )
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.create_index("ix_game_session_listing", ["deleted_at", "started_at"], unique=False)

    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=160), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint("name_key", name=op.f("uq_player_name_key")),
    )
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("went_out_seat", sa.Integer(), nullable=True),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("rummy", sa.Boolean(), nullable=False),
        sa.Column("note", sa.String(), nullable=True),
        sa.Column("played_at", sa.String(length=64), nullable=True),
        sa.Column("warnings", sa.JSON(), nullable=False),
        sa.Column("score", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_session.id"],
            name=op.f("fk_hand_session_id_game_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand")),
        sa.UniqueConstraint("session_id", "number", name="uq_hand_number"),
    )
    op.create_table(
        "session_player",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_session_player_player_id_player"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_session.id"],
            name=op.f("fk_session_player_session_id_game_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "seat", name=op.f("pk_session_player")),
        sa.UniqueConstraint("session_id", "player_id", name="uq_session_player_player"),
    )
    with op.batch_alter_table("session_player", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_session_player_player_id"), ["player_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("session_player", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_session_player_player_id"))

    op.drop_table("session_player")
    op.drop_table("hand")
    op.drop_table("player")
    with op.batch_alter_table("game_session", schema=None) as batch_op:
        batch_op.drop_index("ix_game_session_listing")

    op.drop_table("game_session")
