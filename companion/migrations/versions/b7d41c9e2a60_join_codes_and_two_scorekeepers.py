"""games get a join code for watchers, and a hand-off may keep the first phone scoring

Revision ID: b7d41c9e2a60
Revises: 8e3f2b6d1c07
Create Date: 2026-11-22 19:00:00

Games started before this revision get a join code here, so every game can be watched by code.
"""
import secrets

from alembic import op
import sqlalchemy as sa


revision = 'b7d41c9e2a60'
down_revision = '8e3f2b6d1c07'
branch_labels = None
depends_on = None

CODE_LETTERS = "ABCDEFGHJKMNPQRSTWXYZ23456789"  # as companion.models.CODE_LETTERS, frozen here


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('co_token_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('handover_keeps', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('join_code', sa.String(length=8), nullable=True))
        batch_op.create_index('ix_game_handover_hash', ['handover_hash'])
        batch_op.create_unique_constraint('uq_game_join_code', ['join_code'])
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('join_code', sa.String))
    bind = op.get_bind()
    used = set()
    for (game_id,) in bind.execute(sa.select(game.c.id)).all():
        code = None
        while code is None or code in used:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        used.add(code)
        bind.execute(game.update().where(game.c.id == game_id).values(join_code=code))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint('uq_game_join_code', type_='unique')
        batch_op.drop_index('ix_game_handover_hash')
        batch_op.drop_column('join_code')
        batch_op.drop_column('handover_keeps')
        batch_op.drop_column('co_token_hash')
