"""The games screens: the custom games with the built-in ones (``/games``),
sharing a game as a link, its QR code or a file (``/games/share/<game>``),
adding one from pasted text or a file (``/games/import``) and opening a
game's link (``/game/import/<payload>``, what the QR code opens on another
phone at the same server).

Adding the same game twice adds nothing; a different game with the same id
asks: keep both (the new one under a new id and a numbered name) or replace
the stored one. Sessions already played keep their rules either way.

Semantics identifiers: ``games-new``, ``games-import``, ``game-<id>`` with
``game-edit-<id>``, ``game-share-<id>``, ``game-copy-<id>``,
``game-delete-<id>`` (and ``game-delete-confirm-<id>``); ``share-qr``,
``share-link``, ``share-file``, ``share-too-large``; ``import-text``, ``import-file``,
``import-read``, ``import-add``, ``import-keep-both``, ``import-replace``,
``import-done``, ``import-start``, ``import-problem``, ``game-preview``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast
from urllib.parse import urlsplit

import flet as ft

from app.game_link import MAX_LINK, link_for
from app.game_text import rules_in_words
from app.i18n import _
from app.messages import game_description, game_name
from app.ui.common import (
    TOUCH,
    Screen,
    TypedTexts,
    describe_problem,
    go,
    loading_screen,
    section_title,
    tagged,
    text_field,
    use_app,
    use_created,
    use_loaded,
)
from app.ui.dialogs import use_said
from app.ui.loading import page_ports
from app.ui.state.games_screen import AddGame as AddGameModel
from app.ui.state.games_screen import (
    GamesScreen as GamesModel,
)
from app.ui.state.games_screen import (
    load_game,
    load_games,
    outcome_text,
    share_file,
)
from app.ui.state.views import GameEntry, OnConflict
from scoring import GameDefinition

__all__ = [
    "GamesScreen",
    "ImportGameScreen",
    "LinkImportScreen",
    "ShareGameScreen",
    "origin_of",
    "qr_of_link",
]

logger = logging.getLogger(__name__)


def origin_of(page: ft.Page) -> str:
    """``http://host:port`` as this tab reached the server (from its websocket)."""
    url = urlsplit(page.url or "")
    scheme = "https" if url.scheme in ("wss", "https") else "http"
    return f"{scheme}://{url.netloc}" if url.netloc else ""


def qr_of_link(link: str) -> bytes | None:
    """The QR code of ``link`` as a PNG, or ``None`` when the link is too long
    for one (a very large game: share the file instead)."""
    import io

    import segno
    from segno import DataOverflowError

    try:
        code = segno.make(link, error="l", micro=False)
    except DataOverflowError:
        return None
    out = io.BytesIO()
    code.save(out, kind="png", scale=4, border=4)
    return out.getvalue()


# -- the list ---------------------------------------------------------------------


@ft.component
def GameRow(entry: GameEntry, model: GamesModel) -> ft.Control:
    """One game: its name and what can be done with it."""
    gid = entry.game_id
    confirming = model.confirming == gid
    actions: list[ft.Control] = []
    if not entry.builtin:
        actions.append(
            tagged(
                f"game-edit-{gid}",
                ft.IconButton(
                    icon=ft.Icons.EDIT_OUTLINED,
                    tooltip=_("Change"),
                    on_click=lambda _e: go(f"/games/edit/{gid}"),
                ),
            )
        )
    if entry.definition is not None:
        actions += [
            tagged(
                f"game-copy-{gid}",
                ft.IconButton(
                    icon=ft.Icons.COPY_ALL_OUTLINED,
                    tooltip=_("Make a copy to change"),
                    on_click=lambda _e: go(f"/games/new/{gid}"),
                ),
            ),
            tagged(
                f"game-share-{gid}",
                ft.IconButton(
                    icon=ft.Icons.SHARE_OUTLINED,
                    tooltip=_("Share"),
                    on_click=lambda _e: go(f"/games/share/{gid}"),
                ),
            ),
        ]
    actions.append(
        tagged(
            f"game-rules-{gid}",
            ft.IconButton(
                icon=ft.Icons.MENU_BOOK_OUTLINED,
                tooltip=_("Rules"),
                on_click=lambda _e: go(f"/rules/{gid}"),
            ),
        )
    )
    if not entry.builtin:
        actions.append(
            tagged(
                f"game-delete-{gid}",
                ft.IconButton(
                    icon=ft.Icons.DELETE_OUTLINE,
                    tooltip=_("Delete"),
                    on_click=lambda _e: model.ask_delete(gid),
                ),
            )
        )

    async def delete(_e: ft.Event) -> None:
        await model.delete(entry)

    rows: list[ft.Control] = [
        ft.Text(game_name(entry.definition or gid), weight=ft.FontWeight.W_600, size=16),
        ft.Text(
            game_description(entry.definition or gid),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
            max_lines=3,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
        ft.Row(actions, wrap=True, spacing=0),
    ]
    if confirming:
        rows.append(
            ft.Text(
                _("Delete this game? Sessions played with it keep their rules."),
                weight=ft.FontWeight.W_600,
            )
        )
        rows.append(
            ft.Row(
                [
                    tagged(
                        f"game-delete-confirm-{gid}",
                        ft.FilledButton(
                            _("Delete"),
                            on_click=delete,
                            height=TOUCH,
                            style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                        ),
                        button=True,
                    ),
                    ft.TextButton(
                        _("Cancel"), on_click=lambda _e: model.cancel_delete(), height=TOUCH
                    ),
                ],
                wrap=True,
            )
        )
    return tagged(
        f"game-{gid}",
        ft.Container(
            content=ft.Column(rows, spacing=2),
            padding=ft.Padding.only(left=12, top=10, bottom=4, right=4),
            border_radius=12,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ),
    )


@ft.component
def GamesScreen() -> ft.Control:
    """``/games``: the custom games first, then the built-in ones."""
    app = use_app()
    model = use_created(lambda: GamesModel(app=app, ports=page_ports()))
    loaded = use_loaded(load_games, [app.revision])
    use_said(model.said, model.unsay)

    body: list[ft.Control] = [
        ft.Row(
            [
                tagged(
                    "games-new",
                    ft.FilledButton(
                        _("New game"),
                        icon=ft.Icons.ADD,
                        on_click=lambda _e: go("/games/new"),
                        height=TOUCH,
                    ),
                    button=True,
                ),
                tagged(
                    "games-import",
                    ft.OutlinedButton(
                        _("Add a shared game"),
                        icon=ft.Icons.DOWNLOAD,
                        on_click=lambda _e: go("/games/import"),
                        height=TOUCH,
                    ),
                    button=True,
                ),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )
    ]
    if loaded.error is not None:
        body.append(ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR))
    games = loaded.value or ()
    mine = [g for g in games if not g.builtin]
    body.append(section_title(_("Your games")))
    if mine:
        body += [GameRow(g, model, key=f"g-{g.game_id}") for g in mine]  # type: ignore[call-arg]  # ft.component takes key=
    elif not loaded.loading:
        body.append(
            ft.Text(
                _(
                    "None yet. Make one from scratch, copy a built-in game to change it, "
                    "or add one another family shared."
                ),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    body.append(section_title(_("Built-in games")))
    body += [GameRow(g, model, key=f"g-{g.game_id}") for g in games if g.builtin]  # type: ignore[call-arg]  # ft.component takes key=
    return Screen(_("Games"), body, back="/new", screen_id="screen-games")


# -- sharing -----------------------------------------------------------------------


@ft.component
def ShareGameScreen() -> ft.Control:
    """``/games/share/<game>``: the game's link, its QR code and its file."""
    app = use_app()
    game_id = ft.use_route_params().get("game", "")
    model = use_created(lambda: GamesModel(app=app, ports=page_ports()))
    loaded = use_loaded(load_game(game_id), [game_id])
    use_said(model.said, model.unsay)
    picker = ft.use_ref(cast("ft.FilePicker | None", None))
    page = ft.context.page
    if loaded.loading:
        return loading_screen(_("Share a game"), back="/games")
    entry = loaded.value
    if entry is None or entry.definition is None:
        problem = (
            describe_problem(loaded.error)
            if loaded.error
            else _("This game has no definition to share")
        )
        return Screen(_("Share a game"), [ft.Text(problem, color=ft.Colors.ERROR)], back="/games")
    definition = entry.definition
    link: str | None = link_for(origin_of(page), definition)
    if link is not None and len(link) > MAX_LINK:
        link = None  # the server would not open it: the file only
    png = qr_of_link(link) if link is not None else None

    async def save_file(_e: ft.Event) -> None:
        if picker.current is None:
            picker.current = ft.FilePicker()
        name, data = share_file(entry)
        await picker.current.save_file(
            dialog_title=_("Save the game"), file_name=name, src_bytes=data
        )
        model.saved(name)

    body: list[ft.Control] = [
        ft.Text(
            _(
                "Another phone at this table opens the game by scanning the code or opening "
                "the link, and adds it with one tap. The link carries the whole game."
            )
        )
    ]
    if png is not None:
        body.append(
            ft.Row(
                [
                    tagged(
                        "share-qr",
                        ft.Container(
                            content=ft.Image(src=png, width=300, height=300),
                            bgcolor=ft.Colors.WHITE,
                            border_radius=12,
                            padding=8,
                        ),
                        label=_("QR code of the game's link"),
                        image=True,
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        )
    elif link is not None:
        body.append(
            ft.Text(
                _("This game is too large for a QR code: share the link or the file."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    else:
        body.append(
            tagged(
                "share-too-large",
                ft.Text(
                    _("This game is too large for a link or a QR code: share the file."),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            )
        )
    if link is not None:
        body += [
            section_title(_("Link")),
            tagged(
                "share-link",
                ft.ListTile(
                    title=ft.Text(link, size=14, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
                    trailing=ft.Icon(ft.Icons.CONTENT_COPY),
                    action=ft.CopyToClipboard(link),
                    on_click=lambda _e: model.copied(),
                    tooltip=_("Copy the link"),
                    min_height=48,
                ),
                button=True,
                value=link,
            ),
        ]
    body += [
        section_title(_("File")),
        tagged(
            "share-file",
            ft.OutlinedButton(
                _("Save the game as a file"),
                icon=ft.Icons.SAVE_ALT,
                on_click=save_file,
                height=TOUCH,
            ),
            button=True,
        ),
    ]
    return Screen(
        _("Share {game}", game=game_name(definition)), body, back="/games", screen_id="screen-share"
    )


# -- adding a shared game ----------------------------------------------------------------


@ft.component
def GamePreviewCard(definition: GameDefinition) -> ft.Control:
    """A game about to be added: its name and its rules in words."""
    rows: list[ft.Control] = [
        ft.Text(game_name(definition), theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
    ]
    for heading, text in rules_in_words(definition):
        rows.append(ft.Text(heading, weight=ft.FontWeight.W_600, size=14))
        rows.append(ft.Text(text, size=14))
    return tagged(
        "game-preview",
        ft.Container(
            content=ft.Column(rows, spacing=2),
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


@ft.component
def AddGame(model: AddGameModel, definition: GameDefinition) -> ft.Control:
    """The game read from a link, a file or pasted text (``definition``), and
    "Add" (with the question when a different game has its id)."""

    def adder(on_conflict: OnConflict) -> Callable[[ft.Event], Awaitable[None]]:
        async def handler(_e: ft.Event) -> None:
            await model.add(on_conflict)

        return handler

    body: list[ft.Control] = [GamePreviewCard(definition)]
    added = model.added
    if added is not None:
        body.append(tagged("import-done", ft.Text(outcome_text(added), weight=ft.FontWeight.W_600)))
        body.append(
            tagged(
                "import-start",
                ft.FilledButton(
                    _("Start a session of it"),
                    icon=ft.Icons.PLAY_ARROW,
                    on_click=lambda _e, g=added.entry.game_id: model.start(g),
                    height=52,
                    width=float("inf"),
                ),
                button=True,
            )
        )
        return ft.Column(body, spacing=10)
    if model.refusal is not None:
        body.append(
            tagged(
                "import-problem",
                ft.Text(describe_problem(model.refusal), color=ft.Colors.ERROR),
            )
        )
    if model.conflict:
        buttons: list[ft.Control] = [
            tagged(
                "import-keep-both",
                ft.FilledButton(_("Keep both"), on_click=adder("keep_both"), height=TOUCH),
                button=True,
            )
        ]
        if not model.conflict_builtin:
            buttons.append(
                tagged(
                    "import-replace",
                    ft.OutlinedButton(_("Replace mine"), on_click=adder("replace"), height=TOUCH),
                    button=True,
                )
            )
        body.append(ft.Row(buttons, wrap=True, spacing=8))
    else:
        body.append(
            tagged(
                "import-add",
                ft.FilledButton(
                    _("Add the game"),
                    icon=ft.Icons.ADD,
                    on_click=adder("ask"),
                    disabled=model.busy,
                    height=52,
                    width=float("inf"),
                ),
                button=True,
            )
        )
    return ft.Column(body, spacing=10)


def _read_or_problem(model: AddGameModel) -> list[ft.Control]:
    """What was read: the game and its "Add", or why it is no game."""
    if model.problem is not None:
        return [
            tagged(
                "import-problem", ft.Text(describe_problem(model.problem), color=ft.Colors.ERROR)
            )
        ]
    if model.read is not None:
        return [AddGame(model, model.read.definition, key=model.read.text[:64])]  # type: ignore[call-arg]  # ft.component takes key=
    return []


@ft.component
def LinkImportScreen() -> ft.Control:
    """``/game/import/<payload>``: the game a link (or its QR code) carries."""
    app = use_app()
    payload = ft.use_route_params().get("payload", "")
    model = use_created(lambda: AddGameModel(app=app, ports=page_ports()))
    ft.use_memo(lambda: model.read_link(payload), [payload])
    return Screen(
        _("A shared game"), _read_or_problem(model), back="/games", screen_id="screen-game-import"
    )


@ft.component
def ImportGameScreen() -> ft.Control:
    """``/games/import``: paste a game's link or text, or open its file."""
    app = use_app()
    text, set_text = ft.use_state("")
    model = use_created(lambda: AddGameModel(app=app, ports=page_ports()))
    picker = ft.use_ref(cast("ft.FilePicker | None", None))
    texts = use_created(TypedTexts)

    def read_text(_e: ft.Event | None = None) -> None:
        model.read_text(text)

    async def open_file(_e: ft.Event) -> None:
        if picker.current is None:
            picker.current = ft.FilePicker()
        files = await picker.current.pick_files(
            dialog_title=_("Open a game file"), with_data=True, allow_multiple=False
        )
        if not files:
            return
        chosen: Any = files[0]
        model.read_file(chosen.bytes or b"")

    body: list[ft.Control] = [
        ft.Text(_("Paste the link another phone shared, or the game's file, or open the file.")),
        tagged(
            "import-text",
            text_field(
                texts,
                "import-text",
                text,
                set_text,
                label=_("Link or game text"),
                multiline=True,
                min_lines=2,
                max_lines=6,
            ),
            textfield=True,
        ),
        ft.Row(
            [
                tagged(
                    "import-read",
                    ft.FilledTonalButton(_("Read it"), on_click=read_text, height=TOUCH),
                    button=True,
                ),
                tagged(
                    "import-file",
                    ft.OutlinedButton(
                        _("Open a file"),
                        icon=ft.Icons.FOLDER_OPEN,
                        on_click=open_file,
                        height=TOUCH,
                    ),
                    button=True,
                ),
            ],
            wrap=True,
            spacing=8,
        ),
        *_read_or_problem(model),
    ]
    return Screen(_("Add a shared game"), body, back="/games", screen_id="screen-games-import")
