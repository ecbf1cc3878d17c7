"""The game editor's schedule of rounds and phases (issue 28; GAME_FORMAT.md
``schedule``, ``progress``; RULES.md §6 Five Crowns, §7 Plump, §8 Phase 10):
a family's variant of each made in the editor from a copy, saved on a real
SQLite file, read back, played (the changed round scored by its own rule,
the session ending where the variant says), a Phase 10 variant shared by
its link; a hostile schedule or phase count refused in one line naming the
field, mapped back to its input, nothing stored; the live preview saying
the rounds and the phases as the table will see them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from app import storage
from app.game_link import IMPORT_PATH, decode_game, link_for
from app.i18n import set_language, use_language
from app.messages import describe_error
from app.ui.common import TypedTexts
from app.ui.game_editor import _end_part, _Form
from app.ui.game_editor.schedule_part import (
    phases_lines,
    phases_part,
    rounds_lines,
    schedule_part,
    schedule_preview,
)
from app.ui.state import AppState
from app.ui.state.editor_screen import EditorScreen
from app.ui.state.game_draft import GameDraft, form_of
from app.ui.state.game_draft_schedule import start_progress, start_schedule
from app.ui.state.games_screen import AddGame, load_games
from models import services
from scoring import Face, GameDefinition, Hand, HandError, builtin_definition, game_for
from scoring import parse_card as card

ORIGIN = "http://192.168.1.20:8550"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def controls_in(control: Any) -> Iterator[Any]:
    yield control
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                yield from controls_in(child)


def said(controls: list[Any], identifier: str) -> str:
    """The text of the node ``identifier`` among ``controls``."""
    for control in controls:
        for node in controls_in(control):
            if isinstance(node, ft.Semantics) and node.identifier == identifier:
                texts = [c.value for c in controls_in(node.content) if isinstance(c, ft.Text)]
                return " ".join(str(t) for t in texts if t)
    raise AssertionError(f"no {identifier}")


def saved(table: Any, draft: GameDraft) -> GameDefinition:
    """*Save the game* tapped: the game as the database gives it back."""
    assert asyncio.run(EditorScreen(app=AppState(), ports=table.ports).save(draft)) is True
    game_id = draft.form["id"]
    (entry,) = [g for g in load_games(storage.engine()) if g.game_id == game_id]
    assert entry.definition is not None and not entry.builtin
    return entry.definition


def crowns_variant() -> GameDraft:
    """Five Crowns as a family plays it: 10 rounds of 3 to 12 cards (the
    last row removed), a wild card left in hand worth 25 instead of 20."""
    draft = GameDraft.copy_of(
        builtin_definition("five_crowns"),
        names=("Fem kroner kort", "Five Crowns short"),
        game_id="crowns_short",
    )
    assert len(draft.form["schedule"]["rounds"]) == 11
    draft.remove(("schedule", "rounds"), 10)
    draft.set(("schedule", "wild_points"), "25")
    return draft


# -- a schedule of rounds ------------------------------------------------------------------


def test_a_five_crowns_variant_is_made_saved_read_back_and_scored_on_its_rounds(table) -> None:
    draft = crowns_variant()
    made = draft.definition()
    assert made.schedule is not None and made.schedule.wild_points == 25
    assert [(r.cards, r.wild) for r in made.schedule.rounds][-2:] == [(11, "J"), (12, "Q")]
    back = saved(table, draft)
    assert back == made
    assert form_of(back)["schedule"] == draft.form["schedule"]  # opens in the editor as saved
    engine = storage.engine()
    players = ["Ada", "Bo", "Cy"]
    view = services.start_session(engine=engine, game_id="crowns_short", players=players)
    assert view.rules.rounds == 10
    nothing = Hand("Ada", {})
    # round 3: 5 cards, fives wild, now 25 each: Bo's 5 5 K is 25 + 25 + 13
    bo = (card("5"), card("5"), card("K"))
    for number in range(1, 11):
        hand = Hand("Ada", {"Bo": bo}) if number == 3 else nothing
        assert not view.finished
        # (the others went out on the last turn: the app asks, and it is confirmed)
        view = services.record_hand(
            engine=engine, session_id=view.id, hand=hand, confirm_warnings=True
        )
        if number == 3:
            assert dict(view.hands[2].points) == {"Ada": 0, "Bo": 63, "Cy": 0}
    assert view.finished  # after round 10, the variant's last
    assert dict(view.standings.totals) == {"Ada": 0, "Bo": 63, "Cy": 0}
    # the built-in game scores the same hand in round 3 with its own 20
    crowns = game_for("five_crowns")
    points = crowns.score_hand(crowns.default_options(), players, Hand("Ada", {"Bo": bo}), 3)
    assert points.points["Bo"] == 53


def test_a_plump_copy_deals_7_down_to_1_and_back(table) -> None:
    draft = GameDraft.copy_of(
        builtin_definition("plump"), names=("Plump 7", "Plump 7"), game_id="plump_7"
    )
    rows = ("schedule", "rounds")
    for _first in range(3):  # 10, 9, 8 cards
        draft.remove(rows, 0)
    for _last in range(3):  # 8, 9, 10 cards
        draft.remove(rows, len(draft.get(rows)) - 1)
    assert [r["cards"] for r in draft.get(rows)] == [
        *"765432",
        "1",
        *"234567",
    ]
    assert draft.get((*rows, 6, "repeat")) is True  # the one-card deal, once per player
    made = saved(table, draft)
    game = game_for(made.id, made)
    options = game.default_options()
    assert [game.rounds(options, n) for n in (2, 4, 5)] == [14, 16, 17]
    seats = ["Kari", "Ola", "Per", "Liv"]
    dealt = [game.round(options, n, 4).cards for n in range(1, 17)]
    assert dealt == [7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7]
    bids = {"Kari": 8, "Ola": 0, "Per": 0, "Liv": 0}  # 8 tricks bid of 7 cards
    with pytest.raises(HandError) as caught:
        game.score_hand(options, seats, Hand(None, bids=bids, made=()), 1)
    assert caught.value.code == "bid_range"
    hand = Hand(None, bids={"Kari": 7, "Ola": 0, "Per": 0, "Liv": 1}, made=("Kari", "Ola"))
    assert game.score_hand(options, seats, hand, 1).points == {
        "Kari": 17,
        "Ola": 5,
        "Per": 0,
        "Liv": 0,
    }
    with use_language("en"):  # the live preview, three seats: 12 rows + 3 one-card deals
        lines = rounds_lines(made)
    assert len(lines) == 15
    assert lines[0] == "Round 1 of 15 · 7 cards" and lines[8] == "Round 9 of 15 · 1 card"


def test_rows_are_added_moved_and_a_new_game_gets_a_schedule() -> None:
    draft = GameDraft.new()
    draft.set(("name", "nb"), "Runder")
    draft.set(("name", "en"), "Rounds")
    draft.set(("end",), "schedule")
    problem, path = draft.problem_at()
    assert (problem.code, problem.field, path) == ("definition_missing", "schedule", ())
    draft.set(("schedule",), start_schedule(draft.form))  # *Add a round*, the first
    draft.add(("schedule", "rounds"))  # one card more than the last
    draft.add(("schedule", "rounds"))
    assert [r["cards"] for r in draft.get(("schedule", "rounds"))] == ["7", "8", "9"]
    problem, path = draft.problem_at()  # 6 players × 9 cards: more than one deck's 52
    assert (problem.params["reason"], path) == (
        "schedule_cards",
        ("schedule", "rounds", 2, "cards"),
    )
    draft.set(("players", "max"), "5")
    draft.move(("schedule", "rounds"), 2, -1)
    assert [r["cards"] for r in draft.get(("schedule", "rounds"))] == ["7", "9", "8"]
    draft.set(("schedule", "rounds", 0, "wild"), "7")
    draft.set(("schedule", "rounds", 0, "text", "nb"), "2 sett à 3")
    draft.set(("schedule", "rounds", 0, "text", "en"), "2 sets of 3")
    problem, path = draft.problem_at()  # a wild rank needs its points
    assert (problem.code, path) == ("definition_missing", ("schedule", "wild_points"))
    draft.set(("schedule", "wild_points"), "15")
    game = draft.definition()
    assert game.schedule is not None and [r.cards for r in game.schedule.rounds] == [7, 9, 8]
    assert game.schedule.rounds[0].text.en == "2 sets of 3" and game.schedule.wild_points == 15
    with use_language("en"):
        assert rounds_lines(game)[0] == "Round 1 of 3 · 7 cards · 7s wild (15) · 2 sets of 3"
    with use_language("nb"):
        line = rounds_lines(game)[0]
    assert line.startswith("Runde 1 av 3 · 7 kort") and line.endswith("(15) · 2 sett à 3")
    # another end: the rows are kept in the form, the document has no schedule
    draft.set(("end",), "target")
    assert draft.definition().schedule is None and len(draft.get(("schedule", "rounds"))) == 3


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_hostile_schedule_is_refused_naming_its_input_and_nothing_is_stored(table, lang) -> None:
    engine = storage.engine()
    draft = crowns_variant()
    games = len(load_games(engine))
    draft.set(("schedule", "rounds", 2, "cards"), "0")  # a round of no cards
    problem, path = draft.problem_at()
    assert (problem.code, problem.field) == ("definition_range", "schedule.rounds[3].cards")
    assert path == ("schedule", "rounds", 2, "cards")
    words = {
        "en": "Schedule › round 3 › cards dealt must be a whole number from 1 to 60, not 0",
        "nb": "Rundeplan › runde 3 › kort delt ut må være et heltall fra 1 til 60, ikke 0",
    }
    with use_language(lang):
        form = _Form(draft, TypedTexts())
        assert form.fault(path) == words[lang] and "\n" not in words[lang]
        assert _end_part(form)  # the round's card shows it under its cards
    assert asyncio.run(EditorScreen(app=AppState(), ports=table.ports).save(draft)) is False
    draft.set(("schedule", "rounds", 2, "cards"), "17")  # 7 players × 17 > 116 cards
    problem, path = draft.problem_at()
    assert (problem.code, problem.params["reason"]) == ("definition_conflict", "schedule_cards")
    assert path == ("schedule", "rounds", 2, "cards")
    draft.set(("schedule", "rounds", 2, "cards"), "5")
    assert draft.problem() is None
    draft.remove(("keys",), 2)  # the 5s' key gone: round 3's wild rank is no card of the game
    problem, path = draft.problem_at()
    assert (problem.code, path) == ("definition_unknown_key", ("schedule", "rounds", 2, "wild"))
    with use_language(lang):
        assert _end_part(_Form(draft, TypedTexts()))  # the menu still shows the 5 it names
    draft.add(("keys",), "rank")
    draft.set(("keys", 11, "rank"), "5")
    draft.set(("keys", 11, "points"), "5")
    assert draft.problem() is None
    # 10⁶ rounds cannot be typed; the 101st row added is refused, said under the list
    while len(draft.get(("schedule", "rounds"))) < 101:
        draft.add(("schedule", "rounds"))
    problem, path = draft.problem_at()
    assert (problem.code, path) == ("definition_too_many", ("schedule", "rounds"))
    with use_language(lang):
        shown = said(schedule_part(_Form(draft, TypedTexts())), "ge-schedule-rounds-fault")
        assert (
            shown
            == describe_error(problem)
            == {
                "en": "Schedule › rounds may have at most 100 entries",
                "nb": "Rundeplan › runder kan ha høyst 100 oppføringer",
            }[lang]
        )
    assert asyncio.run(EditorScreen(app=AppState(), ports=table.ports).save(draft)) is False
    assert len(load_games(engine)) == games


def test_a_row_dealt_once_per_player_twice_is_refused_on_the_second() -> None:
    draft = GameDraft.copy_of(builtin_definition("plump"), names=("P", "P"), game_id="p2")
    draft.set(("schedule", "rounds", 0, "repeat"), True)
    problem, path = draft.problem_at()
    assert (problem.code, problem.params["reason"]) == ("definition_conflict", "repeat_twice")
    assert path == ("schedule", "rounds", 9, "repeat")
    with use_language("nb"):
        shown = said(schedule_part(_Form(draft, TypedTexts())), "ge-schedule-rounds-9-repeat-fault")
        assert shown == describe_error(problem) and shown.startswith("Rundeplan › runde 10")


# -- phases ------------------------------------------------------------------------------


def phase_10_short() -> GameDraft:
    """Phase 10 with its first 5 phases only."""
    draft = GameDraft.copy_of(
        builtin_definition("phase_10"),
        names=("Phase 10 kort", "Phase 10 short"),
        game_id="phase_10_short",
    )
    for _phase in range(5):  # phases 6–10
        draft.remove(("progress", "stages"), 5)
    return draft


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_phase_10_short_is_made_saved_shared_by_link_and_ends_on_phase_5(
    table, tmp_path, lang
) -> None:
    set_language(lang)
    draft = phase_10_short()
    count = {
        "en": "5 phases: the session ends when a player completes phase 5.",
        "nb": "5 faser: partiet slutter når en spiller fullfører fase 5.",
    }
    assert said(phases_part(_Form(draft, TypedTexts())), "ge-phase-count") == count[lang]
    made = saved(table, draft)
    phases = builtin_definition("phase_10").progress
    assert made.progress is not None and made.progress.stages == phases.stages[:5]
    assert form_of(made)["progress"] == draft.form["progress"]
    lines = phases_lines(made)
    assert len(lines) == 5
    assert (
        lines[1]
        == {
            "en": "Phase 2 of 5 · 1 set of 3 + 1 run of 4",
            "nb": "Fase 2 av 5 · 1 sett à 3 + 1 rekke à 4",
        }[lang]
    )
    # shared by its link: another family's database adds the same rules
    link = link_for(ORIGIN, made)
    payload = link.split(IMPORT_PATH, 1)[1]
    assert decode_game(payload) == made
    storage.use_database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    guest = AddGame(app=AppState(), ports=table.ports)
    guest.read_link(payload)
    added = asyncio.run(guest.add())
    assert added is not None and added.outcome == "added"
    assert added.entry.definition == made
    # a session of it: Ada completes a phase in each hand and wins after phase 5
    engine = storage.engine()
    view = services.start_session(
        engine=engine, game_id="phase_10_short", players=["Ada", "Bo", "Cy"]
    )
    for _number in range(1, 6):
        assert not view.finished
        hand = Hand("Ada", {"Bo": (Face("low"),), "Cy": (Face("skip"),)}, completed=("Ada",))
        view = services.record_hand(engine=engine, session_id=view.id, hand=hand)
    assert view.finished and view.standings.winners == ("Ada",) and len(view.hands) == 5
    assert dict(view.standings.totals) == {"Ada": 0, "Bo": 25, "Cy": 75}


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_phase_count_of_0_is_refused_naming_the_phases_and_nothing_is_stored(table, lang) -> None:
    draft = phase_10_short()
    for _phase in range(5):
        draft.remove(("progress", "stages"), 0)
    problem, path = draft.problem_at()
    assert (problem.code, problem.field, path) == (
        "definition_too_few",
        "progress.stages",
        ("progress", "stages"),
    )
    words = {
        "en": "Progress › phases needs at least 1 entry",
        "nb": "Framgang › faser trenger minst 1 oppføring",
    }
    with use_language(lang):
        part = phases_part(_Form(draft, TypedTexts()))
        assert said(part, "ge-progress-stages-fault") == words[lang]
    games = len(load_games(storage.engine()))
    assert asyncio.run(EditorScreen(app=AppState(), ports=table.ports).save(draft)) is False
    assert len(load_games(storage.engine())) == games
    draft.add(("progress", "stages"))  # a phase with no text yet: its input named
    problem, path = draft.problem_at()
    assert path == ("progress", "stages", 0, "nb")


def test_a_new_game_ends_on_its_last_phase() -> None:
    draft = GameDraft.new()
    draft.set(("name", "nb"), "Faser")
    draft.set(("name", "en"), "Phases")
    draft.set(("end",), "last_stage")
    assert draft.problem().field == "progress"
    draft.set(("progress",), start_progress(draft.form))
    draft.set(("progress", "stages", 0, "nb"), "3 par")
    draft.set(("progress", "stages", 0, "en"), "3 pairs")
    made = draft.definition()
    assert made.progress is not None and made.progress.stages[0].en == "3 pairs"
    with use_language("en"):
        assert phases_lines(made) == ["Phase 1 of 1 · 3 pairs"]


# -- the editor's controls ---------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("game_id", ["five_crowns", "plump", "phase_10"])
def test_the_end_part_shows_the_rows_and_the_live_preview(game_id, lang) -> None:
    draft = GameDraft.editing(builtin_definition(game_id), None)
    with use_language(lang):
        assert _end_part(_Form(draft, TypedTexts(), width=1280))  # a desktop's one-line rows
        form = _Form(draft, TypedTexts())
        part = _end_part(form)
        preview = said(schedule_preview(draft), "ge-preview-schedule")
    if game_id == "phase_10":
        assert said(part, "ge-phase-9") and "10" in said(part, "ge-phase-count")
        last = {
            "en": "Phase 10 of 10 · 1 set of 5 + 1 set of 3",
            "nb": "Fase 10 av 10 · 1 sett à 5",
        }
        assert last[lang] in preview
        return
    assert said(part, "ge-round-0")
    first = {
        ("five_crowns", "en"): "Round 1 of 11 · 3 cards · 3s wild (20)",
        ("five_crowns", "nb"): "Runde 1 av 11",
        ("plump", "en"): "Round 1 of 21 · 10 cards",
        ("plump", "nb"): "Runde 1 av 21 · 10 kort",
    }[(game_id, lang)]
    assert first in preview
