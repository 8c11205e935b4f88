"""The game clock of a physical table, kept by the server (tablesport.store.table_clock).

Revision ID: d0006
Revises: d0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d0006"
down_revision = "d0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "desk_table_clocks",
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("fixture", sa.String(length=64), nullable=False),
        sa.Column("left", sa.Float(), nullable=False),
        sa.Column("since", sa.Float(), nullable=True),
        sa.Column("overtimes", sa.Integer(), nullable=False),
        sa.Column("timed_up", sa.Integer(), nullable=False),
        sa.Column("board", sa.JSON(), nullable=True),
        sa.Column("updated_by", sa.String(length=100), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("competition_id", "fixture"),
    )


def downgrade() -> None:
    op.drop_table("desk_table_clocks")
