"""Small building blocks every screen shares: the screen frame, tagged controls,
the app context, and how a problem is put into words.

Controls that tests (and screen readers) need are wrapped in
``ft.Semantics(identifier=…)`` through :func:`tagged`; the identifiers are
stable across languages.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

import flet as ft
from sqlalchemy.engine import Engine

from app import storage
from app.fonts import DEJAVU, EMOJI
from app.i18n import _, format_number
from app.messages import describe_error
from app.ui.state import MAX_CONTENT, AppState
from app.ui.state.double_tap import Cover, Presses
from app.ui.state.typed_sum import shown_sum
from app.ui.text_styles import PAGE_FONTS, text_style
from models import services
from models.errors import DatabaseFault
from models.views import SessionView
from scoring import CodedError

__all__ = [
    "EMOJI_FONT",
    "NAME_FONTS",
    "WRITES_TOPIC",
    "AppContext",
    "ArrivalGuard",
    "NoticeBar",
    "Screen",
    "TypedTexts",
    "announce",
    "announce_games",
    "chosen",
    "describe_problem",
    "go",
    "go_back",
    "go_replace",
    "name_text_theme",
    "number_field",
    "section_title",
    "sum_suffix",
    "switched",
    "tagged",
    "text_field",
    "use_app",
    "watching",
]

#: A font with the suit symbols ♠ ♥ ♦ ♣ (Roboto has none), served from assets/fonts.
SUIT_FONT = DEJAVU.family
#: Monochrome emoji (Noto Emoji, OFL), served from assets/fonts.
EMOJI_FONT = EMOJI.family
#: The fonts the app ships, by family, as ``page.fonts`` wants them (paths
#: inside assets/): every text style's fallback (:mod:`app.fonts`).
NAME_FONTS: dict[str, str] = PAGE_FONTS
#: Smallest touch target, in logical pixels.
TOUCH = 48

logger = logging.getLogger(__name__)

AppContext = ft.create_context(cast("AppState | None", None))


def name_text_theme(color: ft.ColorValue | None = None) -> ft.TextTheme:
    """A text theme whose every style falls back to the shipped fonts
    (:data:`NAME_FONTS`) for letters the default font lacks.

    Flutter's web client draws a letter missing from a style's fonts with a
    font it downloads from Google's font host (or, served without a CDN, from
    a path that has no fonts); a family Wi-Fi without internet then shows
    boxes. With the shipped fonts as every style's fallback, an emoji or an
    Arabic or Hebrew name is drawn from them, and no font is fetched.

    ``color``: every style's colour. A theme's text styles given without one
    are drawn in the light theme's dark ink in the dark theme as well (a text
    with its own size or weight was dark on dark); the app passes the
    theme's "on surface" colour.
    """
    style = text_style(color=color)
    return ft.TextTheme(**{field.name: style for field in dataclasses.fields(ft.TextTheme)})


S = TypeVar("S")


def use_created(factory: Callable[[], S]) -> S:
    """A value made by ``factory`` when the component first renders and kept
    for its life (``ft.use_state`` with a factory, typed: Flet's own signature,
    ``initial: S | Callable[[], S]``, leaves a type checker unable to tell)."""
    value, _set = ft.use_state(cast("Callable[[], Any]", factory))
    return cast("S", value)


def use_app() -> AppState:
    """The tab's :class:`AppState` (from the root component)."""
    state = ft.use_context(AppContext)
    if state is None:  # pragma: no cover - only outside App
        raise RuntimeError("use_app() outside the app")
    return state


#: The pub/sub topic on which a tab tells the others (phones and tabs on the
#: same server) that it wrote to a session; the message is the session's id.
WRITES_TOPIC = "kortpoeng.writes"


def announce(session_id: int) -> None:
    """Tell the other tabs and phones that session ``session_id`` changed, so
    that each shows the saved hands without a reload (see ``app.main.App``):
    this process's by Flet's pub/sub, other processes sharing the database
    server by :func:`models.live.tell`.
    Call after a write succeeded; a failure to tell is logged, never raised."""
    try:
        ft.context.page.pubsub.send_others_on_topic(WRITES_TOPIC, session_id)
    except Exception:  # the write is saved; the others see it on their next load
        logger.warning("Could not tell the other tabs about session %s", session_id, exc_info=True)
    from app import storage
    from models import live

    try:  # other processes on the same database server (models.live)
        live.tell(storage.engine(), session_id)
    except Exception:  # the write is saved; their phones see it on their next load
        logger.warning("Could not tell other processes about session %s", session_id)


def announce_games() -> None:
    """Tell the other tabs and phones that the custom games changed (they
    reload what they show, as after a session's write)."""
    announce(0)


def go(route: str) -> None:
    """Navigate to ``route``: the browser pushes the address (history and reload
    follow) and the router re-renders when it reports the change."""
    ft.context.page.navigate(route)


#: Route endings the web page's history script (``assets/index.html``) acts on.
BACK_MARK = "#kp-back"
REPLACE_MARK = "#kp-replace"


def go_back(route: str) -> None:
    """Return to ``route`` (a screen's back arrow, a saved or abandoned entry):
    in a browser, its own back when the screen was opened from ``route`` — so
    the entry screen leaves the history, and the next back goes where the
    user came from before — else ``route`` replaces this history entry. Flet
    only pushes routes; ``assets/index.html`` reads the ending."""
    ft.context.page.navigate(route + BACK_MARK)


def go_replace(route: str) -> None:
    """Show ``route`` in place of this history entry (a form that is done, such
    as a started session's form: back never shows it again)."""
    ft.context.page.navigate(route + REPLACE_MARK)


def tagged(identifier: str, control: ft.Control, **semantics: Any) -> ft.Semantics:
    """``control`` wrapped in ``ft.Semantics`` with a stable ``identifier``.

    The identifier is also the control's ``key``, so a node whose identifier
    changes is replaced rather than patched (Flutter web keeps the old
    ``flt-semantics-identifier`` on a patched node). A Material button is a
    button to a screen reader already: ``button=True`` is dropped for one, so
    it is not announced twice.
    """
    if isinstance(control, _BUTTONS):
        semantics.pop("button", None)
    return ft.Semantics(identifier=identifier, content=control, key=identifier, **semantics)


#: Controls that are buttons in the accessibility tree by themselves.
_BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton, ft.IconButton)


# A handler reads what the browser sent with its event, never the control's
# ``value``. The browser applies a tap to its control at once, but the handler
# runs later (one task per event). A redraw asked for in between by an earlier
# tap's handler replaces the control with one drawn from the model, which does
# not know this tap yet: its ``value`` (and the screen, which the redraw sets
# back) holds the old state, and the tap would be lost. Under load, two of
# three quick taps on the new-session switches were lost that way.


def switched(e: ft.Event, now: bool) -> bool:
    """The state a switch was turned to by the tap behind ``e`` (a
    ``Switch``'s ``on_change``): the value the browser sent with the event.
    ``now`` is the model's state as the handler runs; it is turned over for
    an event that carries no state (see the note above)."""
    data = e.data
    if isinstance(data, bool):
        return data
    if isinstance(data, str) and data.lower() in {"true", "false"}:
        return data.lower() == "true"
    return not now


def chosen(e: ft.Event) -> str:
    """The key the finger chose in a menu (a ``Dropdown``'s ``on_select``):
    the value the browser sent with the event (see the note above); ``""``
    for an event that carries none."""
    data = e.data
    return "" if data is None else str(data)


def describe_problem(error: BaseException | None) -> str:
    """A translated sentence for any error a screen shows: the one describer,
    :func:`app.messages.describe_error` (coded errors in words; anything else a
    plain sentence, never a library's own text), without the stored ids a
    command takes (``H23``). ``None`` (nothing loaded and
    no reason given, e.g. ``Loaded.error`` of an empty answer) gets the plain
    "nothing was changed" sentence too."""
    if error is None:
        return _("Something went wrong; nothing was changed")
    return describe_error(error, ids=False)


def section_title(text: str) -> ft.Control:
    """A small heading above a group of controls."""
    return ft.Container(
        content=ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_SMALL, color=ft.Colors.PRIMARY),
        padding=ft.Padding.only(top=12, bottom=4),
    )


#: Seconds between the tries of a lift whose redraw has not come (see
#: :func:`_timed_lift`), and how many tries at most (about 30 s in all).
LIFT_RETRY = 0.5
LIFT_TRIES = 60


@dataclass
class _GuardLife:
    """What an arrival guard knows of itself between its renders.

    Attributes:
        cover: what it covers and until when (:meth:`Presses.cover
            <app.ui.state.double_tap.Presses.cover>` as its screen appeared),
            or ``None``: nothing (no tap brought the screen, or that tap's
            double-tap time was over before it appeared).
        drawn_past: a render after its time has happened (it drew no cover).
        gone: its screen has gone, or its lift is about to start again
            (the running lift stops trying).
    """

    cover: Cover | None
    drawn_past: bool = False
    gone: bool = False

    @property
    def until(self) -> float:
        """When its cover goes (:func:`time.monotonic` seconds; 0 for none)."""
        return self.cover.until if self.cover is not None else 0.0

    def past(self) -> bool:
        """Whether its time is over (it draws no cover)."""
        return time.monotonic() >= self.until


async def _timed_lift(life: _GuardLife, redraw: Callable[[], None]) -> None:
    """Wait until ``life.until``, then ask for a redraw (which draws no
    cover) until one has happened: every :data:`LIFT_RETRY` seconds, at most
    :data:`LIFT_TRIES` times.

    A redraw asked for while the tab has no connection is dropped by Flet
    (and so is one that was due when the socket closed); the next try,
    once the tab is back, is not."""
    await asyncio.sleep(max(0.0, life.until - time.monotonic()))
    for _try in range(LIFT_TRIES):
        if life.drawn_past or life.gone:
            return
        redraw()
        await asyncio.sleep(LIFT_RETRY)


@ft.component
def ArrivalGuard(presses: Presses, revision: int = 0) -> ft.Control:
    """What a screen that has just appeared drops: the second tap of the
    double tap that brought it, and no other tap. A transparent square
    around the tap that brought the screen (``presses``, the tab's last
    presses), for what is left of that tap's double-tap time
    (:mod:`app.ui.state.double_tap`): a tap anywhere else, or after that
    time, lands. Nothing at all when no tap brought the screen (a reload,
    the keyboard, a screen reader) or the screen came after that time. It
    is a node of the accessibility tree (named by the screen).

    Whether it is drawn is a matter of its time alone, so the cover cannot
    outlive its time, whatever happens to one redraw (an update that Flet
    drops while the socket is closed, a redraw that never reaches the
    phone): the timed lift asks for redraws until one has happened
    (:func:`_timed_lift`), any other redraw after the time draws no cover,
    and a tap on it after the time asks for one. ``revision`` is the tab's
    :attr:`AppState.revision`, bumped when the tab connects again, so the
    timed lift starts again then (its time is kept: a late lift waits no
    longer than the rest of it).
    """
    life: _GuardLife = use_created(lambda: _GuardLife(presses.cover(time.monotonic())))
    _redraws, set_redraws = ft.use_state(0)

    def redraw() -> None:
        set_redraws(lambda count: count + 1)  # a new value: always an update

    async def lift_in_time() -> None:
        life.gone = False  # (set by the cleanup before a re-run)
        await _timed_lift(life, redraw)

    def leave() -> None:
        life.gone = True  # the screen has gone, or the lift starts again

    def tapped(_e: ft.Event) -> None:
        if life.past():
            redraw()

    ft.use_effect(lift_in_time, [revision], cleanup=leave)
    cover = life.cover
    if cover is None or life.past():
        life.drawn_past = True
        return ft.Container(width=0, height=0)
    return ft.Container(
        content=tagged(
            "arrival-guard",
            ft.Container(expand=True, on_click=tapped, bgcolor=ft.Colors.TRANSPARENT),
            label=_("Opening…"),
            expand=True,
        ),
        left=cover.left,
        top=cover.top,
        width=cover.side,
        height=cover.side,
    )


@ft.component
def Screen(
    title: str,
    body: Sequence[ft.Control],
    *,
    back: str | None = None,
    actions: Sequence[ft.Control] = (),
    bottom: ft.Control | None = None,
    screen_id: str = "",
    on_back: Callable[[], Any] | None = None,
    padding: int = 16,
) -> ft.Control:
    """The frame of a screen: a top bar (back, title, actions), the scrolling body
    in a column at most :data:`app.ui.state.MAX_CONTENT` wide, and an optional
    bottom bar that stays in view (the save button). Where each press goes
    down and when it lifts is noted (the tab's presses), so that the screen
    that a tap brings drops the second tap of a double tap, and nothing else
    (:func:`ArrivalGuard`).

    Args:
        title: the screen's title (translated).
        body: the controls of the body, top to bottom.
        back: route the back arrow returns to (:func:`go_back`), or ``None``
            for no arrow.
        actions: icon buttons at the right of the top bar.
        bottom: a control pinned to the bottom (e.g. the save bar).
        screen_id: semantics identifier of the title (``screen-<name>``).
        on_back: called instead of returning to ``back`` when the arrow is
            tapped (e.g. to ask before unsaved changes are left).
        padding: the body's left and right padding, in logical pixels.
    """
    app = use_app()
    width = min(app.width, MAX_CONTENT)
    leading: list[ft.Control] = []
    if back is not None:

        def leave(_e: ft.Event) -> Any:
            if on_back is not None:
                return on_back()
            go_back(back)
            return None

        leading.append(
            tagged(
                "nav-back",
                ft.IconButton(icon=ft.Icons.ARROW_BACK, tooltip=_("Back"), on_click=leave),
                button=True,
                label=_("Back"),
            )
        )
    bar = ft.Container(
        content=ft.Row(
            [
                *leading,
                ft.Container(
                    content=tagged(
                        screen_id or "screen-title",
                        ft.Text(
                            title,
                            theme_style=ft.TextThemeStyle.TITLE_LARGE,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        header=True,
                    ),
                    expand=True,
                    padding=ft.Padding.only(left=0 if leading else 8),
                ),
                *actions,
            ],
            spacing=4,
        ),
        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )
    column = ft.Column(
        [
            ft.Row(
                [
                    ft.Container(
                        content=ft.Column(list(body), spacing=8),
                        width=width,
                        padding=ft.Padding.only(left=padding, right=padding, top=8, bottom=24),
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    parts: list[ft.Control] = [bar, column]
    if bottom is not None:
        parts.append(
            ft.Container(
                content=ft.Row(
                    [
                        ft.Container(
                            content=bottom,
                            width=width,
                            padding=ft.Padding.symmetric(horizontal=16, vertical=8),
                        )
                    ],
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER,
            )
        )
    frame = ft.Column(parts, spacing=0, expand=True)
    presses = app.memory.presses

    def pressed(e: ft.DragDownEvent[ft.GestureDetector]) -> None:
        # every press, whatever takes it (the detector only watches: a pan
        # is never what the screen is for, so it never takes a tap)
        local, page = e.local_position, e.global_position
        presses.origin = (page.x - local.x, page.y - local.y)
        presses.pressed(local.x, local.y, time.monotonic())

    def lifted(_e: ft.Event[ft.GestureDetector]) -> None:
        presses.lifted(time.monotonic())

    return ft.SafeArea(
        content=ft.GestureDetector(
            content=ft.Stack([frame, ArrivalGuard(presses, app.revision)], expand=True),
            on_pan_down=pressed,
            on_pan_cancel=lifted,
            on_pan_end=lifted,
            exclude_from_semantics=True,
            expand=True,
        ),
        expand=True,
    )


def watching(presses: Presses, control: ft.Control) -> ft.Control:
    """``control`` (a dialog's button, drawn over the screen, out of the
    screen's own watch) with its presses noted in ``presses`` as a screen
    notes its own (:func:`Screen`): a double tap on it that brings a screen
    is known there (:func:`ArrivalGuard`)."""

    def pressed(e: ft.DragDownEvent[ft.GestureDetector]) -> None:
        presses.pressed_on_page(e.global_position.x, e.global_position.y, time.monotonic())

    def lifted(_e: ft.Event[ft.GestureDetector]) -> None:
        presses.lifted(time.monotonic())

    return ft.GestureDetector(
        content=control,
        on_pan_down=pressed,
        on_pan_cancel=lifted,
        on_pan_end=lifted,
        exclude_from_semantics=True,
    )


@ft.component
def NoticeBar(app: AppState, session_id: int | None) -> ft.Control:
    """The last notice (a deletion with its undo…) at the top of a screen's
    body: inline, never over a button, until undone, dismissed or replaced.
    Shows nothing when the notice is about another session (``session_id``
    ``None``: the session list's own notices)."""
    notice = app.notice
    if notice is None or notice.session_id != session_id:
        return ft.Container(height=0)
    busy, set_busy = ft.use_state(False)

    async def undo(_e: ft.Event) -> None:
        if busy or notice.undo is None:
            return
        set_busy(True)
        try:
            problem = await notice.undo()
        finally:
            set_busy(False)
        if problem:
            app.notify(notice.identifier, problem, session_id=notice.session_id)
        elif app.notice is notice:  # (an action may have said something of its own)
            app.clear_notice()

    buttons: list[ft.Control] = []
    if notice.undo is not None:
        buttons.append(
            tagged(
                "notice-undo",
                ft.TextButton(
                    notice.action or _("Undo"),
                    icon=None if notice.action else ft.Icons.UNDO,
                    on_click=undo,
                    height=TOUCH,
                ),
                button=True,
            )
        )
    buttons.append(
        tagged(
            "notice-close",
            ft.IconButton(
                icon=ft.Icons.CLOSE, tooltip=_("Close"), on_click=lambda _e: app.clear_notice()
            ),
            button=True,
            label=_("Close"),
        )
    )
    return ft.Container(
        content=ft.Row(
            [
                ft.Container(
                    content=tagged(
                        notice.identifier,
                        ft.Text(notice.text, color=ft.Colors.ON_SECONDARY_CONTAINER),
                        live_region=True,
                    ),
                    expand=True,
                ),
                *buttons,
            ],
            spacing=4,
        ),
        padding=ft.Padding.only(left=12, right=4),
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


class TypedTexts:
    """What the text fields of one component last reported, so a redraw never
    sends a field an older text than the one being typed.

    The browser applies each keystroke to the field's control at once, but the
    field's ``on_change`` handlers run later, one task per keystroke. A redraw
    caused by the handler of "4" would send "4" back while the field already
    holds "45", and under load the "5" was lost. A field made by
    :func:`text_field` is given its model's value only when the model was
    changed by something other than its own typing (a reset, a copied game);
    while the model holds what the field itself reported, the field keeps the
    text it shows. Keep one per component (:func:`use_created`)."""

    def __init__(self) -> None:
        # the model's text as last known: rendered, or reported by the field's handler
        self._known: dict[str, str] = {}
        self._fields: dict[str, ft.TextField] = {}  # the control on screen, as the browser left it

    def shown(self, key: str, value: str) -> str:
        """The text the field ``key`` is to show, its model holding ``value``:
        ``value`` when the model was changed from elsewhere (it is not what the
        last render showed or the field's handler last reported), else the
        text the browser holds, keys whose handlers have not run yet included."""
        known = self._known.get(key)
        self._known[key] = value
        current = getattr(self._fields.get(key), "value", None)
        if value != known or not isinstance(current, str):
            return value
        return current

    def changed(self, key: str, on_text: Callable[[str], Any]) -> Callable[[ft.Event], Any]:
        """The ``on_change`` handler of field ``key``: note the text, pass it on."""

        def handler(e: ft.Event) -> Any:
            text = str(getattr(e.control, "value", "") or "")
            self._known[key] = text
            return on_text(text)

        return handler

    def keep(self, key: str, field: ft.TextField) -> ft.TextField:
        """Remember ``field`` as the one on screen for ``key`` (its ``value`` is
        what the browser last reported)."""
        self._fields[key] = field
        return field


def text_field(
    texts: TypedTexts, key: str, value: str, on_text: Callable[[str], Any], **field: Any
) -> ft.TextField:
    """A ``ft.TextField`` showing ``value`` (its model's text) that reports each
    change to ``on_text(text)``, guarded by ``texts`` against sending back an
    older text (:class:`TypedTexts`). ``field``: the other ``ft.TextField``
    arguments."""
    shown = texts.shown(key, value)
    return texts.keep(
        key, ft.TextField(value=shown, on_change=texts.changed(key, on_text), **field)
    )


def sum_suffix(text: str) -> str | None:
    """What a typed sum adds up to, as it will be saved ("= 28", the number in
    the active language's digits and grouping), or ``None`` when ``text`` is
    just a number or no sum at all (the model refuses that in words)."""
    total = shown_sum(text)
    if total is None:
        return None
    # Translators: beside a typed sum such as "10+15+8-5": what it adds up to.
    return _("= {sum}", sum=format_number(total))


def number_field(
    texts: TypedTexts,
    identifier: str,
    value: str,
    label: str,
    on_text: Callable[[str], Any],
    *,
    width: float | None = None,
    expand: bool | None = None,
    autofocus: bool = False,
) -> ft.Control:
    """A text field for a whole number, or a sum of whole numbers typed as
    counted ("10+15+8-5"), that brings up the number keys on a phone.
    Flutter's web client leaves a ``KeyboardType.NUMBER`` field of the
    accessibility tree a plain text input (no ``inputmode``: the letter
    keyboard), but gives a phone-number field ``type="tel"``: the digit pad
    with ``+`` and ``-``, in the editing input too. Nothing typed is filtered
    out (a filter dropping "+" joined "10+15" into 1015 without a word): the
    model reads the text (:func:`app.ui.state.typed_sum.read_sum`) and says
    what it cannot read. What a sum adds up to is shown at the field's end
    (:func:`sum_suffix`). ``on_text`` gets the typed text (:func:`text_field`)."""
    return tagged(
        identifier,
        text_field(
            texts,
            identifier,
            value,
            on_text,
            label=label,
            keyboard_type=ft.KeyboardType.PHONE,
            suffix=sum_suffix(value),
            width=width,
            expand=expand,
            autofocus=autofocus,
        ),
        textfield=True,
        expand=expand,
    )


def icon_action(
    identifier: str, icon: Any, tooltip: str, on_click: Callable[[Any], Any]
) -> ft.Control:
    """An icon button in the top bar (48 × 48, with a tooltip for its meaning,
    which is also its name for a screen reader)."""
    return tagged(
        identifier,
        ft.IconButton(icon=icon, tooltip=tooltip, on_click=on_click),
        button=True,
        label=tooltip,
    )


def toggle_style(selected: bool, **style: Any) -> ft.ButtonStyle:
    """An outlined button's style for an on/off choice: filled in the primary
    colour when ``selected`` (as Material's filled button), else outlined."""
    if selected:
        return ft.ButtonStyle(
            bgcolor=ft.Colors.PRIMARY,
            color=ft.Colors.ON_PRIMARY,
            icon_color=ft.Colors.ON_PRIMARY,
            side=ft.BorderSide(1, ft.Colors.PRIMARY),
            **style,
        )
    return ft.ButtonStyle(**style)


def choice(
    identifier: str,
    label: str,
    selected: bool,
    on_click: ft.ControlEventHandler[ft.OutlinedButton],
    *,
    expand: bool | int | None = None,
    width: float | None = None,
    icon: Any = None,
) -> ft.Control:
    """A toggle-like button at least 48 px high: filled when ``selected``,
    outlined when not. Always the same kind of button, restyled: a button
    replaced by another kind while a finger is on it loses the tap (tapping
    one player as gone out and at once another lost the second tap)."""
    return tagged(
        identifier,
        ft.OutlinedButton(
            label,
            icon=icon,
            on_click=on_click,
            height=TOUCH,
            width=width,
            expand=expand,
            style=toggle_style(selected, padding=ft.Padding.symmetric(horizontal=12)),
        ),
        button=True,
        selected=selected,
    )


T = TypeVar("T")


async def run_use_case(use_case: Callable[..., T], /, **arguments: Any) -> T:
    """``use_case(engine=<the app's engine>, **arguments)`` in a worker thread,
    so that the event loop keeps serving every other tab while the database
    works (or waits for a lock). Raises whatever the use case raises."""
    return await asyncio.to_thread(lambda: use_case(engine=storage.engine(), **arguments))


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """What :func:`use_loaded` has: the ``value`` once loaded, or the coded
    ``error`` that refused it; ``loading`` until the first answer arrives."""

    value: T | None = None
    error: CodedError | None = None
    loading: bool = True


def use_loaded(
    load: Callable[[Engine], T], dependencies: Sequence[Any], *, ready: T | None = None
) -> Loaded[T]:
    """Load what a screen shows with ``load(engine)`` in a worker thread (the
    event loop keeps serving the other tabs), when the screen opens and again
    whenever ``dependencies`` change; the screen re-renders with the result.

    ``ready`` is a value already at hand for these dependencies (the view a
    write just returned): shown at once, nothing is loaded. While a reload
    runs, the last result stays on show; an answer that arrives after a newer
    request is dropped.
    """
    key = tuple(dependencies)

    def first() -> tuple[tuple[Any, ...], Loaded[T]]:
        return key, Loaded(ready, None, False) if ready is not None else Loaded()

    state: tuple[tuple[Any, ...], Loaded[T]]
    state, set_state = ft.use_state(cast("Callable[[], Any]", first))
    serial = ft.use_ref(0)

    async def fetch() -> None:
        if ready is not None:
            set_state((key, Loaded(ready, None, False)))
            return
        serial.current = mine = (serial.current or 0) + 1
        try:
            value = await asyncio.to_thread(lambda: load(storage.engine()))
            result: Loaded[T] = Loaded(value, None, False)
        except CodedError as error:
            result = Loaded(None, error, False)
        except Exception:
            logger.exception("Loading failed")
            result = Loaded(None, DatabaseFault(), False)
        if serial.current == mine:
            set_state((key, result))

    ft.use_effect(fetch, list(key))
    shown_key, loaded = state
    if ready is not None:
        return Loaded(ready, None, False)
    if shown_key != key and loaded.value is None:
        return Loaded()
    return loaded


def use_session_view(app: AppState, session_id: int) -> Loaded[SessionView]:
    """The session to show: the view a write just returned (once, see
    ``AppState.take_view``), else opened off the event loop; again after
    every write (``app.revision``)."""
    ready = ft.use_memo(lambda: app.take_view(session_id), [session_id, app.revision])
    return use_loaded(
        lambda engine: services.open_session(engine=engine, session_id=session_id),
        [session_id, app.revision],
        ready=ready,
    )


def loading_screen(title: str, back: str | None = "/") -> ft.Control:
    """A screen whose content is on its way (a spinner under the title)."""
    return Screen(
        title,
        [
            tagged(
                "loading",
                ft.Row(
                    [ft.ProgressRing(width=24, height=24)], alignment=ft.MainAxisAlignment.CENTER
                ),
            )
        ],
        back=back,
    )
