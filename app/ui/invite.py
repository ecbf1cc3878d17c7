"""Invite a phone (``/invite``, from Settings): the join link of each of this
computer's addresses with its interface and kind, the QR code of the best
one or of the one the host put in it, the likely causes when no phone has
come in a few minutes after the code was shown (the screen's model:
:mod:`app.ui.state.invite_screen`), and a way to revoke the code so that
every phone has to join again.

Only a client that is already in reaches this screen: without the device
cookie the server shows no app at all (:mod:`app.server.guard`). Served to
this computer only (loopback, or a desktop window) there is no code; the
screen says how to let phones in.

:func:`follow_door` is given to the server as ``before_main``: each tab
listens for a revocation and then reloads, meeting the door.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any
from urllib.parse import urlsplit

import flet as ft

from app.i18n import _
from app.messages import address_kind_word, address_label, nobody_came_causes
from app.server.addresses import AddressKind
from app.server.door import DOOR_TOPIC, JoinDoor, current_door
from app.server.qr import qr_png
from app.ui.common import Screen, go, section_title, tagged, use_created
from app.ui.state.invite_screen import InviteScreen as InviteModel

__all__ = ["InviteScreen", "follow_door"]

logger = logging.getLogger(__name__)

_REVOKING = "kortpoeng.revoking"


def _tab_origin(page: ft.Page) -> str:
    """``http://host:port`` as this tab reached the server (from its websocket)."""
    url = urlsplit(page.url or "")
    scheme = "https" if url.scheme in ("wss", "https") else "http"
    return f"{scheme}://{url.netloc}" if url.netloc else ""


async def _go_to(page: ft.Page, address: str) -> None:
    """Load ``address`` in this tab (a full page load, not a route change)."""
    with contextlib.suppress(Exception):  # the tab unloads: no answer comes back
        await asyncio.wait_for(
            ft.UrlLauncher().launch_url(address, web_only_window_name="_self"), timeout=3
        )


def follow_door(page: ft.Page) -> None:
    """When the join code is revoked, reload this tab (it then meets the door),
    unless this tab revoked it (it goes to the new join link itself)."""

    def on_revoked(_topic: str, _message: Any) -> None:
        try:
            if page.session.store.get(_REVOKING):
                return
            origin = _tab_origin(page)
            page.run_task(_go_to, page, f"{origin}/")
        except RuntimeError:  # the tab is gone
            pass

    page.pubsub.subscribe_topic(DOOR_TOPIC, on_revoked)


def _link_tile(identifier: str, link: str, label: str) -> ft.Control:
    """One join link in the list (tagged ``identifier``): tapped, it is
    copied; ``label`` (its interface and kind) below it."""
    return tagged(
        identifier,
        ft.ListTile(
            title=ft.Text(link, selectable=True, size=14),
            subtitle=ft.Text(label, color=ft.Colors.ON_SURFACE_VARIANT),
            trailing=ft.Icon(ft.Icons.CONTENT_COPY),
            action=ft.CopyToClipboard(link),
            tooltip=_("Copy the link"),
            min_height=48,
        ),
        button=True,
        value=link,
        label=label,
    )


def _nobody_came() -> ft.Control:
    """What the screen says when no phone has come in a few minutes after
    the code was shown: the likely causes."""
    return tagged(
        "invite-nobody-came",
        ft.Container(
            content=ft.Column(
                [
                    ft.Text(
                        _("No phone has joined yet. The likely causes:"),
                        weight=ft.FontWeight.W_600,
                    ),
                    *(ft.Text(f"• {cause}") for cause in nobody_came_causes()),
                ],
                spacing=6,
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=12,
            padding=12,
        ),
    )


def _table_section(link: str) -> list[ft.Control]:
    """The table screen (``/table``): what it is, its join link for a TV or a
    tablet on the network (``link``; ``""`` where there is no join code) and
    a button that opens it here."""
    parts: list[ft.Control] = [
        section_title(_("Table screen")),
        ft.Text(
            _(
                "A TV, a tablet or this computer can show the standings in big type, "
                "with who deals next; it follows every saved hand by itself."
            ),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    if link:
        parts.append(
            _link_tile(
                "invite-table-link",
                link,
                _(
                    "Open this link in the browser of the TV or the tablet: "
                    "it joins and shows the table"
                ),
            )
        )
    parts.append(
        tagged(
            "invite-open-table",
            ft.OutlinedButton(
                _("Open the table screen"),
                icon=ft.Icons.TV,
                on_click=lambda _e: go("/table"),
                height=48,
            ),
            button=True,
        )
    )
    return parts


@ft.component
def InviteScreen() -> ft.Control:
    """``/invite``: the join link of each of this computer's addresses (the
    best in the QR code, another chosen by the host), why no phone may have
    come, and revoking the code."""
    door = current_door()
    model = use_created(InviteModel)
    confirming = model.confirming
    page = ft.context.page

    async def watch() -> None:
        if door is not None and door.required:
            await model.keep_looking(lambda: door.arrivals)

    # (re-run when the host chooses another address: a new code is on show)
    ft.use_effect(watch, [model.chosen], cleanup=lambda: None)
    if door is None or not door.required:
        body: list[ft.Control] = [
            tagged(
                "invite-local",
                ft.Text(
                    _(
                        "Kortpoeng is served to this computer only, so there is no join code. "
                        "To let the phones at the table join, start it with "
                        "“kortpoeng web --host 0.0.0.0”: this screen then shows the code."
                    )
                ),
            )
        ]
        return Screen(_("Invite a phone"), body, back="/settings", screen_id="screen-invite")

    addresses = model.ordered(door.addresses())
    local = door.local_links()
    in_qr = door.link(addresses[0]) if addresses else (local[0] if local else "")

    async def revoke(_e: ft.Event) -> None:
        fresh: JoinDoor = door
        # This tab takes the new code at once, so the host stays in.
        await model.revoke(
            fresh,
            origin=_tab_origin(page),
            mark=lambda: page.session.store.set(_REVOKING, True),
            reach=lambda address: _go_to(page, address),
        )

    body = [
        ft.Text(
            _(
                "Phones on the same Wi-Fi join by scanning this code with the camera, "
                "or by opening the link. A phone that joined stays in until the code is revoked."
            )
        ),
        ft.Row(
            [
                tagged(
                    "invite-qr",
                    ft.Container(
                        content=ft.Image(src=qr_png(in_qr), width=264, height=264),
                        bgcolor=ft.Colors.WHITE,
                        border_radius=12,
                        padding=8,
                    ),
                    label=_("QR code of the join link"),
                    image=True,
                ),
            ],
            alignment=ft.MainAxisAlignment.CENTER,
        ),
    ]
    if model.nobody_came:
        body.append(_nobody_came())
    body.append(section_title(_("Join link")))
    number = 0
    for entry in addresses:
        body.append(_link_tile(f"invite-link-{number}", door.link(entry), address_label(entry)))
        if number > 0:
            body.append(
                tagged(
                    f"invite-choose-{number}",
                    ft.TextButton(
                        _("Put this address in the QR code"),
                        icon=ft.Icons.QR_CODE_2,
                        on_click=lambda _e, chosen=entry.address: model.choose(chosen),
                        height=48,
                    ),
                    button=True,
                )
            )
        number += 1
    if len(addresses) > 1:
        body.append(
            ft.Text(
                _(
                    "The QR code carries the first address, the one most likely on the "
                    "Wi-Fi the phones are on. If the phones cannot open it, put another "
                    "in the QR code."
                ),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    for link in local:
        body.append(
            _link_tile(f"invite-link-{number}", link, address_kind_word(AddressKind.LOOPBACK))
        )
        number += 1
    body.extend(_table_section(door.table_link(addresses[0]) if addresses else ""))
    body.append(section_title(_("Revoke")))
    if not confirming:
        body.extend(
            [
                ft.Text(
                    _(
                        "A new code shuts out every phone that joined: each has to join "
                        "again with the new code."
                    ),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                tagged(
                    "invite-revoke",
                    ft.OutlinedButton(
                        _("Make a new code"),
                        icon=ft.Icons.LOCK_RESET,
                        on_click=lambda _e: model.ask_revoke(),
                        height=48,
                    ),
                    button=True,
                ),
            ]
        )
    else:
        body.extend(
            [
                ft.Text(
                    _("Shut out every phone that joined and make a new code?"),
                    weight=ft.FontWeight.W_600,
                ),
                ft.Row(
                    [
                        tagged(
                            "invite-revoke-confirm",
                            ft.FilledButton(
                                _("Make a new code"),
                                on_click=revoke,
                                height=48,
                                style=ft.ButtonStyle(
                                    bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR
                                ),
                            ),
                            button=True,
                        ),
                        tagged(
                            "invite-revoke-cancel",
                            ft.TextButton(
                                _("Cancel"), on_click=lambda _e: model.cancel(), height=48
                            ),
                            button=True,
                        ),
                    ],
                    wrap=True,
                ),
            ]
        )
    return Screen(_("Invite a phone"), body, back="/settings", screen_id="screen-invite")
