"""The name of an option's choice as the players read it (GAME_FORMAT.md
``options``): as the definition names it, except a choice named by the
figure it gives, which says the figure the game really gives.

Plump's option ``zero_bid`` (RULES.md §7) offers "5" (no effect: the game's
own made zero bid) and "10" (``bids.zero`` 10). In a family's copy whose
made zero bid is 10, the first choice gives 10: its name follows the
definition's number instead of the figure typed once. A choice is *named by
its figure* when its name is a whole number in each language and every
choice of its option changes only ``bids.zero`` (or nothing)."""

from __future__ import annotations

from app.i18n import format_number
from app.messages.cards import words
from scoring import GameDefinition
from scoring.bids import made_points
from scoring.definition import BidsChange, Choice, Effect, Option

__all__ = ["choice_words", "choices_all_alike"]


def _zero_only(effect: Effect) -> bool:
    """``effect`` changes nothing, or only a made zero bid's points."""
    if effect == Effect():
        return True
    return effect == Effect(bids=effect.bids) and effect.bids == BidsChange(
        zero=effect.bids.zero if effect.bids is not None else None
    )


def _a_figure(choice: Choice) -> bool:
    return all(text.strip().isdigit() for text in (choice.name.nb, choice.name.en))


def choice_words(definition: GameDefinition, option: Option, choice: Choice) -> str:
    """The name of ``choice`` (of ``option`` of ``definition``) in the active
    language: the figure it gives (a made zero bid's points) when it is named
    by one, else its name as written.

    >>> from dataclasses import replace
    >>> from app.i18n import use_language
    >>> from scoring import builtin_definition
    >>> plump = builtin_definition("plump")
    >>> option = next(o for o in plump.options if o.id == "zero_bid")
    >>> copy = replace(plump, bids=replace(plump.bids, zero=10))
    >>> with use_language("nb"):
    ...     [choice_words(copy, option, c) for c in option.choices]
    ['10', '10']
    """
    bids = definition.bids
    if bids is not None and _a_figure(choice) and all(_zero_only(c.set) for c in option.choices):
        given = choice.set.bids.zero if choice.set.bids is not None else None
        return format_number(given if given is not None else made_points(bids, 0))
    return words(choice.name)


def choices_all_alike(definition: GameDefinition, option: Option) -> bool:
    """Whether every choice of ``option`` gives the same figure, so that
    choosing changes nothing: a family's copy of Plump whose made zero bid is
    10 offers "5 → 10" and "10", both 10 (the new-session form does not
    offer such an option; the session keeps its default).

    >>> from dataclasses import replace
    >>> from scoring import builtin_definition
    >>> plump = builtin_definition("plump")
    >>> option = next(o for o in plump.options if o.id == "zero_bid")
    >>> choices_all_alike(plump, option)
    False
    >>> choices_all_alike(replace(plump, bids=replace(plump.bids, zero=10)), option)
    True
    """
    if len(option.choices) < 2 or definition.bids is None:
        return False
    if not all(_a_figure(c) and _zero_only(c.set) for c in option.choices):
        return False
    return len({choice_words(definition, option, c) for c in option.choices}) == 1
