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

Derived data: what the players entered is the truth. Each hand also keeps the
points ``scoring`` gave it, tagged with a fingerprint of the scoring code; a
session whose tag differs (an app update changed the rules) is rescored from the
entered cards when it is next opened or written.

>>> from models.db import make_engine, init_db
>>> engine = make_engine("sqlite://")  # tests use a file; memory is fine here
>>> init_db(engine)
>>> from scoring import Hand, parse_cards
>>> view = start_session(engine=engine, game="rummy", players=["Kari", "Ola"])
>>> view = record_hand(engine=engine, session_id=view.id,
...                    hand=Hand("Kari", {"Ola": parse_cards(["K", "7", "A"])}))
>>> view.standings.totals
{'Kari': 0, 'Ola': 18}
"""

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
    undo_last_hand,
)
from .players import list_players, player_stats, recent_players, rename_player
from .sessions import (
    delete_session,
    find_session,
    list_sessions,
    open_session,
    purge_trash,
    rematch,
    restore_session,
    start_session,
)
from .transfer import (
    IMPORT_LIMIT,
    export_session,
    import_session,
    read_import_source,
    session_doc,
)

__all__ = [
    "IMPORT_LIMIT",
    "delete_game",
    "delete_hand",
    "delete_session",
    "edit_hand",
    "export_game",
    "export_session",
    "find_game",
    "find_session",
    "free_game_id",
    "game_rules",
    "get_hand",
    "import_game",
    "import_session",
    "insert_hand",
    "list_games",
    "list_players",
    "list_sessions",
    "open_session",
    "player_stats",
    "purge_trash",
    "read_import_source",
    "recent_players",
    "record_hand",
    "rematch",
    "rename_player",
    "restore_session",
    "save_game",
    "session_doc",
    "start_session",
    "undo_last_hand",
]
