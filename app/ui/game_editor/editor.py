"""The game editor itself (its tabs, the save and the problem above it) and
the screens that open it: ``/games/new``, ``/games/new/<game>``,
``/games/edit/<game>``."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.i18n import _
from app.messages import (
    game_name,
)
from app.ui import game_actions
from app.ui.common import (
    TOUCH,
    Screen,
    TypedTexts,
    announce_games,
    describe_problem,
    go,
    loading_screen,
    run_use_case,
    tagged,
    use_app,
    use_created,
    use_loaded,
)
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
from app.ui.state.game_draft import GameDraft
from models import services

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
    busy, set_busy = ft.use_state(False)
    f = _Form(draft, use_created(TypedTexts), width=app.width)

    async def save(_e: ft.Event) -> None:
        if busy:
            return
        try:
            definition = draft.definition()
        except Exception as error:  # a GameDefinitionError: shown already
            draft.save_error = error
            return
        set_busy(True)
        try:
            outcome = await run_use_case(
                game_actions.save,
                definition=definition,
                replaces=draft.original_id,
                expected=draft.original_text,
            )
        finally:
            set_busy(False)
        if isinstance(outcome, game_actions.Refused):
            draft.save_error = outcome.error
            return
        app.memory.games.pop(key_name, None)
        announce_games()
        app.changed()
        go("/games")

    tabs = ft.Row(
        [_tab(name, label, draft) for name, label in _section_names()],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )
    if draft.section == "cards":
        part: list[ft.Control] = [_CardsPart(draft)]
    elif draft.section == "scoring":
        part = _scoring_part(f)
    elif draft.section == "end":
        part = _end_part(f)
    elif draft.section == "options":
        part = _options_part(f)
    else:
        part = _game_part(f)
    body: list[ft.Control] = [tabs, *part, PreviewHand(draft)]
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
                disabled=busy or f.error is not None,
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


def _copy_names(game: Any) -> tuple[str, str]:
    """The names of a copy: "Hjerter (kopi)", "Hearts (copy)"."""
    from app.i18n import use_language

    names = []
    for language in ("nb", "en"):
        with use_language(language):
            names.append(_("{game} (copy)", game=game_name(game)))
    return names[0], names[1]


def _new_draft(source: Any | None, free_id: str | None) -> GameDraft:
    if source is None or source.definition is None:
        return GameDraft.new()
    from app.ui.state.game_draft import slug

    names = _copy_names(source.definition)
    return GameDraft.copy_of(source.definition, names=names, game_id=free_id or slug(names[1]))


def _load_source(source_id: str | None):
    def load(engine):
        if not source_id:
            return None, None
        entry = services.find_game(engine=engine, game_id=source_id)
        from app.ui.state.game_draft import slug

        base = slug(_copy_names(entry.definition)[1]) if entry.definition else None
        return entry, services.free_game_id(engine=engine, base=base) if base else None

    return load


@ft.component
def NewGameScreen() -> ft.Control:
    """``/games/new`` (from scratch) and ``/games/new/<game>`` (a copy)."""
    app = use_app()
    source_id = ft.use_route_params().get("source")
    key_name = f"copy:{source_id}" if source_id else "new"
    draft = app.memory.games.get(key_name)
    loaded = use_loaded(_load_source(source_id), [source_id, draft is None])
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
        draft = _new_draft(entry, free_id)
        app.memory.games[key_name] = draft
    return GameEditor(draft, key_name)


@ft.component
def EditGameScreen() -> ft.Control:
    """``/games/edit/<game>``: change a custom game."""
    app = use_app()
    game_id = ft.use_route_params().get("game", "")
    key_name = f"edit:{game_id}"
    draft = app.memory.games.get(key_name)
    loaded = use_loaded(
        lambda engine: services.find_game(engine=engine, game_id=game_id), [game_id, draft is None]
    )
    if draft is None:
        if loaded.loading:
            return loading_screen(_("Change game"), back="/games")
        entry = loaded.value
        if entry is None or entry.builtin or entry.definition is None:
            problem = (
                describe_problem(loaded.error)
                if loaded.error is not None
                else _("A built-in game cannot be changed: make a copy of it")
            )
            return Screen(
                _("Change game"), [ft.Text(problem, color=ft.Colors.ERROR)], back="/games"
            )
        draft = GameDraft.editing(entry.definition, entry.text)
        app.memory.games[key_name] = draft
    return GameEditor(draft, key_name)
