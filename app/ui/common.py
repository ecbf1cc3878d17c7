"""Small building blocks every screen shares, in one place to import them
from: the screen frame (:mod:`app.ui.frame`), tagged controls and the fonts
(:mod:`app.ui.controls`), the app context and navigation
(:mod:`app.ui.context`), the inputs (:mod:`app.ui.inputs`) and what a screen
loads (:mod:`app.ui.loading`).

Controls that tests (and screen readers) need are wrapped in
``ft.Semantics(identifier=…)`` through :func:`tagged`; the identifiers are
stable across languages.
"""

from __future__ import annotations

from app.ui.context import (
    BACK_MARK as BACK_MARK,
)
from app.ui.context import (
    REPLACE_MARK as REPLACE_MARK,
)
from app.ui.context import (
    WRITES_TOPIC as WRITES_TOPIC,
)
from app.ui.context import (
    AppContext as AppContext,
)
from app.ui.context import (
    announce as announce,
)
from app.ui.context import (
    announce_games as announce_games,
)
from app.ui.context import (
    go as go,
)
from app.ui.context import (
    go_back as go_back,
)
from app.ui.context import (
    go_replace as go_replace,
)
from app.ui.context import (
    use_app as use_app,
)
from app.ui.context import (
    use_created as use_created,
)
from app.ui.controls import (
    _BUTTONS as _BUTTONS,
)
from app.ui.controls import (
    EMOJI_FONT as EMOJI_FONT,
)
from app.ui.controls import (
    NAME_FONTS as NAME_FONTS,
)
from app.ui.controls import (
    SUIT_FONT as SUIT_FONT,
)
from app.ui.controls import (
    TOUCH as TOUCH,
)
from app.ui.controls import (
    describe_problem as describe_problem,
)
from app.ui.controls import (
    name_text_theme as name_text_theme,
)
from app.ui.controls import (
    section_title as section_title,
)
from app.ui.controls import (
    tagged as tagged,
)
from app.ui.frame import (
    LIFT_RETRY as LIFT_RETRY,
)
from app.ui.frame import (
    LIFT_TRIES as LIFT_TRIES,
)
from app.ui.frame import (
    ArrivalGuard as ArrivalGuard,
)
from app.ui.frame import (
    NoticeBar as NoticeBar,
)
from app.ui.frame import (
    Screen as Screen,
)
from app.ui.frame import (
    _GuardLife as _GuardLife,
)
from app.ui.frame import (
    _timed_lift as _timed_lift,
)
from app.ui.frame import (
    loading_screen as loading_screen,
)
from app.ui.frame import (
    watching as watching,
)
from app.ui.inputs import (
    TypedTexts as TypedTexts,
)
from app.ui.inputs import (
    choice as choice,
)
from app.ui.inputs import (
    chosen as chosen,
)
from app.ui.inputs import (
    icon_action as icon_action,
)
from app.ui.inputs import (
    number_field as number_field,
)
from app.ui.inputs import (
    sum_suffix as sum_suffix,
)
from app.ui.inputs import (
    switched as switched,
)
from app.ui.inputs import (
    text_field as text_field,
)
from app.ui.inputs import (
    toggle_style as toggle_style,
)
from app.ui.loading import (
    Loaded as Loaded,
)
from app.ui.loading import (
    use_loaded as use_loaded,
)
from app.ui.loading import (
    use_session_view as use_session_view,
)

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
