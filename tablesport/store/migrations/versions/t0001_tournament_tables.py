"""Tournament tables: events, competitions, entrants, fixtures, results, audit log, decisions,
penalties and the standings snapshot.

Revision ID: t0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "t0001"
down_revision = None
branch_labels = ("tournament",)
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.String(length=100), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "tournament_competitions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("preset", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("stage", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["tournament_events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "key"),
    )
    with op.batch_alter_table("tournament_competitions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_competitions_event_id"), ["event_id"], unique=False)
    op.create_table(
        "tournament_audit",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("subject", sa.String(length=100), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournament_audit", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_audit_competition_id"), ["competition_id"], unique=False
        )
    op.create_table(
        "tournament_decisions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("order", sa.JSON(), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournament_decisions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_decisions_competition_id"), ["competition_id"], unique=False
        )
    op.create_table(
        "tournament_entrants",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("division", sa.String(length=32), nullable=True),
        sa.Column("club", sa.String(length=200), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("group", sa.String(length=8), nullable=True),
        sa.Column("paid", sa.Boolean(), nullable=False),
        sa.Column("checked_in", sa.Boolean(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.Column("lost_sheets", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("competition_id", "key"),
    )
    with op.batch_alter_table("tournament_entrants", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_entrants_competition_id"), ["competition_id"], unique=False
        )
    op.create_table(
        "tournament_fixtures",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("stage", sa.String(length=32), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("group", sa.String(length=8), nullable=True),
        sa.Column("table", sa.String(length=32), nullable=True),
        sa.Column("entrants", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("competition_id", "key"),
    )
    with op.batch_alter_table("tournament_fixtures", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_fixtures_competition_id"), ["competition_id"], unique=False
        )
    op.create_table(
        "tournament_penalties",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("team", sa.String(length=100), nullable=False),
        sa.Column("player", sa.String(length=100), nullable=True),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("recorded_by", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournament_penalties", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_penalties_competition_id"), ["competition_id"], unique=False
        )
    op.create_table(
        "tournament_standings",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("group", sa.String(length=8), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("entrant", sa.String(length=100), nullable=False),
        sa.Column("points", sa.JSON(), nullable=False),
        sa.Column("tiebreaks", sa.JSON(), nullable=False),
        sa.Column("needs_decision", sa.Boolean(), nullable=False),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournament_standings", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_standings_competition_id"), ["competition_id"], unique=False
        )
    op.create_table(
        "tournament_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("entered_by", sa.String(length=100), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_by", sa.String(length=100), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["fixture_id"], ["tournament_fixtures.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("fixture_id"),
    )


def downgrade() -> None:
    op.drop_table("tournament_results")
    with op.batch_alter_table("tournament_standings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_standings_competition_id"))
    op.drop_table("tournament_standings")
    with op.batch_alter_table("tournament_penalties", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_penalties_competition_id"))
    op.drop_table("tournament_penalties")
    with op.batch_alter_table("tournament_fixtures", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_fixtures_competition_id"))
    op.drop_table("tournament_fixtures")
    with op.batch_alter_table("tournament_entrants", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_entrants_competition_id"))
    op.drop_table("tournament_entrants")
    with op.batch_alter_table("tournament_decisions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_decisions_competition_id"))
    op.drop_table("tournament_decisions")
    with op.batch_alter_table("tournament_audit", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_audit_competition_id"))
    op.drop_table("tournament_audit")
    with op.batch_alter_table("tournament_competitions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_competitions_event_id"))
    op.drop_table("tournament_competitions")
    op.drop_table("tournament_events")
