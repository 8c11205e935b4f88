"""Live tables for series games and Pictionary rounds: which game of the series a table plays and who sits
at each seat (the commanders of a series game are checked from it).

Revision ID: d0003
Revises: d0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d0003"
down_revision = "d0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("desk_live_tables") as batch:
        batch.add_column(sa.Column("number", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("seats", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("desk_live_tables") as batch:
        batch.drop_column("seats")
        batch.drop_column("number")
