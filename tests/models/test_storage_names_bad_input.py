"""One name rule everywhere (issue 10): a player's name is accepted or refused
the same way, with the same code, by scoring (:func:`scoring.check_name`), the
new-session form, starting a session, importing a session file, renaming a
player and the command line — whatever the text."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from app.cli import main
from app.fonts import check_drawable_name
from app.ui.state import NewSessionDraft
from models.errors import NameTaken
from models.services import import_session, list_sessions, rename_player, start_session
from scoring import OptionError, check_name, player_key

#: Text that reaches every corner of the rule: letters, spaces, separators,
#: controls, bidi marks, zero-width characters, surrogates' neighbours, long runs.
NAMES = st.one_of(
    st.text(max_size=45),
    st.text(
        alphabet=st.sampled_from(
            [
                "K",
                "a",
                "Å",
                "ø",
                " ",
                "\t",
                "\n",
                "\u2028",
                "\u2029",
                "\u202e",
                "\u2067",
                "\u200b",
                "\u200d",
                "\ufeff",
                "\x00",
                "\x1b",
                "\x85",
                "👩",
                "\u030a",
            ]
        ),
        max_size=45,
    ),
)


def outcome(call) -> tuple[str, str]:
    """``("ok", the name's key)`` or ``("refused", code)``. Keys, because a name
    that is the same player as one stored earlier (another case, an invisible
    joiner) is seated under the stored spelling."""
    try:
        return "ok", player_key(call())
    except OptionError as error:
        return "refused", str(error.code)


@pytest.mark.parametrize("name", ["\u202eKari", "Ola\u2067", "Per\u2028", "Kari\u2028Ola"])
def test_direction_overrides_and_separators_are_control_characters(name):
    with pytest.raises(OptionError) as caught:
        check_name(name)
    assert caught.value.code == "player_name_control"


@pytest.mark.parametrize("name", ["\u200b", "  \u200d ", "\ufeff"])
def test_only_invisible_characters_is_an_empty_name(name):
    with pytest.raises(OptionError) as caught:
        check_name(name)
    assert caught.value.code == "player_name_empty"


def test_joiners_inside_an_emoji_name_stay():
    assert check_name(" 👩\u200d👧 Kari ") == "👩\u200d👧 Kari"


@settings(max_examples=300, deadline=None)
@given(NAMES)
@example("Kari\u2028Ola")
@example("x" * 41)
@example(" " + "x" * 40 + " ")
def test_the_form_uses_the_one_rule(name):
    # The form's rule: the one rule, then a name no shipped font draws is refused (app.fonts).
    expected = outcome(lambda: check_drawable_name(check_name(name)))
    draft = NewSessionDraft(game_id="rummy")
    added = draft.add_player(name)
    if expected[0] == "ok":
        assert added and draft.players == (check_name(name),)
    else:
        assert not added and draft.error is not None and draft.error.code == expected[1]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(NAMES)
@example("Kari\u2028Ola")
@example("x" * 41)
def test_storage_import_rename_and_cli_use_the_one_rule(engine, tmp_path, name):
    expected = outcome(lambda: check_name(name))
    players = ["Zed", name]
    if expected[0] == "ok" and expected[1] == "zed":
        players = ["Yan", name]

    started = outcome(
        lambda: start_session(engine=engine, game_id="rummy", players=players).players[1]
    )
    assert started == expected

    doc = {"format": "kortpoeng-session", "version": 1, "game": "rummy", "players": players}
    imported = outcome(lambda: import_session(engine=engine, data=json.dumps(doc)).players[1])
    assert imported == expected

    pid = start_session(engine=engine, game_id="rummy", players=["Rita", "Sol"]).player_ids[0]
    try:
        renamed = outcome(lambda: rename_player(engine=engine, player_id=pid, name=name).name)
    except NameTaken:  # the same person as one stored above: the name itself was fine
        renamed = expected
    assert renamed == expected

    # The command line adds the app's rule: a name no shipped font draws is refused.
    expected = outcome(lambda: check_drawable_name(check_name(name)))
    path = tmp_path / "named.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = list_sessions(engine=engine).total
    status = main(["--db", engine.url.render_as_string(hide_password=False), "import", str(path)])
    after = list_sessions(engine=engine).total
    if expected[0] == "ok":
        assert status == 0 and after == before + 1
    else:
        assert status == 2 and after == before
