"""View state of the app: observable dataclasses, plain Python, no database.

Each piece is an ``@ft.observable`` dataclass that re-renders the components
using it when a field is assigned (fields are only ever *replaced*, never
mutated in place, so every change notifies):

* :class:`AppState` (:mod:`.app_state`) — one per browser tab.
* :class:`NewSessionDraft` (:mod:`.new_session`) — the new-session form.
* :class:`HandDraft` (:mod:`.hand_draft`) — one hand being entered.
"""

from app.ui.state.app_state import MAX_CONTENT, WIDE, AppState, Notice, effective_language
from app.ui.state.hand_draft import RUN_RANKS, SUIT_BY_LETTER, HandDraft, Preview
from app.ui.state.new_session import NewSessionDraft

__all__ = [
    "MAX_CONTENT",
    "RUN_RANKS",
    "SUIT_BY_LETTER",
    "WIDE",
    "AppState",
    "HandDraft",
    "NewSessionDraft",
    "Notice",
    "Preview",
    "effective_language",
]
