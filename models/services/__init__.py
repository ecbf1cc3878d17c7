"""The use cases, in plain Python (no UI imports): what the app and the
command line both call.

Each function is keyword-only and takes the process's one ``engine`` (from
:func:`models.db.make_engine`) explicitly; it opens its own short database
session (``db``), runs its own transaction and returns read models from
:mod:`models.views`. Errors: :mod:`models.errors` and :mod:`scoring`'s typed
errors, all :class:`scoring.CodedError` (``code`` + ``params``); when one is
raised nothing has been written.

Writes run in one transaction (``BEGIN IMMEDIATE`` on SQLite) and are retried
when two writers collide. Reads run in one short transaction each.

Derived data: what the players entered is the truth. Each session also keeps
what ``scoring`` made of it — the points of each hand, the score sheet in
pieces (:mod:`.sheet`), its state and each seat's result (for the statistics) —
tagged with a fingerprint of the scoring code (:mod:`.fingerprint`); a session
whose tag differs (an app update changed the rules) is rescored from the
entered cards when it is next opened or written, or when the statistics are
asked for.

The modules, by job: :mod:`.codec` (a hand row ↔ :class:`scoring.Hand`),
:mod:`.sheet` (the score sheet cache), :mod:`.loading` (loading a session and
storing what a write derives), :mod:`.fingerprint`; the use cases in
:mod:`.listing` and :mod:`.queries` (reads), :mod:`.sessions`, :mod:`.hands`, :mod:`.transfer`,
:mod:`.players`, :mod:`.statistics`, :mod:`.games` (custom games; a
session's snapshot of its game's rules: :mod:`.snapshots`) and :mod:`.trash`
(deleted sessions and hands).

>>> from models.db import make_engine, init_db
>>> engine = make_engine("sqlite://")  # tests use a file; memory is fine here
>>> init_db(engine)
>>> from scoring import Hand, parse_cards
>>> view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
>>> view = record_hand(engine=engine, session_id=view.id,
...                    hand=Hand("Kari", {"Ola": parse_cards(["K", "7", "A"])}))
>>> view.standings.totals
{'Kari': 0, 'Ola': 18}
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Each use case and the module it lives in. The modules are imported when a
#: name is first used (PEP 562): the command line's read commands never load
#: SQLAlchemy, whose import alone takes longer than they may.
_HOMES = {
    "IMPORT_LIMIT": "transfer",
    "KEEP_DAYS": "trash",
    "delete_game": "games",
    "delete_hand": "hands",
    "delete_hand_for_good": "trash",
    "delete_session_for_good": "trash",
    "list_trash": "trash",
    "parse_key": "trash",
    "restore_hand": "hands",
    "delete_session": "sessions",
    "edit_hand": "hands",
    "export_game": "games",
    "export_session": "queries",
    "find_game": "games",
    "find_session": "listing",
    "free_game_id": "games",
    "game_rules": "games",
    "game_statistics": "statistics",
    "get_hand": "hands",
    "import_game": "games",
    "import_session": "transfer",
    "insert_hand": "hands",
    "list_games": "games",
    "list_players": "players",
    "latest_session": "listing",
    "list_sessions": "listing",
    "open_session": "queries",
    "player_stats": "players",
    "purge_trash": "sessions",
    "read_import_source": "transfer",
    "recent_players": "players",
    "record_hand": "hands",
    "rematch": "sessions",
    "rename_player": "players",
    "rescore_stale": "statistics",
    "restore_session": "sessions",
    "save_game": "games",
    "session_doc": "queries",
    "start_session": "sessions",
    "undo_last_hand": "hands",
}

__all__ = [
    "IMPORT_LIMIT",
    "KEEP_DAYS",
    "delete_game",
    "delete_hand",
    "delete_hand_for_good",
    "delete_session",
    "delete_session_for_good",
    "edit_hand",
    "export_game",
    "export_session",
    "find_game",
    "find_session",
    "free_game_id",
    "game_rules",
    "game_statistics",
    "get_hand",
    "import_game",
    "import_session",
    "insert_hand",
    "latest_session",
    "list_games",
    "list_players",
    "list_sessions",
    "list_trash",
    "open_session",
    "parse_key",
    "player_stats",
    "purge_trash",
    "read_import_source",
    "recent_players",
    "record_hand",
    "rematch",
    "rename_player",
    "rescore_stale",
    "restore_hand",
    "restore_session",
    "save_game",
    "session_doc",
    "start_session",
    "undo_last_hand",
]

if TYPE_CHECKING:
    from .games import (
        delete_game,
        export_game,
        find_game,
        free_game_id,
        game_rules,
        import_game,
        list_games,
        save_game,
    )
    from .hands import (
        delete_hand,
        edit_hand,
        get_hand,
        insert_hand,
        record_hand,
        restore_hand,
        undo_last_hand,
    )
    from .listing import find_session, latest_session, list_sessions
    from .players import list_players, player_stats, recent_players, rename_player
    from .queries import export_session, open_session, session_doc
    from .sessions import delete_session, purge_trash, rematch, restore_session, start_session
    from .statistics import game_statistics, rescore_stale
    from .transfer import IMPORT_LIMIT, import_session, read_import_source
    from .trash import (
        KEEP_DAYS,
        delete_hand_for_good,
        delete_session_for_good,
        list_trash,
        parse_key,
    )


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
