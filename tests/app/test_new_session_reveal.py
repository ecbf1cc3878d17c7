"""A shared game's link (app.game_link) opens the new-session form with that
game chosen and offered first, at the top of the form (issue 25, item 12),
whether the game was offered already or only once the custom games are
loaded again; a new form offers the games in their usual order."""

from __future__ import annotations

import dataclasses

from app.game_link import decode_game, encode_game
from app.ui.state import NewSessionDraft
from scoring import BUILTIN_GAME_IDS, builtin_definition, game_for
from scoring.definition import Words


def shared_game():
    """The game a link carries, as the phone that opens it reads it."""
    definition = dataclasses.replace(
        builtin_definition("crazy_eights"),
        id="family_eights",
        name=Words("Familieåttere", "Family Eights"),
    )
    decoded = decode_game(encode_game(definition))
    return game_for(decoded.id, decoded)


def test_a_linked_game_added_on_this_phone_is_chosen_and_offered_first_once_loaded():
    draft = NewSessionDraft()
    game = shared_game()
    draft.choose_when_offered(game.id)  # "Start a session of it", before the games reload
    assert draft.game_id == BUILTIN_GAME_IDS[0] and draft.featured == ""
    draft.set_custom_games({game.id: game})
    assert (draft.game_id, draft.featured) == ("family_eights", "family_eights")
    assert list(draft.games()) == ["family_eights", *BUILTIN_GAME_IDS]  # once, first
    draft.set_custom_games({game.id: game})  # a later load keeps it first
    assert next(iter(draft.games())) == "family_eights"


def test_a_linked_game_already_here_is_chosen_and_offered_first_at_once():
    draft = NewSessionDraft()
    game = shared_game()
    draft.set_custom_games({game.id: game})
    assert list(draft.games())[-1] == "family_eights"  # the last of a long list
    draft.choose_when_offered(game.id)
    assert (draft.game_id, draft.featured) == ("family_eights", "family_eights")
    assert next(iter(draft.games())) == "family_eights"


def test_a_new_form_offers_the_games_in_their_order():
    draft = NewSessionDraft()
    game = shared_game()
    draft.set_custom_games({game.id: game})
    draft.choose_when_offered(game.id)
    draft.reset()
    assert draft.featured == ""
    assert list(draft.games()) == [*BUILTIN_GAME_IDS, "family_eights"]
