"""Placeholder for revision 0005, which another branch adds at the same time
(the storage rework of issue 13): it changes nothing here, and is replaced by
that migration when the branches are merged (0006 then follows it).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from collections.abc import Sequence

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
