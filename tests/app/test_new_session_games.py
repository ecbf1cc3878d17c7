"""The new-session form with every game (app.ui.state.NewSessionDraft): the
built-in games, then the custom games the screen loaded; a game just added is
chosen once it is offered; a game whose target is its own starts without one."""

from __future__ import annotations

import dataclasses

from app.ui.state import NewSessionDraft
from scoring import BUILTIN_GAME_IDS, builtin_definition, game_for


def _game(game_id: str, **changes):
    definition = dataclasses.replace(builtin_definition("crazy_eights"), id=game_id, **changes)
    return game_for(game_id, definition)


def test_custom_games_are_offered_after_the_built_in_ones():
    draft = NewSessionDraft()
    assert list(draft.games()) == list(BUILTIN_GAME_IDS)
    draft.set_custom_games({"family_eights": _game("family_eights")})
    assert list(draft.games())[-1] == "family_eights"
    draft.select_game("family_eights")
    draft.add_player("Kari")
    draft.add_player("Ola")
    assert draft.start_args() == ("family_eights", ("Kari", "Ola"), {})
    draft.choose_preset("200")
    assert draft.start_args()[2] == {"target": 200}


def test_a_chosen_custom_game_deleted_elsewhere_gives_way():
    draft = NewSessionDraft()
    draft.set_custom_games({"family_eights": _game("family_eights")})
    draft.select_game("family_eights")
    draft.set_custom_games({})
    assert draft.game_id == BUILTIN_GAME_IDS[0]


def test_a_game_just_added_is_chosen_when_offered():
    draft = NewSessionDraft()
    draft.choose_when_offered("shared")
    assert draft.game_id != "shared" and draft.wanted == "shared"
    draft.set_custom_games({"shared": _game("shared")})
    assert draft.game_id == "shared" and draft.wanted == ""


def test_a_game_without_a_target_option_starts_with_its_own_target():
    """Found in the browser: a custom game without a number option was refused
    at the start ("has no option target"); its own target is used instead."""
    fixed = _game("fixed_target", options=(), target=60)
    draft = NewSessionDraft()
    draft.set_custom_games({"fixed_target": fixed})
    draft.select_game("fixed_target")
    draft.add_player("Kari")
    draft.add_player("Ola")
    assert not draft.number_choosable()
    assert draft.start_args() == ("fixed_target", ("Kari", "Ola"), {})
    assert fixed.target(fixed.default_options()) == 60


def test_a_name_too_long_is_refused_in_words_and_the_message_goes_when_it_is_changed():
    """Found on a new-user evening: a 78-character name was cut to 40 without
    a word (the field stopped at 40). The field takes more than a name may
    be; Add refuses it with the name rule's words, and a message about the
    name goes as soon as the name is changed (it stayed until the next tap)."""
    from app.i18n import use_language
    from app.ui.common import describe_problem
    from scoring.rules import MAX_NAME

    long_name = "Bestemor Ragnhild Kristine Østerbø-Johansen fra Lillehammer i Gudbrandsdalen"
    draft = NewSessionDraft()
    draft.type_name(long_name)
    assert draft.add_player() is False and draft.players == ()
    with use_language("en"):
        assert str(MAX_NAME) in describe_problem(draft.error)
    draft.type_name(long_name[:MAX_NAME])
    assert draft.error is None
    assert draft.add_player() is True
    assert draft.players == (long_name[:MAX_NAME],)
    draft.type_name(long_name[:MAX_NAME])
    assert draft.add_player() is False and draft.error is not None  # the same name twice
    draft.type_name("")
    assert draft.error is None
