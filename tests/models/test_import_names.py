"""Importing a session whose player names differ from stored players
only in case (or invisible characters) must work (or raise a typed error)."""

from __future__ import annotations

import json

import pytest
from storage_helpers import hand

from models.services import export_session, import_session, open_session, record_hand, start_session


@pytest.mark.parametrize("spelling", ["kari", "KARI", "Ｋａｒｉ"])
def test_import_with_another_spelling_of_a_stored_player(engine, spelling):
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    record_hand(engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": ["K", "7", "A"]}))
    doc = json.loads(export_session(engine=engine, session_id=view.id))
    del doc["id"]
    text = json.dumps(doc, ensure_ascii=False).replace('"Kari"', json.dumps(spelling))
    imported = import_session(engine=engine, data=text)
    assert imported.players == ("Kari", "Ola")
    assert imported.standings.totals == {"Kari": 0, "Ola": 18}
    opened = open_session(engine=engine, session_id=imported.id)
    assert opened.standings == imported.standings
