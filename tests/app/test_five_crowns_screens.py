"""Five Crowns through the screen models (RULES.md §6; issue 28, the schedule
of rounds): offered by the new-session form, each hand's screen saying its
round, its cards and its wild rank, the wild rank's key worth 20 that round,
the sheet's heading following the rounds, and a session of 11 rounds played
to its end with the right winners, in English and Norwegian."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest
from hand_taps import HandTaps
from screen_table import Table, held, tap

from app.game_text import rules_text
from app.i18n import set_language, use_language
from app.messages import describe_breakdown, describe_error, describe_warning, game_name
from app.ui.session import progress_text, winner_text
from app.ui.state import NewSessionDraft
from app.ui.state.game_draft import GameDraft
from app.ui.state.hand_screen import points_shown
from models import services
from scoring import (
    BUILTIN_GAME_IDS,
    BreakdownItem,
    Card,
    GameDefinitionError,
    Rank,
    ScoreWarning,
    builtin_definition,
)
from scoring.definition import read_definition, write_definition

PLAYERS = ["Ada", "Bo", "Cy", "Di"]

#: RULES.md §6.1 rounds 1–3, then rounds 4–11 ending at Ada 212, Bo 198,
#: Cy 198, Di 240 (as tests/scoring/test_five_crowns.py); a player who went
#: out on the last turn (round 1 Di, round 2 Cy) is not in the round's
#: mapping: one tap on their "Went out too".
ROUNDS: Sequence[tuple[str, Mapping[str, Sequence[str]]]] = (
    ("Ada", {"Bo": ["3H", "8C", "JS"], "Cy": ["JKR", "5", "9D"]}),
    ("Bo", {"Ada": ["KD", "6", "8H", "10S"], "Di": ["4H", "J", "7C", "9D"]}),
    (
        "Cy",
        {
            "Ada": ["5S", "KH", "8", "10C", "3D"],
            "Bo": ["4C", "4D"],
            "Di": ["JKR", "Q", "9H", "6C", "3S"],
        },
    ),
    ("Ada", {"Bo": ["6"], "Cy": ["10"], "Di": ["K"]}),
    ("Bo", {"Ada": ["10", "5"], "Cy": ["J", "J"], "Di": ["7"]}),
    ("Cy", {"Ada": ["9", "7"], "Bo": ["8", "5"], "Di": ["9", "9"]}),
    ("Di", {"Ada": ["9"], "Bo": ["10", "10", "10"], "Cy": ["Q", "Q"]}),
    ("Ada", {"Bo": ["K", "K"], "Cy": ["10", "8"], "Di": ["J", "J"]}),
    ("Bo", {"Ada": ["J", "10"], "Cy": ["K", "Q", "5"], "Di": ["J", "5"]}),
    ("Cy", {"Ada": ["Q", "5"], "Bo": ["Q", "10"], "Di": ["8", "7"]}),
    ("Di", {"Ada": ["9", "6"], "Bo": ["K"], "Cy": ["10", "10"]}),
)
WILD = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def start(table: Table) -> int:
    draft = NewSessionDraft()
    draft.select_game("five_crowns")
    for name in PLAYERS:
        draft.add_player(name)
    game, players, options = draft.start_args()
    assert (game, options) == ("five_crowns", {})  # the schedule's 11 rounds: nothing to choose
    view = table.call(services.start_session, game_id=game, players=list(players), options=options)
    return view.id


def test_the_new_session_form_offers_five_crowns_in_both_languages():
    draft = NewSessionDraft()
    assert "five_crowns" in draft.games() and "five_crowns" in BUILTIN_GAME_IDS
    draft.select_game("five_crowns")
    assert not draft.number_choosable()
    assert [(p.option, p.value) for p in draft.presets()] == [("rounds", 11)]
    for language in ("en", "nb"):
        with use_language(language):
            assert game_name("five_crowns") == "Five Crowns"


def test_the_rules_screen_lists_the_rounds_and_the_wild_points():
    with use_language("en"):
        text = dict(rules_text("five_crowns"))
        assert text["Rounds"].splitlines()[4] == "Round 5 of 11 · 7 cards · 7s wild"
        assert text["Rounds"].splitlines()[-1].endswith(": 20 points.")
        assert "11 rounds" in text["The end"]
    with use_language("nb"):
        text = dict(rules_text("five_crowns"))
        assert text["Runder"].splitlines()[8] == "Runde 9 av 11 · 11 kort · Kn er vill"


def also_out(went_out: str, left: Mapping[str, Sequence[str]]) -> list[str]:
    """The players of a round of :data:`ROUNDS` who went out on the last turn."""
    return [p for p in PLAYERS if p != went_out and p not in left]


def play(table: Table, sid: int, rounds: Sequence[tuple[str, Mapping[str, Sequence[str]]]]) -> None:
    """Enter ``rounds`` on the hand screen, one after another: who went out,
    a tap on "Went out too" for a player who went out on the last turn, the
    cards left, save (no question asked)."""
    for went_out, left in rounds:
        screen = table.new_hand(sid)
        screen.draft.set_went_out(went_out)
        for player in also_out(went_out, left):
            screen.draft.toggle_also_out(player)
        held(screen.draft, left)
        assert tap(screen.save), screen.problem(screen.preview())


def test_a_session_of_eleven_rounds_is_played_to_its_end(db) -> None:
    table = Table()
    sid = start(table)
    for number, (went_out, left) in enumerate(ROUNDS, 1):
        view = table.session(sid)
        wild = WILD[number - 1]
        # the sheet's heading says the next round of the schedule
        assert progress_text(view) == (
            f"Round {number} of 11 · {number + 2} cards · {wild}s wild (20)"
        )
        screen = table.new_hand(sid)
        assert screen.round_line == f"Round {number} of 11 · {number + 2} cards · {wild}s wild (20)"
        draft = screen.draft
        # the wild rank's key is worth 20 this round; the joker 50; the others their own
        keys = {k.card: k.points for k in draft.keypad}
        assert keys[Card(Rank(wild))] == 20 and keys[Card(Rank.JOKER)] == 50
        other = "3" if wild != "3" else "4"
        assert keys[Card(Rank(other))] == int(other)
        draft.set_went_out(went_out)
        assert draft.offers_also_out
        for player in also_out(went_out, left):
            draft.toggle_also_out(player)
        held(draft, left)
        if number == 1:
            assert points_shown(screen.preview(), "Bo") == "39"
            assert points_shown(screen.preview(), "Cy") == "64"
        if number == 3:
            assert points_shown(screen.preview(), "Ada") == "54"
            assert points_shown(screen.preview(), "Di") == "80"
        # a player who went out on the last turn was one tap: no question on save
        assert tap(screen.save) and not screen.warning_lines
        if number == 3:
            totals = table.session(sid).standings.totals
            assert dict(totals) == {"Ada": 91, "Bo": 47, "Cy": 64, "Di": 127}
    view = table.session(sid)
    assert view.finished and len(view.hands) == 11
    assert dict(view.standings.totals) == {"Ada": 212, "Bo": 198, "Cy": 198, "Di": 240}
    assert view.standings.winners == ("Bo", "Cy")
    assert progress_text(view) == "Finished after 11 hands"
    banner = winner_text(view)
    assert "Bo" in banner and "Cy" in banner and "Ada" not in banner, banner
    with use_language("nb"):
        assert "deler seieren" in winner_text(view)


def test_a_changed_hand_keeps_its_own_round(db) -> None:
    """Hand 1 changed after hand 2 was saved: its 3s are still wild, not 4s."""
    table = Table()
    sid = start(table)
    play(table, sid, ROUNDS[:2])
    screen = table.change_hand(sid, 1)
    assert screen.round_line == "Round 1 of 11 · 3 cards · 3s wild (20)"
    assert points_shown(screen.preview(), "Bo") == "39"
    assert {k.card: k.points for k in screen.draft.keypad}[Card(Rank.THREE)] == 20


def test_the_wild_line_and_the_cards_dealt_warning_in_both_languages():
    wild = BreakdownItem("wild", 40, count=2, value=20)
    dealt = ScoreWarning("round_cards", player="Bo", count=4, expected=3)
    with use_language("en"):
        assert describe_breakdown(wild) == "2 wild cards × 20 = 40"
        assert describe_warning(dealt) == "Bo has 4 cards left, but this round dealt 3"
    with use_language("nb"):
        assert describe_breakdown(wild) == "2 villkort × 20 = 40"
        assert describe_warning(dealt) == "Bo har 4 kort igjen, men denne runden ga bare 3"


def test_the_editor_keeps_the_schedule_through_a_change_elsewhere():
    """The game editor on a definition with a schedule: it opens, its document
    reads back as the same rules (the schedule in its own part, the suits
    carried as they are), a change elsewhere keeps them, and a copy is a
    version 2 game (the schedule's own edits:
    tests/app/test_game_editor_schedule.py)."""
    crowns = builtin_definition("five_crowns")
    draft = GameDraft.editing(crowns, None)
    assert draft.problem() is None
    assert draft.definition() == crowns
    draft.set(("keys", 11, "points"), "25")  # jokers 25 instead of 50
    changed = draft.definition()
    assert changed.schedule == crowns.schedule and changed.suits == crowns.suits
    assert changed.key("JKR").points == 25
    copy = GameDraft.copy_of(crowns, names=("Fem kroner", "Five Crowns (copy)"), game_id="crowns")
    made = copy.definition()
    assert made.id == "crowns" and made.schedule == crowns.schedule
    assert json.loads(write_definition(made))["version"] == 2
    # the end it has is offered beside the others
    assert draft.get(("end",)) == "schedule"


def test_a_hand_deleted_in_the_middle_moves_the_later_hands_into_their_new_rounds(db) -> None:
    """Hand 1 deleted: hand 2 becomes round 1 (3s wild, a 4 worth 4: Di's
    4 J 7 9 is 31, not 47) and hand 3 round 2; put back, each is its own
    round again (RULES.md §6.1 totals)."""
    table = Table()
    sid = start(table)
    play(table, sid, ROUNDS[:3])
    deleted = table.call(services.delete_hand, session_id=sid, number=1)
    view = table.session(sid)
    assert dict(view.hands[0].points) == {"Ada": 37, "Bo": 0, "Cy": 0, "Di": 31}
    # round 2 (4s wild) now: Bo's 4 4 is 40, Di's 3 is 3 and the joker 50
    assert dict(view.hands[1].points) == {"Ada": 5 + 13 + 8 + 10 + 3, "Bo": 40, "Cy": 0, "Di": 80}
    assert dict(view.standings.totals) == dict(deleted.view.standings.totals)
    table.call(
        services.insert_hand,
        session_id=sid,
        number=1,
        hand=deleted.hand.hand,
        confirm_warnings=True,
        hand_id=deleted.hand.hand_id,
    )
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Ada": 91, "Bo": 47, "Cy": 64, "Di": 127}


def test_a_bad_schedule_is_refused_in_one_line_naming_the_field_in_both_languages():
    data = json.loads(write_definition(builtin_definition("five_crowns")))
    data["schedule"]["rounds"][2]["wild"] = "Z"
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(data))
    with use_language("en"):
        assert describe_error(caught.value) == (
            "Schedule › round 3 › wild rank must be one of A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, "
            "Q or K, not Z"
        )
    with use_language("nb"):
        assert describe_error(caught.value).startswith("Rundeplan › runde 3 › vill valør må være")
    data = json.loads(write_definition(builtin_definition("five_crowns")))
    data["version"] = 3
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(data))
    with use_language("en"):
        assert describe_error(caught.value) == (
            "This game definition has version 3; this version of Kortpoeng reads versions 1 to 2"
        )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Hand 1 deleted. The rounds after it moved up one: rounds 1–2 are scored as"
            " those rounds now (their wild rank).",
        ),
        (
            "nb",
            "Runde 1 er slettet. Rundene etter rykket opp én: runde 1–2 telles nå som de"
            " rundene (med deres villkort).",
        ),
    ],
)
def test_deleting_a_round_says_that_the_later_rounds_moved_up(db, lang: str, said: str) -> None:
    """The hand screen's *Delete* of round 1 of three: the notice says the
    rounds after it are scored as their new rounds (the totals changed
    without a word: 119/28/137 became 65/28/40 in a new user's session); its
    undo puts round 1 back and every round scores as it did. The last round
    deleted moves nothing and says so."""
    set_language(lang)
    table = Table()
    sid = start(table)
    play(table, sid, ROUNDS[:3])
    screen = table.change_hand(sid, 1)
    assert tap(screen.delete)
    assert table.app.notice is not None and table.app.notice.text == said
    table.undo()
    assert dict(table.session(sid).standings.totals) == {"Ada": 91, "Bo": 47, "Cy": 64, "Di": 127}
    screen = table.change_hand(sid, 3)
    assert tap(screen.delete)
    assert table.app.notice.text == ("Hand 3 deleted" if lang == "en" else "Runde 3 er slettet")


def enter_round(taps: HandTaps, sid: int, went_out: str, left: Mapping[str, Sequence[str]]):
    screen = taps.enter_hand(sid)
    taps.went_out(screen, went_out)
    for player in also_out(went_out, left):
        taps.also_out(screen, player)
    for player, faces in left.items():
        taps.cards(screen, player, [face.rstrip("SHDC") or face for face in faces])
    assert taps.save(screen), screen.problem(screen.preview())
    return screen


def test_rules_section_6_2_taps_round_1_is_10_and_round_3_is_15(db) -> None:
    """RULES.md §6.2: one tap for who went out, one a card left (its rank),
    one for a player who also went out (Di in round 1); with *Enter hand* and
    *Save hand*, round 1 is 10 taps and round 3 15 (the README's figures).
    Before, Di (nothing entered) was a warning and *Save anyway* one more tap."""
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    enter_round(taps, sid, *ROUNDS[0])
    assert taps.count == 10
    assert dict(table.session(sid).hands[0].points) == {"Ada": 0, "Bo": 39, "Cy": 64, "Di": 0}
    taps.count = 0
    play(table, sid, ROUNDS[1:2])
    enter_round(taps, sid, *ROUNDS[2])
    assert taps.count == 15
    assert dict(table.session(sid).standings.totals) == {"Ada": 91, "Bo": 47, "Cy": 64, "Di": 127}


def test_a_player_nobody_marked_with_no_cards_still_gets_the_warning(db) -> None:
    """Round 1 with Di neither marked nor given cards: the save asks (a player
    forgotten would score 0), naming Di; marked, it saves at once."""
    table = Table()
    sid = start(table)
    screen = table.new_hand(sid)
    screen.draft.set_went_out("Ada")
    held(screen.draft, ROUNDS[0][1])
    assert not tap(screen.save)
    assert screen.warning_lines and "Di" in " ".join(screen.warning_lines)
    screen.draft.toggle_also_out("Di")
    assert not screen.warning_lines  # the question goes with the change
    assert tap(screen.save)
    stored = table.call(services.get_hand, session_id=sid, number=1)
    assert stored.hand.also_out == ("Di",) and stored.score.points["Di"] == 0


@pytest.mark.parametrize(("lang", "words"), [("en", "Went out too"), ("nb", "Gikk også ut")])
def test_went_out_too_is_kept_and_shown_when_the_round_is_changed(
    db, lang: str, words: str
) -> None:
    """The mark is stored with the round (SESSION_FORMAT.md ``also_out``): the
    round changed later shows Di marked, "Went out too" under the name, no
    keypad to fill; unmarking Di brings the warning back; cards tapped for a
    player then marked wait aside (not part of the hand)."""
    set_language(lang)
    table = Table()
    sid = start(table)
    play(table, sid, ROUNDS[:1])
    screen = table.change_hand(sid, 1)
    draft = screen.draft
    assert draft.is_also_out("Di") and not draft.needs_leftover("Di")
    from app.ui.state.hand_screen import status_shown

    assert status_shown(draft, screen.preview(), "Di") == words
    assert draft.unchanged()
    draft.toggle_also_out("Di")
    assert not draft.is_also_out("Di") and draft.edited
    assert [w.code for w in screen.preview().score.warnings] == ["no_cards"]
    held(draft, {"Di": ["K"]})
    draft.toggle_also_out("Di")
    assert draft.hand().left.get("Di") is None and draft.hand().also_out == ("Di",)
    # the player who went out cannot be marked; marking them as gone out unmarks
    draft.toggle_also_out("Ada")
    assert draft.hand().also_out == ("Di",)
    draft.set_went_out("Di")
    assert draft.hand().also_out == ()
