"""The Flet app: entry point, root component and the one route table.

Routes (``page.route``; a reload keeps the screen, a second tab can open it):

===============================  ==========================================
``/``                            sessions (unfinished first)
``/new``                         new session
``/session/<id>``                a session's standings
``/session/<id>/hand``           enter the next hand
``/session/<id>/hand/<n>``       edit (or delete) hand ``n``
``/rules/<game>``                a game's rules in short
``/settings``                    language and theme
``/invite``                      invite a phone: the join link and QR code
``/stats``                       player statistics per game
``/trash``                       deleted sessions and hands: restore, delete for good
``/games``                       the custom games with the built-in ones
``/games/new[/<game>]``          a new game (from scratch or a copy)
``/games/edit/<game>``           change a custom game
``/games/share/<game>``          share a game: link, QR code, file
``/games/import``                add a shared game (pasted or a file)
``/game/import/<payload>``       a game's link: show it and add it
``/table``                       the table screen (TV): the session played last
``/table/<session>``             the table screen of one session (number or UUID)
===============================  ==========================================

:func:`run_app` opens a desktop window where possible and serves the web UI
otherwise; :func:`run_web` always serves the web UI (CDN off, loopback unless a
host is given) and prints the address.
"""

from __future__ import annotations

import contextvars
import logging
import os
import threading
from typing import TYPE_CHECKING

import flet as ft

from app import storage
from app.backups import backup_in_background
from app.i18n import _, negotiate_language, set_language
from app.messages import describe_error
from app.paths import ASSETS_DIR
from app.server.client import accept_language
from app.settings import load_settings
from app.ui import flet_fixes, preferences
from app.ui.common import (
    NAME_FONTS,
    TOUCH,
    WRITES_TOPIC,
    AppContext,
    name_text_theme,
    tagged,
    use_created,
)
from app.ui.game_editor import EditGameScreen, NewGameScreen
from app.ui.games import GamesScreen, ImportGameScreen, LinkImportScreen, ShareGameScreen
from app.ui.hand_entry import EditHandScreen, NewHandScreen
from app.ui.invite import InviteScreen, follow_door
from app.ui.new_session import NewSessionScreen
from app.ui.rules import RulesScreen
from app.ui.session import SessionScreen
from app.ui.sessions import SessionsScreen
from app.ui.settings import SettingsScreen
from app.ui.state import AppState
from app.ui.state.app_state import effective_language
from app.ui.stats import StatsScreen
from app.ui.table import TableScreen
from app.ui.text_styles import text_style
from app.ui.trash import TrashScreen
from app.web import DEFAULT_HOST, DEFAULT_PORT, desktop_available, serve
from models import live, live_file
from scoring import CodedError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = ["ROUTES", "App", "main", "run_app", "run_web"]

logger = logging.getLogger(__name__)

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
SEED = ft.Colors.TEAL
#: Flutter's locale for each language of the app.
LOCALES = {"nb": ft.Locale("nb", "NO"), "en": ft.Locale("en", "GB")}


def ROUTES() -> list[ft.Route]:
    """The route table (see the module docstring)."""
    return [
        ft.Route(index=True, component=SessionsScreen),
        ft.Route(path="new", component=NewSessionScreen),
        ft.Route(path="settings", component=SettingsScreen),
        ft.Route(path="invite", component=InviteScreen),
        ft.Route(path="stats", component=StatsScreen),
        ft.Route(path="trash", component=TrashScreen),
        ft.Route(path="rules/:game", component=RulesScreen),
        ft.Route(path="games", component=GamesScreen),
        ft.Route(path="games/new", component=NewGameScreen),
        ft.Route(path="games/new/:source", component=NewGameScreen),
        ft.Route(path="games/edit/:game", component=EditGameScreen),
        ft.Route(path="games/share/:game", component=ShareGameScreen),
        ft.Route(path="games/import", component=ImportGameScreen),
        ft.Route(path="game/import/:payload", component=LinkImportScreen),
        ft.Route(path="session/:sid", component=SessionScreen),
        ft.Route(path="session/:sid/rules/:game", component=RulesScreen),
        ft.Route(path="session/:sid/hand", component=NewHandScreen),
        ft.Route(path="session/:sid/hand/:number", component=EditHandScreen),
        ft.Route(path="table", component=TableScreen),
        ft.Route(path="table/:sid", component=TableScreen),
    ]


@ft.component
def NotFound() -> ft.Control:
    """Shown for an unknown address (``/table/1/2``): what happened, in the
    words of the server's own page for such an address
    (:func:`app.server.pages.not_found_page`), and a way back to the sessions."""
    return ft.SafeArea(
        content=ft.Container(
            content=ft.Column(
                [
                    ft.Icon(ft.Icons.SEARCH_OFF, size=48, color=ft.Colors.ON_SURFACE_VARIANT),
                    tagged(
                        "screen-not-found",
                        ft.Text(
                            _("Nothing here"),
                            theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                            text_align=ft.TextAlign.CENTER,
                        ),
                        header=True,
                    ),
                    ft.Text(
                        _("Kortpoeng has no page at this address."),
                        text_align=ft.TextAlign.CENTER,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    tagged(
                        "not-found-sessions",
                        ft.FilledButton(
                            _("Open the sessions"),
                            icon=ft.Icons.STYLE,
                            on_click=lambda _e: ft.context.page.navigate("/"),
                            height=TOUCH,
                        ),
                        button=True,
                    ),
                ],
                spacing=16,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                tight=True,
            ),
            alignment=ft.Alignment.CENTER,
            padding=24,
            expand=True,
        ),
        expand=True,
    )


@ft.component
def App(browser_language: str | None = None) -> ft.Control:
    """The root: one :class:`AppState` per tab, its language and theme applied
    (the server's saved settings first, then this browser's own, see
    :mod:`app.ui.preferences`; a tab that chose no language is shown the one
    its browser asks for, ``browser_language``), then the route table."""
    state = use_created(
        lambda: AppState(settings=load_settings(), browser_language=browser_language)
    )
    page = ft.context.page
    set_language(state.language)

    def on_resize(e: ft.PageResizeEvent) -> None:
        state.set_width(e.width)
        state.set_height(e.height)

    async def setup() -> None:
        state.set_width(page.width)
        state.set_height(page.height)
        page.on_resize = on_resize
        # This browser's (or device's) own language and theme, over the server default.
        state.device_settings(await preferences.load(state.settings))

    ft.use_effect(setup, [])

    def follow_other_tabs() -> None:
        # Another tab or phone saved something: show it here too. The handler
        # may run in the writer's context; the reload runs as this page's task
        # (page.run_task binds the page in a copy of the context). A tab that
        # is away (screen locked, closed) reloads when it connects again.
        async def reload() -> None:
            state.changed()

        def on_write(_topic: str, _session_id: int | None) -> None:
            try:
                connected = page.session.connection is not None
            except RuntimeError:  # this tab's session is gone
                connected = False
            if connected:
                contextvars.copy_context().run(page.run_task, reload)

        page.pubsub.subscribe_topic(WRITES_TOPIC, on_write)
        page.on_connect = lambda _e: state.connected()

    ft.use_effect(
        follow_other_tabs,
        [],
        cleanup=lambda: page.pubsub.unsubscribe_topic(WRITES_TOPIC),
    )

    def apply_theme() -> None:
        page.theme_mode = THEMES.get(state.settings.theme, ft.ThemeMode.SYSTEM)
        page.title = _("Kortpoeng")
        # Flutter's own words (a sheet's "Dismiss", tooltips) in the same language.
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=list(LOCALES.values()),
            current_locale=LOCALES.get(state.language, LOCALES["en"]),
        )
        page.update()

    ft.use_effect(apply_theme, [state.settings.theme, state.language])
    if not state.device_ready:  # a moment: never a flash of the wrong language
        return ft.Container()
    return AppContext(state, lambda: ft.Router(ROUTES(), not_found=NotFound))


def theme(*, dark: bool = False) -> ft.Theme:
    """The app's Material 3 theme (light and dark alike): the name fonts as
    every text style's fallback (:func:`app.ui.common.name_text_theme`), every icon button
    48 × 48 on every platform (Flutter draws them 40 × 40 where it assumes a
    mouse, e.g. a desktop browser), the touch target the whole app keeps;
    tooltips in 14-pixel text like the rest (Flutter draws them at 12 where it
    assumes a mouse) at more than 4.5:1: light on dark in the light theme
    (``dark=False``), dark on light in the dark one."""
    names = name_text_theme(ft.Colors.ON_SURFACE)
    return ft.Theme(
        color_scheme_seed=SEED,
        use_material3=True,
        text_theme=names,
        primary_text_theme=names,
        icon_button_theme=ft.IconButtonTheme(style=ft.ButtonStyle(padding=12)),
        tooltip_theme=ft.TooltipTheme(
            text_style=text_style(size=14, height=20 / 14, color="#1c1b1f" if dark else "#ffffff"),
            decoration=ft.BoxDecoration(bgcolor="#e6e1e5" if dark else "#313033", border_radius=4),
        ),
    )


@ft.component
def DatabaseProblem(message: str) -> ft.Control:
    """Shown instead of the app when its database cannot be used (damaged, made
    by a newer Kortpoeng, read-only, …): what is wrong and what to do, in
    words (never a blank page, never a library's text)."""
    return ft.SafeArea(
        content=ft.Container(
            content=ft.Column(
                [
                    tagged(
                        "screen-database-problem",
                        ft.Text(
                            _("Kortpoeng cannot use its database"),
                            theme_style=ft.TextThemeStyle.TITLE_LARGE,
                        ),
                        header=True,
                    ),
                    tagged("database-problem", ft.Text(message)),
                ],
                spacing=16,
            ),
            padding=24,
        ),
        expand=True,
    )


#: At most this many seconds the first page waits for the listener to listen.
LISTEN_WAIT_S = 5
_listener_lock = threading.Lock()
_listener: live.Listener | live_file.FileListener | None = None


def follow_other_processes(engine: Engine, page: ft.Page) -> None:
    """Once per process, on a database other processes may write to
    (PostgreSQL): listen for their writes and pass each on to this process's
    tabs as a local write (:mod:`models.live`); each time it listens again
    after losing the server, every tab reloads (what was saved meanwhile was
    never told). Flet's pub/sub hub is the process's one, reached through
    this first page's client. On a SQLite file the other processes are
    other servers and the command line on the same file: their commits are
    followed by :class:`models.live_file.FileListener` (every tab reloads)."""
    global _listener
    if not live.shared(engine) and live_file.watched_file(engine) is None:
        return
    with _listener_lock:
        if _listener is not None and _listener.is_alive():
            return
        hub = page.pubsub

        def on_write(session_id: int | None) -> None:  # None: listening again, reload all
            hub.send_all_on_topic(WRITES_TOPIC, session_id)

        if live.shared(engine):
            _listener = live.Listener(engine, on_write)
        else:  # another server or the command line on the same SQLite file (issue 26)
            _listener = live_file.FileListener(engine, on_write)
        _listener.start()
        # Listening before this first page shows: a write made elsewhere
        # meanwhile is not missed (bounded: a server that does not answer
        # leaves the app as it is, and the thread keeps trying).
        _listener.ready.wait(LISTEN_WAIT_S)


def main(page: ft.Page) -> None:
    """Flet entry point for one session (browser tab or window)."""
    flet_fixes.apply()  # idempotent; see the module for why
    page.title = "Kortpoeng"
    # The shipped fonts (app.fonts) are every text style's fallback; the web
    # client also has them from its font manifest (assets/assets/FontManifest.json).
    # The client never fetches a font from elsewhere (no_cdn, assets/index.html).
    page.fonts = dict(NAME_FONTS)
    page.theme = theme()
    page.dark_theme = theme(dark=True)
    page.padding = 0
    page.spacing = 0
    # The language the browser asks for, where this tab is a browser's.
    browser = negotiate_language(accept_language())
    try:
        engine = storage.engine()  # create and migrate the database before the first screen
    except CodedError as problem:  # logged (the cause) where it was raised
        set_language(effective_language(load_settings().language, browser=browser))
        page.render(DatabaseProblem, describe_error(problem))
        return
    backup_in_background(engine)  # the day's automatic backup, once per process
    follow_other_processes(engine, page)
    page.render(App, browser)


def run_web(
    host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, db: str | os.PathLike[str] | None = None
) -> int:
    """Serve the web UI on ``host:port`` until Ctrl+C / SIGTERM (blocks); the
    Flutter client from the installed package (no CDN). Prints the address to
    open (and, beyond loopback, the join link). A database that cannot be used
    is said on every page (:func:`DatabaseProblem`); the command line says it
    before serving (``kortpoeng web`` exits 3). ``db``: the database
    (``--db``; :func:`app.storage.choose`). Returns the exit status
    (:class:`app.cli.status.ExitStatus`)."""
    logging.basicConfig(level=os.environ.get("KORTPOENG_LOG", "WARNING"))
    storage.choose(db)
    try:
        backup_in_background(storage.engine())
    except CodedError:
        logger.warning("Serving a page that says why the database cannot be used")
    return serve(main, host=host, port=port, before_main=follow_door)


def run_app(db: str | os.PathLike[str] | None = None) -> None:
    """A desktop window where a display and Flet's desktop client are present,
    otherwise the web UI on loopback (see :func:`run_web`), on the database
    ``db`` (``--db``; :func:`app.storage.choose`)."""
    logging.basicConfig(level=os.environ.get("KORTPOENG_LOG", "WARNING"))
    storage.choose(db)
    if desktop_available():
        ft.run(main, assets_dir=str(ASSETS_DIR))
    else:
        logger.info("No desktop window here: serving the web UI")
        run_web(db=db)


if __name__ == "__main__":
    raise SystemExit(run_web(port=int(os.environ.get("FLET_SERVER_PORT") or DEFAULT_PORT)))
