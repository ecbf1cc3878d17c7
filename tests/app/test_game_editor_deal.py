"""The game editor's two facts of a deal (GAME_FORMAT.md version 2
``also_out`` and ``cards_dealt``): Five Crowns' "whoever goes out on the
last turn scores nothing too" (RULES.md §6) and Phase 10's 10 cards dealt,
more left being a warning (RULES.md §8), each a switch or a number a family
changes in a copy; a game using neither stays version 1. Before, the editor
carried both unchanged: a copy could not say them."""

from __future__ import annotations

import json

import pytest

from app.ui.state.game_draft import GameDraft
from scoring import Hand, builtin_definition, game_for
from scoring.codes import WarningCode
from scoring.definition import write_definition


def copy_of(game: str) -> GameDraft:
    return GameDraft.copy_of(builtin_definition(game), names=("Kopi", "Copy"), game_id="copy")


def test_five_crowns_copy_keeps_its_switch_and_can_turn_it_off() -> None:
    draft = copy_of("five_crowns")
    assert draft.form["also_out"] is True
    assert draft.definition().also_out is True
    draft.set(("also_out",), False)
    made = draft.definition()
    assert made.also_out is False
    assert json.loads(write_definition(made))["version"] == 2  # its schedule and suits


def test_a_new_game_says_others_may_go_out_too() -> None:
    draft = GameDraft.new()
    draft.set(("name", "en"), "Last turn")
    draft.set(("name", "nb"), "Siste tur")
    assert json.loads(write_definition(draft.definition()))["version"] == 1
    draft.set(("also_out",), True)
    made = draft.definition()
    assert made.also_out is True
    assert json.loads(write_definition(made))["version"] == 2
    draft.set(("went_out",), "never")  # nobody goes out: nobody goes out too
    problem, path = draft.problem_at()
    assert problem is not None and problem.code == "definition_conflict"
    assert (problem.field, path) == ("went_out", ("went_out",))  # the choice just made


def test_phase_10_copy_deals_12_and_warns_above_12() -> None:
    draft = copy_of("phase_10")
    assert draft.form["cards_dealt"] == "10"
    draft.set(("cards_dealt",), "12")
    made = draft.definition()
    assert made.cards_dealt == 12
    game = game_for("copy", made)
    eleven = game.parse_leftover(["low"] * 11)
    thirteen = game.parse_leftover(["low"] * 13)
    one = game.parse_leftover(["low"])
    options = game.default_options()
    seats = ["Ada", "Bo", "Cy"]
    quiet = game.score_hand(
        options, seats, Hand("Ada", {"Bo": eleven, "Cy": one}, completed=("Ada",)), 1
    )
    assert WarningCode.DEALT_CARDS not in [w.code for w in quiet.warnings]
    loud = game.score_hand(
        options, seats, Hand("Ada", {"Bo": thirteen, "Cy": one}, completed=("Ada",)), 1
    )
    assert [(w.code, w.player, w.count, w.expected) for w in loud.warnings] == [
        (WarningCode.DEALT_CARDS, "Bo", 13, 12)
    ]
    draft.set(("cards_dealt",), "")  # not said: no warning however many are left
    assert draft.definition().cards_dealt is None


@pytest.mark.parametrize(("typed", "code"), [("0", "definition_range"), ("1O", "definition_type")])
def test_a_bad_deal_lands_on_its_input(typed: str, code: str) -> None:
    draft = copy_of("phase_10")
    draft.set(("cards_dealt",), typed)
    problem, path = draft.problem_at()
    assert problem is not None and problem.code == code and problem.field == "cards_dealt"
    assert path == ("cards_dealt",)


@pytest.mark.parametrize("game", ["kasino", "plump"])
def test_a_captured_or_bids_game_never_gets_them(game: str) -> None:
    draft = copy_of(game)
    draft.set(("also_out",), True)
    draft.set(("cards_dealt",), "10")
    assert draft.problem() is None
    document = draft.document()
    assert "also_out" not in document and "cards_dealt" not in document
