"""The storage use cases, in plain Python (no UI imports).

Each function takes the database session as the keyword argument ``session``
(``sqlmodel.Session`` on the one engine from :func:`models.db.make_engine`),
runs its own transaction and returns read models from :mod:`models.views`.
Errors: :mod:`models.errors` (``code`` + ``params``) and :mod:`scoring`'s typed
errors; when one is raised nothing has been written.

Transactions: a service first ends whatever transaction ``session`` has open
(a write service commits it, so keep no unsaved ORM changes of your own there);
reads end their transaction before returning, so a long-lived ``session`` does
not keep an old snapshot of the database. Writes run in one transaction
(``BEGIN IMMEDIATE`` on SQLite) and are retried when two writers collide.
Use one ``session`` per thread.

Derived data: what the players entered is the truth. Each hand also keeps the
points ``scoring`` gave it, tagged with a fingerprint of the scoring code; a
session whose tag differs (an app update changed the rules) is rescored from the
entered cards when it is next opened or written.

>>> from sqlmodel import Session
>>> from models.db import make_engine, init_db
>>> engine = make_engine("sqlite://")  # tests use a file; memory is fine here
>>> init_db(engine)
>>> from scoring import Hand, parse_cards
>>> with Session(engine) as db:
...     view = start_session(session=db, game="rummy", players=["Kari", "Ola"])
...     view = record_hand(session=db, session_id=view.id,
...                        hand=Hand("Kari", {"Ola": parse_cards(["K", "7", "A"])}))
...     view.standings.totals
{'Kari': 0, 'Ola': 18}
"""

from .hands import (
    delete_hand,
    edit_hand,
    get_hand,
    insert_hand,
    record_hand,
    undo_last_hand,
)
from .players import list_players, player_stats, rename_player, validate_name
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
    "delete_hand",
    "delete_session",
    "edit_hand",
    "export_session",
    "find_session",
    "get_hand",
    "import_session",
    "insert_hand",
    "list_players",
    "list_sessions",
    "open_session",
    "player_stats",
    "purge_trash",
    "read_import_source",
    "record_hand",
    "rematch",
    "rename_player",
    "restore_session",
    "session_doc",
    "start_session",
    "undo_last_hand",
    "validate_name",
]
