"""Writing a game definition canonically: writing then reading gives back an
equal definition, and reading then writing a canonical document gives back the
same text."""

from __future__ import annotations

import json
from typing import Any

from .bids import Bids, BidsChange, Made, Missed
from .captures import captures_to_dict, teams_to_dict
from .progress import progress_to_dict
from .shapes import (
    FORMAT,
    STANDARD_SUITS,
    BlockedTerm,
    Counted,
    Effect,
    GameDefinition,
    HandKind,
    Key,
    NextDealer,
    Option,
    OptionKind,
    Preset,
    Schedule,
    Words,
)

# -- writing -----------------------------------------------------------------


def _words(words: Words) -> dict[str, str]:
    return {"nb": words.nb, "en": words.en}


def _effect_to_dict(effect: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("went_out", "blocked", "winner", "end"):
        value = getattr(effect, name)
        if value is not None:
            out[name] = value.value
    if effect.jokers_per_deck is not None:
        out["jokers_per_deck"] = effect.jokers_per_deck
    if effect.points:
        out["points"] = dict(effect.points)
    if effect.flags:
        out["flags"] = dict(effect.flags)
    if effect.ties is not None:
        out["ties"] = effect.ties.value
    if effect.teams is not None:
        out["teams"] = effect.teams
    if effect.schedule_repeat is not None:
        out["schedule_repeat"] = effect.schedule_repeat.value
    if effect.bids is not None:
        out["bids"] = _bids_to_dict(effect.bids)
    return out


def _made_to_dict(made: Made) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": made.kind.value}
    if made.base is not None:
        out["base"] = made.base
    if made.per_bid is not None:
        out["per_bid"] = made.per_bid
    return out


def _missed_to_dict(missed: Missed) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": missed.kind.value}
    if missed.per_trick is not None:
        out["per_trick"] = missed.per_trick
    if missed.per_off is not None:
        out["per_off"] = missed.per_off
    return out


def _bids_to_dict(bids: Bids | BidsChange) -> dict[str, Any]:
    """A ``bids`` section (or an effect's change of it): ``hook`` only when
    on in the section (an effect writes what it sets), then the numbers."""
    out: dict[str, Any] = {}
    if bids.hook if isinstance(bids, Bids) else bids.hook is not None:
        out["hook"] = bids.hook
    if bids.zero is not None:
        out["zero"] = bids.zero
    if bids.made is not None:
        out["made"] = _made_to_dict(bids.made)
    if bids.missed is not None:
        out["missed"] = _missed_to_dict(bids.missed)
    return out


def _key_to_dict(key: Key) -> dict[str, Any]:
    if key.rank is None:
        assert key.name is not None and key.per_deck is not None
        return {
            "face": key.id,
            "name": _words(key.name),
            "points": key.points,
            "per_deck": key.per_deck,
        }
    out: dict[str, Any] = {"rank": key.id, "points": key.points}
    if key.suits:
        out["suits"] = {suit.value: points for suit, points in key.suits}
    return out


def _option_to_dict(option: Option) -> dict[str, Any]:
    out: dict[str, Any] = {"id": option.id, "kind": option.kind.value, "name": _words(option.name)}
    if option.description is not None:
        out["description"] = _words(option.description)
    if option.kind is OptionKind.SWITCH:
        if option.default:
            out["default"] = True
        if option.set != Effect():
            out["set"] = _effect_to_dict(option.set)
    elif option.kind is OptionKind.CHOICE:
        out["choices"] = [
            {
                "id": c.id,
                "name": _words(c.name),
                **({"set": _effect_to_dict(c.set)} if c.set != Effect() else {}),
            }
            for c in option.choices
        ]
    elif option.presets:
        out["presets"] = [_preset_to_dict(p) for p in option.presets]
    return out


def _preset_to_dict(preset: Preset) -> dict[str, Any]:
    out: dict[str, Any] = (
        {"value": preset.value} if preset.value is not None else {"per_player": preset.per_player}
    )
    if preset.suggested:
        out["suggested"] = True
    if preset.suggested_with:
        out["suggested_with"] = list(preset.suggested_with)
    return out


def _schedule_to_dict(schedule: Schedule) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if schedule.wild_points is not None:
        out["wild_points"] = schedule.wild_points
    rounds = []
    for row in schedule.rounds:
        item: dict[str, Any] = {"cards": row.cards}
        if row.wild is not None:
            item["wild"] = row.wild
        if row.text is not None:
            item["text"] = _words(row.text)
        if row.repeat is not None:
            item["repeat"] = row.repeat.value
        rounds.append(item)
    out["rounds"] = rounds
    return out


def definition_to_dict(definition: GameDefinition) -> dict[str, Any]:
    """The definition as a canonical GAME_FORMAT.md mapping (fields in the
    documented order; a field at its default left out). Its ``version`` is
    the lowest that can say it (:attr:`GameDefinition.version`): 1 unless a
    version 2 field is used, so a version 1 definition's text never changes."""
    d = definition
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": d.version,
        "id": d.id,
        "name": _words(d.name),
    }
    if d.description is not None:
        out["description"] = _words(d.description)
    if d.source is not None:
        source: dict[str, Any] = {"title": d.source.title}
        if d.source.publisher is not None:
            source["publisher"] = d.source.publisher
        if d.source.url is not None:
            source["url"] = d.source.url
        out["source"] = source
    out["players"] = {"min": d.min_players, "max": d.max_players}
    if d.decks:
        out["decks"] = [{"from_players": p, "decks": n} for p, n in d.decks]
    if d.suits != STANDARD_SUITS:
        out["suits"] = list(d.suits)
    if d.counted is not Counted.LEFTOVER:
        out["counted"] = d.counted.value
    if d.jokers_per_deck:
        out["jokers_per_deck"] = d.jokers_per_deck
    if d.hand is not HandKind.OUT:
        out["hand"] = d.hand.value
    if d.captures is not None:
        out["captures"] = captures_to_dict(d.captures)
    if d.teams is not None:
        out["teams"] = teams_to_dict(d.teams)
    if d.bids is not None:
        out["bids"] = _bids_to_dict(d.bids)
    if d.hand is HandKind.OUT:  # a hand of another kind has no cards left to key in
        out["keys"] = [_key_to_dict(key) for key in d.keys]
        out["went_out"] = d.went_out.value
        out["blocked"] = d.blocked.value
        if d.also_out:
            out["also_out"] = True
        if d.cards_dealt is not None:
            out["cards_dealt"] = d.cards_dealt
    if d.blocked_term is not BlockedTerm.NOBODY_OUT:
        out["blocked_term"] = d.blocked_term.value
    if d.flags:
        out["flags"] = [
            {
                "id": f.id,
                "name": _words(f.name),
                "player": f.player.value,
                f.effect.value: f.amount,
                **({} if f.in_play else {"in_play": False}),
            }
            for f in d.flags
        ]
    out["winner"] = d.winner.value
    out["end"] = d.end.value
    if d.schedule is not None:
        out["schedule"] = _schedule_to_dict(d.schedule)
    if d.progress is not None:
        out["progress"] = progress_to_dict(d.progress)
    if d.target is not None:
        out["target"] = d.target
    if d.rounds is not None:
        out["rounds"] = d.rounds
    if d.next_dealer is not NextDealer.LEFT:
        out["next_dealer"] = d.next_dealer.value
    if d.options:
        out["options"] = [_option_to_dict(option) for option in d.options]
    return out


def write_definition(definition: GameDefinition) -> str:
    """The definition as canonical JSON text (UTF-8 characters kept, 2-space
    indent, a final newline)."""
    return json.dumps(definition_to_dict(definition), ensure_ascii=False, indent=2) + "\n"
