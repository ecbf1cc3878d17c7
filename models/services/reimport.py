"""Importing a session that is stored already (in the trash or not): an import
never replaces more than it brings (issue 26, item 3).

A session file with the ``id`` of a stored session is matched against it hand
by hand, by what was entered (who went out, by seat; the cards left and the
runs and the hand flags — *rummy* too — by seat; the note), as the hand
codec stores it
(:func:`models.services.codec.entry_of`): names are compared by seat, so a
name stored in another spelling ("kari" for "Kari") is the same player. When
the stored session has a hand the file does not have — the file is an older
export (made after hand 1 of four), or one made before a hand was changed —
:func:`check_brings_every_hand` refuses with
:class:`models.errors.StoredSessionHasMore`, and
:func:`models.services.import_session` writes nothing: the stored session
and the trash keep what they held. Importing the file *as a new session*
(``as_new``: ``kortpoeng import --as-new``, the app's *Keep both*) stores it
beside the stored one under a new id instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import StoredSessionHasMore
from .codec import entry_of

if TYPE_CHECKING:
    from scoring import Hand, SessionDoc

    from ..db import Reader

__all__ = ["check_brings_every_hand", "first_lost_hand"]


def _entered(hand: Hand, players: Sequence[str]) -> tuple[Any, ...]:
    """What was entered in ``hand`` (seated by ``players``), comparable across
    spellings of the names: who went out (seat), cards left and runs (by seat,
    as stored), flags (*rummy* too) and the note."""
    seat = None if hand.went_out is None else players.index(hand.went_out)
    return (seat, entry_of(hand, players), hand.note or None)


def first_lost_hand(stored: SessionDoc, file: SessionDoc) -> int | None:
    """The number (from 1) of the first hand of ``stored`` that ``file`` does
    not have — a hand beyond the file's last, or a hand entered otherwise
    (changed after the file was made) — or ``None`` when the file has every
    hand of ``stored`` (the same hands, or those and later ones).

    >>> from scoring import Hand, SessionDoc
    >>> one = Hand("Kari", {"Ola": 5})
    >>> two = Hand("Ola", {"Kari": 7})
    >>> older = SessionDoc(game_id="rummy", options=None, players=("Kari", "Ola"), hands=(one,))
    >>> later = SessionDoc(game_id="rummy", options=None, players=("Kari", "Ola"), hands=(one, two))
    >>> first_lost_hand(later, older), first_lost_hand(older, later)
    (2, None)
    """
    for number, hand in enumerate(stored.hands, 1):
        if number > len(file.hands):
            return number
        if _entered(hand, stored.players) != _entered(file.hands[number - 1], file.players):
            return number
    return None


def check_brings_every_hand(
    reader: Reader, doc: SessionDoc, session_id: int, *, in_trash: bool
) -> None:
    """Raise :class:`StoredSessionHasMore` when the stored session
    ``session_id`` (``in_trash`` or not) has a hand the session file ``doc``
    does not have (:func:`first_lost_hand`); return when importing ``doc``
    would lose none of its hands. Reads only."""
    from .queries import _doc  # the stored session as its export's document

    stored = _doc(reader, session_id)
    hand = first_lost_hand(stored, doc)
    if hand is None:
        return
    raise StoredSessionHasMore(
        id=doc.id,
        session=session_id,
        in_trash=in_trash,
        stored=len(stored.hands),
        file=len(doc.hands),
        hand=hand,
    )
