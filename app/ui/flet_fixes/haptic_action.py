"""Work-around for Flet 1.0.5: no client action gives a tap haptic feedback.

A key of the hand entry is felt as it is tapped (issue 25, item 10). Through
``flet.HapticFeedback.selection_click()`` from the key's ``on_click`` the
click comes after a round trip to the server, behind the finger. Flet 1.0.5
acts on the client, inside the tap itself, through client actions
(``action=`` of a button), but it has them for a link, the clipboard, the
file picker and the share sheet only (``OpenUrl``, ``CopyToClipboard``,
``PickFiles``, ``ShareText``), none for haptic feedback.
:class:`TapFeedback` is one, made as Flet makes its own: bound to the page's
shared ``HapticFeedback`` service with the helpers Flet's actions use
(``flet.controls.client_action``: ``shared_service`` and ``action_field``,
"internal, but shared").

Private name relied on: ``ClientAction._bind`` (targets the action at a
service's method). Were it renamed, every key would fail to draw, so
:func:`check_private_names` refuses to start instead (the helpers are
imported by name: a rename fails at import). Delete when Flet has a client
action for haptic feedback (the canary in tests/app/test_flet_fixes.py then
fails) and use that.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft
from flet.controls.client_action import ClientAction, action_field, shared_service

from app.ui.flet_fixes._private import require_attribute

__all__ = ["TapFeedback", "apply", "check_private_names"]


@dataclass
class TapFeedback(ClientAction):
    """The client gives a tap haptic feedback (``HapticFeedback.selection_click``)
    the moment the control is tapped, before its ``on_click`` reaches the
    server. A device without haptics does nothing."""

    service: ft.HapticFeedback | None = action_field(None)  # noqa: RUF009 (Flet's own way)
    """The page's haptic feedback service (default: the one Flet shares per page)."""

    def __post_init__(self) -> None:
        self._bind(self.service or shared_service(ft.HapticFeedback), "selection_click", {})


def check_private_names() -> None:
    """Raise ``RuntimeError`` naming ``_bind`` if Flet's ``ClientAction`` no
    longer has it."""
    require_attribute(ClientAction, "_bind", __name__)


def apply() -> None:
    """Nothing to patch: the keys carry :class:`TapFeedback`."""
