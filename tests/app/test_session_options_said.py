"""What a session is started with is kept and said (issue 11, faults 3 and 4),
without a browser: the new-session form's state and its Start against the
real use cases on a SQLite file, then the words the session and rules
screens show (moved from tests/e2e/test_entry_trust.py with every
assertion; the quick taps on the form's switches stayed in the browser).
"""

from __future__ import annotations

import pytest
from screen_table import Table, held, tap

from app.i18n import set_language
from app.messages import describe_options
from models.views import SessionView

P3 = ["Anna", "Bo", "Cato"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def fill_and_start(table: Table) -> SessionView:
    """The form as the family fills it: draw two, reverse queens, "nobody
    scores" when blocked, a target of 250 typed, three players; started."""
    form = table.app.new_session
    assert form.game_id == "swedish_rummy"  # the first game offered
    form.toggle_option("draw_two")
    form.toggle_option("reverse_queens")
    form.set_option("blocked_scoring", "no_score")
    form.choose_preset("custom")
    form.custom = "250"
    assert form.option("draw_two") is True and form.option("reverse_queens") is True
    for game in ("swedish_rummy", "rummy", "swedish_rummy"):  # the chosen game tapped again
        form.select_game(game)
    assert form.option("draw_two") is True and form.option("reverse_queens") is True
    assert not form.option("skip_aces")
    for name in P3:
        form.type_name(name)
        assert form.add_player()
    view = tap(lambda: form.start(table.ports))
    assert view is not None, form.error
    return view


def options_line(view: SessionView) -> str:
    """What the session screen's ``session-options`` says (in its
    ``progress`` block): every option not the game's default."""
    return " · ".join(describe_options(view.game_id, view.options_dict))


def rules_lines(view: SessionView) -> str:
    """What the rules screen's ``session-rules`` says of the session."""
    return "\n".join(f"• {line}" for line in describe_options(view.game_id, view.options_dict))


def test_tapping_the_chosen_game_keeps_its_options_and_switching_back_too(db) -> None:
    """Fault 3: tapping the selected Swedish Rummy card again reset every
    switch and the target, silently."""
    table = Table()
    view = fill_and_start(table)
    assert view.options_dict["target"] == 250
    assert "250" in options_line(view)
    screen = table.new_hand(view.id)
    screen.draft.set_went_out("Bo")
    held(screen.draft, {"Anna": ["Q", "2"]})  # reverse queens and draw two: 20 + 20
    assert tap(screen.save) or tap(screen.save_anyway)
    after = table.session(view.id)
    assert after.standings.totals["Bo"] == 40


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "Target score: 250",
                "Two makes the next player draw two",
                "Queen reverses direction",
                "Blocked hand: Nobody scores",
            ],
        ),
        (
            "nb",
            [
                "Poengmål: 250",
                "Toer: neste spiller trekker to",
                "Dame snur spilleretningen",
                "Låst runde: Ingen får poeng",
            ],
        ),
    ],
)
def test_a_session_states_every_option_that_differs_from_the_default(db, lang, words) -> None:
    """Fault 4: a session started with draw two, reverse queens and "nobody
    scores" when blocked showed only "First to 250". The session screen
    (``session-options``) and its rules (``session-rules``) say each."""
    set_language(lang)
    view = fill_and_start(Table())
    shown = options_line(view)  # session-options
    rules = rules_lines(view)  # session-rules
    for text in words:
        assert text in shown, (text, shown)
        assert text in rules, (text, rules)
