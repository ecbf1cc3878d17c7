"""A copy of a game keeps the copied game's description, which then says
the old rules: a Kasino copy to 16 with most cards worth 1 still read "Most
cards 3, most spades 1 … first to 21" on its share page. The editor says so
beside the description while it is the copied one and the rules differ."""

from __future__ import annotations

import pytest

from app.ui.state.game_draft import GameDraft
from scoring import builtin_definition


def copy_of(game: str) -> GameDraft:
    return GameDraft.copy_of(builtin_definition(game), names=("Kopi", "Copy"), game_id="copy")


@pytest.mark.parametrize(
    ("game", "path", "value"),
    [
        ("kasino", ("target",), "16"),
        ("kasino", ("captures", "most", 0, "points"), "1"),
        ("phase_10", ("cards_dealt",), "12"),
        ("swedish_rummy", ("keys", 0, "points"), "2"),
    ],
)
def test_a_changed_rule_under_the_copied_description_is_pointed_out(game, path, value) -> None:
    draft = copy_of(game)
    assert not draft.description_outdated()  # the copy as it came: the words fit
    draft.set(("name", "en"), "Our game")  # a name is no rule
    assert not draft.description_outdated()
    draft.set(path, value)
    assert draft.description_outdated()
    draft.set(("description", "en"), "Ours: most cards 1, to 16.")  # the family's own words
    assert not draft.description_outdated()


def test_a_new_game_and_a_stored_one_are_never_pointed_at() -> None:
    draft = GameDraft.new()
    draft.set(("description", "en"), "A game")
    draft.set(("target",), "50")
    assert not draft.description_outdated()
    stored = GameDraft.editing(builtin_definition("kasino"), None)
    stored.set(("target",), "16")
    assert not stored.description_outdated()
