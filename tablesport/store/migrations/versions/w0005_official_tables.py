"""Official tables and chosen seeds: a fixture's live table (its seats belong to the fixture's entrants) and
a table whose creator chose its seed (never rated: from the seed every hidden card follows).

Revision ID: w0005
Revises: w0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0005"
down_revision = "w0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(sa.Column("official", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("seed_chosen", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("seed_chosen")
        batch.drop_column("official")
