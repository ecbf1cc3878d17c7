"""A game definition's field paths (GAME_FORMAT.md) in the editor's words."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app.i18n import N_, _, format_number
from app.messages._echo import _shown
from app.messages.cards import suit_name
from scoring import Suit

# The words of a game definition's field paths (GAME_FORMAT.md), for errors
# that name the field in the editor's terms rather than the file's.
_FIELD_WORDS: Mapping[str, str] = {
    "document": N_("The game definition"),
    "format": N_("Format"),
    "version": N_("Version"),
    "id": N_("Id"),
    "name": N_("Name"),
    "description": N_("Description"),
    "source": N_("Rule book"),
    "title": N_("title"),
    "publisher": N_("publisher"),
    "url": N_("web address"),
    "players": N_("Players"),
    "min": N_("fewest"),
    "max": N_("most"),
    "from_players": N_("from players"),
    "counted": N_("What is counted"),
    "jokers_per_deck": N_("Jokers per deck"),
    "rank": N_("card"),
    "face": N_("id"),
    "points": N_("points"),
    "suits": N_("points per suit"),
    "per_deck": N_("cards per deck"),
    "went_out": N_("When someone goes out"),
    "blocked": N_("When nobody goes out"),
    "player": N_("for whom"),
    "multiply": N_("times"),
    "bonus": N_("bonus"),
    "others_score": N_("points to each other player"),
    "others_multiply": N_("times for each other player"),
    "in_play": N_("in play"),
    "winner": N_("Who wins"),
    "end": N_("The end"),
    "target": N_("Target score"),
    "rounds": N_("Number of rounds"),
    "next_dealer": N_("Next dealer"),
    "kind": N_("kind"),
    "default": N_("on at the start"),
    "set": N_("what it changes"),
    "value": N_("number"),
    "per_player": N_("per player"),
    "suggested": N_("suggested"),
    "suggested_with": N_("suggested with"),
    "nb": N_("Norwegian"),
    "en": N_("English"),
    # version 2: the schedule of rounds
    "schedule": N_("Schedule"),
    "wild_points": N_("points for a wild card"),
    "cards": N_("cards dealt"),
    "wild": N_("wild rank"),
    "text": N_("text"),
    # version 2: what a hand is; captured piles (RULES.md §5)
    "hand": N_("What a hand is"),
    "captures": N_("Captured cards"),
    "of": N_("what is compared"),
    "ties": N_("a tie"),
    "card": N_("card"),
    "named": N_("named cards"),
    "events": N_("events"),
    "teams": N_("Partnerships"),
    "size": N_("players per team"),
    "always": N_("always"),
    # version 2: a bids game (Plump)
    "bids": N_("Bids"),
    "made": N_("a made bid"),
    "missed": N_("a missed bid"),
    "base": N_("base points"),
    "per_bid": N_("points per trick bid"),
    "per_trick": N_("points per trick taken"),
    "per_off": N_("points per trick off"),
    "zero": N_("points for a made zero bid"),
    "hook": N_("the hook"),
    "repeat": N_("dealt once per player"),
    "schedule_repeat": N_("rounds dealt once per player"),
    # version 2: a progress game (Phase 10)
    "progress": N_("Progress"),
    "completed": N_("phase completed"),
    "blocked_term": N_("The word for a hand nobody went out of"),
    "decks": N_("decks"),
    # version 2: others may go out on their last turn (Five Crowns)
    "also_out": N_("Others may go out on their last turn"),
    # version 2: the cards dealt a hand, without a schedule (Phase 10)
    "cards_dealt": N_("Cards dealt a hand"),
}
# A list's own words where its path names the whole list (``keys`` needs at
# least 1 entry), not one of its items (``keys[3]``: "Key 3").
_LIST_WORDS: Mapping[str, str] = {
    "keys": N_("Keys"),
    "flags": N_("Flags"),
    "options": N_("Options"),
    "decks": N_("Decks"),
    "choices": N_("choices"),
    "presets": N_("suggestions"),
}
# Words whose meaning depends on the part they are in: (the part before, the
# field) → words ("schedule.rounds" is the schedule's rounds, not the number
# of rounds; "events[1].most" an event's largest count, not a comparison).
_IN_PART: Mapping[tuple[str, str], str] = {
    ("schedule", "rounds"): N_("rounds"),
    ("events", "most"): N_("largest count"),
    ("captures", "most"): N_("comparisons"),
    ("set", "flags"): N_("flags in play"),
}
_FIELD_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_FIELD_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?")


def _list_item(name: str, number: str) -> str:
    n = format_number(int(number))
    if name == "keys":
        return _("Key {n}", n=n)
    if name == "flags":
        return _("Flag {n}", n=n)
    if name == "options":
        return _("Option {n}", n=n)
    if name == "decks":
        return _("Decks, row {n}", n=n)
    if name == "choices":
        return _("choice {n}", n=n)
    if name == "presets":
        return _("suggestion {n}", n=n)
    if name == "rounds":
        return _("round {n}", n=n)
    if name == "suits":
        return _("Suit {n}", n=n)
    if name == "stages":
        return _("phase {n}", n=n)
    if name == "most":
        return _("comparison {n}", n=n)
    if name == "named":
        return _("named card {n}", n=n)
    if name == "events":
        return _("event {n}", n=n)
    if name == "suggested_with":
        return _("suggested with, switch {n}", n=n)
    return f"{_shown(name)} {n}"


def definition_field(path: str) -> str:
    """A game definition's field path (``keys[3].points``) in words:
    ``Key 3 › points`` / ``Tast 3 › poeng``. Parts it has no words for are
    shown as written.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     definition_field("keys[3].suits.S"), definition_field("name.nb")
    ('Key 3 › points per suit › spades', 'Name › Norwegian')
    """
    parts: list[str] = []
    before = ""  # the field name of the part before
    for index, segment in enumerate(str(path).split(".")):
        match = _FIELD_PART.fullmatch(segment)
        if match is None:
            parts.append(_shown(segment))
            before = ""
            continue
        name, number = match.groups()
        after, before = before, name
        if number is None and (after, name) in _IN_PART:
            parts.append(_(_IN_PART[after, name]))
        elif number is None and name in _LIST_WORDS and (index == 0 or after == "options"):
            parts.append(_(_LIST_WORDS[name]))
        elif number is not None:
            parts.append(_list_item(name, number))
        elif name == "definition" and index == 0:
            parts.append(_("Game definition"))
        elif name == "suits" and index == 0:  # version 2: the deck's suits
            parts.append(_("Suits"))
        elif name == "stages":  # version 2: a progress game's list of phases
            parts.append(_("phases"))
        elif name == "rounds" and index > 0:  # version 2: a schedule's list of rounds
            parts.append(_("rounds"))
        elif parts and parts[-1] == _(_FIELD_WORDS["suits"]) and name in _FIELD_SUITS:
            parts.append(suit_name(_FIELD_SUITS[name]))
        elif name in _FIELD_WORDS:
            parts.append(_(_FIELD_WORDS[name]))
        else:
            parts.append(_shown(name))
    return " › ".join(parts)


def _def_field(e: Any) -> str:
    """The field of a game definition error, in words (:func:`definition_field`)."""
    return definition_field(getattr(e, "field", None) or "document")
