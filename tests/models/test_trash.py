"""The trash (issue 9, item 6): deleted hands are kept and can be put back
where they were played; they count nowhere meanwhile; the trash lists
sessions and hands with their purge dates, empties itself after 30 days, and
deletes for good on request."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import DateTime, bindparam, text
from storage_helpers import dump, hand

from models.db import as_utc
from models.errors import (
    HandNotInTrash,
    HandNotPlaceable,
    HandSessionEnded,
    HandSessionInTrash,
    SessionNotInTrash,
    StorageCode,
)
from models.services import (
    KEEP_DAYS,
    delete_hand,
    delete_hand_for_good,
    delete_session,
    delete_session_for_good,
    game_statistics,
    insert_hand,
    list_trash,
    open_session,
    parse_key,
    purge_trash,
    record_hand,
    restore_hand,
    restore_session,
    start_session,
    undo_last_hand,
)


def _rummy(engine, lefts, **options):
    """A Rummy session (penalty scoring: leftover cards are points) of Kari
    and Ola where Kari goes out of each hand and Ola keeps ``lefts`` points."""
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"], options=options)
    for left in lefts:
        view = record_hand(
            confirm_warnings=True,
            engine=engine,
            session_id=view.id,
            hand=hand("Kari", {"Ola": left}),
        )
    return view


def _rows(engine, sql, **params):
    with engine.connect() as connection:
        return connection.execute(text(sql), params).all()


def test_a_deleted_hand_counts_nowhere_and_comes_back_in_its_place(engine):
    view = _rummy(engine, [5, 7, 11, 13])
    before = open_session(engine=engine, session_id=view.id)
    assert before.standings.totals == {"Kari": 0, "Ola": 36}
    gone = delete_hand(engine=engine, session_id=view.id, number=2)
    assert gone.view.standings.totals == {"Kari": 0, "Ola": 29}
    # nowhere: the standings, the results, the score sheet, the hand rows
    assert _rows(engine, "SELECT total FROM session_result WHERE session_id = :s", s=view.id) == [
        (0,),
        (29,),
    ]
    assert _rows(engine, "SELECT hands FROM score_sheet_chunk WHERE session_id = :s", s=view.id)[
        0
    ] == (3,)
    assert [dict(line.points)["Ola"] for line in gone.view.hands] == [5, 11, 13]
    # but in the trash, under its key, with when it goes for good
    trash = list_trash(engine=engine)
    assert trash.sessions == ()
    (item,) = trash.hands
    assert item.key == f"H{gone.hand.hand_id}" and item.number == 2
    assert item.session_id == view.id and item.went_out == "Kari"
    assert item.players == ("Kari", "Ola") and item.game_id == "rummy"
    assert item.purge_at - item.deleted_at == timedelta(days=KEEP_DAYS)
    # a hand recorded meanwhile stays last; the restored one goes back as hand 2
    record_hand(
        confirm_warnings=True, engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": 17})
    )
    back = restore_hand(engine=engine, hand_id=item.id)
    assert [dict(line.points)["Ola"] for line in back.hands] == [5, 7, 11, 13, 17]
    assert back.standings.totals == {"Kari": 0, "Ola": 53}
    assert list_trash(engine=engine).total == 0
    assert open_session(engine=engine, session_id=view.id) == back
    with pytest.raises(HandNotInTrash) as caught:  # once
        restore_hand(engine=engine, hand_id=item.id)
    assert caught.value.params == {"id": item.key}


def test_hand_ids_are_never_used_twice(engine):
    """SQLite gives a new row the highest id + 1: without AUTOINCREMENT the next
    hand took the deleted last hand's id, and the trash could not put it back."""
    view = _rummy(engine, [5, 7])
    gone = delete_hand(engine=engine, session_id=view.id, number=2)
    record_hand(
        confirm_warnings=True, engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": 9})
    )
    ids = [row[0] for row in _rows(engine, "SELECT id FROM hand ORDER BY number")]
    assert gone.hand.hand_id not in ids
    back = restore_hand(engine=engine, hand_id=gone.hand.hand_id)
    # back where it was played: before the hand recorded after it was deleted
    assert [dict(line.points)["Ola"] for line in back.hands] == [5, 7, 9]


def test_the_undo_bar_takes_the_hand_out_of_the_trash(engine):
    view = _rummy(engine, [5, 7, 11])
    gone = delete_hand(engine=engine, session_id=view.id, number=1)
    assert list_trash(engine=engine).total == 1
    back = insert_hand(
        engine=engine,
        session_id=view.id,
        number=gone.hand.number,
        hand=gone.hand.hand,
        confirm_warnings=True,
        hand_id=gone.hand.hand_id,
    )
    assert [dict(line.points)["Ola"] for line in back.hands] == [5, 7, 11]
    assert list_trash(engine=engine).total == 0
    # undoing the last hand puts it in the trash too
    undo_last_hand(engine=engine, session_id=view.id)
    assert [item.number for item in list_trash(engine=engine).hands] == [3]


def test_a_hand_is_not_put_back_into_a_session_that_has_ended_since(engine):
    view = _rummy(engine, [5, 7], rounds=2)
    assert view.finished
    gone = delete_hand(engine=engine, session_id=view.id, number=1)
    assert not gone.view.finished
    record_hand(
        confirm_warnings=True, engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": 3})
    )  # ends it
    before = dump(engine)
    with pytest.raises(HandSessionEnded) as caught:
        restore_hand(engine=engine, hand_id=gone.hand.hand_id)
    assert caught.value.params == {"session": view.id, "hand": 1, "id": f"H{gone.hand.hand_id}"}
    with pytest.raises(HandSessionEnded):  # the undo bar says the same
        insert_hand(
            engine=engine,
            session_id=view.id,
            number=1,
            hand=gone.hand.hand,
            confirm_warnings=True,
            hand_id=gone.hand.hand_id,
        )
    assert dump(engine) == before
    assert list_trash(engine=engine).total == 1


def test_a_hand_deleted_from_a_session_that_stays_finished_can_go_back(engine):
    """Rummy, Bicycle's scoring to 60: the session ended with hand 2 and stays
    ended without hand 1, so hand 1 may go back (it changes no end)."""
    view = _rummy(engine, [10, 70], scoring="winner_collects", target=60)
    assert view.finished
    gone = delete_hand(engine=engine, session_id=view.id, number=1)
    assert gone.view.finished and gone.view.standings.totals == {"Kari": 70, "Ola": 0}
    back = restore_hand(engine=engine, hand_id=gone.hand.hand_id)
    assert back.finished and back.standings.totals == {"Kari": 80, "Ola": 0}
    assert back.standings.winners == ("Kari",)


def test_a_hand_that_would_end_the_session_too_early_is_not_placeable(engine):
    """Swedish Rummy to 15 (RULES.md: the session ends when a player reaches
    the target): with hand 1 back, Åse would reach 15 at hand 2, before the
    last hand — the hand can no longer be placed."""
    view = start_session(
        engine=engine,
        game_id="swedish_rummy",
        players=["Åse", "Bo", "Cato"],
        options={"target": 15},
    )
    sid = view.id
    record_hand(confirm_warnings=True, engine=engine, session_id=sid, hand=hand("Åse", {"Bo": 14}))
    gone = delete_hand(engine=engine, session_id=sid, number=1)
    record_hand(confirm_warnings=True, engine=engine, session_id=sid, hand=hand("Åse", {"Bo": 5}))
    record_hand(confirm_warnings=True, engine=engine, session_id=sid, hand=hand("Cato", {"Bo": 1}))
    before = dump(engine)
    with pytest.raises(HandNotPlaceable) as caught:
        restore_hand(engine=engine, hand_id=gone.hand.hand_id)
    assert caught.value.code == StorageCode.HAND_NOT_PLACEABLE
    assert caught.value.params == {"session": sid, "hand": 1, "id": f"H{gone.hand.hand_id}"}
    assert dump(engine) == before


def test_hands_of_a_session_in_the_trash_come_back_with_it(engine):
    view = _rummy(engine, [5, 7, 11])
    gone = delete_hand(engine=engine, session_id=view.id, number=3)
    delete_session(engine=engine, session_id=view.id)
    trash = list_trash(engine=engine)
    assert [s.key for s in trash.sessions] == [f"S{view.id}"] and trash.hands == ()
    (session,) = trash.sessions
    assert session.hand_count == 2 and session.players == ("Kari", "Ola")
    assert session.purge_at - session.deleted_at == timedelta(days=KEEP_DAYS)
    with pytest.raises(HandSessionInTrash) as caught:
        restore_hand(engine=engine, hand_id=gone.hand.hand_id)
    assert caught.value.params == {"session": view.id, "hand": 3, "id": f"H{gone.hand.hand_id}"}
    restore_session(engine=engine, session_id=view.id)
    assert [h.key for h in list_trash(engine=engine).hands] == [f"H{gone.hand.hand_id}"]
    with pytest.raises(SessionNotInTrash):
        restore_session(engine=engine, session_id=view.id)
    back = restore_hand(engine=engine, hand_id=gone.hand.hand_id)
    assert back.standings.totals == {"Kari": 0, "Ola": 23}


def test_the_statistics_never_count_a_hand_in_the_trash(engine):
    view = _rummy(engine, [5, 7], rounds=2)
    (stats,) = game_statistics(engine=engine, game_id="rummy")
    assert {p.player: p.hands for p in stats.players} == {"Kari": 2, "Ola": 2}
    gone = delete_hand(engine=engine, session_id=view.id, number=2)
    assert game_statistics(engine=engine, game_id="rummy") == ()  # not finished now
    record_hand(
        confirm_warnings=True, engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": 30})
    )
    (stats,) = game_statistics(engine=engine, game_id="rummy")
    (ola,) = [p for p in stats.players if p.player == "Ola"]
    assert ola.hands == 2 and ola.best_hand == 5  # lowest: penalty scoring
    assert _rows(engine, "SELECT COUNT(*) FROM hand_trash WHERE id = :i", i=gone.hand.hand_id) == [
        (1,)
    ]


def _age(engine, table, days, **where):
    column, value = next(iter(where.items()))
    with engine.begin() as connection:
        stamp = connection.execute(
            text(f"SELECT deleted_at FROM {table} WHERE {column} = :v"), {"v": value}
        ).scalar_one()
        older = text(f"UPDATE {table} SET deleted_at = :at WHERE {column} = :v").bindparams(
            bindparam("at", type_=DateTime(timezone=True))
        )  # portable: SQLite and PostgreSQL each get the time as they store it
        connection.execute(older, {"at": as_utc(stamp) - timedelta(days=days), "v": value})


def test_the_trash_empties_itself_after_thirty_days(engine):
    old = _rummy(engine, [5, 7, 11])
    kept = _rummy(engine, [1, 2, 3])
    old_hand = delete_hand(engine=engine, session_id=kept.id, number=1).hand.hand_id
    new_hand = delete_hand(engine=engine, session_id=kept.id, number=1).hand.hand_id
    delete_session(engine=engine, session_id=old.id)
    _age(engine, "game_session", KEEP_DAYS + 1, id=old.id)
    _age(engine, "hand_trash", KEEP_DAYS + 1, id=old_hand)
    _age(engine, "hand_trash", KEEP_DAYS - 1, id=new_hand)
    trash = list_trash(engine=engine)  # past its date: not shown any more
    assert trash.sessions == () and [h.id for h in trash.hands] == [new_hand]
    # the next thing put in the trash deletes them for good
    third = delete_hand(engine=engine, session_id=kept.id, number=1).hand.hand_id
    assert _rows(engine, "SELECT id FROM game_session") == [(kept.id,)]
    assert sorted(_rows(engine, "SELECT id FROM hand_trash")) == sorted([(new_hand,), (third,)])
    assert _rows(engine, "SELECT COUNT(*) FROM hand WHERE session_id = :s", s=old.id) == [(0,)]
    with pytest.raises(HandNotInTrash):
        restore_hand(engine=engine, hand_id=old_hand)
    _age(engine, "hand_trash", 2, id=third)
    assert purge_trash(engine=engine, older_than=timedelta(days=1)) == 2  # new_hand, third
    assert list_trash(engine=engine).total == 0


def test_delete_for_good(engine):
    view = _rummy(engine, [5, 7])
    other = _rummy(engine, [1])
    gone = delete_hand(engine=engine, session_id=view.id, number=1).hand.hand_id
    delete_session(engine=engine, session_id=other.id)
    with pytest.raises(SessionNotInTrash) as caught:
        delete_session_for_good(engine=engine, session_id=view.id)  # not in the trash
    assert caught.value.code == StorageCode.SESSION_NOT_IN_TRASH
    delete_hand_for_good(engine=engine, hand_id=gone)
    delete_session_for_good(engine=engine, session_id=other.id)
    assert list_trash(engine=engine).total == 0
    assert _rows(engine, "SELECT id FROM game_session") == [(view.id,)]
    with pytest.raises(HandNotInTrash):
        delete_hand_for_good(engine=engine, hand_id=gone)
    assert open_session(engine=engine, session_id=view.id).standings.totals == {"Kari": 0, "Ola": 7}


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("S12", ("session", 12)),
        ("s12", ("session", 12)),
        ("12", ("session", 12)),
        (" H345 ", ("hand", 345)),
        ("h7", ("hand", 7)),
        ("X1", None),
        ("H", None),
        ("S-1", None),
        ("1e3", None),
        ("", None),
        ("H" + "9" * 19, None),
    ],
)
def test_trash_keys(key, expected):
    assert parse_key(key) == expected


def test_the_app_empties_the_trash_when_it_starts(tmp_path, monkeypatch):
    """app.backups.start_up_chores: the day's backup, then what is past its
    purge date goes for good; what is younger stays."""
    from app.backups import start_up_chores
    from models.db import init_db, make_engine

    path = tmp_path / "kp.db"
    monkeypatch.setenv("KORTPOENG_DB", str(path))
    engine = make_engine(path)
    init_db(engine)
    try:
        old, young = _rummy(engine, [5]), _rummy(engine, [7, 9])
        delete_session(engine=engine, session_id=old.id)
        kept = delete_hand(engine=engine, session_id=young.id, number=1).hand.hand_id
        _age(engine, "game_session", KEEP_DAYS + 1, id=old.id)
        start_up_chores(engine)
        assert _rows(engine, "SELECT id FROM game_session") == [(young.id,)]
        assert [h.id for h in list_trash(engine=engine).hands] == [kept]
        assert (tmp_path / "backups").is_dir()  # the backup was made first
    finally:
        engine.dispose()


def test_migration_keeps_the_hands_and_never_gives_their_ids_again(tmp_path):
    """A database at 0005 is upgraded: its hands keep their ids, and a new
    hand never gets the id of one deleted after the upgrade (AUTOINCREMENT
    starts from the highest id there is)."""
    from alembic import command

    from models.db import alembic_config, init_db, make_engine

    engine = make_engine(tmp_path / "at5.db")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0005")
    now = "2026-11-29 19:30:00.000000"
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO player (id, name, name_key, created_at) VALUES "
            f"(1, 'Kari', 'kari', '{now}'), (2, 'Ola', 'ola', '{now}')"
        )
        connection.exec_driver_sql(
            "INSERT INTO game_session (id, uuid, game, options, started_at, created_at, "
            "updated_at, winner_seats) VALUES (1, '3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a10', "
            f"'rummy', '{{}}', '{now}', '{now}', '{now}', '[]')"
        )
        connection.exec_driver_sql(
            "INSERT INTO session_player (session_id, seat, player_id) VALUES (1, 0, 1), (1, 1, 2)"
        )
        for hand_id, number, left in ((5, 1, 4), (9, 2, 6)):
            connection.exec_driver_sql(
                "INSERT INTO hand (id, session_id, number, went_out_seat, entry, rummy, "
                f"warnings, created_at, updated_at) VALUES ({hand_id}, 1, {number}, 0, "
                f"""'{{"left": {{"1": {left}}}}}', 0, '[]', '{now}', '{now}')"""
            )
    init_db(engine)
    try:
        assert _rows(engine, "SELECT id, number FROM hand ORDER BY number") == [(5, 1), (9, 2)]
        assert open_session(engine=engine, session_id=1).standings.totals == {"Kari": 0, "Ola": 10}
        gone = delete_hand(engine=engine, session_id=1, number=2).hand.hand_id
        assert gone == 9
        record_hand(
            confirm_warnings=True, engine=engine, session_id=1, hand=hand("Kari", {"Ola": 1})
        )
        assert _rows(engine, "SELECT id FROM hand ORDER BY number") == [(5,), (10,)]
        back = restore_hand(engine=engine, hand_id=9)
        assert [dict(line.points)["Ola"] for line in back.hands] == [4, 6, 1]
    finally:
        engine.dispose()
