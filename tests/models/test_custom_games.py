"""Custom games in the database (issue 14): saved, listed with the built-in
games, changed, deleted, exported and imported; sessions keep the rules they
were played by; hostile definitions change nothing."""

from __future__ import annotations

import dataclasses
import json

import pytest
from sqlalchemy import text
from storage_helpers import dump

from models.db import init_db, make_engine
from models.errors import (
    GameChanged,
    GameConflict,
    GameExists,
    GameIsBuiltin,
    GameNotFound,
)
from models.services import (
    delete_game,
    delete_hand,
    export_game,
    export_session,
    find_game,
    free_game_id,
    get_hand,
    import_game,
    import_session,
    list_games,
    open_session,
    record_hand,
    rematch,
    save_game,
    start_session,
)
from scoring import (
    BUILTIN_GAME_IDS,
    Face,
    GameDefinitionError,
    Hand,
    OptionError,
    builtin_definition,
    parse_cards,
    read_definition,
    read_session,
    score_session,
    write_definition,
)
from scoring.definition import Words


def _uno(game_id: str = "family_uno", **changes):
    """Colour Cards (Mattel's scoring) under another id: action cards 20, wilds 50."""
    return dataclasses.replace(builtin_definition("colour_cards"), id=game_id, **changes)


def _with_points(definition, key_id: str, points: int):
    keys = tuple(
        dataclasses.replace(k, points=points) if k.id == key_id else k for k in definition.keys
    )
    return dataclasses.replace(definition, keys=keys)


# -- saving, listing, finding ------------------------------------------------------------


def test_a_saved_game_is_listed_after_the_built_in_ones(engine):
    save_game(engine=engine, definition=_uno())
    games = list_games(engine=engine)
    assert [g.game_id for g in games] == [*BUILTIN_GAME_IDS, "family_uno"]
    mine = games[-1]
    assert not mine.builtin and mine.definition == _uno()
    assert mine.text == write_definition(_uno())
    assert find_game(engine=engine, game_id="family_uno").definition == _uno()
    assert find_game(engine=engine, game_id="hearts").builtin


def test_a_custom_game_cannot_take_a_built_in_or_a_taken_id(engine):
    save_game(engine=engine, definition=_uno())
    before = dump(engine)
    with pytest.raises(GameIsBuiltin):
        save_game(engine=engine, definition=_uno("hearts"))
    with pytest.raises(GameExists):
        save_game(engine=engine, definition=_uno())
    assert dump(engine) == before
    assert free_game_id(engine=engine, base="family_uno") == "family_uno_2"
    assert free_game_id(engine=engine, base="hearts") == "hearts_2"
    assert free_game_id(engine=engine, base="new_one") == "new_one"


def test_changing_a_game_checks_what_the_caller_read(engine):
    entry = save_game(engine=engine, definition=_uno())
    changed = _with_points(_uno(), "wild", 40)
    save_game(engine=engine, definition=changed, replaces="family_uno", expected=entry.text)
    assert find_game(engine=engine, game_id="family_uno").definition == changed
    before = dump(engine)
    with pytest.raises(GameChanged):  # another phone changed it since `entry` was read
        save_game(engine=engine, definition=_uno(), replaces="family_uno", expected=entry.text)
    with pytest.raises(GameIsBuiltin):
        save_game(engine=engine, definition=_uno("hearts"), replaces="hearts")
    with pytest.raises(GameNotFound):
        save_game(engine=engine, definition=_uno("gone"), replaces="gone")
    assert dump(engine) == before


def test_a_game_renamed_to_a_new_id_leaves_its_old_id_free(engine):
    entry = save_game(engine=engine, definition=_uno())
    save_game(engine=engine, definition=_uno("our_uno"), replaces="family_uno", expected=entry.text)
    assert [g.game_id for g in list_games(engine=engine) if not g.builtin] == ["our_uno"]
    with pytest.raises(GameNotFound):
        find_game(engine=engine, game_id="family_uno")


def test_delete_and_export(engine):
    save_game(engine=engine, definition=_uno())
    assert read_definition(export_game(engine=engine, game_id="family_uno")) == _uno()
    assert read_definition(export_game(engine=engine, game_id="hearts")) == builtin_definition(
        "hearts"
    )
    with pytest.raises(GameNotFound):  # a coded game without a definition
        export_game(engine=engine, game_id="four_suit_rummy")
    with pytest.raises(GameIsBuiltin):
        delete_game(engine=engine, game_id="hearts")
    delete_game(engine=engine, game_id="family_uno")
    with pytest.raises(GameNotFound):
        delete_game(engine=engine, game_id="family_uno")


# -- sessions keep their rules ---------------------------------------------------------------


def _uno_hand(went_out: str, holder: str, *faces: str) -> Hand:
    return Hand(went_out, {holder: tuple(Face(f) for f in faces)})


def test_a_session_keeps_the_rules_it_was_started_with(engine):
    """Mattel's scoring: a Wild (50) and a Draw Two (20) left: the one who
    went out scores 70. Changing the Wild to 5 or deleting the game later
    changes nothing in the session; a new session plays by the new rules."""
    save_game(engine=engine, definition=_uno())
    view = start_session(engine=engine, game_id="family_uno", players=["Kari", "Ola"])
    assert view.definition == _uno()
    view = record_hand(
        engine=engine, session_id=view.id, hand=_uno_hand("Kari", "Ola", "wild", "draw_two")
    )
    assert view.standings.totals == {"Kari": 70, "Ola": 0}
    entry = find_game(engine=engine, game_id="family_uno")
    save_game(
        engine=engine,
        definition=_with_points(_uno(), "wild", 5),
        replaces="family_uno",
        expected=entry.text,
    )
    again = open_session(engine=engine, session_id=view.id)
    assert again.standings.totals == {"Kari": 70, "Ola": 0}
    assert again.definition == _uno()
    # editing a hand still scores by the snapshot
    detail = get_hand(engine=engine, session_id=view.id, number=1)
    assert detail.score.points == {"Kari": 70, "Ola": 0}
    newer = start_session(engine=engine, game_id="family_uno", players=["Kari", "Ola"])
    newer = record_hand(
        engine=engine, session_id=newer.id, hand=_uno_hand("Kari", "Ola", "wild", "draw_two")
    )
    assert newer.standings.totals == {"Kari": 25, "Ola": 0}
    delete_game(engine=engine, game_id="family_uno")
    assert open_session(engine=engine, session_id=view.id).standings.totals["Kari"] == 70
    assert rematch(engine=engine, session_id=view.id).definition == _uno()
    with pytest.raises(OptionError) as caught:  # gone: no new session of it
        start_session(engine=engine, game_id="family_uno", players=["Kari", "Ola"])
    assert caught.value.code == "game_unknown"


def test_a_built_in_data_game_is_snapshotted_and_a_coded_game_is_not(engine, db):
    hearts = start_session(engine=engine, game_id="hearts", players=["A", "B", "C"])
    rummy = start_session(engine=engine, game_id="rummy", players=["A", "B"])
    four_suit = start_session(engine=engine, game_id="four_suit_rummy", players=["A", "B"])
    rows = dict(
        db.execute(text("SELECT id, definition FROM game_session")).all()  # type: ignore[arg-type]
    )
    assert read_definition(rows[hearts.id]) == builtin_definition("hearts")
    # Rummy is its definition too; Four Suit Rummy is the one coded game
    assert read_definition(rows[rummy.id]) == builtin_definition("rummy")
    assert rows[four_suit.id] is None
    # a later app whose Hearts differs: the stored session still has its snapshot
    db.execute(
        text("UPDATE game_session SET definition = :d WHERE id = :i"),
        {
            "d": write_definition(dataclasses.replace(builtin_definition("hearts"), target=50)),
            "i": hearts.id,
        },
    )
    db.commit()
    assert open_session(engine=engine, session_id=hearts.id).rules.target == 50


def test_hand_flags_and_faces_are_stored_and_read_back(engine):
    """Hearts (Bicycle): the queen of spades 13, each heart 1; shooting the
    moon gives everyone else 26. Stored with the flag, read back with it."""
    view = start_session(engine=engine, game_id="hearts", players=["A", "B", "C"])
    moon = Hand(
        None, {"A": parse_cards(["QS", "2H"]), "B": parse_cards(["5H"])}, flags={"moon": "C"}
    )
    view = record_hand(engine=engine, session_id=view.id, hand=moon)
    assert view.standings.totals == {"A": 26, "B": 26, "C": 0}
    detail = get_hand(engine=engine, session_id=view.id, number=1)
    assert detail.hand.flags == {"moon": "C"}
    assert detail.score.points == {"A": 26, "B": 26, "C": 0}
    gone = delete_hand(engine=engine, session_id=view.id, number=1, expected=detail.hand)
    assert gone.hand.hand.flags == {"moon": "C"}


def test_a_custom_game_session_moves_to_a_database_without_the_game(tmp_path, engine):
    save_game(engine=engine, definition=_uno())
    view = start_session(engine=engine, game_id="family_uno", players=["Kari", "Ola"])
    view = record_hand(
        engine=engine, session_id=view.id, hand=_uno_hand("Ola", "Kari", "wild", "nine")
    )
    text_out = export_session(engine=engine, session_id=view.id)
    document = json.loads(text_out)
    assert document["version"] == 2 and document["definition"]["id"] == "family_uno"
    assert score_session(read_session(text_out)).standings.totals == {"Kari": 0, "Ola": 59}
    other = make_engine(tmp_path / "other.db")
    init_db(other)
    try:
        moved = import_session(engine=other, data=text_out)
        assert moved.standings.totals == {"Kari": 0, "Ola": 59}
        assert [g.game_id for g in list_games(engine=other)] == list(BUILTIN_GAME_IDS)
        assert export_session(engine=other, session_id=moved.id) == text_out
    finally:
        other.dispose()


# -- importing a game ------------------------------------------------------------------


def test_importing_the_same_game_twice_adds_it_once(engine):
    text_in = write_definition(_uno())
    assert import_game(engine=engine, data=text_in).outcome == "added"
    before = dump(engine)
    again = import_game(engine=engine, data=text_in.encode("utf-8"))
    assert again.outcome == "unchanged" and again.entry.game_id == "family_uno"
    assert dump(engine) == before
    built_in = import_game(engine=engine, data=write_definition(builtin_definition("hearts")))
    assert built_in.outcome == "unchanged" and built_in.entry.builtin
    assert dump(engine) == before


def test_a_different_game_with_the_same_id_asks_then_keeps_both_or_replaces(engine):
    import_game(engine=engine, data=write_definition(_uno()))
    other = write_definition(_with_points(_uno(), "wild", 40))
    before = dump(engine)
    with pytest.raises(GameConflict) as caught:
        import_game(engine=engine, data=other)
    assert caught.value.params == {"game": "family_uno", "builtin": False}
    assert dump(engine) == before
    kept = import_game(engine=engine, data=other, on_conflict="keep_both")
    assert kept.outcome == "kept_both" and kept.entry.game_id == "family_uno_2"
    assert kept.entry.definition.name == Words("Fargekort (2)", "Colour Cards (2)")
    # the same file once more: it is the game kept already, not a third one
    assert import_game(engine=engine, data=other, on_conflict="keep_both").outcome == "unchanged"
    assert len([g for g in list_games(engine=engine) if not g.builtin]) == 2
    replaced = import_game(
        engine=engine,
        data=write_definition(_with_points(_uno(), "wild", 45)),
        on_conflict="replace",
    )
    assert replaced.outcome == "replaced"
    assert find_game(engine=engine, game_id="family_uno").definition.key("wild").points == 45


def test_a_changed_built_in_game_can_only_be_kept_beside_it(engine):
    changed = write_definition(dataclasses.replace(builtin_definition("hearts"), target=50))
    with pytest.raises(GameConflict) as caught:
        import_game(engine=engine, data=changed)
    assert caught.value.params["builtin"] is True
    with pytest.raises(GameIsBuiltin):
        import_game(engine=engine, data=changed, on_conflict="replace")
    kept = import_game(engine=engine, data=changed, on_conflict="keep_both")
    assert kept.entry.game_id == "hearts_2" and kept.entry.definition.target == 50


def _hostile_documents() -> dict[str, tuple[str | bytes, str]]:
    good = json.loads(write_definition(_uno()))

    def changed(**fields) -> str:
        return json.dumps({**good, **fields})

    many_keys = [
        {"face": f"face_{i}", "name": {"nb": "x", "en": "x"}, "points": 1, "per_deck": 1}
        for i in range(65)
    ]
    return {
        "huge key list": (changed(keys=many_keys), "definition_too_many"),
        "negative points": (
            changed(keys=[{**good["keys"][0], "points": -5}, *good["keys"][1:]]),
            "definition_range",
        ),
        "enormous points": (
            changed(keys=[{**good["keys"][0], "points": 10**30}, *good["keys"][1:]]),
            "definition_range",
        ),
        "NaN": (changed().replace('"target": 500', '"target": NaN'), "definition_json"),
        "Infinity": (changed().replace('"target": 500', '"target": Infinity'), "definition_json"),
        "duplicate key": (
            changed().replace('"target": 500', '"target": 500, "target": 5'),
            "definition_duplicate_key",
        ),
        "unknown field": (changed(house_rule="cheat"), "definition_unknown_field"),
        "wrong version": (changed(version=3), "definition_version"),
        "version as text": (changed(version="1"), "definition_version"),
        "10 MB": (b"{" + b" " * (10 * 1024 * 1024) + b"}", "definition_too_large"),
        "not JSON": ('{"format": ', "definition_json"),
        "not UTF-8": (b'{"format": "\xff"}', "definition_json"),
        "deep nesting": ("[" * 99_000, "definition_json"),
        "control characters": (
            changed(name={"nb": "Uno\u202e", "en": "Uno"}),
            "definition_text",
        ),
    }


@pytest.mark.parametrize("case", sorted(_hostile_documents()))
def test_hostile_definitions_change_nothing(engine, case):
    save_game(engine=engine, definition=_uno("kept"))
    data, code = _hostile_documents()[case]
    before = dump(engine)
    with pytest.raises(GameDefinitionError) as caught:
        import_game(engine=engine, data=data, on_conflict="replace")
    assert caught.value.code == code
    assert dump(engine) == before


def test_statistics_name_a_custom_game_also_after_it_is_deleted(engine):
    from models.services import game_statistics

    save_game(engine=engine, definition=_uno())
    view = start_session(engine=engine, game_id="family_uno", players=["Kari", "Ola"])
    view = record_hand(engine=engine, session_id=view.id, hand=Hand("Kari", {"Ola": 500}))
    assert view.finished and view.standings.winners == ("Kari",)
    delete_game(engine=engine, game_id="family_uno")
    (stats,) = game_statistics(engine=engine)
    assert stats.game_id == "family_uno" and stats.sessions == 1
    assert stats.definition == _uno()
    assert [(p.player, p.wins) for p in stats.players] == [("Kari", 1), ("Ola", 0)]
