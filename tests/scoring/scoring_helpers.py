"""Shared helpers for the scoring tests: hands written as short text, the
games played by a definition."""

from __future__ import annotations

from scoring import (
    BUILTIN_GAME_IDS,
    Hand,
    Run,
    builtin_definition,
    game_for,
    parse_card,
    parse_cards,
)

#: The built-in games defined as data (every one but the coded Four Suit Rummy).
DEFINED = tuple(g for g in BUILTIN_GAME_IDS if builtin_definition(g) is not None)


def played(definition):
    """The rules object of a game definition (as a session of it is played)."""
    return game_for(definition.id, definition)


def cards(text: str):
    """'K 7 A' -> parsed cards."""
    return parse_cards(text.split())


def run(text: str, ace_as: str | None = None) -> Run:
    """'9D AD JD' -> a Run; ace_as a rank token."""
    return Run(cards(text), parse_card(ace_as).rank if ace_as else None)


def hand(went_out, left=None, runs=None, rummy=False) -> Hand:
    """A Hand from text: left={'B': 'K 7 A' or 12}; ``rummy=True`` calls the
    flag ``rummy`` for the player who went out (a session file's
    ``"rummy": true``)."""
    left = {p: v if isinstance(v, int) else cards(v) for p, v in (left or {}).items()}
    runs = {
        p: tuple(run(*r) if isinstance(r, tuple) else run(r) for r in rs)
        for p, rs in (runs or {}).items()
    }
    if rummy:
        assert went_out is not None, "a blocked hand has nobody to call rummy for"
        return Hand(went_out, left, runs, flags={"rummy": went_out})
    return Hand(went_out, left, runs)
