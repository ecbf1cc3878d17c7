"""The game editor itself (its tabs, the save and the problem above it) and
the screens that open it: ``/games/new``, ``/games/new/<game>``,
``/games/edit/<game>``."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.ui.common import (
    TOUCH,
    Screen,
    TypedTexts,
    describe_problem,
    loading_screen,
    tagged,
    use_app,
    use_created,
    use_loaded,
)
from app.ui.game_editor.bids_part import bids_cards_part
from app.ui.game_editor.captures_part import captures_cards_part, captures_scoring_part
from app.ui.game_editor.choices import _section_names
from app.ui.game_editor.form import _Form
from app.ui.game_editor.parts import (
    _CardsPart,
    _end_part,
    _game_part,
    _options_part,
    _scoring_part,
    words_of,
)
from app.ui.game_editor.preview import PreviewHand
from app.ui.game_editor.preview_parts import bids_preview_card, captures_preview_card
from app.ui.loading import page_ports
from app.ui.state.editor_screen import (
    EditorScreen,
    editing_draft,
    load_edited,
    load_source,
    new_draft,
)
from app.ui.state.game_draft import GameDraft

# -- the editor ----------------------------------------------------------------------


def _tab(name: str, label: str, draft: GameDraft) -> ft.Control:
    """One part of the editor to show (filled: the part on show)."""
    selected = draft.section == name
    kind = ft.FilledButton if selected else ft.OutlinedButton
    return tagged(
        f"ge-section-{name}",
        kind(
            label,
            on_click=lambda _e: draft.show(name),
            height=TOUCH,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=9)),
        ),
        button=True,
        selected=selected,
    )


@ft.component
def GameEditor(draft: GameDraft, key_name: str) -> ft.Control:
    """The editor for ``draft`` (kept by the tab under ``key_name``)."""
    app = use_app()
    model = use_created(lambda: EditorScreen(app=app, ports=page_ports(), key_name=key_name))
    f = _Form(draft, use_created(TypedTexts), width=app.width)

    async def save(_e: ft.Event) -> None:
        await model.save(draft)

    tabs = ft.Row(
        [_tab(name, label, draft) for name, label in _section_names()],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )
    bids = "bids" in draft.form  # a bids game (Plump): no keypad, no cards to preview
    captured = "captures" in draft.form  # a captured game (Kasino): piles, not a keypad
    if draft.section == "cards" and captured:
        part: list[ft.Control] = captures_cards_part(f)
    elif draft.section == "cards":
        part = bids_cards_part() if bids else [_CardsPart(draft)]
    elif draft.section == "scoring" and captured:
        part = captures_scoring_part(f)
    elif draft.section == "scoring":
        part = _scoring_part(f)
    elif draft.section == "end":
        part = _end_part(f)
    elif draft.section == "options":
        part = _options_part(f)
    else:
        part = _game_part(f)
    if bids:  # what a made and a missed bid score
        preview: ft.Control = bids_preview_card(draft)
    elif captured:  # one example deal's piles and points
        preview = captures_preview_card(draft)
    else:
        preview = PreviewHand(draft)
    body: list[ft.Control] = [tabs, *part, preview]
    problem = draft.save_error or f.error
    bottom: list[ft.Control] = []
    if problem is not None:
        bottom.append(
            tagged(
                "ge-problem",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                            ft.Text(describe_problem(problem), color=ft.Colors.ERROR, expand=True),
                        ]
                    ),
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=8,
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                ),
            )
        )
    bottom.append(
        tagged(
            "ge-save",
            ft.FilledButton(
                _("Save the game"),
                icon=ft.Icons.SAVE,
                on_click=save,
                disabled=model.busy or f.error is not None,
                height=52,
                width=float("inf"),
            ),
            button=True,
        )
    )
    title = (
        _("Change {game}", game=words_of(draft.form["name"]) or _("the game"))
        if draft.original_id
        else _("New game")
    )
    return Screen(
        title,
        body,
        back="/games",
        bottom=ft.Column(bottom, spacing=6),
        screen_id="screen-game-editor",
    )


@ft.component
def NewGameScreen() -> ft.Control:
    """``/games/new`` (from scratch) and ``/games/new/<game>`` (a copy)."""
    app = use_app()
    source_id = ft.use_route_params().get("source")
    key_name = f"copy:{source_id}" if source_id else "new"
    draft = app.memory.games.get(key_name)
    loaded = use_loaded(load_source(source_id), [source_id, draft is None])
    if draft is None:
        if loaded.loading:
            return loading_screen(_("New game"), back="/games")
        if loaded.error is not None:
            return Screen(
                _("New game"),
                [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)],
                back="/games",
            )
        entry, free_id = loaded.value or (None, None)
        draft = new_draft(entry, free_id)
        app.memory.games[key_name] = draft
    return GameEditor(draft, key_name)


@ft.component
def EditGameScreen() -> ft.Control:
    """``/games/edit/<game>``: change a custom game."""
    app = use_app()
    game_id = ft.use_route_params().get("game", "")
    key_name = f"edit:{game_id}"
    draft = app.memory.games.get(key_name)
    loaded = use_loaded(load_edited(game_id), [game_id, draft is None])
    if draft is None:
        if loaded.loading:
            return loading_screen(_("Change game"), back="/games")
        entry = loaded.value
        made = editing_draft(entry) if entry is not None else describe_problem(loaded.error)
        if isinstance(made, str):
            return Screen(_("Change game"), [ft.Text(made, color=ft.Colors.ERROR)], back="/games")
        draft = made
        app.memory.games[key_name] = draft
    return GameEditor(draft, key_name)
