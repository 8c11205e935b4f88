"""Results as the tables produce them: the games of a series (one row per game, entered as it ends),
the Rummikub hall's entries, and the facts kept with results, penalties and audit entries (when it
happened, the referee, a note); a penalty can be withdrawn.

Series results stored before this revision get one game row per game.

Revision ID: t0002
Revises: t0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "t0002"
down_revision = "t0001"
branch_labels = None
depends_on = None

SERIES_PRESETS = ("sgs-3v3-2011", "sgs-3v3-2012", "sgs-3v3-2014", "sgs-1v1-2014")


def upgrade() -> None:
    op.create_table(
        "tournament_games",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("facts", sa.JSON(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("entered_by", sa.String(length=100), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_by", sa.String(length=100), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["fixture_id"], ["tournament_fixtures.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("fixture_id", "number"),
    )
    with op.batch_alter_table("tournament_games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_games_fixture_id"), ["fixture_id"], unique=False)
    op.create_table(
        "tournament_hall",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("competition_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("player", sa.String(length=100), nullable=True),
        sa.Column("table", sa.Integer(), nullable=True),
        sa.Column("fixture", sa.String(length=64), nullable=True),
        sa.Column("at", sa.String(length=5), nullable=False),
        sa.Column("data", sa.JSON(), nullable=True),
        sa.Column("facts", sa.JSON(), nullable=True),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["competition_id"], ["tournament_competitions.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournament_hall", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_hall_competition_id"), ["competition_id"],
                              unique=False)
    with op.batch_alter_table("tournament_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("facts", sa.JSON(), nullable=True))
    with op.batch_alter_table("tournament_audit", schema=None) as batch_op:
        batch_op.add_column(sa.Column("facts", sa.JSON(), nullable=True))
    with op.batch_alter_table("tournament_penalties", schema=None) as batch_op:
        batch_op.add_column(sa.Column("facts", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("withdrawn", sa.Boolean(), nullable=False, server_default=sa.false()))
    _games_of_stored_series()


def _games_of_stored_series() -> None:
    """One game row per game of each series result stored before this revision."""
    conn = op.get_bind()
    comps = sa.table("tournament_competitions", sa.column("id", sa.Integer), sa.column("preset", sa.String))
    fixtures = sa.table("tournament_fixtures", sa.column("id", sa.Integer),
                        sa.column("competition_id", sa.Integer))
    results = sa.table("tournament_results", sa.column("fixture_id", sa.Integer), sa.column("data", sa.JSON),
                       sa.column("entered_by", sa.String),
                       sa.column("entered_at", sa.DateTime(timezone=True)),
                       sa.column("updated_by", sa.String),
                       sa.column("updated_at", sa.DateTime(timezone=True)))
    games = sa.table("tournament_games", sa.column("fixture_id", sa.Integer), sa.column("number", sa.Integer),
                     sa.column("data", sa.JSON), sa.column("facts", sa.JSON),
                     sa.column("version", sa.Integer),
                     sa.column("entered_by", sa.String),
                     sa.column("entered_at", sa.DateTime(timezone=True)),
                     sa.column("updated_by", sa.String),
                     sa.column("updated_at", sa.DateTime(timezone=True)))
    q = (sa.select(results.c.fixture_id, results.c.data, results.c.entered_by, results.c.entered_at,
                   results.c.updated_by, results.c.updated_at)
         .select_from(results.join(fixtures, fixtures.c.id == results.c.fixture_id)
                      .join(comps, comps.c.id == fixtures.c.competition_id))
         .where(comps.c.preset.in_(SERIES_PRESETS)))
    rows = []
    for fx, data, eby, eat, uby, uat in conn.execute(q).all():
        for n, g in enumerate((data or {}).get("games") or [], 1):
            rows.append({"fixture_id": fx, "number": n, "data": g, "facts": {"source": "typed"}, "version": 1,
                         "entered_by": eby, "entered_at": eat, "updated_by": uby, "updated_at": uat})
    if rows:
        op.bulk_insert(games, rows)


def downgrade() -> None:
    with op.batch_alter_table("tournament_penalties", schema=None) as batch_op:
        batch_op.drop_column("withdrawn")
        batch_op.drop_column("facts")
    with op.batch_alter_table("tournament_audit", schema=None) as batch_op:
        batch_op.drop_column("facts")
    with op.batch_alter_table("tournament_results", schema=None) as batch_op:
        batch_op.drop_column("facts")
    with op.batch_alter_table("tournament_hall", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_hall_competition_id"))
    op.drop_table("tournament_hall")
    with op.batch_alter_table("tournament_games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_games_fixture_id"))
    op.drop_table("tournament_games")
