"""A shared game's link (app.game_link) opens the new-session form with that
game chosen and brought into view (issue 25, item 12): the form says which
game the screen is to scroll to, once, whether the game was offered already
or only once the custom games are loaded again."""

from __future__ import annotations

import dataclasses

from app.game_link import decode_game, encode_game
from app.ui.new_session import game_scroll_key
from app.ui.state import NewSessionDraft
from scoring import builtin_definition, builtin_games, data_game
from scoring.definition import Words


def shared_game():
    """The game a link carries, as the phone that opens it reads it."""
    definition = dataclasses.replace(
        builtin_definition("crazy_eights"),
        id="family_eights",
        name=Words("Familieåttere", "Family Eights"),
    )
    return data_game(decode_game(encode_game(definition)))


def test_a_linked_game_added_on_this_phone_is_chosen_and_revealed_once_loaded():
    draft = NewSessionDraft()
    game = shared_game()
    draft.choose_when_offered(game.id)  # "Start a session of it", before the games reload
    assert draft.game == next(iter(builtin_games())) and draft.reveal == ""
    draft.set_custom_games({game.id: game})
    assert (draft.game, draft.reveal) == ("family_eights", "family_eights")
    assert list(draft.games())[-1] == "family_eights"  # the last of a long list
    draft.revealed()  # the screen scrolled it into view
    assert (draft.game, draft.reveal) == ("family_eights", "")
    draft.set_custom_games({game.id: game})  # a later load scrolls nowhere
    assert draft.reveal == ""


def test_a_linked_game_already_here_is_chosen_and_revealed_at_once():
    draft = NewSessionDraft()
    game = shared_game()
    draft.set_custom_games({game.id: game})
    draft.choose_when_offered(game.id)
    assert (draft.game, draft.reveal) == ("family_eights", "family_eights")


def test_a_new_form_reveals_nothing():
    draft = NewSessionDraft()
    draft.choose_when_offered("hearts")
    draft.reset()
    assert draft.reveal == ""
    assert game_scroll_key("family_eights") == "pick-family_eights"
