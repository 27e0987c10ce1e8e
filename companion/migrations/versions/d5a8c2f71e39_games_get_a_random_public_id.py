"""games get a random public id for their addresses (/games/<public id>)

Revision ID: d5a8c2f71e39
Revises: b7d41c9e2a60
Create Date: 2026-11-22 21:30:00

Sequential ids let one table page through another's games. Games started before this revision
get a public id here; their old address still opens them on the phones that already knew them
(games.legacy_address).
"""
import secrets

from alembic import op
import sqlalchemy as sa


revision = 'd5a8c2f71e39'
down_revision = 'b7d41c9e2a60'
branch_labels = None
depends_on = None

LETTERS = "abcdefghjkmnpqrstwxyz23456789"  # companion.models.CODE_LETTERS in lower case, frozen


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('public_id', sa.String(length=16), nullable=True))
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('public_id', sa.String))
    bind = op.get_bind()
    for (game_id,) in bind.execute(sa.select(game.c.id)).all():
        public_id = "".join(secrets.choice(LETTERS) for _ in range(12))
        bind.execute(game.update().where(game.c.id == game_id).values(public_id=public_id))
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.alter_column('public_id', existing_type=sa.String(length=16), nullable=False)
        batch_op.create_unique_constraint('uq_game_public_id', ['public_id'])


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint('uq_game_public_id', type_='unique')
        batch_op.drop_column('public_id')
