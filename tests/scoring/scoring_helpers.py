"""Shared helpers for the scoring tests: hands written as short text."""

from __future__ import annotations

from scoring import Hand, Run, parse_card, parse_cards


def cards(text: str):
    """'K 7 A' -> parsed cards."""
    return parse_cards(text.split())


def run(text: str, ace_as: str | None = None) -> Run:
    """'9D AD JD' -> a Run; ace_as a rank token."""
    return Run(cards(text), parse_card(ace_as).rank if ace_as else None)


def hand(went_out, left=None, runs=None, rummy=False) -> Hand:
    """A Hand from text: left={'B': 'K 7 A' or 12}."""
    left = {p: v if isinstance(v, int) else cards(v) for p, v in (left or {}).items()}
    runs = {
        p: tuple(run(*r) if isinstance(r, tuple) else run(r) for r in rs)
        for p, rs in (runs or {}).items()
    }
    return Hand(went_out, left, runs, rummy)
