"""The game editor's schedule of rounds and list of phases, on its "end"
part (GAME_FORMAT.md ``schedule`` and ``progress``; RULES.md §6 Five
Crowns, §7 Plump, §8 Phase 10): the two ends they bring, each round's
cards dealt, wild rank and contract text (nb, en), the wild card's points,
Plump's row dealt once per player, each phase's text; a row added, moved
and removed; and the live preview of the rounds ("Round 3 of 10 · 5 cards
· 5s wild (20)") and of the phases as the table will see them. Bound to
the form's ``schedule`` and ``progress``
(:mod:`app.ui.state.game_draft_schedule`)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import rank_label, round_text, words
from app.ui.common import TOUCH, section_title, tagged
from app.ui.game_editor.form import _card, _Form
from app.ui.state.game_draft import GameDraft, Path
from app.ui.state.game_draft_schedule import start_progress, start_schedule
from scoring import GameDefinition, GameDefinitionError, Rank, game_for

__all__ = [
    "end_extras",
    "phases_lines",
    "phases_part",
    "rounds_lines",
    "schedule_ends",
    "schedule_part",
    "schedule_preview",
]

#: The seats the preview deals to (as the preview hand's three players).
PREVIEW_PLAYERS = 3


def schedule_ends() -> list[tuple[str, str]]:
    """The two ends version 2 brings, beside the game's others."""
    return [
        ("schedule", _("After the rounds of its schedule")),
        ("last_stage", _("When a player completes the last phase")),
    ]


def _fault_line(f: _Form, path: Path) -> list[ft.Control]:
    fault = f.fault(path)
    if not fault:
        return []
    ident = "ge-" + "-".join(str(p) for p in path) + "-fault"
    return [tagged(ident, ft.Text(fault, color=ft.Colors.ERROR, size=14))]


def _start_button(ident: str, label: str, start: Callable[[], None]) -> ft.Control:
    return tagged(
        ident,
        ft.OutlinedButton(label, icon=ft.Icons.ADD, on_click=lambda _e: start(), height=TOUCH),
        button=True,
    )


# -- the schedule of rounds ------------------------------------------------------------


def _wild_ranks(f: _Form) -> list[tuple[str, str]]:
    """No wild rank ("None"), or one of the game's rank keys (not the joker, always
    its own key)."""
    ranks = [
        (k["rank"], rank_label(Rank(k["rank"])))
        for k in f.draft.form.get("keys", [])
        if k["kind"] == "rank" and k["rank"] and k["rank"] != Rank.JOKER.value
    ]
    return [("", _("None")), *ranks]


def _round_card(f: _Form, index: int, count: int) -> ft.Control:
    path: Path = ("schedule", "rounds", index)
    draft = f.draft
    row = draft.form["schedule"]["rounds"][index]
    texted = bool(row.get("show_text")) or any(
        row["text"].get(lang, "").strip() for lang in ("nb", "en")
    )
    texted = texted or any(f.fault((*path, "text", lang)) for lang in ("nb", "en"))
    tools: list[ft.Control] = [
        tagged(
            f"ge-round-text-{index}",
            ft.IconButton(
                icon=ft.Icons.NOTES,
                tooltip=_("Contract text"),
                selected=texted,
                on_click=lambda _e: draft.set((*path, "show_text"), not texted),
            ),
        ),
        f.row_tools(("schedule", "rounds"), index, count),
    ]
    title = ft.Text(_("Round {n}", n=format_number(index + 1)), weight=ft.FontWeight.W_600)
    wilds = _wild_ranks(f)
    if row["wild"] and row["wild"] not in dict(wilds):  # its key removed: said under it
        wilds.append((row["wild"], row["wild"]))
    fields: list[ft.Control] = [
        f.text(
            (*path, "cards"),
            _("Cards dealt"),
            number=True,
            expand=True if f.narrow else None,
            width=None if f.narrow else 150,
        )
    ]
    if len(wilds) > 1 or row["wild"]:  # (a bids game, Plump, has no rank keys)
        fields.append(f.dropdown((*path, "wild"), _("Wild card"), wilds, width=150))
    repeat: list[ft.Control] = []
    if "bids" in draft.form or row["repeat"]:  # Plump's one-card deals
        repeat.append(f.switch((*path, "repeat"), _("Dealt once per player")))
        repeat += _fault_line(f, (*path, "repeat"))
    texts = f.words((*path, "text"), _("Contract text")) if texted else []
    if f.narrow:  # a phone: the title and tools above the inputs
        title.expand = True
        controls: list[ft.Control] = [
            ft.Row([title, *tools], spacing=0),
            ft.Row(fields, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
            *repeat,
            *texts,
        ]
    else:  # one line: the title, the inputs, the row's tools at its end
        title.width = 90
        line: list[ft.Control] = [title, *fields]
        line.append(ft.Container(ft.Column(repeat, spacing=2), expand=True))
        controls = [
            ft.Row(
                [*line, *tools],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            *texts,
        ]
    return _card(controls, f"ge-round-{index}")


def _none_yet(text: str, start: ft.Control) -> list[ft.Control]:
    """A part with no rows yet: what its rows say, and the button that adds
    the first."""
    return [ft.Text(text, size=14, color=ft.Colors.ON_SURFACE_VARIANT), start]


def schedule_part(f: _Form) -> list[ft.Control]:
    """The schedule of rounds, each round a card bound to the form's
    ``schedule`` (a round's contract text shown when it has one, or when
    its text button opened it: ``show_text``); nothing unless the session
    ends after it (or the game is a bids game, dealt by it)."""
    draft = f.draft
    form = draft.form
    if form["end"] != "schedule" and "bids" not in form:
        return []
    out: list[ft.Control] = [section_title(_("Rounds"))]
    schedule = form.get("schedule")
    if schedule is None:
        return out + _none_yet(
            _("No rounds yet: each round says the cards dealt and maybe a wild card."),
            _start_button(
                "ge-add-schedule-rounds",
                _("Add a round"),
                lambda: draft.set(("schedule",), start_schedule(form)),
            ),
        )
    rows = schedule["rounds"]
    repeat = any(r["repeat"] for r in rows)
    summary = ngettext("{n} round", "{n} rounds", len(rows))
    if repeat:
        summary += " · " + _("one of them dealt once per player")
    out.append(
        tagged(
            "ge-schedule-count",
            ft.Text(summary, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        )
    )
    out += [_round_card(f, i, len(rows)) for i in range(len(rows))]
    out.append(f.add_button(("schedule", "rounds"), _("Add a round")))
    out += _fault_line(f, ("schedule", "rounds"))
    if any(r["wild"] for r in rows) or f.fault(("schedule", "wild_points")):
        out.append(
            f.text(
                ("schedule", "wild_points"),
                _("Points for a wild card left in hand"),
                number=True,
                helper=_("Instead of the card's own points, in the rounds where it is wild."),
            )
        )
    return out


# -- the phases ------------------------------------------------------------------------


def phases_part(f: _Form) -> list[ft.Control]:
    """The phases in order, each its text in both languages; nothing unless
    the session ends on the last phase."""
    draft = f.draft
    form = draft.form
    if form["end"] != "last_stage":
        return []
    out: list[ft.Control] = [section_title(_("Phases"))]
    progress = form.get("progress")
    if progress is None:
        return out + _none_yet(
            _("No phases yet: each player goes through them in order."),
            _start_button(
                "ge-add-progress-stages",
                _("Add a phase"),
                lambda: draft.set(("progress",), start_progress(form)),
            ),
        )
    stages = progress["stages"]
    count = len(stages)
    out.append(
        tagged(
            "ge-phase-count",
            ft.Text(
                ngettext(
                    "{n} phase: the session ends when a player completes phase {n}.",
                    "{n} phases: the session ends when a player completes phase {n}.",
                    count,
                )
                if count
                else _("No phases: add at least one."),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        )
    )
    for index in range(count):
        path: Path = ("progress", "stages", index)
        out.append(
            _card(
                [
                    ft.Row(
                        [
                            ft.Text(
                                _("Phase {n}", n=format_number(index + 1)),
                                weight=ft.FontWeight.W_600,
                                expand=True,
                            ),
                            f.row_tools(("progress", "stages"), index, count),
                        ],
                        spacing=0,
                    ),
                    *f.words(path, _("What to lay down")),
                    *_fault_line(f, path),
                ],
                f"ge-phase-{index}",
            )
        )
    out.append(f.add_button(("progress", "stages"), _("Add a phase")))
    out += _fault_line(f, ("progress", "stages"))
    return out


# -- the live preview ------------------------------------------------------------------


def rounds_lines(definition: GameDefinition, players: int = PREVIEW_PLAYERS) -> list[str]:
    """The rounds of ``definition`` as the hand screen will say them with
    ``players`` players (at least the game's fewest, at most its most):
    "Round 3 of 10 · 5 cards · 5s wild (20)"; none without a schedule."""
    if definition.schedule is None:
        return []
    seats = min(max(players, definition.min_players), definition.max_players)
    game = game_for(definition.id, definition)
    rules = game.bind(game.default_options(), [str(n) for n in range(seats)])
    total = rules.rounds or 0
    points = rules.wild_points
    return [round_text(n, total, rules.round(n), points) for n in range(1, total + 1)]


def phases_lines(definition: GameDefinition) -> list[str]:
    """The phases of ``definition`` in order: "Phase 2 of 5 · 1 set of 3 +
    1 run of 4"; none without them."""
    if definition.progress is None:
        return []
    total = len(definition.progress.stages)
    return [
        _("Phase {n} of {total}", n=format_number(n), total=format_number(total))
        + " · "
        + words(stage)
        for n, stage in enumerate(definition.progress.stages, 1)
    ]


def schedule_preview(draft: GameDraft) -> list[ft.Control]:
    """The live preview of the rounds (with the preview's three players) or
    the phases as the table will see them; nothing for a game with neither,
    a line saying it waits while the game is not complete."""
    form = draft.form
    wanted = form["end"] in ("schedule", "last_stage") or "bids" in form
    if not wanted:
        return []
    try:
        definition = draft.definition()
    except GameDefinitionError:
        definition = None
    lines = [] if definition is None else rounds_lines(definition) + phases_lines(definition)
    if definition is not None and definition.schedule is not None:
        seats = min(max(PREVIEW_PLAYERS, definition.min_players), definition.max_players)
        title = ngettext("At the table with {n} player", "At the table with {n} players", seats)
    else:
        title = _("At the table")
    controls: list[ft.Control] = [
        ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_SMALL, color=ft.Colors.PRIMARY)
    ]
    if not lines:
        controls.append(
            ft.Text(
                _("The preview waits for the game to be complete."),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    controls += [
        tagged(f"ge-preview-line-{i}", ft.Text(line, size=14)) for i, line in enumerate(lines)
    ]
    card = _card(controls, "ge-preview-schedule")
    return [ft.Row([ft.Container(card, expand=True)])]


def end_extras(f: _Form) -> list[ft.Control]:
    """What the end part shows of the rounds and phases: the schedule's
    rows and the phases (each only with its end)."""
    return [*schedule_part(f), *phases_part(f)]
