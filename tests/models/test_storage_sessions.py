"""Sessions and players: listing, finding, rematch, trash, names, statistics."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update
from sqlmodel import select
from storage_helpers import dump, hand

from models.errors import AmbiguousSession, NameTaken, PlayerNotFound, SessionNotFound
from models.services import (
    delete_session,
    find_session,
    list_players,
    list_sessions,
    open_session,
    player_stats,
    purge_trash,
    record_hand,
    rematch,
    rename_player,
    restore_session,
    start_session,
)
from models.tables import HandRow, PlayerRow, SeatRow, SessionRow
from scoring import OptionError, check_name


def _finish_rummy(engine, players=("A", "B"), loser="B"):
    """A one-round Rummy session that A wins with 0 against 10."""
    view = start_session(
        engine=engine, game_id="rummy", players=list(players), options={"rounds": 1}
    )
    winner = next(p for p in players if p != loser)
    return record_hand(engine=engine, session_id=view.id, hand=hand(winner, {loser: ["K"]}))


def test_start_session_seats_and_names(engine, db):
    view = start_session(engine=engine, game_id="rummy", players=["  Kari ", "Ola", "Per"])
    assert view.players == ("Kari", "Ola", "Per")
    assert view.standings.dealer == "Kari"
    assert view.hands == () and not view.finished
    assert len(view.uuid) == 36
    assert view.options_dict == {}
    seats = db.exec(select(SeatRow.seat, SeatRow.player_id).order_by(SeatRow.seat)).all()
    assert [s for s, _ in seats] == [0, 1, 2]
    assert [pid for _, pid in seats] == list(view.player_ids)


@pytest.mark.parametrize(
    ("names", "code"),
    [
        (["Kari", "  "], "player_name_empty"),
        (["Kari", "x" * 41], "player_name_long"),
        (["Kari", "Ola\x00"], "player_name_control"),
        (["Kari", "O\nla"], "player_name_control"),
        (["Kari", "\x1b[31mRed"], "player_name_control"),
        (["Kari", " KARI"], "player_duplicate"),
    ],
)
def test_bad_player_names_are_refused(engine, names, code):
    before = dump(engine)
    with pytest.raises(OptionError) as caught:  # the one name rule: scoring.check_name
        start_session(engine=engine, game_id="rummy", players=names)
    assert caught.value.code == code
    assert dump(engine) == before


def test_name_limits():
    assert check_name("x" * 40) == "x" * 40
    assert check_name(" Åse Ødegård ") == "Åse Ødegård"
    with pytest.raises(OptionError):
        check_name(None)


def test_player_count_checked_by_scoring(engine):
    with pytest.raises(OptionError) as caught:
        start_session(engine=engine, game_id="four_suit_rummy", players=["A", "B", "C"])
    assert caught.value.code == "player_count"
    with pytest.raises(OptionError) as caught:
        start_session(engine=engine, game_id="chess", players=["A", "B"])
    assert caught.value.code == "game_unknown"


def test_players_are_shared_between_sessions(engine):
    one = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    two = start_session(engine=engine, game_id="rummy", players=["ola", "KARI", "Per"])
    assert two.players == ("Ola", "Kari", "Per")  # stored spelling wins
    assert two.player_ids[:2] == (one.player_ids[1], one.player_ids[0])
    assert [(p.name, p.sessions) for p in list_players(engine=engine)] == [
        ("Kari", 2),
        ("Ola", 2),
        ("Per", 1),
    ]


def test_list_sessions_unfinished_first_newest_first_with_paging(engine):
    finished_old = _finish_rummy(engine).id
    running_old = start_session(engine=engine, game_id="rummy", players=["A", "B"]).id
    finished_new = _finish_rummy(engine).id
    running_new = start_session(engine=engine, game_id="swedish_rummy", players=["A", "B"]).id
    page = list_sessions(engine=engine, limit=3)
    assert [s.id for s in page.items] == [running_new, running_old, finished_new]
    assert page.total == 4 and page.has_more
    rest = list_sessions(engine=engine, offset=3, limit=3)
    assert [s.id for s in rest.items] == [finished_old]
    assert not rest.has_more
    first = page.items[0]
    assert first.game_id == "swedish_rummy" and first.players == ("A", "B")
    assert first.hand_count == 0 and first.winners == ()
    assert page.items[2].hand_count == 1 and page.items[2].winners == ("A",)


def test_find_session_by_number_uuid_and_prefix(engine, db):
    one = start_session(engine=engine, game_id="rummy", players=["A", "B"])
    two = start_session(engine=engine, game_id="rummy", players=["A", "B"])
    assert find_session(engine=engine, ref=str(one.id)) == one.id
    assert find_session(engine=engine, ref=two.id) == two.id
    assert find_session(engine=engine, ref=one.uuid) == one.id
    assert find_session(engine=engine, ref=one.uuid[:8].upper()) == one.id
    for ref in ("nope", "999", "12", "%", "____"):
        with pytest.raises(SessionNotFound):
            find_session(engine=engine, ref=ref)
    # make two uuids share a prefix
    db.exec(
        update(SessionRow)
        .where(SessionRow.id == one.id)
        .values(uuid="abcd1111-0000-4000-8000-000000000000")
    )
    db.exec(
        update(SessionRow)
        .where(SessionRow.id == two.id)
        .values(uuid="abcd2222-0000-4000-8000-000000000000")
    )
    db.commit()
    with pytest.raises(AmbiguousSession) as caught:
        find_session(engine=engine, ref="abcd")
    assert caught.value.params == {"session": "abcd", "matches": 2}
    assert find_session(engine=engine, ref="abcd2") == two.id


def test_rematch_rotates_seats_and_keeps_options(engine):
    old = start_session(
        engine=engine, game_id="swedish_rummy", players=["A", "B", "C"], options={"target": 250}
    )
    new = rematch(engine=engine, session_id=old.id)
    assert new.players == ("B", "C", "A")
    assert new.options_dict == {"target": 250}
    assert new.rematch_of == old.id and new.id != old.id and new.uuid != old.uuid
    assert new.standings.target == 250 and new.hands == ()


def test_a_rematch_is_started_once_from_two_phones(engine):
    old = start_session(engine=engine, game_id="rummy", players=["A", "B"])
    first = rematch(engine=engine, session_id=old.id)
    second = rematch(engine=engine, session_id=old.id)  # the other phone's tap
    assert second.id == first.id
    assert len(list_sessions(engine=engine).items) == 2
    delete_session(engine=engine, session_id=first.id)  # thrown away: a new one
    assert rematch(engine=engine, session_id=old.id).id not in (old.id, first.id)


def test_delete_restore_and_purge(db, engine):
    keep = _finish_rummy(engine)
    gone = _finish_rummy(engine)
    delete_session(engine=engine, session_id=gone.id)
    assert [s.id for s in list_sessions(engine=engine).items] == [keep.id]
    assert [s.id for s in list_sessions(engine=engine, trash=True).items] == [gone.id]
    with pytest.raises(SessionNotFound):
        open_session(engine=engine, session_id=gone.id)
    assert open_session(engine=engine, session_id=gone.id, include_deleted=True).id == gone.id
    with pytest.raises(SessionNotFound):
        find_session(engine=engine, ref=gone.uuid)
    assert find_session(engine=engine, ref=gone.uuid, include_deleted=True) == gone.id
    with pytest.raises(SessionNotFound):
        delete_session(engine=engine, session_id=gone.id)

    restore_session(engine=engine, session_id=gone.id)
    assert {s.id for s in list_sessions(engine=engine).items} == {keep.id, gone.id}
    with pytest.raises(SessionNotFound):
        restore_session(engine=engine, session_id=gone.id)

    delete_session(engine=engine, session_id=gone.id)
    assert purge_trash(engine=engine, older_than=timedelta(days=30)) == 0
    assert purge_trash(engine=engine) == 1
    assert list_sessions(engine=engine, trash=True).total == 0
    # hands and seats went with it (foreign keys cascade), the other session is whole
    assert db.exec(select(HandRow.session_id).distinct()).all() == [keep.id]
    assert db.exec(select(SeatRow.session_id).distinct()).all() == [keep.id]
    db.rollback()
    assert open_session(engine=engine, session_id=keep.id).standings.totals == {"A": 0, "B": 10}


def test_rename_player_everywhere(engine):
    view = _finish_rummy(engine, players=("Kari", "Ola"), loser="Ola")
    ola = view.player_ids[1]
    renamed = rename_player(engine=engine, player_id=ola, name=" Ola Nordmann ")
    assert renamed.name == "Ola Nordmann" and renamed.sessions == 1
    again = open_session(engine=engine, session_id=view.id)
    assert again.players == ("Kari", "Ola Nordmann")
    assert again.standings.totals == {"Kari": 0, "Ola Nordmann": 10}
    assert rename_player(engine=engine, player_id=ola, name="ola nordmann").name == "ola nordmann"
    with pytest.raises(NameTaken) as caught:
        rename_player(engine=engine, player_id=ola, name="KARI")
    assert caught.value.code == "name_taken"
    with pytest.raises(OptionError) as refused:
        rename_player(engine=engine, player_id=ola, name="tab\there")
    assert refused.value.code == "player_name_control"
    with pytest.raises(PlayerNotFound):
        rename_player(engine=engine, player_id=999, name="X")


def test_player_statistics(engine):
    _finish_rummy(engine, players=("Kari", "Ola"), loser="Ola")  # Kari wins
    _finish_rummy(engine, players=("Kari", "Ola"), loser="Kari")  # Ola wins
    _finish_rummy(engine, players=("Ola", "Per"), loser="Per")  # Ola wins
    tie = start_session(
        engine=engine, game_id="rummy", players=["Kari", "Per"], options={"rounds": 1}
    )
    record_hand(engine=engine, session_id=tie.id, hand=hand(None, {"Kari": ["5"], "Per": ["5"]}))
    start_session(engine=engine, game_id="swedish_rummy", players=["Kari", "Ola"])  # running
    trashed = _finish_rummy(engine, players=("Kari", "Per"), loser="Per")
    delete_session(engine=engine, session_id=trashed.id)

    stats = {s.name: s for s in player_stats(engine=engine)}
    assert (stats["Kari"].played, stats["Kari"].finished, stats["Kari"].won) == (4, 3, 2)
    assert (stats["Ola"].played, stats["Ola"].finished, stats["Ola"].won) == (4, 3, 2)
    assert (stats["Per"].played, stats["Per"].finished, stats["Per"].won) == (2, 2, 1)
    assert stats["Kari"].by_game["rummy"].won == 2
    assert stats["Kari"].by_game["swedish_rummy"].played == 1
    assert stats["Kari"].by_game["swedish_rummy"].won == 0
    only = player_stats(engine=engine, player_id=stats["Per"].id)
    assert len(only) == 1 and only[0].won == 1
    with pytest.raises(PlayerNotFound):
        player_stats(engine=engine, player_id=999)


def test_changed_scoring_code_rescores_on_open(engine, db):
    """Cached hand scores written by other scoring code are recomputed from the
    entered cards, and the fresh figures are stored."""
    view = _finish_rummy(engine, players=("Kari", "Ola"), loser="Ola")
    db.exec(update(HandRow).values(score=[99, 99, 0, 0]))
    db.exec(update(SessionRow).values(scored_with="older-code", finished_at=None, winner_seats=[]))
    db.commit()
    again = open_session(engine=engine, session_id=view.id)
    assert again.standings.totals == {"Kari": 0, "Ola": 10}
    assert again.finished and again.finished_at is not None
    assert db.exec(select(HandRow.score)).one() == [0, 10, 0, 10]
    row = db.exec(select(SessionRow)).one()
    assert row.scored_with != "older-code" and row.winner_seats == [0]


def test_stale_cache_is_rescored_before_a_write(engine, db):
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    record_hand(engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": ["K"]}))
    db.exec(update(HandRow).values(score=[50, 50, 0, 0]))
    db.exec(update(SessionRow).values(scored_with="older-code"))
    db.commit()
    view = record_hand(engine=engine, session_id=view.id, hand=hand("Ola", {"Kari": ["2"]}))
    assert view.standings.totals == {"Kari": 2, "Ola": 10}
    assert db.exec(select(HandRow.score).order_by(HandRow.number)).all() == [
        [0, 10, 0, 10],
        [2, 0, 2, 0],
    ]


def test_players_table_keeps_case_folded_key(engine, db):
    start_session(engine=engine, game_id="rummy", players=["Åse", "STRASSE"])
    keys = db.exec(select(PlayerRow.name_key).order_by(PlayerRow.id)).all()
    assert keys == ["åse", "strasse"]


def test_session_list_carries_totals_and_leaders(engine):
    view = start_session(engine=engine, game_id="swedish_rummy", players=["Kari", "Ola", "Per"])
    item = list_sessions(engine=engine).items[0]
    assert item.totals == {"Kari": 0, "Ola": 0, "Per": 0}
    assert item.leaders == ("Kari", "Ola", "Per")
    record_hand(engine=engine, session_id=view.id, hand=hand("Ola", {"Kari": ["7"], "Per": ["K"]}))
    item = list_sessions(engine=engine).items[0]
    assert item.totals == {"Kari": 0, "Ola": 17, "Per": 0}
    assert item.leaders == ("Ola",) and item.winners == ()
    # rummy: the lowest total leads
    low = start_session(engine=engine, game_id="rummy", players=["A", "B"])
    record_hand(engine=engine, session_id=low.id, hand=hand("A", {"B": ["K"]}))
    item = next(i for i in list_sessions(engine=engine).items if i.id == low.id)
    assert item.leaders == ("A",) and item.totals == {"A": 0, "B": 10}
