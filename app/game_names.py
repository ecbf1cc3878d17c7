"""A game's name never looks like another game's: the one check for every way
a game arrives (the editor's save, a game file, a game's link, a session file
carrying its game).

"Hеarts" with a Cyrillic е, "Ηearts" with a Greek Eta or "HEARTS" all show as
Hearts in the picker, beside the built-in Hearts. Two names are confusable
when their *skeletons* are equal: Unicode's confusable mappings (UTS #39
§4, ICU's ``SpoofChecker.getSkeleton``) applied to the name compatibility-
normalised (NFKC), case-folded, with its format characters dropped and its
runs of spaces made one. A name is compared with the name in the same language
(Norwegian with Norwegian, English with English) of every game offered (the
built-in games and the stored custom games), except the game of the same id
(the same game again, or the one it replaces: that is the import's own
question, keep both or replace, whose copy is renamed "… (2)").

Invisible characters are refused earlier, as text (:mod:`scoring.invisible`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import TYPE_CHECKING, Any

from scoring import CodedError, ErrorCode, GameDefinitionError
from scoring.invisible import without_format

if TYPE_CHECKING:
    from models.db import Handle
    from models.views import GameEntry
    from scoring import GameDefinition

__all__ = ["check_game_name", "check_session_game", "import_game_file", "skeleton"]

_SPACES = re.compile(r"\s+")


@cache
def _checker() -> Any:
    import icu  # PyICU: loaded the first time a game's name is checked

    return icu.SpoofChecker()


def skeleton(name: str) -> str:
    """The form in which two names that look alike are equal (see the module
    docstring).

    >>> hearts = skeleton("Hearts")
    >>> hearts == skeleton("H\\u0435arts") == skeleton(" HEARTS") == skeleton("He\\u200darts")
    True
    >>> skeleton("Hearts") == skeleton("Hearts (2)")
    False
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    text = without_format(text)  # scoring.invisible
    text = _SPACES.sub(" ", text).strip()
    return str(_checker().getSkeleton(0, text))


def _offered_names(game: GameEntry | str) -> dict[str, str]:
    """The game's name in each language, as the picker shows it (a stored
    game's entry, or a built-in game's id)."""
    from app.i18n import LANGUAGES, use_language
    from app.messages import game_name

    names = {}
    for language in LANGUAGES:
        with use_language(language):
            names[language] = game_name(
                game if isinstance(game, str) else game.definition or game.game_id
            )
    return names


def _offered(engine: Handle | None) -> list[tuple[str, GameEntry | str]]:
    """The games offered, each with its id: the stored list (built-in and
    custom) with a database, the built-in games without one."""
    if engine is None:
        from scoring import BUILTIN_GAME_IDS

        return [(game_id, game_id) for game_id in sorted(BUILTIN_GAME_IDS)]
    from models.services import list_games

    return [(entry.game_id, entry) for entry in list_games(engine=engine)]


def check_game_name(
    definition: GameDefinition, *, engine: Handle | None, replacing: str | None = None
) -> None:
    """Refuse ``definition`` when its name, in either language, looks like the
    name in that language of another game offered (built in or stored),
    other than the games of its own id and of ``replacing`` (the id it had
    before an edit); and when it looks like the name a built-in game's
    house-rules games have ("Swedish Rummy (house rules)",
    :func:`scoring.house_rules.house_names`: reserved, whether or not such a
    game is stored), unless it is such a game itself (a house-rules id whose
    rules give it, as :func:`scoring.house_rules.house_rules` makes it).
    An id of the house-rules form is refused for other rules or another name
    (``definition_house_id``, ``field`` ``id``): a session file's is given
    the right one when read, a game file or the editor could claim one.

    Raises :class:`scoring.GameDefinitionError` ``definition_lookalike``:
    ``field`` ``name.nb`` or ``name.en``, ``params["game"]`` the other
    game's name (in that language). Reads the stored custom games (with no
    ``engine``: compares with the built-in games only, ``kortpoeng score``).
    """
    from scoring.house_rules import house_names, house_rules, is_house_id

    own = {definition.id, replacing}
    wanted = {lang: skeleton(getattr(definition.name, lang)) for lang in ("nb", "en")}
    genuine = is_house_id(definition.id) and house_rules(definition) == definition
    if is_house_id(definition.id) and not genuine:  # a game file's "swedish_rummy_house_…"
        raise GameDefinitionError(
            ErrorCode.DEFINITION_HOUSE_ID, field="id", params={"value": definition.id}
        )
    if not genuine:
        for game_id, reserved in house_names().items():  # "Hearts (house rules)": a built-in's
            for language in ("nb", "en"):
                shown = getattr(reserved, language)
                if skeleton(shown) == wanted[language]:
                    raise GameDefinitionError(
                        ErrorCode.DEFINITION_LOOKALIKE,
                        field=f"name.{language}",
                        params={"game": shown, "id": game_id},
                    )
    for game_id, entry in _offered(engine):
        if game_id in own:
            continue
        for language, shown in _offered_names(entry).items():
            if language in wanted and skeleton(shown) == wanted[language]:
                raise GameDefinitionError(
                    ErrorCode.DEFINITION_LOOKALIKE,
                    field=f"name.{language}",
                    params={"game": shown, "id": game_id},
                )


def import_game_file(*, engine: Handle, data: bytes | str, on_conflict: Any = "ask") -> Any:
    """:func:`models.services.import_game` after :func:`check_game_name` (a
    game file or a link's game; ``on_conflict`` as there). Raises what they
    raise; nothing is stored then."""
    from models.services import import_game
    from scoring import read_definition

    check_game_name(read_definition(data), engine=engine)
    return import_game(engine=engine, data=data, on_conflict=on_conflict)


def check_session_game(data: bytes | str, *, engine: Handle | None) -> None:
    """:func:`check_game_name` for the custom game a session file carries
    (none for a built-in game's session). A file that cannot be read as a
    session passes: the import refuses it in its own words."""
    from models.files import IMPORT_LIMIT
    from scoring import BUILTIN_GAME_IDS, read_session

    if len(data) > IMPORT_LIMIT:  # refused by the import for its size
        return
    try:
        doc = read_session(data)  # (bytes decoded by the one strict reader)
    except CodedError:
        return
    if doc.definition is not None and doc.definition.id not in BUILTIN_GAME_IDS:
        check_game_name(doc.definition, engine=engine)
