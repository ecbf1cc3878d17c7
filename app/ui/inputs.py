"""The inputs every screen shares: what a tap on a switch or a choice says
(:func:`switched`, :func:`chosen`), the text and number fields (the typed
texts kept by :class:`TypedTexts`), icon actions and toggles."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app.i18n import _, format_number
from app.ui.controls import TOUCH, tagged
from app.ui.state.typed_sum import shown_sum

# A handler reads what the browser sent with its event, never the control's
# ``value``. The browser applies a tap to its control at once, but the handler
# runs later (one task per event). A redraw asked for in between by an earlier
# tap's handler replaces the control with one drawn from the model, which does
# not know this tap yet: its ``value`` (and the screen, which the redraw sets
# back) holds the old state, and the tap would be lost. Under load, two of
# three quick taps on the new-session switches were lost that way. Reading the
# event (Flet's public ``e.data``) is how every handler of the app works, as in
# any asynchronous UI, not a work-around for a Flet fault (app.ui.flet_fixes).


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
