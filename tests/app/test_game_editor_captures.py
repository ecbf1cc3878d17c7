"""The game editor's captures part (GAME_FORMAT.md ``captures``; RULES.md §5,
§5.4; issue 28: "a family can make a variant of each in the editor"): the
Swedish table of §5.4 made from a copy of Kasino in the editor's form, saved,
read back as those rules, a deal scored with it, shared by a game link and
read back the same; rows added and removed; each fault mapped back to its
input and said naming the field; the part built in both languages."""

from __future__ import annotations

import json

import pytest

from app.game_link import decode_game, encode_game
from app.i18n import use_language
from app.messages import describe_error
from app.ui.common import TypedTexts
from app.ui.game_editor import _Form
from app.ui.game_editor.captures_part import captures_cards_part, captures_scoring_part
from app.ui.state.game_draft import GameDraft
from scoring import Hand, Pile, builtin_definition, game_for
from scoring.definition import Comparison, NamedCard, Ties, write_definition

#: RULES.md §5.2, example 1 (Kari 29 cards, 8 spades, 10♦ A♠ A♥, 2 sweeps;
#: Ola 23, 5, 2♠ A♦ A♣, 1 sweep), Ola taking the last capture.
EXAMPLE_1 = Hand(
    None,
    captured={
        "Kari": Pile(29, {"S": 8}, ("10D", "AS", "AH"), {"sweep": 2}),
        "Ola": Pile(23, {"S": 5}, ("2S", "AD", "AC"), {"sweep": 1}),
    },
    flags={"last_capture": "Ola"},
)


def _copy() -> GameDraft:
    return GameDraft.copy_of(
        builtin_definition("kasino"), names=("Svensk kasino", "Swedish Kasino"), game_id="skasino"
    )


def _swedish() -> GameDraft:
    """RULES.md §5.4: most cards 1, most spades 2, 10♦ 2, 2♠ 1, each ace 1,
    each sweep 1, last capture 1, to 16 — typed into the editor's inputs."""
    draft = _copy()
    draft.set(("captures", "most", 0, "points"), "1")
    draft.set(("captures", "most", 1, "points"), "2")
    # 2♠ taken out and named again with the add button (the first card not named)
    draft.remove(("captures", "named"), 1)
    draft.add(("captures", "named"), "card")
    assert draft.get(("captures", "named", 2)) == {
        "kind": "card",
        "card": "2S",
        "rank": "",
        "points": "1",
    }
    draft.set(("flags", 0, "in_play"), True)  # the last capture, in every deal
    draft.set(("target",), "16")
    return draft


def test_the_copy_of_kasino_keeps_its_captures_in_the_form():
    draft = _copy()
    captures = draft.form["captures"]
    assert [(r["of"], r["points"]) for r in captures["most"]] == [("cards", "3"), ("S", "1")]
    assert [(r["kind"], r["card"], r["rank"]) for r in captures["named"]] == [
        ("card", "10D", ""),
        ("card", "2S", ""),
        ("rank", "", "A"),
    ]
    assert "captures" not in draft.form.get("carried", {})
    assert draft.definition().captures == builtin_definition("kasino").captures


def test_the_swedish_table_is_made_saved_read_back_and_scores_a_deal():
    draft = _swedish()
    made = draft.definition()
    captures = made.captures
    assert [(c.of, c.points) for c in captures.most] == [("cards", 1), ("S", 2)]
    assert set(captures.named) == {
        NamedCard(2, card="10D"),
        NamedCard(1, card="2S"),
        NamedCard(1, rank="A"),
    }
    assert [(e.id, e.points) for e in captures.events] == [("sweep", 1)]
    assert captures.ties is Ties.NOBODY and made.target == 16
    assert made.flags[0].in_play and made.flags[0].amount == 1
    # saved as text, read back the same (the stored custom game)
    text = write_definition(made)
    assert json.loads(text)["captures"]["most"][1] == {"id": "most_spades", "of": "S", "points": 2}
    again = GameDraft.editing(made, text)
    assert again.definition() == made
    game = game_for(made.id, made)
    options = game.default_options()
    result = game.score_hand(options, ["Kari", "Ola"], EXAMPLE_1)
    # Kari: 1 + 2 + 2 + 1 + 1 + 2 sweeps; Ola: 1 + 1 + 1 + 1 sweep + 1 last capture
    assert result.points == {"Kari": 9, "Ola": 5}
    assert game.target(options) == 16


def test_the_swedish_table_shared_by_link_comes_back_the_same():
    made = _swedish().definition()
    shared = decode_game(encode_game(made))
    assert shared == made
    game = game_for(shared.id, shared)
    assert game.score_hand(game.default_options(), ["Kari", "Ola"], EXAMPLE_1).points == {
        "Kari": 9,
        "Ola": 5,
    }


def test_rows_are_added_and_removed():
    draft = _copy()
    draft.add(("captures", "most"))  # the first thing not compared: hearts
    assert draft.get(("captures", "most", 2)) == {"id": "most_hearts", "of": "H", "points": "1"}
    draft.add(("captures", "named"), "rank")  # the first rank with no card named: 3
    assert draft.get(("captures", "named", 3)) == {
        "kind": "rank",
        "card": "",
        "rank": "3",
        "points": "1",
    }
    draft.remove(("captures", "named"), 3)
    draft.add(("captures", "events"))
    event = draft.get(("captures", "events", 1))
    assert (event["id"], event["points"], event["most"]) == ("event_2", "1", "26")
    draft.set(("captures", "events", 1, "name", "nb"), "Tomt bord")
    draft.set(("captures", "events", 1, "name", "en"), "Table cleared")
    made = draft.definition()
    assert made.captures.most[2] == Comparison("most_hearts", "H", 1)
    assert [e.id for e in made.captures.events] == ["sweep", "event_2"]
    for name in ("most", "named", "events"):
        while draft.get(("captures", name)):
            draft.remove(("captures", name), 0)
    problem, path = draft.problem_at()
    assert (problem.code, problem.field, path) == ("definition_empty", "captures", ("captures",))


@pytest.mark.parametrize(
    ("path", "value", "code", "field", "en"),
    [
        (
            ("captures", "most", 1, "points"),
            "0",
            "definition_range",
            "captures.most[2].points",
            "Captured cards › comparison 2 › points",
        ),
        (
            ("captures", "named", 0, "points"),
            "x",
            "definition_type",
            "captures.named[1].points",
            "Captured cards › named card 1 › points",
        ),
        (  # A♠ named as a card while each ace is named already
            ("captures", "named", 1, "card"),
            "AS",
            "definition_duplicate_id",
            "captures.named[2].card",
            "Captured cards › named card 2 › card",
        ),
        (
            ("captures", "events", 0, "most"),
            "100",
            "definition_range",
            "captures.events[1].most",
            "Captured cards › counted event 1 › most",
        ),
        (
            ("captures", "most", 1, "of"),
            "cards",
            "definition_duplicate_id",
            "captures.most[2].of",
            "Captured cards › comparison 2",
        ),
    ],
)
def test_a_fault_lands_on_its_input_and_names_the_field(path, value, code, field, en):
    draft = _copy()
    draft.set(path, value)
    problem, where = draft.problem_at()
    assert (problem.code, problem.field) == (code, field)
    assert where == path
    with use_language("en"):
        said = describe_error(problem)
        assert en.split(" › ")[0] in said, said
        form = _Form(draft, TypedTexts())
        assert form.fault(path) == said
        assert captures_cards_part(form)


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_the_captures_part_builds_in_both_languages(lang):
    draft = _swedish()
    draft.add(("captures", "named"), "rank")
    with use_language(lang):
        form = _Form(draft, TypedTexts())
        assert form.error is None
        assert len(captures_cards_part(form)) > 10
        assert captures_scoring_part(form)


def test_the_swedish_table_saved_shared_and_added_on_another_familys_phone(table, tmp_path):
    """Saved through the editor's Save (real use cases, a SQLite file), read
    back from the database as the same rules, its link added on another
    family's database: the same rules there, a deal scored 9 and 5."""
    import asyncio

    from app import storage
    from app.game_link import IMPORT_PATH, link_for
    from app.ui.state import AppState
    from app.ui.state.editor_screen import EditorScreen
    from app.ui.state.games_screen import AddGame, load_games

    draft = _swedish()
    made = draft.definition()
    app = AppState()
    app.memory.games["new"] = draft
    assert asyncio.run(EditorScreen(app=app, ports=table.ports, key_name="new").save(draft))
    (entry,) = [g for g in load_games(storage.engine()) if g.game_id == "skasino"]
    assert entry.definition == made
    payload = link_for("http://192.168.1.20:8550", entry.definition).split(IMPORT_PATH, 1)[1]
    storage.use_database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    guest = AddGame(app=AppState(), ports=table.ports)
    guest.read_link(payload)
    added = asyncio.run(guest.add())
    assert added is not None and added.outcome == "added"
    there = added.entry.definition
    assert there == made
    game = game_for(there.id, there)
    assert game.score_hand(game.default_options(), ["Kari", "Ola"], EXAMPLE_1).points == {
        "Kari": 9,
        "Ola": 5,
    }


def _identifiers(control) -> list[str]:
    import flet as ft

    found = [control.identifier] if isinstance(control, ft.Semantics) else []
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                found += _identifiers(child)
    return found


def test_a_captured_games_flag_offers_no_player_who_went_out():
    """Nobody goes out in a captured game: its flag card (the last capture)
    does not ask for whom (a flag for the player who went out is refused
    there); an out game's flag card still does."""
    import flet as ft

    from app.ui.game_editor import _flag_card

    with use_language("en"):
        kasino = _identifiers(ft.Column(captures_scoring_part(_Form(_copy(), TypedTexts()))))
        assert "ge-flag-0" in kasino and "ge-flags-0-amount" in kasino
        assert not [i for i in kasino if i.startswith("ge-flags-0-player")]
        rummy = GameDraft.editing(builtin_definition("rummy"), None)
        card = _flag_card(_Form(rummy, TypedTexts()), 0, len(rummy.form["flags"]))
        assert "ge-flags-0-player-went_out" in _identifiers(card)
