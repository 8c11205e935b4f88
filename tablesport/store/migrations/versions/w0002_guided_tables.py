"""Guided first games (/learn/<game>): a web table may be marked guided (hints for the person, never rated).

Revision ID: w0002
Revises: w0001
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0002"
down_revision = "w0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(sa.Column("guided", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("guided")
