"""The one check of the names a session file brings, for every way a file
arrives: ``kortpoeng import``, the app's import and ``kortpoeng score``
(SESSION_FORMAT.md). A file the import would refuse for its names is refused
by ``score`` in the same words: a player's name the app's fonts cannot draw
(:func:`app.fonts.check_drawable_name`), two seats whose names look alike
(:func:`app.player_names.check_seat_lookalikes`: "Anna" and a Cyrillic
"Аnna"), and a custom game whose name looks like another game's
(:func:`app.game_names.check_game_name`: "Hеarts" with a Cyrillic е).

Without a database (``kortpoeng score``) the games compared are the built-in
games and their house-rules names; with one, the stored custom games too.
Loads neither SQLModel nor Flet unless given a database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from models.db import Handle

__all__ = ["check_session_file"]


def check_session_file(data: bytes | str, *, engine: Handle | None = None) -> None:
    """Refuse a session file for its names, before it is imported or scored.

    A file that cannot be read as a session (too large, not UTF-8, not a
    session file) passes: the import and the scoring refuse it in their own
    words.

    Raises:
        OptionError: ``player_name_glyph`` (a name the fonts cannot draw),
            ``player_lookalike`` (two seats' names look alike).
        GameDefinitionError: ``definition_lookalike`` (the file's custom game
            looks like another game offered: a built-in one, or with
            ``engine`` a stored one), ``definition_house_id``.
    """
    from app.fonts import check_session_names
    from app.game_names import check_session_game

    check_session_names(data)
    check_session_game(data, engine=engine)
