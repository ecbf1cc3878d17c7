"""Export and import: exact round trips, and bad files that change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from storage_helpers import FSR_EXAMPLE_1, FSR_EXAMPLE_2, dump, hand

from models.db import init_db, make_engine
from models.errors import DuplicateSession, ImportInvalid, ImportTooLarge
from models.services import (
    IMPORT_LIMIT,
    delete_session,
    export_session,
    import_session,
    list_sessions,
    open_session,
    read_import_source,
    record_hand,
    session_doc,
    start_session,
)
from scoring import (
    CardParseError,
    HandError,
    OptionError,
    ScoringError,
    SessionFileError,
    read_session,
    score_session,
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted([*ROOT.glob("samples/*.json"), *ROOT.glob("assets/samples/*.json")])


def _fresh(tmp_path: Path, name: str):
    engine = make_engine(tmp_path / name)
    init_db(engine)
    return engine


def _varied(engine):
    """Sessions of every game with runs, aces, plain points, notes, rummy, warnings."""
    ids = []
    fsr = start_session(engine=engine, game_id="four_suit_rummy", players=["Anna", "Bjørn"])
    record_hand(engine=engine, session_id=fsr.id, hand=FSR_EXAMPLE_1)
    record_hand(engine=engine, session_id=fsr.id, hand=FSR_EXAMPLE_2, confirm_warnings=True)
    record_hand(
        engine=engine,
        session_id=fsr.id,
        hand=hand(
            None,
            {"Anna": ["2H", "KS"], "Bjørn": 17},
            runs={"Anna": [(["6C", "7C", "AC"], "8")]},
            note="blocked «twice»",
        ),
        confirm_warnings=True,  # 5 cards, not 12
    )
    ids.append(fsr.id)
    sw = start_session(
        engine=engine,
        game_id="swedish_rummy",
        players=["Kari", "Ola", "Per", "Åse"],
        options={"target": 300, "skip_aces": True, "blocked_scoring": "no_score"},
    )
    record_hand(  # Åse forgotten: a warning, confirmed
        engine=engine,
        session_id=sw.id,
        hand=hand("Ola", {"Kari": ["AS", "8H"], "Per": 12}),
        confirm_warnings=True,
    )
    record_hand(
        engine=engine,
        session_id=sw.id,
        hand=hand(None, {"Kari": ["3"], "Åse": ["4"]}),
        confirm_warnings=True,
    )
    ids.append(sw.id)
    ru = start_session(
        engine=engine, game_id="rummy", players=["X", "Y"], options={"scoring": "winner_collects"}
    )
    record_hand(
        engine=engine, session_id=ru.id, hand=hand("X", {"Y": ["K", "Q"]}, flags={"rummy": "X"})
    )
    ids.append(ru.id)
    return ids


def test_export_import_export_is_identical(engine, tmp_path):
    ids = _varied(engine)
    other = _fresh(tmp_path, "other.db")
    for sid in ids:
        text = export_session(engine=engine, session_id=sid)
        imported = import_session(engine=other, data=text.encode())
        assert export_session(engine=other, session_id=imported.id) == text
        original = open_session(engine=engine, session_id=sid)
        assert imported.standings == original.standings
        assert open_session(engine=other, session_id=imported.id).standings == original.standings
        assert [h.warnings for h in imported.hands] == [h.warnings for h in original.hands]
    other.dispose()


def test_export_matches_what_was_entered(engine):
    ids = _varied(engine)
    doc = json.loads(export_session(engine=engine, session_id=ids[0]))
    assert doc["format"] == "kortpoeng-session" and doc["version"] == 2
    assert doc["game"] == "four_suit_rummy" and doc["players"] == ["Anna", "Bjørn"]
    first = doc["hands"][0]
    assert first["went_out"] == "Anna"
    assert first["left"] == {"Bjørn": ["7", "8", "K"]}
    assert first["runs"]["Anna"][3] == {"cards": ["AC", "QC", "KC"], "ace_as": "J"}
    third = doc["hands"][2]
    assert third["went_out"] is None
    assert third["left"] == {"Anna": ["2H", "KS"], "Bjørn": 17}
    assert third["note"] == "blocked «twice»"
    assert score_session(read_session(json.dumps(doc))).standings.totals == (
        open_session(engine=engine, session_id=ids[0]).standings.totals
    )
    swedish = json.loads(export_session(engine=engine, session_id=ids[1]))
    assert swedish["options"] == {"target": 300, "blocked_scoring": "no_score", "skip_aces": True}
    assert session_doc(engine=engine, session_id=ids[2]).hands[0].flags == {"rummy": "X"}
    # the flag rummy of who went out is written as every version of the file says it
    rummy = json.loads(export_session(engine=engine, session_id=ids[2]))
    written = {k: v for k, v in rummy["hands"][0].items() if k != "played_at"}
    assert written == {"went_out": "X", "left": {"Y": ["K", "Q"]}, "rummy": True}
    assert "definition" not in rummy  # the built-in Rummy, as shipped: its id says its rules


def test_import_of_the_same_id_is_not_a_second_copy_and_restores_it_from_the_trash(engine):
    ids = _varied(engine)
    text = export_session(engine=engine, session_id=ids[1])
    before = dump(engine)
    with pytest.raises(DuplicateSession) as caught:
        import_session(engine=engine, data=text)
    assert caught.value.params == {
        "id": json.loads(text)["id"],
        "session": ids[1],
        "in_trash": False,
    }
    assert len(dump(engine)) == len(before)
    # In the trash, its own export puts it back: the same number, the same
    # session, out of the trash (issue 9: it used to be refused as "in the trash").
    shown = open_session(engine=engine, session_id=ids[1])
    delete_session(engine=engine, session_id=ids[1])
    back = import_session(engine=engine, data=text)
    assert back.id == ids[1] and back.uuid == json.loads(text)["id"]
    assert back.deleted_at is None
    assert back.standings == shown.standings and back.hands == shown.hands
    assert list_sessions(engine=engine, trash=True).total == 0
    assert export_session(engine=engine, session_id=ids[1]) == text
    with pytest.raises(DuplicateSession):  # and now it is stored: not a second copy
        import_session(engine=engine, data=text)


def test_import_without_id_gets_a_new_one(engine):
    doc = {
        "format": "kortpoeng-session",
        "version": 1,
        "game": "rummy",
        "players": ["Kari", "Ola"],
        "hands": [{"went_out": "Kari", "left": {"Ola": ["K", "7", "A"]}}],
    }
    view = import_session(engine=engine, data=json.dumps(doc))
    assert view.standings.totals == {"Kari": 0, "Ola": 18}
    assert len(view.uuid) == 36
    again = import_session(engine=engine, data=json.dumps(doc))  # no id: a new session each time
    assert again.uuid != view.uuid
    out = json.loads(export_session(engine=engine, session_id=view.id))
    assert out["id"] == view.uuid and "started_at" not in out


def _good_doc(**changes):
    doc = {
        "format": "kortpoeng-session",
        "version": 1,
        "id": "3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a10",
        "game": "four_suit_rummy",
        "options": {"target": 1000},
        "players": ["Anna", "Bjørn"],
        "started_at": "2026-11-29T19:30:00+01:00",
        "hands": [
            {
                "went_out": "Anna",
                "runs": {
                    "Anna": [
                        {"cards": ["5H", "6H", "7H"]},
                        {"cards": ["5S", "6S", "7S"]},
                        {"cards": ["9D", "AD", "JD"]},
                        {"cards": ["AC", "QC", "KC"], "ace_as": "J"},
                    ],
                    "Bjørn": [
                        {"cards": ["8H", "9H", "10H"]},
                        {"cards": ["8S", "AS", "10S"]},
                        {"cards": ["2D", "3D", "4D"]},
                    ],
                },
                "left": {"Bjørn": ["7", "8", "K"]},
            }
        ],
    }
    doc.update(changes)
    return doc


def test_the_format_example_imports_with_its_figures(engine):
    view = import_session(engine=engine, data=json.dumps(_good_doc()))
    assert view.uuid == "3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a10"
    assert view.standings.totals == {"Anna": 155, "Bjørn": 110}
    assert view.started_at.isoformat() == "2026-11-29T18:30:00+00:00"
    assert json.loads(export_session(engine=engine, session_id=view.id))["started_at"] == (
        "2026-11-29T19:30:00+01:00"
    )


def _bad_files():
    good = json.dumps(_good_doc(), ensure_ascii=False)
    wrong_left = _good_doc()
    wrong_left["hands"][0]["left"] = {"Bjørn": "7 8 K"}
    return {
        "truncated": (good[: len(good) // 2], SessionFileError, "file_json"),
        "empty": ("", SessionFileError, "file_json"),
        "not an object": ("[1, 2]", SessionFileError, "file_not_object"),
        "players not a list": (
            json.dumps(_good_doc(players="Anna")),
            SessionFileError,
            "file_type",
        ),
        "version as text": (json.dumps(_good_doc(version="1")), SessionFileError, "file_version"),
        "left not cards": (json.dumps(wrong_left), SessionFileError, "file_type"),
        "unknown version": (json.dumps(_good_doc(version=4)), SessionFileError, "file_version"),
        "other format": (json.dumps(_good_doc(format="other")), SessionFileError, "file_format"),
        "unknown field": (json.dumps(_good_doc(extra=1)), SessionFileError, "file_unknown_field"),
        "bad id": (json.dumps(_good_doc(id="not-a-uuid")), SessionFileError, "file_id"),
        "unknown option": (
            json.dumps(_good_doc(options={"jokers": 2})),
            OptionError,
            "option_unknown",
        ),
        "control char name": (
            json.dumps(_good_doc(players=["Anna\u0007", "Bjørn"])),
            OptionError,
            "player_name_control",
        ),
        "escape in name": (
            json.dumps(_good_doc(players=["\u001b[2JAnna", "Bjørn"])),
            OptionError,
            "player_name_control",
        ),
        "duplicate names": (
            json.dumps(_good_doc(players=["Anna", "ANNA "])),
            OptionError,
            "player_duplicate",
        ),
        "unknown player": (
            json.dumps(_good_doc(hands=[{"went_out": "Carl", "left": {}}])),
            HandError,
            "unknown_player",
        ),
        "bad card": (
            json.dumps(_good_doc(hands=[{"went_out": "Anna", "left": {"Bjørn": ["Z"]}}])),
            CardParseError,
            "card_unknown",
        ),
        "not utf-8": (b"\xff\xfe{\x00", ImportInvalid, "import_invalid"),
        "line separator in name": (
            json.dumps(_good_doc(players=["An\u2028na", "Bjørn"], hands=[])),
            OptionError,
            "player_name_control",
        ),
    }


@pytest.mark.parametrize("case", sorted(_bad_files()))
def test_bad_imports_change_nothing(engine, case):
    _varied(engine)
    data, error, code = _bad_files()[case]
    before = dump(engine)
    with pytest.raises(error) as caught:
        import_session(engine=engine, data=data)
    assert caught.value.code == code
    assert str(caught.value)  # a message says why
    assert dump(engine) == before


def test_a_50_mb_file_is_refused_before_parsing(engine, tmp_path):
    _varied(engine)
    before = dump(engine)
    big = b"{" + b" " * (50 * 1024 * 1024) + b"}"
    with pytest.raises(ImportTooLarge) as caught:
        import_session(engine=engine, data=big)
    assert caught.value.params["limit"] == IMPORT_LIMIT == 5 * 1024 * 1024
    path = tmp_path / "big.json"
    with path.open("wb") as handle:  # sparse: 50 MB on paper, refused by its size
        handle.truncate(50 * 1024 * 1024)
    with pytest.raises(ImportTooLarge) as caught:
        read_import_source(path)
    assert caught.value.params["size"] == 50 * 1024 * 1024
    assert dump(engine) == before


def test_read_import_source_from_stdin(tmp_path):
    import io

    assert read_import_source("-", stdin=io.BytesIO(b'{"a": 1}')) == b'{"a": 1}'
    with pytest.raises(ImportTooLarge):
        read_import_source("-", stdin=io.BytesIO(b"x" * 101), limit=100)
    path = tmp_path / "ok.json"
    path.write_bytes(b"{}")
    assert read_import_source(path) == b"{}"


def test_scoring_error_carries_hand_player_card(engine):
    doc = _good_doc(
        hands=[
            {"went_out": "Anna", "left": {"Bjørn": ["7"]}},
            {"went_out": "Anna", "left": {"Bjørn": ["7", "Q9"]}},
        ]
    )
    with pytest.raises(ScoringError) as caught:
        import_session(engine=engine, data=json.dumps(doc))
    assert (caught.value.hand, caught.value.player, caught.value.card) == (2, "Bjørn", "Q9")


@pytest.mark.skipif(not SAMPLES, reason="no sample sessions")
@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_each_sample_imports_with_its_standings(engine, path):
    text = path.read_text(encoding="utf-8")
    expected = score_session(read_session(text))
    view = import_session(engine=engine, data=path.read_bytes())
    assert view.standings == expected.standings
    again = open_session(engine=engine, session_id=view.id)
    assert again.standings == expected.standings
    assert again.finished == expected.standings.finished
    assert json.loads(export_session(engine=engine, session_id=view.id)) == json.loads(
        _canonical(text)
    )


def _canonical(text: str) -> str:
    from scoring import write_session

    return write_session(read_session(text))
