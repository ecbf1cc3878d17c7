"""A game's own target (or number of rounds) changed in the editor: the
new-session form starts at that number, not at the number the copied game's
option suggested. Kasino to 16 (RULES.md §5.4) offered 11, 16 and 21 with 21
still chosen, so a session of "Kasino to 16" started to 21 unless the family
noticed (the fault: the option's suggested preset kept the old number)."""

from __future__ import annotations

import pytest

from app.ui.state.game_draft import GameDraft
from app.ui.state.new_session import NewSessionDraft
from scoring import builtin_definition, game_for


def typed(draft: GameDraft, path: tuple[str, ...], text: str) -> None:
    """``text`` typed into the field at ``path`` as a keyboard does: the field
    cleared, then a key at a time (each key a change of the form)."""
    draft.set(path, "")
    for end in range(1, len(text) + 1):
        draft.set(path, text[:end])


def offered(draft: GameDraft) -> tuple[list[int], int | None]:
    """The new-session form for the game ``draft`` makes: the target presets
    it offers and the target a session starts with."""
    made = draft.definition()
    form = NewSessionDraft(custom_games={made.id: game_for(made.id, made)})
    form.select_game(made.id)
    for name in ("Kari", "Ola"):
        form.add_player(name)
    _game, _players, options = form.start_args()
    game = game_for(made.id, made)
    return [p.value for p in form.presets()], game.target(game.options_from_dict(options))


def copy_of_kasino() -> GameDraft:
    return GameDraft.copy_of(
        builtin_definition("kasino"), names=("Kasino til 16", "Kasino to 16"), game_id="kasino16"
    )


def test_kasino_to_16_starts_its_sessions_at_16() -> None:
    draft = copy_of_kasino()
    typed(draft, ("target",), "16")
    presets, target = offered(draft)
    assert presets == [11, 16, 21]  # nothing added for the "1" typed on the way
    assert target == 16


def test_a_number_no_preset_has_is_offered_and_chosen() -> None:
    draft = copy_of_kasino()
    typed(draft, ("target",), "17")
    assert offered(draft) == ([11, 16, 21, 17], 17)
    typed(draft, ("target",), "25")  # typed again: the 17 added for it goes
    assert offered(draft) == ([11, 16, 21, 25], 25)


def test_a_suggestion_the_family_moved_stays_where_they_put_it() -> None:
    draft = copy_of_kasino()
    option = next(i for i, o in enumerate(draft.form["options"]) if o["id"] == "target")
    presets = draft.form["options"][option]["presets"]
    draft.set(("options", option, "presets", len(presets) - 1, "suggested"), False)
    draft.set(("options", option, "presets", 0, "suggested"), True)  # 11 suggested
    typed(draft, ("target",), "16")
    assert offered(draft) == ([11, 16, 21], 11)


@pytest.mark.parametrize("game", ["kasino", "swedish_rummy", "five_crowns"])
def test_a_copy_left_as_it_is_starts_where_its_game_does(game: str) -> None:
    source = builtin_definition(game)
    draft = GameDraft.copy_of(source, names=("Kopi", "Copy"), game_id="copy")
    builtin = game_for(game)
    assert draft.definition().options == source.options
    assert offered(draft)[1] == builtin.target(builtin.default_options())


@pytest.mark.parametrize("number", ["99999999999999999999", "0"])
def test_a_number_no_preset_may_be_is_said_on_its_own_field(number: str) -> None:
    """A target of 10^20 was said as "Option 1 › preset 4 › number must be a
    whole number from 1 to 1,000,000,000" (a preset the family never typed,
    added to follow it); the fault is the target field's."""
    draft = copy_of_kasino()
    typed(draft, ("target",), number)
    problem, path = draft.problem_at()
    assert problem is not None and problem.field == "target" and path == ("target",)
    typed(draft, ("target",), "16")  # put right: followed again
    assert offered(draft) == ([11, 16, 21], 16)
