"""Every export says how its session ends (issue 28: a Phase 10 export said
"Target: 0 points"), and a progress game's exports show each player's phase
(RULES.md §8: places go by phases completed first).

The kind test walks every built-in game, with each choice of every option
that sets how the session ends, through the text export of a started
session; then a game ending on "either" (RULES.md §4: rounds or a target,
whichever comes first); then a finished Phase 10 session through the text,
Markdown, CSV, PDF and picture exports in both languages.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from app.i18n import format_number, use_language
from app.reports import render_export, to_csv, to_markdown, to_text
from app.reports.summary import FSI, PDI
from scoring import Hand, SessionDoc, score_session
from scoring.definition import End
from scoring.registry import BUILTIN_GAME_IDS, builtin_definition, game_for


def plain(text: str) -> str:
    return text.replace(FSI, "").replace(PDI, "")


def rules_line(doc: SessionDoc, lang: str = "en") -> str:
    """The export's line saying how the session ends (after the players)."""
    lines = plain(to_text(doc, lang=lang)).splitlines()
    start = next(
        i
        for i, line in enumerate(lines)
        if line.startswith(("Players", "Teams", "Spillere", "Lag"))
    )
    return lines[start + 1]


def _started(game_id: str, choices: dict[str, object] | None = None) -> SessionDoc:
    game = game_for(game_id)
    definition = builtin_definition(game_id)
    least = definition.min_players if definition is not None else 2
    players = ("Ada", "Bo", "Cy", "Dag", "Eli", "Fia")[: max(least, 3 if least <= 3 else least)]
    options = game.options_from_dict(choices or {})
    return SessionDoc(game_id, options, players, ())


def _end_cases() -> list[tuple[str, dict[str, object]]]:
    """Each built-in game as it comes, and with each choice of an option
    that changes how the session ends or who wins."""
    cases: list[tuple[str, dict[str, object]]] = []
    for game_id in BUILTIN_GAME_IDS:
        cases.append((game_id, {}))
        definition = builtin_definition(game_id)
        for option in definition.options if definition is not None else ():
            for choice in getattr(option, "choices", ()) or ():
                effect = getattr(choice, "set", None)
                if effect is not None and (effect.end or effect.winner):
                    cases.append((game_id, {option.id: choice.id}))
    return cases


@pytest.mark.parametrize(("game_id", "choices"), _end_cases())
def test_every_built_in_game_says_how_it_ends(game_id, choices):
    doc = _started(game_id, choices)
    game = doc.rules
    line = rules_line(doc)
    stages = game.stages(doc.options)
    target = game.target(doc.options)
    rounds = game.rounds(doc.options, len(doc.players))
    assert "Target: 0" not in line
    if stages is not None:
        assert line.startswith(f"Ends when a player completes phase {stages}; of those, the ")
        assert "Target" not in line and "round" not in line
    elif rounds is not None:
        with use_language("en"):
            shown = format_number(rounds)
        assert line.startswith(f"{shown} rounds"), line
        assert "Target" not in line
    else:
        assert target is not None and target > 0
        with use_language("en"):
            shown = format_number(target)
        assert line.startswith(f"Target: {shown} points"), line
    assert ("lowest total wins" in line) == game.lowest_wins(doc.options)


def test_the_built_in_games_are_walked_with_every_end_kind_they_use():
    kinds = {
        builtin_definition(game_id).end
        for game_id in BUILTIN_GAME_IDS
        if builtin_definition(game_id) is not None
    }
    assert {End.TARGET, End.ROUNDS, End.SCHEDULE, End.LAST_STAGE} <= kinds
    # Four Suit Rummy (the coded game) ends at its target.
    assert rules_line(_started("four_suit_rummy")).startswith("Target: ")


def test_a_game_ending_on_rounds_or_target_says_both():
    definition = replace(builtin_definition("rummy"), end=End.EITHER, rounds=5, target=100)
    game = game_for("rummy", definition)
    doc = SessionDoc("rummy", game.default_options(), ("Ada", "Bo"), (), definition=definition)
    assert rules_line(doc) == "5 rounds or a total of 100, whichever comes first; lowest total wins"
    assert rules_line(doc, "nb") == (
        "5 runder eller en sum på 100, det som kommer først; lavest sum vinner"
    )


def _phase_10_finished() -> SessionDoc:
    """Ten hands: Ada goes out of each and completes every phase, Bo
    completes every phase holding 5 points, Cy completes none holding 2:
    totals 0, 50, 20; Cy last, on phase 1, though under Bo's total."""
    game = game_for("phase_10")
    hands = tuple(Hand("Ada", {"Bo": 5, "Cy": 2}, completed=("Ada", "Bo")) for _ in range(10))
    return SessionDoc("phase_10", game.default_options(), ("Ada", "Bo", "Cy"), hands)


def test_phase_10_text_export_says_the_last_phase_and_each_players_phase():
    doc = _phase_10_finished()
    table = score_session(doc).standings
    assert table.places == {"Ada": 1, "Bo": 2, "Cy": 3}
    text = plain(to_text(doc, lang="en"))
    assert (
        "Ends when a player completes phase 10; of those, the lowest total wins; "
        "finished after 10 hands"
    ) in text
    assert "Target" not in text
    standings = text.split("Final standings\n")[1].split("\n\n")[0].splitlines()
    assert [line.split() for line in standings] == [
        ["1.", "Ada", "phase", "10", "✓", "0"],
        ["2.", "Bo", "phase", "10", "✓", "50"],
        ["3.", "Cy", "phase", "1", "20"],
    ]
    nb = plain(to_text(doc, lang="nb"))
    assert "Slutter når en spiller fullfører fase 10; av dem vinner lavest sum" in nb
    assert "Mål" not in nb
    assert "3.  Cy   fase 1" in nb


def test_phase_10_markdown_standings_have_a_phase_column():
    text = plain(to_markdown(_phase_10_finished(), lang="en"))
    assert "| Place | Player | Phase      | Total |" in text
    assert "|    3. | Cy     | phase 1    |    20 |" in text


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_phase_10_csv_has_the_phases_completed_per_player(lang):
    rows = list(
        csv.reader(
            io.StringIO(to_csv(_phase_10_finished(), lang=lang)),
            delimiter="," if lang == "en" else ";",
        )
    )
    header = rows[0]
    word = "phases completed" if lang == "en" else "faser fullført"
    columns = [header.index(f"{name}: {word}") for name in ("Ada", "Bo", "Cy")]
    assert [[row[i] for i in columns] for row in rows[1:4]] == [
        ["1", "1", "0"],
        ["2", "2", "0"],
        ["3", "3", "0"],
    ]
    assert [rows[-1][i] for i in columns] == ["10", "10", "0"]


def test_csv_of_other_games_has_no_phase_columns():
    doc = SessionDoc(
        "swedish_rummy", game_for("swedish_rummy").default_options(), ("Ada", "Bo"), ()
    )
    assert "phase" not in to_csv(doc, lang="en")


def test_phase_10_pdf_says_the_end_and_the_phases():
    data = render_export(_phase_10_finished(), "pdf", "en")
    text = plain(PdfReader(io.BytesIO(data)).pages[0].extract_text())
    assert "Ends when a player completes phase 10" in text
    assert "Target" not in text
    assert "Phase" in text and "phase 10 ✓" in text and "phase 1" in text


@pytest.mark.parametrize(
    ("lang", "end", "phase"),
    [
        ("en", "Ends when a player completes phase 10", "phase 10 ✓"),
        ("nb", "Slutter når en spiller fullfører fase 10", "fase 10 ✓"),
    ],
)
def test_phase_10_picture_says_the_end_and_the_phases(lang, end, phase):
    from app.reports.exports import summary
    from app.reports.picture import picture_pdf

    doc = _phase_10_finished()
    with use_language(lang):
        data, _height = picture_pdf(summary(doc, None, lang, isolate=True), score_session(doc))
    text = " ".join(plain(PdfReader(io.BytesIO(data)).pages[0].extract_text()).split())
    assert end in text
    assert "Target" not in text and "Mål" not in text
    assert text.count(phase) == 2


LONG_NAMES = ("Alexandra Kristoffersen", "Bo", "Cy", "Dag-Henrik Østergaard", "Eli", "Fia")


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_pictures_phase_column_leaves_long_names_room(lang):
    """Six players, two long names: each name fits its column at no less
    than the picture's smallest letters, so it never runs into the phase."""
    from app.reports.drawing import FAMILY, new_sheet, phase_width, standings_width, text_width
    from app.reports.exports import summary
    from app.reports.picture import PAGE_WIDTH_MM, PICTURE

    hands = tuple(
        Hand(LONG_NAMES[0], {n: 5 for n in LONG_NAMES[1:]}, completed=(LONG_NAMES[0],))
        for _ in range(3)
    )
    doc = SessionDoc("phase_10", game_for("phase_10").default_options(), LONG_NAMES, hands)
    with use_language(lang):
        shown = summary(doc, None, lang, isolate=True)
        pdf = new_sheet(PICTURE, shown, format=(PAGE_WIDTH_MM, 400.0))
        pdf.add_page()
        assert phase_width(pdf, shown) > 0
        _place, name_w, _total = standings_width(pdf, shown)
        pdf.set_font(FAMILY, "B", PICTURE.small)
        widest = max(text_width(pdf, line.player) for line in shown.standings)
    assert widest <= name_w - 10
