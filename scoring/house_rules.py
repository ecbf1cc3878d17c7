"""A built-in game's id never carries other rules (SESSION_FORMAT.md,
``definition``): a session file whose definition claims a built-in game's id
but differs from every definition that game was ever shipped with is a game of
its own, a *house-rules* game, with its own id and name.

A definition is the built-in game when its rules are one of the game's shipped
rules: the definition without its id, name, description, source and word for
a blocked hand (the words about the game, not its rules) is compared by the
SHA-256 of its canonical text (:func:`rules_digest`) with
:data:`SHIPPED_RULES`, every version the app has shipped (a session file
written by an older app carries the rules of its day).
The options a session was started with (the target, the variants) are no part
of the definition: a session with variants is still the built-in game.

The house-rules game's id is the built-in id with ``_house_`` and the first
eight hex digits of its rules' digest (the same rules, the same game, however
often they are imported), its name the built-in game's with "(house rules)"
("(husregler)" in Norwegian), its description says where its rules came from,
and it names no rule book.

>>> import dataclasses
>>> from scoring import builtin_definition
>>> swedish = builtin_definition("swedish_rummy")
>>> house_rules(swedish) == swedish
True
>>> kings = tuple(dataclasses.replace(k, points=100 if k.id == "K" else 0) for k in swedish.keys)
>>> rigged = dataclasses.replace(swedish, keys=kings)
>>> house = house_rules(rigged)
>>> house.id.startswith("swedish_rummy_house_"), house.name.en, house.name.nb
(True, 'Swedish Rummy (house rules)', 'Vri åtter (husregler)')
>>> house.keys == rigged.keys, house_rules(house) == house
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from .definition import LIMITS, BlockedTerm, GameDefinition, Words, write_definition
from .registry import BUILTIN_GAME_IDS, builtin_definition

__all__ = [
    "SHIPPED_RULES",
    "house_names",
    "house_rules",
    "is_house_id",
    "is_house_rules",
    "rules_digest",
]

#: Per built-in game defined as data, the :func:`rules_digest` of every
#: version of its rules the app has shipped, oldest first. When a shipped
#: definition's rules change, its new digest is added here and the old ones
#: stay (tests/scoring/test_house_rules.py fails until then): a session file
#: of the older version is still that built-in game.
SHIPPED_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        # the options named in the app's words (issue 27: the games are their definitions)
        "swedish_rummy": (
            "00a6ca8f454f599b21e2689071f6d7cc734ca274021cd94c27494303cf32f4cc",
            "76993774bdd5ac73a3d4379ebb90d80d4452eaae512b47c60ffd8b0ef384cb1f",
        ),
        "rummy": (
            "f6a18484e4128e64804a4cca482380ff0a91694db876c976caebc86b30bd5855",
            "fb05156361c21546a014cc56905e4a651c121968b8e403fd6df5bf0a88724f35",
        ),
        "crazy_eights": ("c4324db9bc731208468bf06a585975670b309452d825a0c1d1c57aceac731ddb",),
        "hearts": ("aecc61e36b1b0520f75acfa0eb929ad648b4e1b5b92b1f3ba96e8fbe83a7d510",),
        "colour_cards": ("3b3437bedcc9a9732c0204c9135170969a2759477ce52133d8524aef27a62a1b",),
        # a schedule of rounds (issue 28: GAME_FORMAT version 2)
        # ... and its "also_out" (issue 28: a player who went out on the last turn, one tap)
        "five_crowns": (
            "3635c6bfe026aa30e7e898ef1c29669b050bcd93ed30c50bf0291594df0ec715",
            "1831ea999f4ac28bcf2a2cf720ff4ca18f8a9032905b9ae1fec7e3c213458361",
        ),
        # captured piles (issue 28: GAME_FORMAT version 2, hand "captured")
        "kasino": ("99e0da111b27c33eb028f1193394f46ae35ec4c323d94f01d34e94d32d36570d",),
        "plump": ("794d957707636fe4e0b28adc1fdfc976540b804f46b9a985594b9601f5f7a577",),
        # ... and its 10 cards dealt a hand (issue 28: more left is a warning, RULES.md §8)
        "phase_10": (
            "cf61b8db400a2c89def22bfad166c4cd1a7eaa38612cdf447f8d7d5f8ad002b0",
            "2d1977839d7454815988e87afb06d6b17bbf339a0c0b51e285fb96f9321a6795",
        ),
    }
)

#: The names of the built-in games that have no shipped definition (the coded
#: Four Suit Rummy), as their catalogs say them (app.game_words).
_CODED_NAMES: Mapping[str, Words] = MappingProxyType(
    {"four_suit_rummy": Words("Firefarget rummy", "Four Suit Rummy")}
)

_SUFFIX = Words(" (husregler)", " (house rules)")
_DESCRIPTION = Words(
    "Reglene en øktfil hadde med seg, ikke de innebygde reglene for {nb}.",
    "The rules a session file carried, not the built-in rules of {en}.",
)


def rules_digest(definition: GameDefinition) -> str:
    """The SHA-256 (64 hex digits) of ``definition``'s rules: its canonical
    text (:func:`scoring.write_definition`) with the id, name, description,
    source and ``blocked_term`` left out, so two definitions that score alike
    but are named differently have one digest."""
    import hashlib  # here: only a file that carries a built-in game's rules needs it

    bare = dataclasses.replace(
        definition,
        id="rules",
        name=Words("", ""),
        description=None,
        source=None,
        blocked_term=BlockedTerm.NOBODY_OUT,
    )
    return hashlib.sha256(write_definition(bare).encode("utf-8")).hexdigest()


@cache
def _shipped(game_id: str) -> tuple[str, ...]:
    """Every shipped version's digest of ``game_id``'s rules, today's too."""
    shipped = builtin_definition(game_id) if game_id in BUILTIN_GAME_IDS else None
    if shipped is None:
        return ()
    return (*SHIPPED_RULES.get(game_id, ()), rules_digest(shipped))


_HOUSE_TAIL = len("_house_") + 8


def _claimed_builtin(game_id: str) -> str | None:
    """The built-in game ``game_id`` claims: its own id, or an id of the
    house-rules form (the built-in id, cut as :func:`house_rules` cuts it,
    ``_house_`` and eight lowercase hex digits); else ``None``."""
    if game_id in BUILTIN_GAME_IDS:
        return game_id
    head, sep, digits = game_id.rpartition("_house_")
    if not sep or len(digits) != 8 or digits.strip("0123456789abcdef"):
        return None
    for builtin in BUILTIN_GAME_IDS:
        if builtin[: LIMITS.id - _HOUSE_TAIL] == head:
            return builtin
    return None


def is_house_id(game_id: str) -> bool:
    """Whether ``game_id`` has the house-rules form of a built-in game's id
    (``swedish_rummy_house_f5969de8``), as :func:`house_rules` makes it."""
    return game_id not in BUILTIN_GAME_IDS and _claimed_builtin(game_id) is not None


def _house_name(name: Words) -> Words:
    return Words(
        _cut(name.nb, LIMITS.name - len(_SUFFIX.nb)) + _SUFFIX.nb,
        _cut(name.en, LIMITS.name - len(_SUFFIX.en)) + _SUFFIX.en,
    )


@cache
def house_names() -> Mapping[str, Words]:
    """Per built-in game's id, the name its house-rules games have
    ("Swedish Rummy (house rules)", "Vri åtter (husregler)"): names that come
    from a built-in game, reserved for its house-rules games (app.game_names
    refuses them, and their lookalikes, for any other game). Read-only."""
    names: dict[str, Words] = {}
    for game_id in BUILTIN_GAME_IDS:
        builtin = builtin_definition(game_id)
        names[game_id] = _house_name(builtin.name if builtin is not None else _CODED_NAMES[game_id])
    return MappingProxyType(names)


def is_house_rules(definition: GameDefinition) -> bool:
    """Whether ``definition`` claims a built-in game (any of
    :data:`scoring.BUILTIN_GAME_IDS`, the coded one too, by its id or by an id
    of the house-rules form) with rules that game was never shipped with."""
    builtin = _claimed_builtin(definition.id)
    return builtin is not None and rules_digest(definition) not in _shipped(builtin)


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[:most].rstrip()


def house_rules(definition: GameDefinition) -> GameDefinition:
    """The game ``definition`` (a session file's, SESSION_FORMAT.md) really is:

    * another id than a built-in game's: ``definition`` itself;
    * a built-in game's id and rules that game was shipped with: the rules
      with the built-in game's own name, description, source and word for a
      blocked hand (a file cannot rename a built-in game);
    * a built-in game's id and other rules: the house-rules game (see the
      module docstring), the rules unchanged;
    * an id of the house-rules form (``swedish_rummy_house_f5969de8``): the
      same as for the built-in id, so the id is always the one its rules'
      digest gives (a file cannot give other rules an existing house game's
      id, nor its name), and a built-in game's shipped rules are that game.

    Raises nothing (``definition`` was read strictly already)."""
    game_id = _claimed_builtin(definition.id)
    if game_id is None:
        return definition
    digest = rules_digest(definition)
    builtin = builtin_definition(game_id)
    if builtin is not None and digest in _shipped(game_id):
        return dataclasses.replace(
            definition,
            id=game_id,
            name=builtin.name,
            description=builtin.description,
            source=builtin.source,
            blocked_term=builtin.blocked_term,
        )
    name = builtin.name if builtin is not None else _CODED_NAMES[game_id]
    tail = f"_house_{digest[:8]}"  # _HOUSE_TAIL characters
    return dataclasses.replace(
        definition,
        id=game_id[: LIMITS.id - len(tail)] + tail,
        name=_house_name(name),
        description=Words(
            _cut(_DESCRIPTION.nb.format(nb=name.nb), LIMITS.description),
            _cut(_DESCRIPTION.en.format(en=name.en), LIMITS.description),
        ),
        source=None,
    )
