"""A family's copy of Plump whose made zero bid scores 10 (issue 28: "Plump
with 5 for a made zero bid" as a variant made in the editor): scored with
10, and every text of the game that gives the figure gives 10 — the rules
screen's scoring, the option's choices where they are named by the figure,
the description — in English and Norwegian; the built-in still says 5."""

from __future__ import annotations

import pytest

from app.game_text import rules_text
from app.i18n import use_language
from app.messages import describe_options, game_description, option_value_name
from app.ui.state.game_draft import GameDraft
from scoring import Hand, builtin_definition, game_for

SEATS = ["Kari", "Ola", "Per", "Liv"]
#: RULES.md §7.1 deal 2 (9 cards, Ola deals): Per's made zero bid.
DEAL_2 = Hand(None, bids={"Kari": 4, "Ola": 1, "Per": 0, "Liv": 3}, made=("Ola", "Per", "Liv"))


def _copy_with_zero(text: str):
    draft = GameDraft.copy_of(
        builtin_definition("plump"), names=("Familieplump", "Family Plump"), game_id="fplump"
    )
    draft.set(("bids", "zero"), text)
    return draft.definition()


def test_the_copy_scores_a_made_zero_bid_10():
    copy = _copy_with_zero("10")
    game = game_for(copy.id, copy)
    points = game.score_hand(game.default_options(), SEATS, DEAL_2, 2).points
    assert points == {"Kari": 0, "Ola": 11, "Per": 10, "Liv": 13}  # RULES.md §7.1: Per 10


@pytest.mark.parametrize(
    ("language", "said", "choice"),
    [
        ("en", "A made bid of 0 scores {n} points.", "Points for a made zero bid: {n}"),
        ("nb", "Et klart nullbud gir {n} poeng.", "Poeng for klart nullbud: {n}"),
    ],
)
def test_every_text_of_the_copy_gives_its_figure(language, said, choice):
    copy = _copy_with_zero("10")
    plump = builtin_definition("plump")
    with use_language(language):
        scoring = dict(rules_text(copy))[_scoring(language)]
        assert said.format(n=10) in scoring and said.format(n=5) not in scoring
        assert said.format(n=5) in dict(rules_text(plump))[_scoring(language)]
        # the default choice ("5", the game's own figure) gives the copy's 10
        assert option_value_name("zero_bid", "five", copy) == "10"
        assert option_value_name("zero_bid", "ten", copy) == "10"
        assert option_value_name("zero_bid", "five", plump) == "5"
        assert describe_options(copy, {"zero_bid": "ten"}) == [choice.format(n=10)]
        # the description gives no figure of its own for a made zero bid
        for described in (game_description(copy), dict(rules_text(copy))[_game(language)]):
            assert "0 scores 5" not in described and "0 gir 5" not in described
            assert "110" in described


def test_a_choice_named_by_a_word_keeps_its_name():
    copy = _copy_with_zero("10")
    with use_language("en"):
        assert option_value_name("one_card_deals", "once", copy) == "Just one"
        assert option_value_name("made_scoring", "ten_plus", copy) == "10 + the bid (10 → 20)"


def _scoring(language: str) -> str:
    return "Scoring" if language == "en" else "Poengberegning"


def _game(language: str) -> str:
    return "The game" if language == "en" else "Spillet"


@pytest.mark.parametrize("language", ["en", "nb"])
def test_an_option_whose_choices_all_give_the_same_is_not_offered(language):
    """The copy with a made zero bid of 10 offered "10" and "10" (its option's
    two choices, the game's own and ten, give the same): the rules screen
    no longer lists that option; the built-in still does, with 5 and 10."""
    from app.messages.choice_words import choices_all_alike

    copy = _copy_with_zero("10")
    builtin = builtin_definition("plump")
    option = next(o for o in copy.options if o.id == "zero_bid")
    assert choices_all_alike(copy, option)
    assert not choices_all_alike(builtin, option)
    assert not choices_all_alike(_copy_with_zero("7"), option)  # 7 and 10: a choice
    with use_language(language):
        copied = dict(rules_text(game_for(copy.id, copy)))
        kept = dict(rules_text(game_for("plump")))
        key = "Options when a session starts" if language == "en" else "Valg når et parti starter"
        name = "Points for a made zero bid" if language == "en" else "Poeng for klart nullbud"
        assert name not in copied[key]
        assert name in kept[key]
        assert [o.id for o in copy.options] == [o.id for o in builtin.options]  # still stored
