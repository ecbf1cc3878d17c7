"""What the README says the back arrow does is what it does (issue 25, item
13): on a new hand it does not ask, and what was entered waits ("Continue
hand N"); on a saved hand that was changed it asks first."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from app.ui.state import AppState
from scoring import game_for, parse_card

README = Path(__file__).resolve().parents[2] / "README.md"


def rummy_view(session_id: int) -> SimpleNamespace:
    game = game_for("rummy")
    players = ("Kari", "Ola")
    return SimpleNamespace(
        id=session_id,
        game_id="rummy",
        options=game.default_options(),
        players=players,
        rules=game.bind(game.default_options(), players),
        hands=(),
        definition=None,  # no phases to play (a Phase 10 view has its definition)
    )


def readme_text() -> str:
    return re.sub(r"\s+", " ", README.read_text(encoding="utf-8"))


def test_a_new_hand_left_by_the_back_arrow_waits_to_be_continued():
    view = rummy_view(3)
    app = AppState()
    draft = app.draft_for(view, None)
    draft.set_went_out("Kari")
    draft.add_card("Ola", parse_card("K"))
    assert not draft.edited  # nothing the screen asks about (HandEntry.ask_before_leaving)
    # the screen went back; the session screen asks the app whether to say "Continue"
    assert app.has_draft(view.id, view.players)
    again = app.draft_for(view, None)
    assert again is draft and again.hand().left == {"Ola": (parse_card("K"),)}


def test_the_readme_says_so():
    text = readme_text()
    assert "The back arrow on a new hand does not ask" in text
    assert "*Continue hand N*" in text
    # "asks first" is said of a saved hand that was changed, and of nothing else
    asks = [m.start() for m in re.finditer(r"asks first", text)]
    assert asks and all("saved hand you changed" in text[a - 80 : a] for a in asks), [
        text[a - 80 : a + 12] for a in asks
    ]
