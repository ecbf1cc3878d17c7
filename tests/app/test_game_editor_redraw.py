"""What the game editor reads while it draws tells nobody it changed: the
editor of a copy of a game of version 2 (Five Crowns' schedule, Kasino's
captures, Plump's bids) redrew itself for ever after one typed letter and the
server stopped answering every phone and the TV. The cause was a deep copy
of Flet's observable collections, which rebuilds them through their own
``__setitem__`` and so tells their owner, the draft, that it changed
(app/ui/state/plain.py). Tested on the draft itself, as the screen uses it:
a letter typed, then everything the editor reads to draw it."""

from __future__ import annotations

import pytest

from app.ui.state.game_draft import GameDraft
from app.ui.state.plain import plain_copy
from scoring import builtin_definition
from scoring.registry import BUILTIN_GAME_IDS

DATA_GAMES = [g for g in BUILTIN_GAME_IDS if g != "four_suit_rummy"]


@pytest.mark.parametrize("game_id", DATA_GAMES)
def test_drawing_the_editor_tells_the_draft_nothing(game_id) -> None:
    draft = GameDraft.copy_of(builtin_definition(game_id), names=("Vår", "Ours"), game_id="ours")
    draft.set(("name", "en"), "Ours Z")  # the letter typed
    draft.set(("players", "max"), str(draft.get(("players", "max"))))
    told: list[str | None] = []

    def listen(_sender, field) -> None:
        told.append(field)

    dispose = draft.subscribe(listen)  # (held: the draft holds its listeners weakly)
    for _redraw in range(3):  # what GameEditor, its form and its preview read
        draft.problem_at()
        draft.warnings()
        draft.numbers_used()
        draft.preview(("Player 1", "Player 2", "Player 3"))
        draft.document()
    assert told == []
    assert draft.problem() is None and draft.definition().name.en == "Ours Z"
    draft.set(("name", "nb"), "Vår Z")  # a change is still told, once
    assert told == ["form"]
    dispose()


def test_a_plain_copy_is_plain_and_equal() -> None:
    draft = GameDraft.copy_of(builtin_definition("five_crowns"), names=("a", "b"), game_id="c")
    draft.set(("name", "en"), "b2")
    copied = plain_copy(draft.form)
    assert copied == draft.form and copied is not draft.form
    stack = [copied]
    while stack:
        node = stack.pop()
        assert type(node) in (dict, list, tuple, str, int, float, bool, type(None)), type(node)
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend(node)
    copied["schedule"]["rounds"][0]["cards"] = "99"  # the draft keeps its own
    assert draft.form["schedule"]["rounds"][0]["cards"] == "3"
    copied["carried"]["suits"].append("X")
    assert draft.form["carried"]["suits"] == ["S", "H", "D", "C", "STAR"]
