"""The game editor's partnerships part (GAME_FORMAT.md ``teams``; RULES.md
§5 Kasino, example 4; issue 28: "a team of one" refused with one line naming
the field): a copy of Kasino's ``teams`` as a switch and a number, a team of
one refused on its input in words naming the field (en and nb), ``always``
kept only with player counts that make teams, switched off, and only a
captured game has the part."""

from __future__ import annotations

import pytest

from app.game_link import decode_game, encode_game
from app.i18n import use_language
from app.messages import describe_error
from app.ui.common import TypedTexts
from app.ui.game_editor import _Form
from app.ui.game_editor.teams_part import teams_part
from app.ui.state.game_draft import GameDraft
from scoring import builtin_definition, game_for
from scoring.captures import pile_table
from scoring.definition import Teams


def _copy() -> GameDraft:
    return GameDraft.copy_of(
        builtin_definition("kasino"), names=("Parkasino", "Pair Kasino"), game_id="pkasino"
    )


def test_the_copy_of_kasino_edits_its_partnerships():
    draft = _copy()
    assert draft.form["teams"] == {"on": True, "size": "2", "always": False}
    assert "teams" not in draft.form.get("carried", {})
    assert draft.definition().teams == Teams(2)


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Partnerships › players per team"), ("nb", "Makkerpar › spillere per lag")],
)
def test_a_team_of_one_is_refused_on_its_input_naming_the_field(language, said):
    draft = _copy()
    draft.set(("teams", "size"), "1")
    problem, path = draft.problem_at()
    assert (problem.code, problem.field, path) == (
        "definition_range",
        "teams.size",
        ("teams", "size"),
    )
    with use_language(language):
        text = describe_error(problem)
        assert text.startswith(said), text
        form = _Form(draft, TypedTexts())
        assert form.fault(("teams", "size")) == text
        assert len(teams_part(form)) == 4


def test_always_in_partnerships_needs_player_counts_that_make_teams():
    draft = _copy()
    draft.set(("teams", "always"), True)  # 2 or 3 players make no two partnerships
    problem, path = draft.problem_at()
    assert (problem.code, problem.field, path) == (
        "definition_conflict",
        "teams.size",
        ("teams", "size"),
    )
    assert problem.params["reason"] == "teams_players"
    draft.set(("players", "min"), "4")
    made = draft.definition()
    assert made.teams == Teams(2, always=True)
    assert decode_game(encode_game(made)) == made
    game = game_for(made.id, made)
    # every session in partnerships of 2, the partners switch left off
    assert pile_table(made, game.default_options()).team_size == 2
    assert pile_table(_copy().definition(), game.default_options()).team_size == 0


def test_partnerships_switched_off():
    draft = _copy()
    draft.set(("teams", "on"), False)
    # the option that switches partnerships on has nothing left to switch
    problem, path = draft.problem_at()
    assert (problem.field, path) == ("options[4].set.teams", ("options", 3, "set", "teams"))
    draft.remove(("options",), 3)
    made = draft.definition()
    assert made.teams is None
    with use_language("en"):
        assert len(teams_part(_Form(draft, TypedTexts()))) == 2  # the title and the switch


@pytest.mark.parametrize("game_id", ["plump", "swedish_rummy", "five_crowns"])
def test_only_a_captured_game_has_the_part(game_id):
    draft = GameDraft.editing(builtin_definition(game_id), None)
    assert "teams" not in draft.form
    assert teams_part(_Form(draft, TypedTexts())) == []
