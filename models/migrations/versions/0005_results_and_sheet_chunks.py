"""Each session's result per seat (for the statistics) and the score sheet in
pieces (a write rewrites only the pieces it changes).

``session_result`` is filled here for every stored session, by scoring what was
entered with the scoring code that runs the migration (this file keeps its own
copy of how a hand row reads, so that later changes to the services cannot
change what it does). A session that cannot be scored gets no results and its
``scored_with`` is cleared: the app rescores it (and says what is wrong) when
it is next opened. The old one-row score sheet is dropped; the pieces are
written on each session's next write or opening.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from collections.abc import Sequence
import json

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_table("score_sheet")
    op.create_table(
        "score_sheet_chunk",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("chunk", sa.Integer(), nullable=False),
        sa.Column("scored_with", sa.String(length=64), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("scores", sa.Text(), nullable=False),
        sa.Column("lines", sa.Text(), nullable=False),
        sa.Column("lines_digest", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_session.id"],
            name=op.f("fk_score_sheet_chunk_session_id_game_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "chunk", name=op.f("pk_score_sheet_chunk")),
    )
    results = op.create_table(
        "session_result",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("best_hand", sa.Integer(), nullable=True),
        sa.Column("lowest_wins", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_session_result_player_id_player"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_session.id"],
            name=op.f("fk_session_result_session_id_game_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "seat", name=op.f("pk_session_result")),
    )
    with op.batch_alter_table("session_result", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_session_result_player_id"), ["player_id"], unique=False
        )
    _fill_results(op.get_bind(), results)


def _fill_results(connection: sa.engine.Connection, results: sa.Table) -> None:
    """Score every stored session and insert its results (see the module docstring)."""
    import scoring

    sessions = connection.execute(sa.text("SELECT id, game, options FROM game_session")).all()
    seats: dict[int, list[tuple[int, str]]] = {}
    for session_id, player_id, name in connection.execute(
        sa.text(
            "SELECT s.session_id, s.player_id, p.name FROM session_player s "
            "JOIN player p ON p.id = s.player_id ORDER BY s.session_id, s.seat"
        )
    ):
        seats.setdefault(session_id, []).append((player_id, name))
    broken = []
    rows = []
    for session_id, game_id, options in sessions:
        seated = seats.get(session_id, [])
        players = tuple(name for _, name in seated)
        try:
            game = scoring.game_for(game_id)
            opts = game.options_from_dict(_json(options))
            hands = [
                scoring.hand_from_dict(_entry(players, *row[1:]), players, game, row[0], stored=True)
                for row in connection.execute(
                    sa.text(
                        "SELECT number, entry, went_out_seat, rummy, note, played_at "
                        "FROM hand WHERE session_id = :sid ORDER BY number"
                    ),
                    {"sid": session_id},
                )
            ]
            table = scoring.score_hands(game, opts, players, hands).standings
        except (scoring.CodedError, LookupError, TypeError, ValueError):
            broken.append(session_id)
            continue
        pick = min if table.lowest_wins else max
        for seat, (player_id, name) in enumerate(seated):
            points = [hand[name] for hand in table.hand_points]
            rows.append(
                {
                    "session_id": session_id,
                    "seat": seat,
                    "player_id": player_id,
                    "total": table.totals[name],
                    "place": table.places[name],
                    "won": name in table.winners,
                    "hands": len(points),
                    "best_hand": pick(points) if points else None,
                    "lowest_wins": table.lowest_wins,
                }
            )
        if len(rows) >= 1000:
            connection.execute(results.insert(), rows)
            rows = []
    if rows:
        connection.execute(results.insert(), rows)
    for session_id in broken:
        connection.execute(
            sa.text("UPDATE game_session SET scored_with = NULL WHERE id = :sid"),
            {"sid": session_id},
        )


def _json(value):
    return json.loads(value) if isinstance(value, str | bytes) else value


def _entry(players, entry, went_out_seat, rummy, note, played_at) -> dict:
    """A hand row as a session file's hand (seats in ``entry`` are indexes as text)."""
    entry = _json(entry)
    data = {"went_out": None if went_out_seat is None else players[went_out_seat]}
    if entry.get("runs"):
        data["runs"] = {players[int(k)]: v for k, v in entry["runs"].items()}
    data["left"] = {players[int(k)]: v for k, v in entry.get("left", {}).items()}
    if rummy:
        data["rummy"] = True
    if note is not None:
        data["note"] = note
    if played_at is not None:
        data["played_at"] = played_at
    return data


def downgrade() -> None:
    with op.batch_alter_table("session_result", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_session_result_player_id"))
    op.drop_table("session_result")
    op.drop_table("score_sheet_chunk")
    op.create_table(
        "score_sheet",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("scored_with", sa.String(length=64), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("sheet", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["game_session.id"],
            name=op.f("fk_score_sheet_session_id_game_session"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_score_sheet")),
    )
