"""Kasino through the screen models (RULES.md §5; issue 28, captured piles):
the new-session form offers it, the hand screen's piles entered with the taps
RULES.md §5.3 counts (the last player's row derived), a derived value made
entered, a stored deal changed as stored, a session to 21 played to its
shared win, and the session's sheet, exports (text, CSV, PDF, picture) and
statistics, in English and Norwegian."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from hand_taps import PileTaps as Taps
from screen_table import Table, tap

from app import storage
from app.i18n import set_language, use_language
from app.messages import describe_breakdown, describe_warning, game_name
from app.reports import to_csv, to_pdf, to_png, to_text
from app.reports.statistics import game_statistics
from app.ui.session import progress_text, winner_text
from app.ui.state import NewSessionDraft
from app.ui.state.capture_draft import CaptureDraft
from app.ui.state.hand_screen import breakdown_shown, notes_shown, points_shown
from models import services
from scoring import Pile, read_session

PLAYERS = ["Kari", "Ola"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def start(table: Table, players=PLAYERS, **options) -> int:
    draft = NewSessionDraft()
    draft.select_game("kasino")
    for name in players:
        draft.add_player(name)
    game, seated, chosen = draft.start_args()
    assert game == "kasino"
    view = table.call(
        services.start_session, game_id=game, players=list(seated), options={**chosen, **options}
    )
    return view.id


def test_the_new_session_form_offers_kasino_to_21_in_both_languages():
    draft = NewSessionDraft()
    assert "kasino" in draft.games()
    draft.select_game("kasino")
    assert [p.value for p in draft.presets()] == [11, 16, 21]
    assert [p.value for p in draft.presets() if p.suggested] == [21]
    for language in ("en", "nb"):
        with use_language(language):
            assert game_name("kasino") == "Kasino"


def example_1(taps: Taps) -> None:
    """RULES.md §5.3, example 1: Kari's 29 cards and 8 spades, her 10♦ A♠
    A♥, 2 sweeps; Ola's sweep. Ola's 23, 5 and named cards follow."""
    taps.number("Kari", "29")
    taps.set_suit("Kari", "S", 8)
    for chip in ("10D", "AS", "AH"):
        taps.place("Kari", chip)
    taps.add_event("Kari", "sweep")
    taps.add_event("Kari", "sweep")
    taps.add_event("Ola", "sweep")


def test_example_1_is_nine_taps_eleven_with_enter_and_save(db) -> None:
    table = Table()
    sid = start(table)
    taps_in_all = 1  # *Enter hand* on the session's sheet opens the screen
    screen = table.new_hand(sid)
    capture = screen.draft.capture
    assert screen.draft.blocked and not screen.draft.rules.can_go_out
    assert capture is not None and capture.facts.chips == ("10D", "2S", "AS", "AH", "AD", "AC")
    taps = Taps(screen)
    example_1(taps)
    assert taps.count == 9
    capture = screen.draft.capture
    # Ola's row is derived, shown grey: nothing more to tap
    assert capture.shown_cards("Ola") == (23, True)
    assert capture.shown_suit("Ola", "S") == (5, True)
    assert capture.named_of("Ola") == ("2S", "AD", "AC")
    preview = screen.preview()
    assert points_shown(preview, "Kari") == "10" and points_shown(preview, "Ola") == "4"
    assert breakdown_shown(screen.draft, preview, "Ola") == (
        "+1 for 2 of spades; +1 for ace of diamonds; +1 for ace of clubs;"
        " +1 for sweeps (1 × 1) (total 4)"
    )
    assert tap(screen.save)
    taps_in_all += taps.count + 1  # *Save hand*
    assert taps_in_all == 11
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Kari": 10, "Ola": 4}
    # the derived values are stored as entered values
    stored = table.call(services.get_hand, session_id=sid, number=1).hand
    assert stored.captured["Ola"] == Pile(23, {"S": 5}, ("2S", "AD", "AC"), {"sweep": 1})


def test_example_2_is_eleven_taps_thirteen_in_all_and_ties_score_nobody(db) -> None:
    table = Table()
    sid = start(table, players=["Kari", "Ola", "Per"])
    screen = table.new_hand(sid)
    taps = Taps(screen)
    taps.number("Kari", "20")
    taps.set_suit("Kari", "S", 5)
    taps.number("Ola", "20")
    taps.set_suit("Ola", "S", 5)
    for player, chip in (("Kari", "10D"), ("Kari", "AS"), ("Ola", "AH"), ("Ola", "AD")):
        taps.place(player, chip)
    taps.add_event("Per", "sweep")
    assert taps.count == 11  # + Enter hand and Save hand: 13
    capture = screen.draft.capture
    assert capture.shown_cards("Per") == (12, True) and capture.named_of("Per") == ("2S", "AC")
    preview = screen.preview()
    assert [points_shown(preview, p) for p in ("Kari", "Ola", "Per")] == ["3", "2", "3"]
    assert notes_shown(preview).splitlines() == [
        "Nobody scores most cards: Kari and Ola have 20 each",
        "Nobody scores most spades: Kari and Ola have 5 each",
    ]
    with use_language("nb"):
        assert notes_shown(preview).splitlines()[0] == (
            "Ingen får poeng for flest kort: Kari og Ola har 20 hver"
        )
    assert tap(screen.save)


def test_a_derived_value_tapped_becomes_entered_and_the_sums_then_warn(db) -> None:
    table = Table()
    sid = start(table)
    screen = table.new_hand(sid)
    taps = Taps(screen)
    example_1(taps)
    taps.enter_derived("Ola")  # the grey row tapped: its values are entered now
    capture = screen.draft.capture
    assert capture.shown_cards("Ola") == (23, False)
    taps.erase("Ola")
    taps.erase("Ola")
    taps.number("Ola", "20")  # three cards fewer than the deck leaves
    assert screen.draft.capture.shown_cards("Ola") == (20, False)
    assert not tap(screen.save)
    assert screen.warning_lines == [
        "Hand 1: The piles hold 49 cards in all, but the cards in play hold 52",
    ]
    with use_language("nb"):
        assert [describe_warning(w) for w in screen.draft.warnings] == [
            "Runde 1: Bunkene har 49 kort i alt, men kortene i spill har 52"
        ]
    assert tap(screen.save_anyway)
    assert dict(table.session(sid).standings.totals) == {"Kari": 10, "Ola": 4}


def test_a_chip_tapped_again_leaves_the_pile_and_a_sweep_count_goes_down(db) -> None:
    table = Table()
    sid = start(table)
    screen = table.new_hand(sid)
    taps = Taps(screen)
    taps.place("Kari", "10D")
    taps.place("Ola", "10D")  # moved to Ola's pile
    assert screen.draft.capture.placed == {"10D": "Ola"}
    taps.place("Ola", "10D")  # out again: derived to the last player, Ola
    assert screen.draft.capture.placed == {}
    taps.add_event("Kari", "sweep")
    taps.add_event("Kari", "sweep")
    taps.remove_event("Kari", "sweep")
    assert screen.draft.capture.event_count("Kari", "sweep") == 1
    # the card count takes no more digits than the cards in play have
    taps.number("Kari", "521")
    assert screen.draft.capture.shown_cards("Kari") == (52, False)


def test_a_stored_deal_opens_as_stored_and_a_change_is_saved(db) -> None:
    table = Table()
    sid = start(table)
    screen = table.new_hand(sid)
    example_1(Taps(screen))
    assert tap(screen.save)
    screen = table.change_hand(sid, 1)
    capture = screen.draft.capture
    assert not capture.derive and screen.draft.unchanged()
    assert capture.shown_cards("Ola") == (23, False) and capture.named_of("Ola") == (
        "2S",
        "AD",
        "AC",
    )
    taps = Taps(screen)
    taps.place("Kari", "2S")  # Kari had the 2♠ too: Ola's 1 point is Kari's
    assert screen.draft.edited
    assert tap(screen.save)
    assert dict(table.session(sid).standings.totals) == {"Kari": 11, "Ola": 3}


def play(table: Table, sid: int, deals: list[dict[str, Pile]]) -> None:
    """Deals saved through the hand screen, every value entered."""
    for piles in deals:
        screen = table.new_hand(sid)
        facts = screen.draft.capture.facts
        screen.draft.set_capture(CaptureDraft.from_piles(facts, piles))
        assert tap(screen.save), screen.problem(screen.preview())


def pile(cards: int, spades: int, named: str = "", sweeps: int = 0) -> Pile:
    return Pile(cards, {"S": spades}, tuple(named.split()), {"sweep": sweeps} if sweeps else {})


#: Example 1, a deal to Kari 19 / Ola 18, and example 3 (tests/scoring/test_kasino.py).
DEALS = [
    {"Kari": pile(29, 8, "10D AS AH", 2), "Ola": pile(23, 5, "2S AD AC", 1)},
    {"Kari": pile(20, 5, "", 9), "Ola": pile(32, 8, "10D 2S AS AH AD AC", 3)},
    {"Kari": pile(26, 7, "2S AS AH"), "Ola": pile(26, 6, "10D AD AC", 1)},
]


def test_a_session_to_21_ends_shared_and_its_sheet_exports_and_statistics_work(db) -> None:
    table = Table()
    sid = start(table)
    play(table, sid, DEALS[:2])
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Kari": 19, "Ola": 18} and not view.finished
    play(table, sid, DEALS[2:])
    view = table.session(sid)
    assert view.finished and dict(view.standings.totals) == {"Kari": 23, "Ola": 23}
    assert view.standings.winners == ("Kari", "Ola")
    assert progress_text(view) == "Finished after 3 hands"
    assert "Kari" in winner_text(view) and "Ola" in winner_text(view)
    with use_language("nb"):
        assert "deler seieren" in winner_text(view)
    # the exports of the session
    doc = read_session(table.call(services.export_session, session_id=sid))
    for lang in ("en", "nb"):
        text = to_text(doc, lang=lang)
        assert "Kasino" in text and "23" in text
        table_rows = to_csv(doc, lang=lang).splitlines()
        # hand 3: Kari 4, total 23; Ola 5, total 23 (a semicolon in Norwegian)
        assert re.split("[;,]", table_rows[-1]) == ["3", "4", "23", "5", "23"]
        assert to_pdf(doc, lang=lang).startswith(b"%PDF")
        assert to_png(doc, lang=lang).startswith(b"\x89PNG")
    # statistics: one finished session of Kasino, both players winners
    stats = game_statistics(engine=storage.engine(), game_id="kasino")
    assert len(stats) == 1
    players = {p.player: p for p in stats[0].players}
    assert set(players) == {"Kari", "Ola"}
    assert all(p.wins == 1 for p in players.values())


def test_the_lines_of_a_deal_in_both_languages():
    from scoring import BreakdownItem

    most = BreakdownItem("most", 3, value=29, item="cards")
    shared = BreakdownItem("most", 1, value=5, item="S", players=("Kari", "Ola"))
    with use_language("en"):
        assert describe_breakdown(most) == "+3 for most cards (29)"
        assert describe_breakdown(shared) == "+1 for most spades (5, shared with Kari and Ola)"
    with use_language("nb"):
        assert describe_breakdown(most) == "+3 for flest kort (29)"
        assert describe_breakdown(shared) == "+1 for flest spar (5, delt med Kari og Ola)"


def test_statistics_screen_loads_with_a_kasino_session(db) -> None:
    from app.ui.state.stats_screen import StatsScreen

    table = Table()
    sid = start(table)
    play(table, sid, DEALS)
    model = StatsScreen(ports=table.ports)
    asyncio.run(model.load())
    assert not model.failed and model.games is not None
    assert any(game.game_id == "kasino" for game in model.games)


def _tagged(control: Any, found: dict[str, Any]) -> dict[str, Any]:
    """Every control under ``control`` wrapped in a Semantics, by identifier."""
    identifier = getattr(control, "identifier", None)
    if identifier:
        found[identifier] = control.content
    for child in (getattr(control, "content", None), *(getattr(control, "controls", None) or ())):
        if child is not None and not isinstance(child, str):
            _tagged(child, found)
    return found


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_flet_panel_draws_each_row_and_its_taps_reach_the_model(db, lang) -> None:
    from app.ui.hand_entry.capture_panel import CapturePanel

    set_language(lang)
    table = Table()
    sid = start(table)
    screen = table.new_hand(sid)
    draft = screen.draft
    panel = CapturePanel.__wrapped__  # the component's function: the controls it draws
    kari = _tagged(panel(draft, 0, draft.preview()), {})
    # a digit, a spade count, a chip and a sweep: four taps on the drawn buttons
    for identifier in ("pile-digit-0-2", "pile-digit-0-9", "pile-suit-0-S-8", "pile-chip-0-10D"):
        kari[identifier].on_click(None)
    kari["pile-event-0-sweep"].on_click(None)
    capture = draft.capture
    assert capture.typed == {"Kari": "29"} and capture.suits == {"Kari": {"S": 8}}
    assert capture.placed == {"10D": "Kari"} and capture.event_count("Kari", "sweep") == 1
    ola = _tagged(panel(draft, 1, draft.preview()), {})
    # Ola's row is derived: shown grey with "= 23"; its sweep button is named by the game
    assert ola["pile-cards-1"].content == ("= 23 cards" if lang == "en" else "= 23 kort")
    assert ola["pile-event-1-sweep"].content == ("+ Sweep" if lang == "en" else "+ Tabbe")
    assert ola["pile-points-1"].value == "5"  # the chips nobody else has: 2♠ and the 4 aces
    ola["pile-cards-1"].on_click(None)  # a tap on the grey count: entered now
    assert draft.capture.typed["Ola"] == "23"


def test_partnerships_a_row_a_pair_example_4_in_nine_taps(db) -> None:
    """RULES.md §5.3, example 4: Kari and Per against Ola and Liv (seats 1
    and 3 against 2 and 4), one row a pair: 2 + 1 + 3 + 3 = 9 taps, 11 in
    all; both partners score the pair's points and share its win."""
    table = Table()
    draft = NewSessionDraft()
    draft.select_game("kasino")
    for name in ("Kari", "Ola", "Per", "Liv"):
        draft.add_player(name)
    draft.set_option("partners", True)
    game, seated, options = draft.start_args()
    assert options == {"partners": True}
    sid = table.call(services.start_session, game_id=game, players=list(seated), options=options).id
    screen = table.new_hand(sid)
    facts = screen.draft.capture.facts
    assert facts.players == ("Kari", "Ola") and [facts.label(r) for r in (0, 1)] == [
        "Kari & Per",
        "Ola & Liv",
    ]
    taps = Taps(screen)
    taps.number("Kari", "30")
    taps.set_suit("Kari", "S", 9)
    for chip in ("10D", "2S", "AS"):
        taps.place("Kari", chip)
    taps.add_event("Kari", "sweep")
    taps.add_event("Ola", "sweep")
    taps.add_event("Ola", "sweep")
    assert taps.count == 9
    preview = screen.preview()
    assert [points_shown(preview, p) for p in ("Kari", "Ola", "Per", "Liv")] == ["9", "5", "9", "5"]
    assert tap(screen.save)
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Kari": 9, "Ola": 5, "Per": 9, "Liv": 5}
    stored = table.call(services.get_hand, session_id=sid, number=1).hand
    assert set(stored.captured) == {"Kari", "Ola"}


def test_partnerships_with_three_players_are_refused_before_the_start(db) -> None:
    from scoring import OptionError

    draft = NewSessionDraft()
    draft.select_game("kasino")
    for name in ("Kari", "Ola", "Per"):
        draft.add_player(name)
    draft.set_option("partners", True)
    with pytest.raises(OptionError) as caught:
        draft.start_args()
    assert caught.value.code == "teams_uneven"
    from app.messages import describe_error

    with use_language("nb"):
        assert describe_error(caught.value) == (
            "Makkerpar trenger spillere i lag på 2, minst to lag: ikke 3 spillere"
        )


def test_a_comparison_on_a_suit_the_deck_lacks_is_one_line_in_both_languages():
    """The issue's hostile case, "comparisons on a suit that does not exist",
    as the app says it (the editor, an import, a game link)."""
    import json

    from app.messages import describe_error
    from scoring import GameDefinitionError, builtin_definition
    from scoring.definition import read_definition, write_definition

    data = json.loads(write_definition(builtin_definition("kasino")))
    data["captures"]["most"][1]["of"] = "STAR"
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(data))
    with use_language("en"):
        assert describe_error(caught.value) == (
            "Captured cards › comparison 2 › what is compared: the deck has no suit “STAR”"
        )
    with use_language("nb"):
        assert describe_error(caught.value) == (
            "Kort tatt inn › sammenligning 2 › hva som sammenlignes: kortstokken har ingen"
            " farge «STAR»"
        )
    data = json.loads(write_definition(builtin_definition("kasino")))
    data["teams"]["size"] = 1  # "a team of one"
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(data))
    with use_language("en"):
        assert describe_error(caught.value).startswith("Partnerships › players per team")


def test_the_editor_makes_kasino_to_16_and_a_link_carries_it_whole():
    """The issue's variant "Kasino to 16 instead of 21" made in the editor
    (its target), shared by a game link and read back as the same rules,
    the captures and the partnerships as they were (the editor's captures
    and partnerships parts change nothing not typed; the Swedish table made
    there: tests/app/test_game_editor_captures.py)."""
    import json

    from app.game_link import decode_game, encode_game
    from app.ui.state.game_draft import GameDraft
    from scoring import builtin_definition, game_for
    from scoring.definition import write_definition

    kasino = builtin_definition("kasino")
    draft = GameDraft.copy_of(kasino, names=("Kasino til 16", "Kasino to 16"), game_id="kasino16")
    draft.set(("target",), "16")
    made = draft.definition()
    assert made.id == "kasino16" and made.target == 16
    assert made.captures == kasino.captures and made.teams == kasino.teams
    assert json.loads(write_definition(made))["version"] == 2
    shared = decode_game(encode_game(made))
    assert shared == made
    game = game_for("kasino16", shared)
    assert game.target(game.default_options()) == 16
    assert game.options_from_dict({"partners": True}).partners
