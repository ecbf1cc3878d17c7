"""Typed numbers may be sums (issue 25, item 2): "10+15+8-5" is 28, shown as
it will be saved, and anything else typed is refused in words naming the
player or the field; never joined into 1015 as the digit filter did."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from screen_table import Table, tap

from app.i18n import use_language
from app.messages import describe_error
from app.ui.common import TypedTexts, number_field, sum_suffix
from app.ui.state import HandDraft, NewSessionDraft
from app.ui.state.game_draft import GameDraft
from app.ui.state.typed_sum import MAX_SUM_LENGTH, read_sum, shown_sum
from models.db import init_db, make_engine
from models.services import get_hand, open_session, start_session
from scoring import game_for

WHOLE = st.integers(-(10**6), 10**6)
SPACES = st.sampled_from(["", " ", "  ", "\t", "\u00a0"])
PLUS = st.sampled_from(["+"])
MINUS = st.sampled_from(["-", "\u2212"])


@st.composite
def sums(draw) -> tuple[str, int]:
    """A sum as a family types it (spaces anywhere between the numbers, a
    hyphen or the Unicode minus) and what it adds up to."""
    numbers = draw(st.lists(WHOLE, min_size=1, max_size=10))
    first = numbers[0]
    text = draw(SPACES) + (draw(MINUS) if first < 0 else draw(st.sampled_from(["", "+"])))
    text += draw(SPACES) + str(abs(first))
    for number in numbers[1:]:
        sign = draw(MINUS) if number < 0 else draw(PLUS)
        text += draw(SPACES) + sign + draw(SPACES) + str(abs(number))
    return text + draw(SPACES), sum(numbers)


@given(sums())
def test_any_whole_numbers_joined_by_plus_and_minus_read_as_their_sum(case) -> None:
    text, total = case
    assert len(text) <= MAX_SUM_LENGTH
    assert read_sum(text) == total


#: Characters a sum never holds (the digits, the signs and spaces aside).
OTHER = st.characters(
    blacklist_characters="0123456789+-\u2212", blacklist_categories=("Zs", "Cc")
).filter(lambda c: not c.isspace())


@given(sums(), OTHER, st.data())
def test_a_text_with_any_other_character_is_refused(case, other, data) -> None:
    text, _total = case
    where = data.draw(st.integers(0, len(text)))
    assert read_sum(text[:where] + other + text[where:]) is None


NO_SUMS = ["", " ", "+", "-", "10+", "10++5", "10+-5", "10 15", "1 000", "1,5", "1.5"]
NO_SUMS += ["2*3", "10·2", "²", "٣", "１０", "10+15=25", "0x10"]


@pytest.mark.parametrize("text", NO_SUMS)
def test_what_is_no_sum_of_whole_numbers_is_refused(text) -> None:
    # two numbers with only a space between them are never read as one (1015)
    assert read_sum(text) is None


def test_the_reported_sums() -> None:
    assert read_sum("10+15+8-5") == 28
    assert read_sum("10+15") == 25
    assert read_sum(" 10 + 15 + 8 \u2212 5 ") == 28
    assert read_sum("x" * (MAX_SUM_LENGTH + 1)) is None
    assert read_sum("1+" * 99 + "1") == 100  # 199 characters


def test_the_sum_is_shown_beside_the_field_in_the_language_as_saved() -> None:
    assert shown_sum("28") is None and shown_sum("10++") is None
    with use_language("en"):
        assert sum_suffix("10+15+8-5") == "= 28"
        assert sum_suffix("1000+250") == "= 1,250"
        assert sum_suffix("28") is None
    with use_language("nb"):
        assert sum_suffix("1000+250") == "= 1\u00a0250"
        assert sum_suffix("5-10") == "= -5"


def _field(control):
    """The ``ft.TextField`` inside a :func:`number_field`."""
    return control.content


def test_the_number_field_takes_plus_and_minus_and_shows_the_sum() -> None:
    """The field dropped "+" and "-" (a digits-only input filter): "10+15"
    arrived as 1015. Nothing typed is filtered out now; the tel pad has + and -."""
    with use_language("en"):
        field = _field(number_field(TypedTexts(), "f", "10+15+8-5", "Points", lambda t: None))
    assert field.input_filter is None
    assert field.keyboard_type.value == "phone"
    assert field.suffix == "= 28"
    with use_language("en"):
        plain = _field(number_field(TypedTexts(), "f", "28", "Points", lambda t: None))
    assert plain.suffix is None


# -- typed points in a hand ------------------------------------------------------


def _draft(game: str, players: tuple[str, ...], **options) -> HandDraft:
    rules = game_for(game)
    return HandDraft(rules=rules.bind(rules.options_from_dict(options), players))


def test_typed_points_are_the_sum_typed() -> None:
    d = _draft("rummy", ("Kari", "Per"))
    d.set_went_out("Kari")
    d.toggle_plain("Per")
    d.set_plain("Per", "10+15+8-5")
    assert d.leftover_points("Per") == 28
    assert d.typed_error("Per") is None
    assert d.hand().left == {"Per": 28}
    assert d.preview().score.points == {"Kari": 0, "Per": 28}


@pytest.mark.parametrize(
    ("typed", "english", "norwegian"),
    [
        (
            "10++",
            "Per: “10++” is not a sum of whole numbers",
            "Per: «10++» er ikke en sum av hele tall",
        ),
        (
            "10 15",
            "Per: “10 15” is not a sum of whole numbers",
            "Per: «10 15» er ikke en sum av hele tall",
        ),
        (
            "10-15",
            "Per: “10-15” adds up to -5; points must be 0 or more",
            "Per: «10-15» blir -5; poeng må være 0 eller mer",
        ),
    ],
)
def test_typed_points_that_are_no_sum_or_below_0_are_refused_naming_the_player(
    typed, english, norwegian
) -> None:
    d = _draft("rummy", ("Kari", "Per"))
    d.set_went_out("Kari")
    d.toggle_plain("Per")
    d.set_plain("Per", typed)
    assert d.leftover_points("Per") is None
    preview = d.preview()
    assert preview.score is None and preview.error.code == "bad_points"
    error = d.typed_error("Per")
    assert error is not None
    with use_language("en"):
        assert describe_error(error) == english
        assert describe_error(preview.error) == english
    with use_language("nb"):
        assert describe_error(error) == norwegian


@pytest.fixture
def engine(tmp_path):
    made = make_engine(tmp_path / "typed.db")
    init_db(made)
    yield made
    made.dispose()


def test_a_typed_sum_is_saved_as_its_sum_and_read_back_from_the_file(engine, tmp_path) -> None:
    """The reported case: "10+15" was saved as 1015 without a word."""
    view = start_session(engine=engine, game_id="rummy", players=("Kari", "Per"))
    screen = Table(engine).new_hand(view.id)  # the hand screen's model
    d = screen.draft
    d.set_went_out("Kari")
    d.toggle_plain("Per")
    d.set_plain("Per", "10+15")
    assert tap(screen.save_anyway)
    again = make_engine(tmp_path / "typed.db")  # another engine on the same file
    try:
        assert get_hand(engine=again, session_id=view.id, number=1).hand.left == {"Per": 25}
        assert open_session(engine=again, session_id=view.id).standings.totals == {
            "Kari": 0,
            "Per": 25,
        }
    finally:
        again.dispose()
    # opened for editing, the sum comes back as the number it was saved as
    stored = get_hand(engine=engine, session_id=view.id, number=1).hand
    edit = HandDraft.from_hand(open_session(engine=engine, session_id=view.id), 1, stored)
    assert edit.plain == {"Per": "25"}


# -- the custom target or rounds of a new session ----------------------------------


def test_a_custom_target_may_be_typed_as_a_sum() -> None:
    form = NewSessionDraft()
    form.select_game("swedish_rummy")
    form.choose_preset("custom")
    form.custom = "100 + 50"
    assert form.all_options()["target"] == 150


@pytest.mark.parametrize(
    ("typed", "english", "code"),
    [
        ("100+", "Target score: “100+” is not a sum of whole numbers", "not_a_sum"),
        ("1 00", "Target score: “1 00” is not a sum of whole numbers", "not_a_sum"),
        ("50-80", "Target score must be a whole number of at least 1, not -30", "option_range"),
    ],
)
def test_a_custom_target_that_is_no_sum_or_below_1_is_refused_in_words(
    typed, english, code
) -> None:
    form = NewSessionDraft()
    form.select_game("swedish_rummy")
    form.choose_preset("custom")
    form.custom = typed
    with pytest.raises(Exception) as caught:
        form.all_options()
    assert caught.value.code == code
    with use_language("en"):
        assert describe_error(caught.value) == english


# -- the game editor --------------------------------------------------------------


def test_the_game_editors_numbers_may_be_sums() -> None:
    draft = GameDraft.new()
    draft.set(("name", "en"), "Sums")
    draft.set(("name", "nb"), "Summer")
    draft.set(("target",), "250+250")
    draft.set(("keys", 0, "points"), "10 + 5")
    assert draft.problem() is None
    game = draft.definition()
    assert (game.target, game.keys[0].points) == (500, 15)
    draft.set(("keys", 0, "points"), "10++5")  # refused by the reader, naming the field
    error, path = draft.problem_at()
    assert path == ("keys", 0, "points")
    with use_language("en"):
        assert describe_error(error) == "Key 1 › points must be a whole number, not 10++5"
